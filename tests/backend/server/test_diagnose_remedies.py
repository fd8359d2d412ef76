"""Each diagnosis's remedy and title quote the numbers and names its message gave."""

from __future__ import annotations

from backend.server.diagnose import diagnose_log, diagnose_reading, diagnose_response
from tests.backend.server.diagnose_helpers import _log, _one, _reading, _response

# --- remedies quote what the message said ---------------------------------------------


def test_kv_cache_remedy_quotes_the_estimated_length() -> None:
    diagnosis = _one(diagnose_log(_log("kv-cache-too-small.log")), "kv_cache_too_small")
    assert "--max-model-len to 17232 or below (now 32768)" in diagnosis.remedy
    assert "--gpu-memory-utilization" in diagnosis.remedy
    assert "8.00 GiB" in diagnosis.title and "4.21 GiB" in diagnosis.title
    assert "estimated maximum model length is 17232" in diagnosis.evidence


def test_kv_cache_older_phrasing() -> None:
    line = (
        "ValueError: The model's max seq len (32768) is larger than the maximum number of "
        "tokens that can be stored in KV cache (17232). Try increasing `gpu_memory_utilization` "
        "or decreasing `max_model_len` when initializing the engine."
    )
    diagnosis = _one(diagnose_log([line]), "kv_cache_too_small")
    assert "--max-model-len to 17232 or below" in diagnosis.remedy


def test_kv_cache_without_numbers() -> None:
    diagnosis = _one(diagnose_log(_log("kv-cache-no-blocks.log")), "kv_cache_too_small")
    assert "--gpu-memory-utilization" in diagnosis.remedy
    assert "no GPU memory" in diagnosis.title


def test_sampler_remedy_halves_max_num_seqs() -> None:
    diagnosis = _one(diagnose_log(_log("sampler-warmup-oom.log")), "sampler_warmup_oom")
    assert "--max-num-seqs 128 (now 256)" in diagnosis.remedy
    assert "--gpu-memory-utilization" in diagnosis.remedy


def test_cuda_oom_title_quotes_the_sizes() -> None:
    diagnosis = _one(diagnose_log(_log("cuda-oom-engine-dead.log")), "cuda_oom")
    assert "2.00 GiB" in diagnosis.title and "1.02 GiB free of 23.55 GiB" in diagnosis.title
    for flag in ("--gpu-memory-utilization", "--max-num-seqs", "--max-model-len", "pixels"):
        assert flag in diagnosis.remedy
    assert diagnosis.evidence.startswith("torch.OutOfMemoryError: CUDA out of memory.")


def test_port_remedy_names_the_port() -> None:
    diagnosis = _one(diagnose_log(_log("port-in-use.log")), "port_in_use")
    assert "8000" in diagnosis.title


def test_head_dim_names_the_size() -> None:
    found = diagnose_log(_log("cpu-unsupported-head-dim.log"))
    assert "head size 16" in _one(found, "unsupported_head_dim").title


def test_mixed_backends_evidence_names_each_worker() -> None:
    gdn = _one(diagnose_log(_log("mixed-gdn-kernels-tp2.log")), "mixed_attention_backends")
    assert "Worker_TP0 pid=61301: FlashInfer" in gdn.evidence
    assert "Worker_TP1 pid=61302: Triton/FLA" in gdn.evidence
    assert "--gdn-prefill-backend triton" in gdn.remedy
    attention = _one(
        diagnose_log(_log("mixed-attention-backends-tp2.log")), "mixed_attention_backends"
    )
    assert "--attention-backend" in attention.remedy
    assert "MoE" not in attention.evidence  # MoE kernels may differ; they are not attention


def test_gdn_jit_remedy() -> None:
    diagnosis = _one(diagnose_log(_log("gdn-jit-hopper.log")), "gdn_jit")
    assert "--gdn-prefill-backend triton" in diagnosis.remedy
    assert "not hung" in diagnosis.title


def test_context_too_long_quotes_both_numbers() -> None:
    found = diagnose_response(*_response("context-too-long-input"))
    assert _one(found, "context_too_long").remedy == (
        "The page needs 5,621 tokens, the server allows 4,096: lower the page image budget "
        "(max pixels) or start the server with a larger --max-model-len."
    )


def test_context_too_long_from_max_tokens() -> None:
    found = diagnose_response(*_response("context-too-long-max-tokens"))
    remedy = _one(found, "context_too_long").remedy
    assert remedy.startswith("Lower max tokens to 3,581 or below (now 8,000;")


def test_context_too_long_when_the_prompt_alone_is_too_long() -> None:
    message = (
        "This model's maximum context length is 4096 tokens. However, you requested 6000 "
        "tokens (5000 in the messages, 1000 in the completion). Please reduce the length."
    )
    remedy = _one(diagnose_response(400, message), "context_too_long").remedy
    assert remedy.startswith("The page needs 5,000 tokens, the server allows 4,096")


def test_model_not_found_names_the_valid_models() -> None:
    diagnosis = _one(diagnose_response(*_response("model-not-found")), "model_not_found")
    assert "“nope”" in diagnosis.title
    assert diagnosis.remedy == "Set the model of the server profile to tiny-vl."
    several = diagnose_response(
        404, "The model `x` does not exist. Valid aliases: a-vl, b-vl.", model_id="x"
    )
    assert _one(several, "model_not_found").remedy.endswith("to a-vl or b-vl.")


def test_too_many_images_quotes_the_limit() -> None:
    diagnosis = _one(diagnose_response(*_response("too-many-images")), "too_many_images")
    assert "at most 2 image(s)" in diagnosis.title
    assert "--limit-mm-per-prompt '{\"image\": N}'" in diagnosis.remedy


def test_thinking_remedy_suggests_the_instruct_variant() -> None:
    diagnosis = _one(diagnose_reading(**_reading("thinking-model-empty")), "thinking_budget")
    assert "Qwen/Qwen3-VL-8B-Instruct" in diagnosis.remedy
    assert '"enable_thinking": false' in diagnosis.remedy
    assert "finish_reason=length" in diagnosis.evidence and "no answer" in diagnosis.evidence
