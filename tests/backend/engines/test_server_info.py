"""A vLLM server's /metrics page, read as a load summary."""

from __future__ import annotations

import pytest

from backend.engines.server_info import ServerLoad, parse_metrics

MODEL = 'model_name="Qwen/Qwen2.5-VL-7B-Instruct"'

# Trimmed from a vLLM 0.32 server running two data-parallel engines.
VLLM_METRICS = f"""\
# HELP python_gc_objects_collected_total Objects collected during gc
# TYPE python_gc_objects_collected_total counter
python_gc_objects_collected_total{{generation="0"}} 12345.0
# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 1.234567168e+09
# HELP vllm:num_requests_running Number of requests in model execution batches.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{{engine="0",{MODEL}}} 3.0
vllm:num_requests_running{{engine="1",{MODEL}}} 2.0
# HELP vllm:num_requests_waiting Number of requests waiting to be processed.
# TYPE vllm:num_requests_waiting gauge
vllm:num_requests_waiting{{engine="0",{MODEL}}} 4.0
vllm:num_requests_waiting{{engine="1",{MODEL}}} 1.0
# HELP vllm:kv_cache_usage_perc KV-cache usage. 1 means 100 percent usage.
# TYPE vllm:kv_cache_usage_perc gauge
vllm:kv_cache_usage_perc{{engine="0",{MODEL}}} 0.25
vllm:kv_cache_usage_perc{{engine="1",{MODEL}}} 0.8125
# HELP vllm:num_preemptions_total Cumulative number of preemption from the engine.
# TYPE vllm:num_preemptions_total counter
vllm:num_preemptions_total{{engine="0",{MODEL}}} 7.0
# HELP vllm:prompt_tokens_total Number of prefill tokens processed.
# TYPE vllm:prompt_tokens_total counter
vllm:prompt_tokens_total{{engine="0",{MODEL}}} 1.2e+04
# HELP vllm:time_to_first_token_seconds Histogram of time to first token in seconds.
# TYPE vllm:time_to_first_token_seconds histogram
vllm:time_to_first_token_seconds_bucket{{engine="0",le="0.001",{MODEL}}} 0.0
vllm:time_to_first_token_seconds_bucket{{engine="0",le="+Inf",{MODEL}}} 42.0
vllm:time_to_first_token_seconds_count{{engine="0",{MODEL}}} 42.0
vllm:time_to_first_token_seconds_sum{{engine="0",{MODEL}}} 17.5
# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig
# TYPE vllm:cache_config_info gauge
vllm:cache_config_info{{block_size="16",cache_dtype="auto",engine="0"}} 1.0
"""


def test_sums_requests_over_engines_and_takes_the_fullest_cache() -> None:
    load = parse_metrics(VLLM_METRICS)
    assert load == ServerLoad(running=5.0, waiting=5.0, kv_cache_usage=0.8125)


def test_summary_of_a_real_page() -> None:
    load = parse_metrics(VLLM_METRICS)
    assert load is not None
    assert load.summary == "5 running, 5 waiting, KV cache 81%"


def test_old_kv_cache_gauge_name() -> None:
    page = (
        "# TYPE vllm:gpu_cache_usage_perc gauge\n"
        f"vllm:gpu_cache_usage_perc{{{MODEL}}} 0.5\n"
        f"vllm:num_requests_running{{{MODEL}}} 1.0\n"
    )
    assert parse_metrics(page) == ServerLoad(running=1.0, waiting=0.0, kv_cache_usage=0.5)


def test_scientific_notation_values() -> None:
    page = (
        f'vllm:num_requests_running{{engine="0",{MODEL}}} 1e+00\n'
        f'vllm:num_requests_waiting{{engine="0",{MODEL}}} 1.2E1\n'
        f'vllm:kv_cache_usage_perc{{engine="0",{MODEL}}} 3.5e-01\n'
    )
    load = parse_metrics(page)
    assert load is not None
    assert load.running == 1.0
    assert load.waiting == 12.0
    assert load.kv_cache_usage == pytest.approx(0.35)


def test_labels_with_spaces_and_a_trailing_timestamp() -> None:
    page = 'vllm:num_requests_running{model_name="/models/Qwen VL",engine="0"} 2 1764478800000\n'
    load = parse_metrics(page)
    assert load is not None and load.running == 2.0


def test_metrics_without_labels() -> None:
    page = "vllm:num_requests_running 2\nvllm:num_requests_waiting 0\n"
    assert parse_metrics(page) == ServerLoad(running=2.0, waiting=0.0, kv_cache_usage=None)


def test_names_that_only_start_like_a_load_gauge_are_ignored() -> None:
    page = (
        f"vllm:num_requests_running{{{MODEL}}} 1\n"
        f'vllm:num_requests_waiting_by_reason{{reason="capacity",{MODEL}}} 9\n'
        f"vllm:num_requests_running_total{{{MODEL}}} 99\n"
        f"vllm:kv_cache_usage_perc_max{{{MODEL}}} 0.99\n"
    )
    assert parse_metrics(page) == ServerLoad(running=1.0, waiting=0.0, kv_cache_usage=None)


def test_unparsable_values_are_skipped() -> None:
    page = f"vllm:num_requests_running{{{MODEL}}} abc\nvllm:num_requests_waiting 3\n"
    assert parse_metrics(page) == ServerLoad(running=0.0, waiting=3.0, kv_cache_usage=None)


def test_a_comment_naming_a_gauge_is_not_a_sample() -> None:
    page = "# vllm:num_requests_running 50\nvllm:num_requests_waiting 1\n"
    load = parse_metrics(page)
    assert load is not None and load.running == 0.0


def test_only_kv_cache_usage_still_gives_a_load() -> None:
    load = parse_metrics("vllm:kv_cache_usage_perc 0.1\n")
    assert load == ServerLoad(running=0.0, waiting=0.0, kv_cache_usage=0.1)


def test_windows_line_endings() -> None:
    page = "vllm:num_requests_running 2\r\nvllm:num_requests_waiting 1\r\n"
    assert parse_metrics(page) == ServerLoad(running=2.0, waiting=1.0, kv_cache_usage=None)


@pytest.mark.parametrize(
    "page",
    [
        "",
        "# HELP python_info Python platform information\n"
        'python_info{implementation="CPython",major="3"} 1.0\n'
        "process_open_fds 42.0\n",
        "<html><body>404 Not Found</body></html>",
        '{"error": "Unauthorized"}',
    ],
)
def test_a_page_without_vllm_load_gauges_gives_none(page: str) -> None:
    assert parse_metrics(page) is None


@pytest.mark.parametrize(
    ("load", "text"),
    [
        (ServerLoad(3, 2, 0.42), "3 running, 2 waiting, KV cache 42%"),
        (ServerLoad(0, 0, None), "0 running, 0 waiting"),
        (ServerLoad(1.0, 12.0, 1.0), "1 running, 12 waiting, KV cache 100%"),
        (ServerLoad(0.0, 0.0, 0.0), "0 running, 0 waiting, KV cache 0%"),
    ],
)
def test_summary(load: ServerLoad, text: str) -> None:
    assert load.summary == text
