"""Nothing a server or a file says reaches the terminal raw (issue "Hostile servers").

Model ids and error messages from a loopback server, page text in ``compare``,
PDF titles in ``info``, selectors in ``eval``, a config in ``plan`` and file
names in error lines all carry escape sequences here; the CLI must show them
as visible ``\\x..`` escapes, in text and in ``--json`` output alike.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest

from backend.cli.commands import main
from backend.cli.ocr import _ProgressLine
from backend.ocr.batch import BatchEvent, BatchStats
from backend.session.document_session import DocumentSession
from tests.backend.cli.hostile_server import EVIL, HostileServer

# Every character a terminal acts on, except the line break (and tab) that
# text output keeps on purpose; lone surrogates cannot be printed at all.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # the old parser exited instead of returning
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def assert_clean(*texts: str) -> None:
    for text in texts:
        found = RAW.search(text)
        assert found is None, f"raw {found.group()!r} in {text!r}"


def one_error_line(code: int, err: str) -> str:
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("proofdesk: "), err
    return lines[0]


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "review.sqlite3"


@pytest.fixture
def hostile() -> Iterator[HostileServer]:
    with HostileServer() as server:
        yield server


# -- what a server says -------------------------------------------------------------


def test_model_ids_a_server_lists_are_escaped(
    capsys: pytest.CaptureFixture[str], hostile: HostileServer, sample_pdf: Path, store: Path
) -> None:
    argv = ["ocr", sample_pdf, "--server", hostile.base_url + "/v1", "--store", store]
    code, out, err = run(capsys, *argv, "--model", "the-one-i-want")
    line = one_error_line(code, err)
    assert_clean(out, err)
    assert "does not serve" in line and "pwned" in line and "all pages done" in line
    assert "GET /v1/models" in hostile.requests


def test_a_servers_error_message_is_escaped_in_the_failed_page_lines(
    capsys: pytest.CaptureFixture[str], hostile: HostileServer, sample_pdf: Path, store: Path
) -> None:
    hostile.model_id = "m"
    argv = ["ocr", sample_pdf, "--server", hostile.base_url + "/v1", "--store", store]
    code, out, err = run(capsys, *argv, "--pages", "1")
    assert code == 3, err  # the page failed: the server refused it
    assert any(r.startswith("POST /v1/chat/completions") for r in hostile.requests)
    assert_clean(out, err)
    failed = [line for line in err.splitlines() if line.startswith("page 1: failed")]
    assert failed and all("pwned" in line for line in failed), err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_keeps_its_own_codes_and_escapes_the_servers() -> None:
    terminal = _Terminal()
    progress = _ProgressLine(terminal)
    stats = BatchStats(total=3, done=1, failed=1, elapsed_s=2.0)
    progress.on_event(BatchEvent("failed", stats, page=1, message=EVIL))
    progress.on_event(BatchEvent("lane_disabled", stats, lane=EVIL, message=EVIL))
    progress.finish(stats)
    written = terminal.getvalue()
    ours = written.count("\r\x1b[2K")
    assert ours >= 3  # the line is still rewritten in place
    assert written.count("\x1b") == ours  # ... and every ESC written is one of ours
    assert_clean(written.replace("\r\x1b[2K", ""))
    assert "page 2: \\x1b]0;pwned\\x07" in written


# -- what a file says -----------------------------------------------------------------


def test_page_text_quoted_by_compare_is_escaped(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path
) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text(f"被告應給付原告{EVIL}新臺幣十萬元。", "utf-8")
    alternate = tmp_path / "a.txt"
    alternate.write_text("被告應給付原告新臺幣十萬元。", "utf-8")
    argv = ["compare", sample_pdf, "--page", "1", "--transcript", transcript]
    code, out, err = run(capsys, *argv, "--alternate", alternate)
    assert code == 0, err
    assert_clean(out, err)
    lines = out.splitlines()
    assert len(lines) >= 2 and "\\x1b]52;c;ZXZpbA==\\x07" in out  # the span is shown, escaped
    code, out, err = run(capsys, *argv, "--alternate", alternate, "--json")
    assert code == 0, err
    assert_clean(out, err)
    assert json.loads(out)["flags"]  # still JSON, the same flags


def test_a_pdf_title_is_escaped_in_info_text_and_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pdf = tmp_path / "titled.pdf"
    doc = pymupdf.open()
    doc.new_page()
    doc.set_metadata({"title": EVIL})
    doc.save(pdf)
    doc.close()
    code, out, err = run(capsys, "info", pdf)
    assert code == 0, err
    assert_clean(out, err)
    assert "title: \\x1b]0;pwned\\x07" in out
    code, out, err = run(capsys, "info", pdf, "--json")
    assert code == 0, err
    assert_clean(out)  # C1 controls and bidi overrides too, which JSON leaves raw
    assert json.loads(out)["title"] == EVIL  # the same title, escaped only on the way


def test_file_names_in_error_lines_are_escaped(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, tmp_path: Path, store: Path
) -> None:
    evil_name = tmp_path / "\x1b]0;pwned\x07\x1b[2J.jsonl"
    code, out, err = run(capsys, "import", sample_pdf, "--from", evil_name, "--store", store)
    assert "was not found" in one_error_line(code, err)
    assert_clean(out, err)
    undecodable = Path(os.fsdecode(os.fsencode(tmp_path) + b"/\xff\xfe.jsonl"))
    code, out, err = run(capsys, "import", sample_pdf, "--from", undecodable, "--store", store)
    assert "\\xff\\xfe.jsonl" in one_error_line(code, err)  # the bytes, shown as bytes
    assert_clean(out, err)


def test_eval_shows_selectors_escaped(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path, store: Path
) -> None:
    DocumentSession.open(sample_pdf, store_path=store).close()  # eval reads, makes none
    code, out, err = run(
        capsys, "eval", sample_pdf, "--store", store, "--a", f"model:{EVIL}", "--b", "current"
    )
    assert code == 0, err
    assert_clean(out, err)
    assert "A = model:\\x1b]0;pwned" in out


def test_plan_shows_the_configs_model_type_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = {
        "model_type": EVIL,
        "hidden_size": 1024,
        "num_attention_heads": 8,
        "num_hidden_layers": 4,
        "vocab_size": 1000,
        "intermediate_size": 2048,
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), "utf-8")
    code, out, err = run(capsys, "plan", "--config", path, "--gpu-gb", "24")
    assert code == 0, err
    assert_clean(out, err)
    assert "\\x1b]0;pwned" in out


def test_a_bad_option_is_one_escaped_line(
    capsys: pytest.CaptureFixture[str], sample_pdf: Path
) -> None:
    code, out, err = run(capsys, "info", sample_pdf, EVIL)  # an extra argument: argparse
    line = one_error_line(code, err)
    assert_clean(out, err)
    assert "unrecognized arguments" in line and "pwned" in line
