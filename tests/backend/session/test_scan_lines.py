"""The scan's lines for a document's reviews: detected once, cached across restarts,
handed to every review, and a failure that only leaves the review without them.

Real parts: the offline worker with RapidOCR's detector (one per module), the
cache's SQLite file, a real session on a real PDF. What the review received is
read where the detectors read it (``PageEvidence``), by adding a detector that
keeps what it is given.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.engines.offline import AltOcrRunner
from backend.engines.offline import scan_lines as detection
from backend.engines.offline.base import AltOptions
from backend.models import ScanLines, VersionKind
from backend.review.diagnoses import run
from backend.review.diagnoses.base import Diagnosis, PageEvidence
from backend.review.values import DiagnosisKind
from backend.session import scan_lines
from backend.session.document_session import DocumentSession
from backend.session.scan_lines import ScanLineCache, ScanLineSource
from tests.conftest import DATA
from tests.pdf_factory import text_pdf


@pytest.fixture(scope="module")
def runner() -> Iterator[AltOcrRunner]:
    r = AltOcrRunner()
    yield r
    r.close()


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    return text_pdf(
        tmp_path / "case.pdf",
        ["The first line of the page\n\nThe second line of it\n\nAnd the third", "p2"],
    )


def source(pdf: Path, runner: AltOcrRunner, digest: str = "doc-digest") -> ScanLineSource:
    return ScanLineSource(digest, pdf, runner, cache=ScanLineCache())


def test_a_page_is_detected_once_and_read_from_the_cache_after_a_restart(
    pdf: Path, runner: AltOcrRunner
) -> None:
    first = source(pdf, runner)
    assert first.known(0) is None  # nothing detected yet, and asking detects nothing
    assert first.detections == 0
    lines = asyncio.run(first.detect(0))
    assert lines is not None and len(lines.boxes) == 3
    assert asyncio.run(first.detect(0)) == lines
    assert first.detections == 1
    first.cache.close()

    again = source(pdf, runner)  # a new session: a new cache object on the same file
    assert again.known(0) == lines
    assert asyncio.run(again.detect(0)) == lines
    assert again.detections == 0
    # Another document (another digest) is not served this one's lines.
    assert source(pdf, runner, digest="other").known(0) is None


def test_lines_found_another_way_are_not_served(pdf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache key: another detector version, another render dpi or another cleaning
    of faint ink find other lines; what the old way found is detected again, not served.
    (The runners here never start: nothing is detected.)"""
    kept = ScanLines(((0.1, 0.1, 0.9, 0.12),), detector="the first way")
    cache = ScanLineCache()
    cache.put("doc", 0, detection.cache_key(detection.detector_name(), AltOptions()), kept)
    cache.close()

    def known_now(dpi: float = AltOptions.dpi) -> ScanLines | None:
        again = ScanLineSource("doc", pdf, AltOcrRunner(AltOptions(dpi=dpi)))
        try:
            return again.known(0)
        finally:
            again.cache.close()

    assert known_now() == kept  # the same way: served
    assert known_now(dpi=300) is None
    with monkeypatch.context() as m:
        m.setattr(detection, "DETECTION_VERSION", detection.DETECTION_VERSION + "-next")
        assert known_now() is None
    with monkeypatch.context() as m:
        m.setattr(detection.faint_ink, "VERSION", detection.faint_ink.VERSION + "-next")
        assert known_now() is None
    with monkeypatch.context() as m:  # the stamp step changed: the page is cleaned anew
        m.setattr(detection.colour_dropout, "VERSION", detection.colour_dropout.VERSION + "-n")
        assert known_now() is None
    with monkeypatch.context() as m:
        m.setattr(scan_lines, "detector_name", lambda: "rapidocr-det 99")
        assert known_now() is None
    assert known_now() == kept


def test_a_file_changed_on_disk_after_it_opened_gets_no_lines_kept(
    pdf: Path, runner: AltOcrRunner, tmp_path: Path
) -> None:
    """The digest was taken when the document opened; the file replaced since is another
    file: its lines are not the opened pages' and must not be cached under that digest."""
    opened = source(pdf, runner)
    assert opened.known(0) is None
    replacement = text_pdf(tmp_path / "other.pdf", ["Another document, one line"])
    replacement.replace(pdf)  # saved over it from another program
    assert asyncio.run(opened.detect(0)) is None
    assert opened.known(0) is None and opened.problem is None  # nothing kept, nothing said
    assert asyncio.run(opened.detect(1)) is None  # nor detected again
    assert opened.detections == 1
    opened.cache.close()
    assert source(pdf, runner).known(0) is None  # nothing cached under the old digest


def test_the_review_gets_the_lines_and_is_redone_when_they_arrive(
    pdf: Path, runner: AltOcrRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[ScanLines | None] = []

    def keep(evidence: PageEvidence) -> list[Diagnosis]:
        seen.append(evidence.scan_lines)
        return []

    monkeypatch.setattr(run, "DETECTORS", (*run.DETECTORS, keep))
    session = DocumentSession.open(pdf, store_path=tmp_path / "r.db")
    try:
        session.store.add_version(
            0, VersionKind.OCR, "The first line of the page", {"engine": "vllm"}
        )
        lines_of = source(pdf, runner, digest=session.pdf.info.sha256)
        session.reviews.scan_lines = lines_of.known
        session.review(0)
        assert seen == [None]  # not detected yet: reviewed without
        session.review(0)
        assert seen == [None]  # cached review: nothing new
        lines = asyncio.run(lines_of.detect(0))
        assert lines is not None
        session.review(0)
        assert seen == [None, lines]  # the lines arrived: reviewed again, with them
        session.review(0)
        assert len(seen) == 2
    finally:
        session.close()


def test_a_page_that_cannot_be_detected_gives_no_lines_and_one_message(
    tmp_path: Path, runner: AltOcrRunner
) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7 this is no PDF")
    lines_of = source(broken, runner)
    assert asyncio.run(lines_of.detect(0)) is None
    message = lines_of.problem
    assert message is not None and "page 1" in message
    assert asyncio.run(lines_of.detect(1)) is None
    assert lines_of.problem == message  # said once: the first failure
    assert asyncio.run(lines_of.detect(0)) is None
    assert lines_of.detections == 2  # a failed page is not tried again


def test_a_damaged_cache_is_no_cache_and_no_error(pdf: Path, tmp_path: Path) -> None:
    damaged = tmp_path / "cache" / "scan-lines.sqlite3"
    damaged.parent.mkdir()
    damaged.write_bytes(b"this is not a database" * 100)
    cache = ScanLineCache(damaged)
    lines = ScanLines(((0.1, 0.1, 0.9, 0.12),), detector="rapidocr-det test")
    cache.put("doc", 0, "key", lines)  # kept nowhere, said in the log
    assert cache.get("doc", 0, "key") is None
    cache.close()
    cache.close()
    assert cache.get("doc", 0, "key") is None  # closed (the document closed): no lines


TRUTH = json.loads((DATA / "legal-sample.truth.json").read_text("utf-8"))["pages"]


@pytest.mark.parametrize("kept", [0.5, 1.0])
def test_a_transcript_missing_half_the_scans_lines_is_diagnosed_without_an_alternate(
    sample_pdf: Path, runner: AltOcrRunner, tmp_path: Path, kept: float
) -> None:
    lines = TRUTH[0]["text"].splitlines()
    transcript = "\n".join(lines[: round(len(lines) * kept)])
    session = DocumentSession.open(sample_pdf, store_path=tmp_path / "r.db")
    try:
        session.store.add_version(0, VersionKind.OCR, transcript, {"engine": "vllm"})
        lines_of = source(sample_pdf, runner, digest=session.pdf.info.sha256)
        session.reviews.scan_lines = lines_of.known
        assert session.review(0).diagnoses == ()  # no alternate, no lines: nothing to say
        assert asyncio.run(lines_of.detect(0)) is not None
        kinds = {d.kind for d in session.review(0).diagnoses}
    finally:
        session.close()
    lost = {DiagnosisKind.CUT_SHORT, DiagnosisKind.MISSING_BLOCK}
    assert bool(kinds & lost) == (kept < 1), kinds
