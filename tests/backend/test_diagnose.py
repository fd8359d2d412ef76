"""vLLM failures are recognised in recorded logs and answers, each with a concrete remedy."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from backend.server.diagnose import Diagnosis, diagnose_log, diagnose_reading, diagnose_response

FIXTURES = Path(__file__).resolve().parent.parent / "data" / "vllm-logs"

# Expected codes per fixture, most important first; [] is a negative fixture.
LOGS: dict[str, tuple[list[str], int | None]] = {
    "clean-start.log": ([], None),
    "clean-start-qwen35-tp2-triton.log": ([], None),
    "clean-start-cpu-gdn.log": ([], None),
    "gdn-jit-hopper.log": (["gdn_jit"], None),
    "mixed-gdn-kernels-tp2.log": (["mixed_attention_backends", "gdn_jit"], None),
    "mixed-attention-backends-tp2.log": (["mixed_attention_backends"], None),
    "kv-cache-too-small.log": (["kv_cache_too_small"], 1),
    "kv-cache-no-blocks.log": (["kv_cache_too_small"], 1),
    "sampler-warmup-oom.log": (["sampler_warmup_oom"], 1),
    "cuda-oom-engine-dead.log": (["cuda_oom", "engine_dead"], 1),
    "cuda-oom-loading-ansi.log": (["cuda_oom"], 1),
    "killed-oom-runtime-cpu.log": (["killed_oom"], None),
    "killed-oom-startup.log": (["killed_oom"], 1),
    "engine-dead.log": (["engine_dead"], None),
    "cpu-unsupported-head-dim.log": (["unsupported_head_dim"], 1),
    "port-in-use.log": (["port_in_use"], 1),
    "model-not-found.log": (["model_not_found"], 1),
}

RESPONSES: dict[str, list[str]] = {
    "too-many-images": ["too_many_images"],
    "context-too-long-input": ["context_too_long"],
    "context-too-long-max-tokens": ["context_too_long"],
    "bad-image": ["bad_image"],
    "model-not-found": ["model_not_found"],
    "mm-kwargs-disabled": ["mm_kwargs_disabled"],
    "auth-unauthorized": ["auth"],
    "engine-dead": ["engine_dead"],
    "cold-start-no-workers": ["cold_start"],
    "cold-start-initializing": ["cold_start"],
    "cold-start-gateway-timeout": ["cold_start"],
    "health-dead-engine": ["engine_dead"],
    "other-bad-request": [],
}

READINGS: dict[str, list[str]] = {
    "thinking-model-empty": ["thinking_budget"],
    "thinking-inline-tags": ["thinking_budget"],
    "thinking-close-tag-only": ["thinking_budget"],
    "thinking-model-ok": [],
    "instruct-ok": [],
    "instruct-truncated": [],
}


def _log(name: str) -> list[str]:
    return (FIXTURES / name).read_text(encoding="utf-8").splitlines()


def _response(name: str) -> tuple[int, str]:
    """Status and error message, from any of the JSON shapes servers and gateways use."""
    recorded = json.loads((FIXTURES / f"{name}.response.json").read_text(encoding="utf-8"))
    body: Any = recorded["body"]
    if isinstance(body, dict):
        error = body.get("error", body.get("message", ""))
        body = error.get("message", "") if isinstance(error, dict) else error
    return recorded["status"], str(body)


def _reading(name: str) -> dict[str, Any]:
    answer = json.loads((FIXTURES / f"{name}.reading.json").read_text(encoding="utf-8"))
    choice = answer["choices"][0]
    message = choice["message"]
    return {
        "model_id": answer["model"],
        "text": message["content"] or "",
        "reasoning": message.get("reasoning", message.get("reasoning_content")),
        "finish_reason": choice["finish_reason"],
    }


def _codes(found: list[Diagnosis]) -> list[str]:
    return [d.code for d in found]


def test_every_fixture_has_an_expectation() -> None:
    names = {p.name for p in FIXTURES.iterdir()}
    expected = (
        set(LOGS)
        | {f"{n}.response.json" for n in RESPONSES}
        | {f"{n}.reading.json" for n in READINGS}
    )
    assert names == expected


@pytest.mark.parametrize("name", sorted(LOGS))
def test_log_fixture(name: str) -> None:
    codes, exit_code = LOGS[name]
    found = diagnose_log(_log(name), exit_code)
    assert _codes(found) == codes
    for diagnosis in found:
        assert diagnosis.title and diagnosis.remedy and diagnosis.evidence
        assert "\x1b" not in diagnosis.evidence
        assert len(diagnosis.evidence) <= 300


@pytest.mark.parametrize("name", sorted(RESPONSES))
def test_response_fixture(name: str) -> None:
    status, message = _response(name)
    found = diagnose_response(status, message, model_id="nope")
    assert _codes(found) == RESPONSES[name]
    for diagnosis in found:
        assert diagnosis.title and diagnosis.remedy
        assert diagnosis.evidence.startswith(f"HTTP {status}")


@pytest.mark.parametrize("name", sorted(READINGS))
def test_reading_fixture(name: str) -> None:
    assert _codes(diagnose_reading(**_reading(name))) == READINGS[name]


# --- remedies quote what the message said ---------------------------------------------


def _one(found: list[Diagnosis], code: str) -> Diagnosis:
    [diagnosis] = [d for d in found if d.code == code]
    return diagnosis


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


# --- exit codes, ordering, de-duplication, robustness ------------------------------------


@pytest.mark.parametrize("exit_code", [137, -9])
def test_sigkill_with_an_empty_log_is_the_oom_killer(exit_code: int) -> None:
    [diagnosis] = diagnose_log([], exit_code)
    assert diagnosis.code == "killed_oom"
    assert str(exit_code) in diagnosis.evidence
    assert "host RAM" in diagnosis.title


@pytest.mark.parametrize("exit_code", [None, 0, 1])
def test_an_empty_log_says_nothing(exit_code: int | None) -> None:
    assert diagnose_log([], exit_code) == []


def test_exit_1_with_a_cuda_oom_traceback() -> None:
    lines = [
        "Traceback (most recent call last):",
        '  File "/opt/vllm/worker.py", line 12, in load',
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
        "total capacity of 23.55 GiB of which 1.02 GiB is free.",
    ]
    assert _codes(diagnose_log(lines, 1)) == ["cuda_oom"]


def test_a_death_after_a_known_cause_is_not_blamed_on_the_oom_killer() -> None:
    lines = [
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.",
        "ERROR Engine core proc EngineCore_DP0 died unexpectedly, shutting down client.",
    ]
    assert _codes(diagnose_log(lines)) == ["cuda_oom"]


def test_sigkill_outranks_a_dead_engine() -> None:
    lines = ["vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue."]
    assert _codes(diagnose_log(lines, 137)) == ["killed_oom", "engine_dead"]


def test_the_cause_comes_first_whatever_the_order_in_the_log() -> None:
    lines = _log("cuda-oom-engine-dead.log")
    assert _codes(diagnose_log(reversed(lines))) == ["cuda_oom", "engine_dead"]


def test_each_code_is_reported_once_with_its_first_evidence() -> None:
    lines = [
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB.",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 9.00 GiB.",
    ]
    [diagnosis] = diagnose_log(lines)
    assert "1.00 GiB" in diagnosis.title


def test_the_kv_cache_message_with_numbers_wins_over_the_one_without() -> None:
    lines = [
        "ValueError: No available memory for the cache blocks. Try increasing "
        "`gpu_memory_utilization` when initializing the engine.",
        "ValueError: To serve at least one request with the model's max seq len (8192), "
        "(2.00 GiB KV cache is needed, which is larger than the available KV cache memory "
        "(1.00 GiB). Based on the available memory, the estimated maximum model length is 4096.",
    ]
    [diagnosis] = diagnose_log(lines)
    assert "--max-model-len to 4096 or below" in diagnosis.remedy


def test_prefixes_colours_and_case_do_not_hide_a_failure() -> None:
    lines = [
        "2025-11-30T04:00:00.123456Z \x1b[1;36m(EngineCore_DP0 pid=7)\x1b[0;0m "
        "\x1b[31mERROR\x1b[0m 11-30 04:00:00 [core.py:1] TORCH.OUTOFMEMORYERROR: cuda OUT OF "
        "MEMORY. tried to allocate 3.00 GiB.",
    ]
    [diagnosis] = diagnose_log(lines)
    assert diagnosis.code == "cuda_oom"
    assert diagnosis.evidence.startswith("TORCH.OUTOFMEMORYERROR")


def test_the_same_backend_in_other_words_is_not_mixed() -> None:
    lines = [
        "(Worker_TP0 pid=1) INFO 11-30 04:00:00 [cuda.py:1] Using Flash Attention backend "
        "on V1 engine.",
        "(Worker_TP1 pid=2) INFO 11-30 04:00:00 [cuda.py:1] Using AttentionBackendEnum.FLASH_ATTN "
        "backend.",
        "(Worker_TP2 pid=3) INFO 11-30 04:00:00 [cuda.py:1] Using FLASH_ATTN attention backend "
        "out of potential backends: ['FLASH_ATTN', 'FLASHINFER']",
        "(Worker_TP3 pid=4) INFO 11-30 04:00:00 [cuda.py:1] Using FlashAttention backend.",
    ]
    assert diagnose_log(lines) == []


def test_startup_timing_lines_are_not_failures() -> None:
    lines = [
        "(EngineCore_DP0 pid=1) INFO 11-30 04:00:40 [monitor.py:34] torch.compile takes 45.2 s "
        "in total",
        "(EngineCore_DP0 pid=1) INFO 11-30 04:00:41 [gpu_worker.py:359] Available KV cache "
        "memory: 7.98 GiB",
        "(EngineCore_DP0 pid=1) INFO 11-30 04:00:41 [kv_cache_utils.py:1229] GPU KV cache size: "
        "58,112 tokens",
    ]
    assert diagnose_log(lines) == []


def test_long_evidence_is_trimmed() -> None:
    [diagnosis] = diagnose_log(["CUDA out of memory. " + "x" * 1000])
    assert len(diagnosis.evidence) == 300 and diagnosis.evidence.endswith("…")


def test_diagnosis_is_frozen() -> None:
    diagnosis = Diagnosis("cuda_oom", "title", "remedy")
    assert diagnosis.evidence == ""
    with pytest.raises(dataclasses.FrozenInstanceError):
        diagnosis.code = "other"  # type: ignore[misc]


# --- responses and readings beyond the fixtures -----------------------------------------


@pytest.mark.parametrize(
    ("status", "message", "codes"),
    [
        (401, "", ["auth"]),
        (403, "Forbidden", ["auth"]),
        (200, "", []),
        (404, "Not Found", []),  # a wrong URL, not a wrong model
        (500, "Internal Server Error", []),
        (503, "Service Unavailable", ["cold_start"]),
        (500, "EngineDeadError: EngineCore encountered an issue.", ["engine_dead"]),
        (503, "AsyncEngineDeadError: Background loop has errored already.", ["engine_dead"]),
        (
            400,
            "\x1b[31mAt most 0 image(s) may be provided in one prompt.\x1b[0m",
            ["too_many_images"],
        ),
        (
            400,
            "You set image=1 (or defaulted to 1) in `--limit-mm-per-prompt`, but passed 3 input "
            "images.",
            ["too_many_images"],
        ),
        (
            400,
            "The decoder prompt (length 9000) is longer than the maximum model length of 8192.",
            ["context_too_long"],
        ),
    ],
)
def test_response(status: int, message: str, codes: list[str]) -> None:
    assert _codes(diagnose_response(status, message)) == codes


def test_images_turned_off() -> None:
    found = diagnose_response(400, "At most 0 image(s) may be provided in one prompt.")
    assert _one(found, "too_many_images").title == "The server was started with images turned off."


def test_model_not_found_falls_back_to_the_profile_model() -> None:
    found = diagnose_response(404, "model not found", model_id="Qwen/Qwen3-VL-8B-Instruct")
    assert "“Qwen/Qwen3-VL-8B-Instruct”" in _one(found, "model_not_found").title


@pytest.mark.parametrize(
    ("model_id", "text", "reasoning", "finish_reason", "codes"),
    [
        ("Qwen/Qwen3-VL-8B-Thinking", "原告之訴駁回。", "short", "stop", []),
        ("Qwen/Qwen3-VL-8B-Thinking", "原告之訴駁回。", None, "length", ["thinking_budget"]),
        ("Qwen/Qwen3-VL-8B-Instruct", "原告之訴駁回。", None, "length", []),
        ("Qwen/Qwen3-VL-8B-Instruct", "", None, "length", ["thinking_budget"]),
        ("Qwen/Qwen3-VL-8B-Instruct", "", None, "stop", []),
        ("any", "", "I think the page says…", "stop", ["thinking_budget"]),
        ("any", "  </think>\n", "   ", None, []),
        ("any", "原告之訴駁回。", "some reasoning", "length", ["thinking_budget"]),
    ],
)
def test_reading(
    model_id: str, text: str, reasoning: str | None, finish_reason: str | None, codes: list[str]
) -> None:
    found = diagnose_reading(
        model_id=model_id, text=text, reasoning=reasoning, finish_reason=finish_reason
    )
    assert _codes(found) == codes
