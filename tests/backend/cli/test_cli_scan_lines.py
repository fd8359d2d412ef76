"""``status --by-risk`` and ``compare`` find the scan's lines (once: then cached), with
progress on stderr, and ``--no-scan-lines`` skips them.

Real parts: the CLI's ``main``, the offline worker with RapidOCR's detector, the
cache's SQLite file under the test's data folder. What was detected is read back
from the cache, where every later run (and the GUI) finds it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backend.cli.commands import main
from backend.documents.pdf import file_sha256
from backend.engines.offline.base import AltOptions
from backend.engines.offline.scan_lines import cache_key, detector_name
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from backend.session.scan_lines import ScanLineCache
from tests.pdf_factory import text_pdf

# Each test runs the real detector: a model load and up to 2 pages, ~40 s each on a
# loaded machine (~120 s). The suite's 300 s default left a 2x margin; this is 15x.
pytestmark = pytest.mark.timeout(1800)

PAGES = [
    "The first line\n\nThe second line\n\nThe third line",
    "A second page with one longer line of text on it",
]


@pytest.fixture
def case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.delenv("PROOFDESK_SCAN_LINES")  # the suite turns detection off
    pdf = text_pdf(tmp_path / "case.pdf", PAGES)
    store = tmp_path / "review.sqlite3"
    session = DocumentSession.open(pdf, store_path=store)
    try:
        for page, text in enumerate(PAGES):
            session.store.add_version(page, VersionKind.OCR, text, {"engine": "vllm"})
    finally:
        session.close()
    return pdf, store


def cached(pdf: Path, page: int) -> int | None:
    """How many lines the cache holds for ``page`` (None: not detected)."""
    cache = ScanLineCache()
    try:
        lines = cache.get(file_sha256(pdf), page, cache_key(detector_name(), AltOptions()))
    finally:
        cache.close()
    return None if lines is None else len(lines.boxes)


def test_status_by_risk_detects_every_page_once(
    case: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, store = case
    assert main(["status", str(pdf), "--store", str(store), "--by-risk", "--json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)["pages"]) == 2
    assert "1/2 pages: found the lines of page 1 on the scan" in err
    assert "2/2 pages: found the lines of page 2 on the scan" in err
    assert [cached(pdf, 0), cached(pdf, 1)] == [3, 1]
    assert main(["status", str(pdf), "--store", str(store), "--by-risk", "--json"]) == 0
    assert "found the lines" not in capsys.readouterr().err  # the cache: nothing detected


def test_no_scan_lines_detects_nothing(
    case: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, store = case
    args = ["status", str(pdf), "--store", str(store), "--by-risk", "--no-scan-lines"]
    assert main(args) == 0
    assert "found the lines" not in capsys.readouterr().err
    assert cached(pdf, 0) is None
    text = tmp_text(pdf.parent, PAGES[0])
    args = ["compare", str(pdf), "--store", str(store), "--page", "1", "--alternate", text]
    assert main([*args, "--no-scan-lines"]) == 0
    assert cached(pdf, 0) is None
    assert main(args) == 0  # one page: no progress, but found and kept
    assert [cached(pdf, 0), cached(pdf, 1)] == [3, None]


def tmp_text(folder: Path, text: str) -> str:
    path = folder / "alternate.txt"
    path.write_text(text, "utf-8")
    return str(path)
