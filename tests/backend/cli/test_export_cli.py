"""``proofdesk export``: the command writes each format, asks for --force, protects the
source and the store, and names unapproved pages."""

from __future__ import annotations

import stat
from pathlib import Path

import docx
import pymupdf
import pytest

from backend.cli import commands as cli
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests.backend.cli.cli_helpers import run_cli
from tests.backend.export.export_support_helpers import (  # noqa: F401  (fixture)
    layer_text,
    reviewed,
    squeeze,
    transcripts,
)


@pytest.fixture
def closed(reviewed: DocumentSession) -> tuple[Path, Path]:  # noqa: F811
    """The reviewed document and its store, closed as the CLI expects them."""
    pdf, store = Path(reviewed.pdf.info.path), reviewed.store.path
    reviewed.close()
    return pdf, store


def _export(closed: tuple[Path, Path], *args: str) -> int:
    pdf, store = closed
    return cli.main(["export", str(pdf), "--store", str(store), *args])


def test_export_pdf_and_its_warning(
    closed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.pdf"
    assert _export(closed, "--format", "pdf", "-o", str(out), "--pages", "2-3") == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"{out} (2 page(s), ")
    assert "page(s) 2 are not approved" in captured.err
    with pymupdf.open(out) as doc:
        assert [squeeze(p.get_text()) for p in doc] == [
            squeeze(layer_text(transcripts()[1])),
            squeeze(layer_text(transcripts()[2])),
        ]
    assert stat.S_IMODE(out.stat().st_mode) == 0o600


def test_approved_only_default_name_and_force(
    closed: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    target = closed[0].parent / "legal-sample.proofread.txt"
    assert _export(closed, "--format", "txt", "--approved-only") == 0
    assert "left out unapproved page(s): 2, 4, 6, 7" in capsys.readouterr().err
    first = target.read_text("utf-8")
    assert first.split("\f")[0].strip() == transcripts()[0].strip()
    assert _export(closed, "--format", "txt") == cli.EXIT_BAD_INPUT
    assert "already exists. Use --force to replace it." in capsys.readouterr().err
    assert target.read_text("utf-8") == first
    assert _export(closed, "--format", "txt", "--force", "--separator", "=== {page} ===") == 0
    assert "=== 2 ===" in target.read_text("utf-8")


@pytest.mark.parametrize("which", ["pdf", "store"])
def test_the_source_and_the_store_are_never_written(
    closed: tuple[Path, Path], which: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = closed[0] if which == "pdf" else closed[1]
    before = (target.stat().st_ino, closed[0].read_bytes())
    assert _export(closed, "--format", "pdf", "-o", str(target), "--force") == 2
    assert "is the document or its review store" in capsys.readouterr().err
    assert (target.stat().st_ino, closed[0].read_bytes()) == before  # not replaced
    session = DocumentSession.open(closed[0], store_path=closed[1])
    try:  # the review is all there
        assert [session.page_state(p).text for p in range(7)] == list(transcripts().values())
    finally:
        session.close()


def test_bad_folder_and_range_are_one_line_errors(
    closed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _export(closed, "--format", "md", "-o", str(tmp_path / "no" / "x.md")) == 2
    assert "does not exist" in capsys.readouterr().err
    assert _export(closed, "--format", "md", "--pages", "9") == 2
    assert "has 7 pages" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("separator", "expected"),
    [("--- {page}/{total} ---", "--- 2/{total} ---"), ("{page} {", "2 {")],
)
def test_a_separator_with_other_braces_is_kept_as_written(
    closed: tuple[Path, Path], tmp_path: Path, separator: str, expected: str
) -> None:
    pdf, store = closed
    out = tmp_path / "out.txt"
    result = run_cli(
        "export", pdf, "--store", store, "--format", "txt", "-o", out, "--separator", separator
    )
    assert result.returncode == 0, result.stderr
    assert expected in out.read_text("utf-8").splitlines()


def test_docx_with_control_characters_and_a_table_of_only_rules(
    sample_pdf: Path, tmp_path: Path
) -> None:
    pdf = tmp_path / "titled.pdf"
    with pymupdf.open(sample_pdf) as doc:
        doc.set_metadata({"title": "判決\x01書\x1f"})
        doc.save(pdf)
    store = tmp_path / "review.sqlite"
    session = DocumentSession.open(pdf, store_path=store)
    try:
        text = "| 甲\x07 | 乙\x0b |\n| --- | --- |\n| 丙 | 丁\x1b |\n\n| --- |\n| --- |\n結尾"
        session.store.add_version(0, VersionKind.OCR, text, {"engine": "vllm"})
    finally:
        session.close()
    out = tmp_path / "out.docx"
    result = run_cli("export", pdf, "--store", store, "--format", "docx", "-o", out, "--pages", "1")
    assert result.returncode == 0, result.stderr
    assert "3 control or invalid character(s)" in result.stderr  # said, not refused
    document = docx.Document(str(out))
    # Each character XML cannot hold is one visible placeholder (safe_text.admit).
    assert document.core_properties.title == "判決\ufffd書\ufffd"
    [table] = document.tables
    cells = [[c.text for c in row.cells] for row in table.rows]
    assert cells == [["甲\ufffd", "乙\ufffd"], ["丙", "丁\ufffd"]]
    assert "結尾" in [p.text for p in document.paragraphs]
