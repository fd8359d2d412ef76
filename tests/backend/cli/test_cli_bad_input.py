"""Every bad input is one line on stderr and exit 2, never a traceback.

Numbers out of range, NaN and infinity, huge integers, JSON nested past the
recursion limit, lone surrogates, files and file names that are not UTF-8:
each case names what is wrong, by the option or the file and line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from backend.cli.commands import main
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests.backend.cli.hostile_server import closed_port

HUGE = "9" * 5000  # int() refuses more than 4,300 digits
DEEP = "[" * 100_000 + "]" * 100_000  # json.loads: RecursionError


def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str | Path]) -> str:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # the old parser exited instead of returning
        code = exc.code if isinstance(exc.code, int) else -1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("proofdesk: "), err
    assert out == ""
    return lines[0]


@pytest.fixture
def server() -> str:
    return f"http://127.0.0.1:{closed_port()}/v1"  # nothing listens: no network is touched


# -- numbers on the command line ----------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--max-pixels", "-1"),
        ("--max-pixels", HUGE),
        ("--timeout", "nan"),
        ("--timeout", "inf"),
        ("--timeout", "-5"),
        ("--concurrency", "-1"),
        ("--concurrency", HUGE),
        ("--max-tokens", "0"),
        ("--max-tokens", "1e3"),
    ],
)
def test_ocr_numbers_are_checked_where_typed(
    capsys: pytest.CaptureFixture[str],
    sample_pdf: Path,
    tmp_path: Path,
    server: str,
    option: str,
    value: str,
) -> None:
    argv: list[str | Path] = ["ocr", sample_pdf, "--server", server, "--store", tmp_path / "s"]
    line = one_line_error(capsys, [*argv, option, value])
    assert f"argument {option}: expected" in line  # the option, not "Cannot reach"
    assert len(line) < 300  # a 5,000-digit value is quoted cut


@pytest.mark.parametrize("value", ["nan", "-1", "1e308", "inf"])
def test_alt_dpi_is_checked_where_typed(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path, value: str
) -> None:
    argv: list[str | Path] = ["alt", sample_pdf, "--engine", "textlayer", "--dpi", value]
    line = one_line_error(capsys, [*argv, "--store", tmp_path / "s"])
    assert "argument --dpi: expected a number from 30 to 2400" in line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--gpu-gb", "1e308"], "at most 1,000,000 GiB"),
        (["--gpu-gb", "inf"], "--gpu-gb: expected a finite number"),
        (["--gpu-memory-utilization", "nan"], "expected a finite number"),
        (["--max-pixels", "9" * 40], "--max-pixels: expected a whole number"),
        (["--max-pixels", "99999999999999"], "max_pixels must be at most"),
        (["--dpi", "99999999999999"], "dpi must be at most"),
        (["--max-tokens", "99999999999999"], "max tokens must be at most"),
        (["--prompt-tokens", "99999999999999"], "prompt tokens must be at most"),
        (["--max-num-seqs", "99999999999999"], "max_num_seqs must be at most"),
        (["--page-size", "1x99999999999"], "should look like 1240x1754"),
        (["--page-size", "1x9999999"], "at most 1,000,000 px"),
        (["--page-size", "²x3"], "should look like 1240x1754"),
    ],
)
def test_plan_numbers_out_of_range(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    config = tmp_path / "config.json"
    config.write_text(json.dumps(_config()), "utf-8")
    base: list[str | Path] = ["plan", "--config", config]
    if "--gpu-gb" not in argv:
        base += ["--gpu-gb", "24"]
    assert message in one_line_error(capsys, [*base, *argv])


def test_compare_page_of_5000_digits(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path
) -> None:
    text = tmp_path / "t.txt"
    text.write_text("x", "utf-8")
    argv: list[str | Path] = ["compare", sample_pdf, "--page", HUGE, "--transcript", text]
    line = one_line_error(capsys, [*argv, "--alternate", text])
    assert "argument --page: expected a whole number from 1" in line and len(line) < 300


@pytest.mark.parametrize("selector", ["version:99999999999999999999999", f"version:-{HUGE}"])
def test_eval_version_beyond_any_store(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path, selector: str
) -> None:
    argv: list[str | Path] = ["eval", sample_pdf, "--store", tmp_path / "s", "--a", selector]
    assert "no such version" in one_line_error(capsys, [*argv, "--b", "current"])


@pytest.mark.parametrize("url", ["http://[::1/v1", "http://127.0.0.1:99999/v1", "http://a b/v1"])
def test_ocr_server_urls_that_cannot_be_parsed(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path, url: str
) -> None:
    argv: list[str | Path] = ["ocr", sample_pdf, "--server", url, "--store", tmp_path / "s"]
    assert "argument --server" in one_line_error(capsys, argv)


def test_text_options_refuse_bytes_that_are_not_utf8(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path, server: str
) -> None:
    bad = os.fsdecode(b"page\xff")  # what Python makes of a non-UTF-8 argument
    argv: list[str | Path] = ["ocr", sample_pdf, "--server", server, "--store", tmp_path / "s"]
    line = one_line_error(capsys, [*argv, "--model", bad])
    assert "argument --model" in line and "page\\xff" in line


@pytest.mark.parametrize("key", ["鍵" * 8, "sk-abc\nX-Injected: 1", "sk abc def"])
def test_an_api_key_no_http_header_can_carry(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    sample_pdf: Path,
    tmp_path: Path,
    server: str,
    key: str,
) -> None:
    monkeypatch.setenv("PROOFDESK_API_KEY", key)
    argv: list[str | Path] = ["ocr", sample_pdf, "--server", server, "--store", tmp_path / "s"]
    line = one_line_error(capsys, argv)
    assert "The API key in PROOFDESK_API_KEY" in line
    assert key not in line and "abc" not in line and "鍵" not in line  # never quoted


# -- files ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (f'{{"page": {HUGE}, "text": "x"}}', "holds a number too long"),
        (f'{{"page": 1, "text": {DEEP}}}', "nested too deeply"),
        # A lone surrogate in the text is admitted as U+FFFD, with a warning
        # (test_hostile_text_boundary); anywhere else in a line it is refused.
        ('{"page": 1, "text": "a", "\\udfff": 1}', "lone surrogate"),
        ('{"page": 1, "text": "a", "score": NaN}', "NaN or infinity"),
        ('{"page": 1, "text": "a", "score": 1e400}', "NaN or infinity"),
        ('{"page": 1, "text": "a", "x": ' + "[" * 40 + "]" * 40 + "}", "levels deep"),
        ('{"page": 1' + "0" * 3000 + ', "text": "a"}', "page 100000000…"),
    ],
)
def test_import_jsonl_with_hostile_values(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path, line: str, message: str
) -> None:
    source = tmp_path / "t.jsonl"
    source.write_text('{"page": 2, "text": "fine"}\n' + line + "\n", "utf-8")
    store = tmp_path / "s.sqlite3"
    error = one_line_error(capsys, ["import", sample_pdf, "--from", source, "--store", store])
    assert message in error and len(error) < 300
    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert all(session.store.versions(p) == [] for p in range(7))  # nothing imported
    finally:
        session.close()


def test_a_page_file_whose_name_is_not_utf8_imports(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    name = os.fsdecode(b"p\xe9ge-3.txt")  # Latin-1 é: a surrogate in Python's str
    (folder / name).write_text("第三頁", "utf-8")
    store = tmp_path / "s.sqlite3"
    assert main(["import", str(sample_pdf), "--from", str(folder), "--store", str(store)]) == 0
    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        [version] = session.store.versions(2)
    finally:
        session.close()
    assert version.kind is VersionKind.IMPORT and version.text == "第三頁"
    assert version.provenance["source"] == "p\\xe9ge-3.txt"  # the byte, kept visible


def test_a_prompt_file_that_is_not_utf8(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path, server: str
) -> None:
    prompt = tmp_path / "prompt.txt"
    prompt.write_bytes("只轉錄正面文字。".encode("big5"))
    argv: list[str | Path] = ["ocr", sample_pdf, "--server", server, "--prompt", prompt]
    line = one_line_error(capsys, [*argv, "--store", tmp_path / "s"])
    assert "“prompt.txt” is not UTF-8 text" in line


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"num_hidden_layers": 10**30}, "far too large"),
        ({"hidden_size": 2**41}, "far too large"),
        ({"model_type": [[[]]]}, "'model_type' should be a name"),
        ({"layer_types": ["\x1b[2J", [[]], {}, 7]}, "types \\x1b[2J, 7, a list, an object"),
    ],
)
def test_plan_config_with_hostile_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, object], message: str
) -> None:
    config = tmp_path / "config.json"
    config.write_text(json.dumps(_config() | change), "utf-8")
    argv: list[str | Path] = ["plan", "--config", config, "--gpu-gb", "24"]
    if "layer_types" in change:  # not an error: a note, each odd type quoted short and escaped
        assert main([str(a) for a in argv]) == 0
        assert message in capsys.readouterr().out
        return
    assert message in one_line_error(capsys, argv)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"a": ' + DEEP + "}", "nested too deeply"),
        ('{"a": ' + HUGE + "}", "a number too long"),
        ('{"metadata": {"total_size": 1e400}}', "more than a petabyte"),
        ('{"metadata": {"total_size": NaN}}', "no metadata.total_size"),
    ],
)
def test_plan_files_with_hostile_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    config = tmp_path / "config.json"
    config.write_text(json.dumps(_config()), "utf-8")
    index = tmp_path / "index.json"
    index.write_text(content, "utf-8")
    argv: list[str | Path] = ["plan", "--config", config, "--index", index, "--gpu-gb", "24"]
    assert message in one_line_error(capsys, argv)


def _config() -> dict[str, object]:
    return {
        "model_type": "qwen2_5_vl",
        "hidden_size": 1024,
        "num_attention_heads": 8,
        "num_hidden_layers": 4,
        "vocab_size": 1000,
        "intermediate_size": 2048,
    }
