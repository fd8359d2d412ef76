"""The scan's layout in the real window: found in the background after the page's
lines, only for a page whose transcript holds a table, and the page's review done
again with it (a ruled table's rows against the transcript's: ``table_grid``);
``PROOFDESK_LAYOUT=0`` turns it off, a cached layout included.

Real parts: the window, its hub, the CDLA model in the offline worker, the layout
cache's SQLite file, a PDF with a ruled table drawn (``tests.backend.engines.layout_pages``).
The waits are hang guards for a model load on a loaded machine, not timings.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from backend.review.values import DiagnosisKind
from gui.shell.main_window import MainWindow
from tests.backend.session.table_document import LOST_ROW, table_document
from tests.gui.conftest import wait_for

WAIT_S = 600  # a model load and a page: ~2 s idle, ~40 s on a machine running several suites


def _table_cells(w: MainWindow) -> list[str]:
    """The table_cells diagnoses of page 1's review as the window shows it now."""
    review = w.aids.review
    if review is None or w.aids.review_page != 0 or not w.aids.review_is_fresh():
        return []
    return [d.detail for d in review.diagnoses if d.kind is DiagnosisKind.TABLE_CELLS]


@pytest.mark.timeout(4 * WAIT_S)
def test_a_table_pages_layout_is_found_and_reviews_it_again(
    make_window: Any, arun: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PROOFDESK_LAYOUT")  # the suite turns it off (lines stay off)
    pdf = table_document(tmp_path)
    w: MainWindow = make_window()
    found: asyncio.Future[int] = asyncio.get_event_loop().create_future()
    w.aids.scan_lines.layout_found.connect(lambda page: found.done() or found.set_result(page))
    assert arun(w.opener.open(pdf))
    assert arun(found, WAIT_S) == 0
    reviewed = wait_for(lambda: _table_cells(w) == [LOST_ROW], WAIT_S, "the review with it")
    arun(reviewed, WAIT_S + 60)
    arun(w.runner.drain())  # page 2 (a neighbour) was looked at too: it has no table
    layout = w.aids.scan_lines.layout
    assert layout is not None and layout.known(1) is None and layout.detections == 1

    # Off: the layout cached above is not even read, and nothing is detected.
    assert arun(w.controller.detach())
    monkeypatch.setenv("PROOFDESK_LAYOUT", "0")
    assert arun(w.opener.open(pdf))
    fresh = wait_for(lambda: w.aids.review_page == 0 and w.aids.review_is_fresh(), WAIT_S)
    arun(fresh, WAIT_S + 60)
    assert _table_cells(w) == []
    assert w.aids.scan_lines.layout is None
