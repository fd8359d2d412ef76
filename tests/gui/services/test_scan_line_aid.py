"""The scan's lines in the real window: found in the background for the page on
screen and its neighbours, the whole document once risk order is asked for, and
the page's review done again with them when they arrive.

Real parts: the window, its hub, the detector in its worker process. What a
review received is read where the detectors read it (``PageEvidence``), by a
detector added for the test that keeps what it is given. The waits are for a
model load and a few detections on a loaded machine: ten times what they take.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from backend.models import ScanLines, VersionKind
from backend.review.diagnoses import run
from backend.review.diagnoses.base import Diagnosis, PageEvidence
from backend.session.document_session import DocumentSession
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for
from tests.pdf_factory import text_pdf

# A model load and a detection take ~1-3 s here when idle, ~40 s each on a machine
# running several test suites at once: each wait allows ten times the latter.
WAIT_S = 600
PAGES = [f"Page {n} of the case\n\nits second line\n\nand its third" for n in range(1, 5)]


@pytest.mark.timeout(4 * WAIT_S)
def test_lines_are_found_near_the_page_then_everywhere_and_reach_the_review(
    make_window: Any, arun: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PROOFDESK_SCAN_LINES")  # the suite turns detection off
    seen: list[tuple[str, ScanLines | None]] = []

    def keep(evidence: PageEvidence) -> list[Diagnosis]:
        seen.append((evidence.transcript, evidence.scan_lines))
        return []

    monkeypatch.setattr(run, "DETECTORS", (*run.DETECTORS, keep))
    pdf = text_pdf(tmp_path / "case.pdf", PAGES)
    session = DocumentSession.open(pdf)
    for page, text in enumerate(PAGES):
        session.store.add_version(page, VersionKind.OCR, text, {"engine": "vllm"})
    session.close()
    first, pages = PAGES[0], len(PAGES)

    w: MainWindow = make_window()
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    source = w.aids.scan_lines.source
    assert source is not None
    near = wait_for(lambda: source.known(1) is not None, WAIT_S, "pages 1 and 2's lines")
    arun(near, WAIT_S + 60)
    lines = source.known(0)
    assert lines is not None and len(lines.boxes) == 3
    # Page 1's review (the text on screen) was done again, with its lines.
    redone = wait_for(lambda: (first, lines) in seen, WAIT_S, "page 1 reviewed with its lines")
    arun(redone, WAIT_S + 60)
    assert all(source.known(p) is None for p in range(2, pages))  # only the neighbours
    w.review_queue.set_by_risk(True)
    everywhere = wait_for(
        lambda: all(source.known(p) is not None for p in range(pages)),
        WAIT_S,
        "every page's lines",
    )
    arun(everywhere, WAIT_S + 60)
    arun(w.runner.drain())
