"""vLLM failures are recognised in recorded logs and answers, each with a concrete remedy."""

from __future__ import annotations

import dataclasses

import pytest

from backend.server.diagnose import Diagnosis, diagnose_log, diagnose_reading, diagnose_response
from tests.backend.server.diagnose_helpers import FIXTURES, _codes, _log, _one, _reading, _response

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
