"""Marking on the scan where a finding stands (issue 25 point 3), in the real window over a
real store: R in the Publish dock goes to the finding's page and puts the page image in
region mode; a drag stores a place decision with that box and the row says so; Esc, or a
region drawn after moving to another page, stores nothing; a region drawn for Publish is
not read by OCR, nor one drawn for OCR marked for Publish; the publish dialog's "Mark
Them" selects the first finding the scan cannot place; the redacted PDF blanks the box."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pymupdf
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox, QPushButton

from backend.engines.offline.storing import store_alt_text
from backend.models import AltLine, AltText
from backend.publish.model import PersonalKind
from gui.publish.feature import PublishFeature
from gui.publish.publish_model import DECISION
from gui.shell.main_window import MainWindow
from gui.widgets.page_view import FitMode, PageView
from tests.gui.conftest import wait_for
from tests.gui.publish.support import PAGE_1, decisions, publishing

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
BOX = (0.2, 0.3, 0.6, 0.35)  # page-relative: x0, y0, x1, y1


def _point(view: PageView, fx: float, fy: float) -> QPoint:
    """The viewport pixel showing this spot of the page."""
    rect = view.sceneRect()
    return view.mapFromScene(QPointF(fx * rect.width(), fy * rect.height()))


def _drag(view: PageView, box: tuple[float, float, float, float]) -> None:
    """The reviewer's drag over ``box``, as mouse events on the view's viewport."""
    view.set_fit(FitMode.PAGE)  # the whole page in view: every corner can be reached
    start, end = _point(view, box[0], box[1]), _point(view, box[2], box[3])
    port = view.viewport()
    QTest.mousePress(port, LEFT, NONE, start)
    QTest.mouseMove(port, (start + end) / 2)
    QTest.mouseMove(port, end)
    QTest.mouseRelease(port, LEFT, NONE, end)


def _row(publish: PublishFeature, page: int, kind: PersonalKind) -> int:
    rows = publish.dock.model.rows
    return next(n for n, r in enumerate(rows) if (r.finding.page, r.finding.kind) == (page, kind))


def _press_r_on(w: MainWindow, arun: Any, publish: PublishFeature, page: int, kind: Any) -> None:
    dock = publish.dock
    dock.view.setCurrentIndex(dock.model.index(_row(publish, page, kind), 0))
    QTest.keyClick(dock.view, Qt.Key.Key_R)
    arun(wait_for(lambda: w.page_view.region_mode, what="region mode"))
    assert w.controller.current == page  # R went to the finding's page


def _status(w: MainWindow) -> str:
    return w.statusBar().currentMessage()


def test_r_then_a_drag_stores_the_region_and_the_row_says_so(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    _press_r_on(w, arun, publish, 1, PersonalKind.PHONE)
    view = w.page_view
    assert view.region_owner is publish.dock.region
    assert view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    assert "0912-345-678" in _status(w)  # what to drag over
    _drag(view, BOX)
    arun(w.runner.drain())
    [row] = decisions(w, arun)
    assert (row["text"], row["decision"], row["scope"], row["page"]) == (
        "0912-345-678",
        "mark",
        "place",
        1,
    )
    tolerance = 2 / view.sceneRect().height()  # a pixel of rounding either way
    assert json.loads(row["box"]) == pytest.approx(BOX, abs=tolerance)
    assert not view.region_mode  # one region per R
    phone = _row(publish, 1, PersonalKind.PHONE)
    assert publish.dock.model.index(phone, DECISION).data() == "Masked (region on the scan)"
    assert "Region marked" in _status(w)


def test_esc_in_the_view_or_in_the_list_stores_nothing(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    view = w.page_view
    _press_r_on(w, arun, publish, 1, PersonalKind.PHONE)
    QTest.keyClick(view, Qt.Key.Key_Escape)  # the view has the keyboard in region mode
    assert not view.region_mode
    assert _status(w) == "No region marked."
    _press_r_on(w, arun, publish, 0, PersonalKind.NATIONAL_ID)
    QTest.keyClick(publish.dock.view, Qt.Key.Key_Escape)  # back in the list: Esc there too
    assert not view.region_mode
    _drag(view, BOX)  # outside region mode a drag pans
    arun(w.runner.drain())
    assert decisions(w, arun) == []


def test_a_region_drawn_after_moving_to_another_page_is_refused(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    _press_r_on(w, arun, publish, 1, PersonalKind.PHONE)
    w.controller.go_to(0)
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    assert w.page_view.region_mode  # still drawing: the page view keeps the mode
    _drag(w.page_view, BOX)
    arun(w.runner.drain())
    assert decisions(w, arun) == []  # it would have marked page 2's phone on page 1
    assert _status(w) == "No region marked: draw it on the finding's page."
    assert not w.page_view.region_mode


def test_a_region_is_read_by_ocr_or_marked_for_publish_never_both(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    ocr = w.ocr_ui.panel  # with no server chosen, a region it reads says so at once
    _press_r_on(w, arun, publish, 1, PersonalKind.PHONE)
    assert not ocr.region_button.isChecked()  # Publish's mode is not OCR's
    _drag(w.page_view, BOX)
    arun(w.runner.drain())
    assert len(decisions(w, arun)) == 1
    assert "Choose a server first" not in ocr.status.text()  # OCR did not act on it
    w.actions_by_name["ocr_region"].trigger()  # OCR ▸ Re-run a Region…
    assert w.page_view.region_mode and ocr.region_button.isChecked()
    _drag(w.page_view, (0.1, 0.1, 0.5, 0.2))
    arun(w.runner.drain())
    assert "Choose a server first" in ocr.status.text()  # OCR took it
    assert len(decisions(w, arun)) == 1  # and Publish did not


def test_ocr_asking_for_the_mode_ends_publishs_mark(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    _press_r_on(w, arun, publish, 1, PersonalKind.PHONE)
    w.actions_by_name["ocr_region"].trigger()
    assert w.page_view.region_owner is w.ocr_ui.panel
    _drag(w.page_view, BOX)
    arun(w.runner.drain())
    assert decisions(w, arun) == []  # OCR's region, not the phone's
    assert _status(w) == "No region marked."  # the reviewer was told the mark ended


def _question(dialog: Any) -> QMessageBox | None:
    boxes = [b for b in dialog.findChildren(QMessageBox) if b.isVisible()]
    return boxes[0] if boxes else None


def test_mark_them_selects_the_first_unplaced_finding_for_r(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    # No alternate reading was run: no line box places any finding on the scan.
    w, publish = publishing(make_window, arun, sample_pdf)
    dock = publish.dock
    dock.view.setCurrentIndex(dock.model.index(_row(publish, 1, PersonalKind.PHONE), 0))
    dialog = publish.show_dialog()
    assert dialog is not None
    dialog.format.setCurrentIndex(dialog.format.findData("pdf"))
    target = tmp_path / "published.pdf"
    dialog.path.setText(str(target))
    dialog.unreviewed.setChecked(True)
    task = asyncio.ensure_future(dialog.publish())
    arun(wait_for(lambda: _question(dialog) is not None, what="the question"))
    box = _question(dialog)
    assert box is not None
    [mark] = [b for b in box.findChildren(QPushButton) if b.text() == "&Mark Them"]
    mark.click()
    assert arun(task) is None
    assert not target.exists()
    arun(wait_for(lambda: publish.dialog is None, what="the dialog closed"))
    arun(w.runner.drain())
    item = dock.model.rows[dock.view.currentIndex().row()]
    assert (item.finding.page, item.finding.kind, item.finding.text) == (
        0,
        PersonalKind.PERSON,
        "陳大文",
    )
    assert "Press R" in _status(w)
    QTest.keyClick(dock.view, Qt.Key.Key_R)  # the next key, as the dialog promised
    arun(wait_for(lambda: w.page_view.region_mode, what="region mode"))
    assert w.controller.current == 0


def test_mark_them_selects_the_finding_the_scan_cannot_place_not_its_placed_twin(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    # Page 1 names 陳大文 twice: an alternate reading places its first four lines (the
    # party line among them) and reads the last without a box, so only the second 陳大文
    # (and the second 林志明) has no place on the scan.
    w, publish = publishing(make_window, arun, sample_pdf)
    ws = w.controller.workspace
    assert ws is not None
    arun(ws.run_in_store(lambda: store_alt_text(ws.session.store, 0, _reading(PAGE_1))))
    second = PAGE_1.index("陳大文", PAGE_1.index("陳大文") + 1)
    dialog = publish.show_dialog()
    assert dialog is not None
    dialog.format.setCurrentIndex(dialog.format.findData("pdf"))
    dialog.path.setText(str(tmp_path / "published.pdf"))
    dialog.unreviewed.setChecked(True)
    task = asyncio.ensure_future(dialog.publish())
    arun(wait_for(lambda: _question(dialog) is not None, what="the question"))
    box = _question(dialog)
    assert box is not None
    assert box.text().count("page 1: Person") == 2  # the two second mentions alone
    [mark] = [b for b in box.findChildren(QPushButton) if b.text() == "&Mark Them"]
    mark.click()
    assert arun(task) is None
    arun(wait_for(lambda: publish.dialog is None, what="the dialog closed"))
    arun(w.runner.drain())
    item = publish.dock.model.rows[publish.dock.view.currentIndex().row()]
    assert (item.finding.page, item.finding.start, item.finding.text) == (0, second, "陳大文")


def _reading(text: str) -> AltText:
    """A reading of ``text`` with a box for each line but the last."""
    rows = text.split("\n")
    lines, start = [], 0
    for n, row in enumerate(rows):
        box = (0.1, 0.1 + 0.05 * n, 0.9, 0.14 + 0.05 * n) if n < len(rows) - 1 else None
        lines.append(AltLine(row, start, start + len(row), box))
        start += len(row) + 1
    return AltText(text, "rapidocr", tuple(lines))


def test_the_redacted_pdf_blanks_the_marked_box(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    box = (0.15, 0.12, 0.85, 0.2)  # a band of page 2's scan with ink in it
    w, publish = publishing(make_window, arun, sample_pdf)
    _press_r_on(w, arun, publish, 1, PersonalKind.PHONE)
    _drag(w.page_view, box)
    arun(w.runner.drain())
    [row] = decisions(w, arun)
    drawn = json.loads(row["box"])
    dialog = publish.show_dialog()
    assert dialog is not None
    dialog.format.setCurrentIndex(dialog.format.findData("pdf"))
    target = tmp_path / "published.pdf"
    dialog.path.setText(str(target))
    dialog.unreviewed.setChecked(True)
    task = asyncio.ensure_future(dialog.publish())
    arun(wait_for(lambda: _question(dialog) is not None, what="the question"))
    question = _question(dialog)
    assert question is not None
    assert "page 2: Phone number" not in question.text()  # placed now: by its region
    question.button(QMessageBox.StandardButton.Yes).click()  # the others: text layer only
    assert arun(task) is not None
    before, after = _spread(sample_pdf, drawn), _spread(target, drawn)
    assert before > 100  # the scan had ink there
    assert after <= 8  # and now it is one colour (a JPEG's ripple aside)


def _spread(pdf: Path, box: list[float]) -> int:
    """The range of grey levels inside ``box`` of page 2 (its rim left out)."""
    with pymupdf.open(pdf) as doc:
        page = doc[1]
        w, h = page.rect.width, page.rect.height
        x0, y0, x1, y1 = box
        clip = pymupdf.Rect(x0 * w + 2, y0 * h + 2, x1 * w - 2, y1 * h - 2)
        pix = page.get_pixmap(clip=clip, colorspace=pymupdf.csGRAY, dpi=100)
        samples = pix.samples
        return max(samples) - min(samples)
