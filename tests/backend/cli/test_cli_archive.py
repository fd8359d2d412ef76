"""``proofdesk export --format page|alto|hocr -o OUT`` writes a folder of one file per page;
``proofdesk import --from OUT`` reads it back (alternate readings by default, or the
transcript with ``--as transcript``); bad files are one line on stderr, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests.backend.cli.cli_helpers import assert_one_line_error, run_cli
from tests.backend.export.archive_helpers import digital_alternate
from tests.conftest import DATA


@pytest.fixture
def reviewed(sample_pdf: Path, tmp_path: Path) -> tuple[Path, Path]:
    store = tmp_path / "review.sqlite3"
    session = DocumentSession.open(sample_pdf, store_path=store)
    session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    text, lines = digital_alternate(DATA / "legal-sample.digital.pdf", 0)
    session.store.add_version(
        0, VersionKind.ALTERNATE, text, {"engine": "textlayer", "lines": lines}
    )
    session.close()
    return sample_pdf, store


@pytest.mark.parametrize("fmt", ["page", "alto", "hocr"])
def test_export_then_import_again(reviewed: tuple[Path, Path], tmp_path: Path, fmt: str) -> None:
    pdf, store = reviewed
    out = tmp_path / "out"
    result = run_cli("export", pdf, "--store", store, "--format", fmt, "-o", out)
    assert result.returncode == 0, result.stderr
    suffix = ".hocr" if fmt == "hocr" else ".xml"
    assert sorted(f.name for f in out.iterdir()) == [f"{n:04d}{suffix}" for n in range(1, 8)]
    assert str(out) in result.stdout and "7 page(s)" in result.stdout
    again = run_cli("export", pdf, "--store", store, "--format", fmt, "-o", out)
    assert_one_line_error(again)
    assert "--force" in again.stderr

    result = run_cli("import", pdf, "--store", store, "--from", out)
    assert result.returncode == 0, result.stderr
    assert "7 page(s)" in result.stdout and "alternate" in result.stdout
    session = DocumentSession.open(pdf, store_path=store, create=False)
    try:
        for page in range(7):
            newest = session.store.versions(page)[-1]
            assert newest.kind is VersionKind.ALTERNATE
            assert newest.text == session.store.page_state(page).text
        lines = session.store.versions(0)[-1].origin.lines or ()
        assert len([line for line in lines if line["box"]]) == 14  # as page 1's alternate had
    finally:
        session.close()


def test_import_one_file_as_the_transcript(reviewed: tuple[Path, Path]) -> None:
    pdf, store = reviewed
    result = run_cli(
        "import",
        pdf,
        "--store",
        store,
        "--from",
        DATA / "archive" / "alto-page-3.xml",
        "--as",
        "transcript",
    )
    assert result.returncode == 0, result.stderr
    assert "transcript" in result.stdout
    session = DocumentSession.open(pdf, store_path=store, create=False)
    try:
        assert session.store.page_state(2).text.startswith("主文被告應給付")
    finally:
        session.close()


def test_a_broken_file_is_one_line(reviewed: tuple[Path, Path], tmp_path: Path) -> None:
    pdf, store = reviewed
    bad = tmp_path / "0002.xml"
    bad.write_text("<PcGts><Page>", "utf-8")
    result = run_cli("import", pdf, "--store", store, "--from", bad)
    message = assert_one_line_error(result)
    assert "0002.xml" in message and "well-formed" in message


def test_help_says_how_the_folder_is_named() -> None:
    result = run_cli("export", "--help")
    assert result.returncode == 0
    assert "OUT/0001.xml" in " ".join(result.stdout.split())
