"""The VRAM planner and ``proofdesk plan``, on config.json files shaped like the real ones."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from backend.cli import plan as cli_plan
from backend.server.planner import PlanError, estimate_params, plan
from tests.conftest import DATA

CONFIGS = DATA / "model-configs"
QWEN25_7B = CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json"
QWEN3_32B = CONFIGS / "Qwen3-VL-32B-Instruct.config.json"
QWEN3_MOE = CONFIGS / "Qwen3-VL-30B-A3B-Instruct.config.json"
HYBRID = CONFIGS / "Qwen3.5-hybrid-style.config.json"
INDEX_7B = CONFIGS / "Qwen2.5-VL-7B-Instruct.safetensors.index.json"
ALL = [QWEN25_7B, QWEN3_32B, QWEN3_MOE, HYBRID]


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


# --- KV cache per token ---------------------------------------------------------------


def test_qwen3_vl_32b_kv_bytes_per_token() -> None:
    # 2 (K and V) × 64 layers × 8 KV heads × 128 head_dim × 2 bytes
    assert plan(load(QWEN3_32B), gpu_gb=80).kv_bytes_per_token == 262_144


def test_qwen25_vl_7b_kv_bytes_per_token() -> None:
    # no head_dim in the config: 3584 / 28 heads = 128
    assert plan(load(QWEN25_7B), gpu_gb=80).kv_bytes_per_token == 2 * 28 * 4 * 128 * 2


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_fp8_kv_cache_halves_kv_bytes(path: Path) -> None:
    config = load(path)
    auto = plan(config, gpu_gb=80)
    fp8 = plan(config, gpu_gb=80, kv_dtype="fp8")
    assert fp8.kv_bytes_per_token * 2 == auto.kv_bytes_per_token
    assert fp8.kv_cache_tokens >= 2 * auto.kv_cache_tokens - 1


def test_hybrid_model_counts_only_full_attention_layers() -> None:
    config = load(HYBRID)
    result = plan(config, gpu_gb=80)
    assert (result.full_attention_layers, result.total_layers) == (16, 64)
    assert result.kv_bytes_per_token == 2 * 16 * 4 * 256 * 2
    assert any("16 of 64 layers grow per token" in note for note in result.notes)
    # The linear-attention layers still hold a fixed state per page (tens of MiB).
    assert 10 * 2**20 < result.state_bytes_per_seq < 500 * 2**20

    all_full = json.loads(json.dumps(config))
    all_full["text_config"]["layer_types"] = ["full_attention"] * 64
    assert plan(all_full, gpu_gb=80).kv_bytes_per_token == 4 * result.kv_bytes_per_token


def test_hybrid_layers_from_full_attention_interval() -> None:
    config = load(HYBRID)
    del config["text_config"]["layer_types"]
    assert plan(config, gpu_gb=80).full_attention_layers == 16


def test_layer_types_of_the_wrong_length_are_refused() -> None:
    config = load(HYBRID)
    config["text_config"]["layer_types"] = ["full_attention"] * 3
    with pytest.raises(PlanError, match="3 layer types for 64 layers"):
        plan(config, gpu_gb=80)


# --- weights -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "published"),
    [(QWEN25_7B, 8.29e9), (QWEN3_32B, 33.4e9), (QWEN3_MOE, 31.1e9), (HYBRID, 27e9)],
    ids=["7B", "32B", "30B-A3B", "hybrid"],
)
def test_parameter_estimate_is_near_the_published_size(path: Path, published: float) -> None:
    assert estimate_params(load(path)).total == pytest.approx(published, rel=0.10)


def test_moe_counts_every_expert() -> None:
    config = load(QWEN3_MOE)
    estimate = estimate_params(config)
    text = config["text_config"]
    one_expert = 3 * text["hidden_size"] * text["moe_intermediate_size"]
    # 48 layers × 128 experts are held; 8 per layer run per token.
    assert estimate.decoder - estimate.active_decoder == 48 * (128 - 8) * one_expert
    assert estimate.active == pytest.approx(3.3e9, rel=0.10)  # the "A3B"

    fewer_active = json.loads(json.dumps(config))
    fewer_active["text_config"]["num_experts_per_tok"] = 2
    assert estimate_params(fewer_active).total == estimate.total

    result = plan(config, gpu_gb=80)
    assert result.weights_bytes >= 2 * estimate.total
    assert any(
        "all 128 experts are held in memory though 8 are active" in note for note in result.notes
    )


def test_int4_quarters_the_decoder_weights() -> None:
    config = load(QWEN3_32B)
    estimate = estimate_params(config)
    bf16 = plan(config, gpu_gb=80).weights_bytes
    int4 = plan(config, gpu_gb=80, weights_dtype="int4").weights_bytes
    assert bf16 == pytest.approx(2 * estimate.total, abs=1)
    # Decoder layers at a quarter (plus ~3 % scales); embeddings and vision stay 16-bit.
    unquantized = 2 * (estimate.embeddings + estimate.vision)
    assert int4 - unquantized == pytest.approx(estimate.decoder * 2 / 4, rel=0.04)
    assert 0.25 < int4 / bf16 < 0.35
    fp8 = plan(config, gpu_gb=80, weights_dtype="fp8").weights_bytes
    assert fp8 - unquantized == pytest.approx(estimate.decoder, abs=1)


def test_weights_from_the_safetensors_index() -> None:
    config = load(QWEN25_7B)
    total_size = load(INDEX_7B)["metadata"]["total_size"]
    result = plan(config, gpu_gb=24, total_size=total_size)
    assert result.weights_source == "safetensors index"
    assert result.weights_bytes == total_size  # bf16 checkpoint served in bf16
    assert plan(config, gpu_gb=24).weights_source == "estimated from config"

    fp32 = dict(config, torch_dtype="float32")
    assert plan(fp32, gpu_gb=24, total_size=2 * total_size).weights_bytes == total_size
    # fp8: the index's parameters split as the config's shapes are; decoder at 1 byte.
    fp8 = plan(config, gpu_gb=24, total_size=total_size, weights_dtype="fp8")
    estimate = estimate_params(config)
    share = estimate.decoder / estimate.total
    assert fp8.weights_bytes == pytest.approx(total_size / 2 * (share + 2 * (1 - share)), abs=1)


def test_a_quantized_checkpoint_is_taken_at_its_size() -> None:
    config = dict(load(QWEN3_32B), quantization_config={"quant_method": "fp8"})
    result = plan(config, gpu_gb=80, total_size=36_000_000_000)
    assert result.weights_bytes == 36_000_000_000
    assert any("already fp8" in note for note in result.notes)


# --- pages at once -----------------------------------------------------------------------


def test_tokens_per_page_add_up() -> None:
    result = plan(load(QWEN3_32B), gpu_gb=80, prompt_tokens=250, max_tokens=2000)
    assert result.vision_tokens_per_page == 2_145  # A4 at 150 dpi, 32 px tokens
    assert result.tokens_per_page == 2_145 + 250 + 2000
    per_page = result.tokens_per_page * result.kv_bytes_per_token
    assert result.max_concurrent_pages == result.kv_cache_bytes // per_page
    assert result.max_concurrent_pages > 0


def test_server_max_pixels_changes_the_page_cost() -> None:
    small = plan(load(QWEN25_7B), gpu_gb=24, page_px=(2480, 3508), max_pixels=1_048_576)
    assert small.vision_tokens_per_page == 1_290  # shrunk to 840×1204 px: 30 × 43 tokens
    default = plan(load(QWEN25_7B), gpu_gb=24, page_px=(2480, 3508))
    assert default.vision_tokens_per_page == 11_125


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_more_gpu_memory_never_means_fewer_pages(path: Path) -> None:
    config = load(path)
    pages = [plan(config, gpu_gb=gb).max_concurrent_pages for gb in range(8, 200, 4)]
    assert pages == sorted(pages)
    assert pages[-1] > 0


def test_weights_larger_than_the_gpu_give_zero_pages() -> None:
    result = plan(load(QWEN3_32B), gpu_gb=24)
    assert result.max_concurrent_pages == 0
    assert result.kv_cache_bytes == 0
    assert any(note.startswith("weights do not fit:") for note in result.notes)


def test_max_num_seqs_caps_the_pages() -> None:
    config = load(QWEN25_7B)
    free = plan(config, gpu_gb=80).max_concurrent_pages
    capped = plan(config, gpu_gb=80, max_num_seqs=4)
    assert free > 4
    assert capped.max_concurrent_pages == 4
    assert any("max_num_seqs 4" in note for note in capped.notes)


def test_to_json_is_plain_json() -> None:
    data = plan(load(HYBRID), gpu_gb=80).to_json()
    assert json.loads(json.dumps(data)) == data
    for key in ("kv_bytes_per_token", "weights_bytes", "vision_tokens_per_page"):
        assert isinstance(data[key], int)
    assert isinstance(data["notes"], list)


@pytest.mark.parametrize(
    ("config", "settings", "message"),
    [
        ({}, {}, "no 'hidden_size'"),
        ({"hidden_size": "big"}, {}, "whole number"),
        (None, {}, "not a model config"),
        ("qwen", {"weights_dtype": "int3"}, "unknown weights dtype"),
        ("qwen", {"kv_dtype": "fp4"}, "unknown KV cache dtype"),
        ("qwen", {"gpu_gb": 0}, "more than 0 GiB"),
        ("qwen", {"gpu_memory_utilization": 1.5}, "at most 1"),
        ("qwen", {"page_px": (10, 4000)}, "too thin"),
    ],
)
def test_bad_input_is_a_plan_error(config: Any, settings: dict[str, Any], message: str) -> None:
    if config == "qwen":
        config = load(QWEN25_7B)
    arguments: dict[str, Any] = {"gpu_gb": 24, **settings}
    with pytest.raises(PlanError, match=message):
        plan(config, **arguments)


# --- the command line ----------------------------------------------------------------------


def run_plan(*argv: str | Path) -> int:
    parser = argparse.ArgumentParser(prog="proofdesk")
    cli_plan.add_parser(parser.add_subparsers(dest="command"))
    return cli_plan.run(parser.parse_args(["plan", *map(str, argv)]))


def test_cli_json_for_qwen3_vl_32b(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_plan("--config", QWEN3_32B, "--gpu-gb", "80", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kv_bytes_per_token"] == 262_144
    assert data["vision_tokens_per_page"] == 2_145
    assert data["weights_bytes"] > 60 * 2**30
    assert data["max_concurrent_pages"] > 0


def test_cli_dpi_and_page_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_plan("--config", QWEN3_32B, "--gpu-gb", "80", "--dpi", "200", "--json") == 0
    assert json.loads(capsys.readouterr().out)["vision_tokens_per_page"] == 3_796
    size = ["--page-size", "2480x3508", "--json"]
    assert run_plan("--config", QWEN25_7B, "--gpu-gb", "24", *size) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["page_px"], data["vision_tokens_per_page"]) == ([2480, 3508], 11_125)


def test_cli_table_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    code = run_plan(
        "--config", QWEN25_7B, "--index", INDEX_7B, "--gpu-gb", "24", "--kv-dtype", "fp8"
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "safetensors index" in out
    assert "28,672 bytes (fp8" in out
    assert "pages at once" in out


def test_cli_reads_a_model_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(QWEN25_7B, tmp_path / "config.json")
    shutil.copy(INDEX_7B, tmp_path / "model.safetensors.index.json")
    assert run_plan("--config", tmp_path, "--gpu-gb", "24", "--json") == 0
    assert json.loads(capsys.readouterr().out)["weights_source"] == "safetensors index"


def assert_one_line_error(capsys: pytest.CaptureFixture[str], message: str) -> None:
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("proofdesk: ")
    assert message in lines[0]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{not json", "is not valid JSON (line 1"),
        ("[1, 2]", "not a model config"),
        ('{"model_type": "qwen2_5_vl"}', "no 'hidden_size'"),
        (b"\xff\xfe{}", "cannot read"),
    ],
)
def test_cli_bad_config_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes | None, message: str
) -> None:
    config = tmp_path / "config.json"
    if isinstance(content, bytes):
        config.write_bytes(content)
    elif content is not None:
        config.write_text(content, encoding="utf-8")
    assert run_plan("--config", config, "--gpu-gb", "24") == 2
    assert_one_line_error(capsys, message)


def test_cli_bad_index_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index = tmp_path / "index.json"
    index.write_text('{"weight_map": {}}', encoding="utf-8")
    assert run_plan("--config", QWEN25_7B, "--index", index, "--gpu-gb", "24") == 2
    assert_one_line_error(capsys, "not a safetensors index")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--page-size", "big"], "should look like 1240x1754"),
        (["--page-size", "0x100"], "at least 1 px"),
        (["--dpi", "0"], "dpi must be at least 1"),
        (["--gpu-memory-utilization", "0"], "above 0"),
        (["--max-pixels", "10"], "max_pixels must be at least 784"),
        (["--max-tokens", "0"], "max tokens must be at least 1"),
    ],
)
def test_cli_bad_settings_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run_plan("--config", QWEN25_7B, "--gpu-gb", "24", *argv) == 2
    assert_one_line_error(capsys, message)
