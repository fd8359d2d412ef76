"""Text ↔ image: the transcript cursor's line is marked on the page, a click on the page
moves the cursor, and hovering a difference shows the image of its line."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QTextCursor
from PySide6.QtTest import QTest

from backend.models import AltLine, AltText, VersionKind
from backend.review.values import DiffCategory, Flag, FlagKind, Hunk, PageReview
from gui.aids.image_link import ImageLink, code_points_to_utf16, utf16_to_code_points
from gui.shell.main_window import MainWindow
from gui.widgets.page_view import FitMode, PageView
from tests.backend.review.tables import SETTINGS
from tests.gui.conftest import wait_for

LINE_1 = "第一條　當事人得上訴。"  # 11 characters, 0..11
LINE_2 = "第二條　被告應給付。"  # 10 characters, 12..22
TEXT = f"{LINE_1}\n{LINE_2}"
ALT = TEXT.replace("應", "不")  # the other engine reads 不 where the transcript has 應
AT = TEXT.index("應")  # 18
BOX_1 = (0.10, 0.10, 0.90, 0.14)
BOX_2 = (0.10, 0.20, 0.90, 0.24)


def make_review(page: int = 0, *, boxes: bool = True) -> PageReview:
    lines = (
        AltLine(LINE_1, 0, 11, BOX_1 if boxes else None),
        AltLine(LINE_2.replace("應", "不"), 12, 22, BOX_2 if boxes else None),
    )
    flag = Flag(AT, AT + 1, FlagKind.CRITICAL, "alternate reads 不 here", AT, AT + 1, "不", "modal")
    hunk = Hunk(AT, AT + 1, AT, AT + 1, "應", "不", DiffCategory.SUBSTANTIVE)
    return PageReview(
        page=page,
        agreement=21 / 22,
        flags=(flag,),
        alternate=AltText(ALT, "rapidocr", lines),
        hunks=(hunk,),
        equal_blocks=((0, 0, AT), (AT + 1, AT + 1, len(TEXT) - AT - 1)),
    )


@pytest.fixture
def window(make_window: Any, arun: Any, sample_pdf: Path) -> Iterator[MainWindow]:
    w: MainWindow = make_window(str(sample_pdf))

    async def open_with_text() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.controller.current == 0, what="first page")
        ws: Any = w.controller.workspace
        await ws.add_reading(0, TEXT, {"engine": "vlm"})
        w.show_page_state(await ws.page_state(0), ws.page_count)
        w.page_view.set_fit(FitMode.PAGE)  # the whole page in view
        await wait_for(lambda: w.page_view.page_pixmap() is not None, what="the page image")
        await w.runner.drain()

    arun(open_with_text())
    yield w


def _expected(view: PageView, box: tuple[float, float, float, float]) -> QRectF:
    r = view.sceneRect()
    return QRectF(
        box[0] * r.width(),
        box[1] * r.height(),
        (box[2] - box[0]) * r.width(),
        (box[3] - box[1]) * r.height(),
    )


def _coords(rect: QRectF) -> tuple[float, float, float, float]:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


def _put_cursor(w: MainWindow, offset: int) -> None:
    editor = w.editor.editor
    cursor = editor.textCursor()
    cursor.setPosition(code_points_to_utf16(editor.toPlainText(), offset))
    editor.setTextCursor(cursor)


def _cursor_offset(w: MainWindow) -> int:
    editor = w.editor.editor
    return utf16_to_code_points(editor.toPlainText(), editor.textCursor().position())


def _click(view: PageView, fx: float, fy: float) -> None:
    r = view.sceneRect()
    spot = view.mapFromScene(QPointF(fx * r.width(), fy * r.height()))
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, spot
    )


def test_the_window_installs_the_link(window: MainWindow) -> None:
    assert isinstance(window.image_link, ImageLink)  # type: ignore[attr-defined]


def test_moving_the_cursor_marks_its_line_on_the_image(window: MainWindow) -> None:
    link, view = window.image_link, window.page_view  # type: ignore[attr-defined]
    link.set_review(make_review())
    _put_cursor(window, 15)  # 被 in line 2
    rect = view.highlight_rect()
    assert rect is not None
    expected = _expected(view, BOX_2)
    assert _coords(rect) == pytest.approx(_coords(expected), abs=0.5)
    assert link.line.start == 12
    QTest.keyClick(window.editor.editor, Qt.Key.Key_Up)  # the keys move it too
    assert _cursor_offset(window) < 11
    assert view.highlight_rect() == _expected(view, BOX_1)
    view.zoom_by(2.0)  # the mark stays on the same words at any zoom
    assert view.highlight_rect() == _expected(view, BOX_1)


def test_an_offscreen_line_is_scrolled_into_view(window: MainWindow) -> None:
    link, view = window.image_link, window.page_view  # type: ignore[attr-defined]
    low = (0.1, 0.93, 0.9, 0.97)
    review = make_review()
    lines = (review.alternate.lines[0], AltLine(LINE_2, 12, 22, low))  # type: ignore[union-attr]
    link.set_review(
        PageReview(0, 1.0, alternate=AltText(TEXT, "x", lines), equal_blocks=((0, 0, len(TEXT)),))
    )
    view.set_zoom(4.0)
    view.verticalScrollBar().setValue(0)
    _put_cursor(window, 16)
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    mark = view.highlight_rect()
    assert mark is not None and shown.intersects(mark)


def test_clicking_a_line_on_the_image_moves_the_cursor_into_its_text(window: MainWindow) -> None:
    link, view = window.image_link, window.page_view  # type: ignore[attr-defined]
    link.set_review(make_review())
    _put_cursor(window, 0)
    centre_2 = ((BOX_2[0] + BOX_2[2]) / 2, (BOX_2[1] + BOX_2[3]) / 2)
    _click(view, *centre_2)
    offset = _cursor_offset(window)
    assert 12 <= offset <= 22
    assert offset == pytest.approx(17, abs=1)  # half way along the line
    assert view.highlight_rect() == _expected(view, BOX_2)
    _click(view, 0.12, 0.12)  # the start of line 1
    assert _cursor_offset(window) <= 1
    _click(view, 0.5, 0.6)  # no box there: the nearest line (line 2)
    assert 12 <= _cursor_offset(window) <= 22


def test_a_drag_pans_and_does_not_move_the_cursor(window: MainWindow) -> None:
    link, view = window.image_link, window.page_view  # type: ignore[attr-defined]
    link.set_review(make_review())
    _put_cursor(window, 3)
    r = view.sceneRect()
    start = view.mapFromScene(QPointF(0.5 * r.width(), 0.22 * r.height()))
    port = view.viewport()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(port, start + QPoint(30, 30))
    QTest.mouseRelease(
        port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start + QPoint(30, 30)
    )
    assert _cursor_offset(window) == 3


def test_hovering_a_critical_difference_shows_its_line_image(window: MainWindow) -> None:
    link = window.image_link  # type: ignore[attr-defined]
    link.set_review(make_review())
    tip = link.tooltip_html(AT)
    assert "Legal-critical: alternate reads 不 here" in tip
    data = tip.split('src="data:image/png;base64,')[1].split('"')[0]
    image = QImage.fromData(base64.b64decode(data))
    assert image.width() == 400
    page = window.page_view.page_pixmap()
    assert page is not None
    box_aspect = ((BOX_2[2] - BOX_2[0]) * page.width()) / ((BOX_2[3] - BOX_2[1]) * page.height())
    assert image.width() / image.height() == pytest.approx(box_aspect, rel=0.25)  # its margin
    assert link.tooltip_html(2) is None  # nothing differs there


def test_a_hover_event_shows_the_tooltip(window: MainWindow, qtbot: Any) -> None:
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    link = window.image_link  # type: ignore[attr-defined]
    link.set_review(make_review())
    editor = window.editor.editor
    cursor = QTextCursor(editor.document())
    cursor.setPosition(code_points_to_utf16(TEXT, AT))
    rect = editor.cursorRect(cursor)
    pos = rect.center() + QPoint(4, 0)  # inside the character 應
    event = QHelpEvent(QHelpEvent.Type.ToolTip, pos, editor.viewport().mapToGlobal(pos))
    QApplication.sendEvent(editor.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    assert "alternate reads 不 here" in QToolTip.text()
    QToolTip.hideText()


def test_without_boxes_nothing_is_marked_and_clicks_do_nothing(window: MainWindow) -> None:
    link, view = window.image_link, window.page_view  # type: ignore[attr-defined]
    link.set_review(make_review(boxes=False))
    _put_cursor(window, 15)
    assert view.highlight_rect() is None
    _put_cursor(window, 3)
    _click(view, 0.5, 0.22)
    assert _cursor_offset(window) == 3
    tip = link.tooltip_html(AT)
    assert "alternate reads 不 here" in tip and "data:image" not in tip  # text, no image
    link.set_review(None)
    assert view.highlight_rect() is None


def test_a_review_of_another_page_is_ignored(window: MainWindow) -> None:
    link, view = window.image_link, window.page_view  # type: ignore[attr-defined]
    link.set_review(make_review(page=1))  # late: the reviewer is on page 1 (index 0)
    _put_cursor(window, 15)
    assert view.highlight_rect() is None
    assert link.tooltip_html(AT) is None


def test_a_real_review_from_the_backend_links_too(window: MainWindow) -> None:
    review_aids = pytest.importorskip("backend.review.page_aids")
    lines = (AltLine(LINE_1, 0, 11, BOX_1), AltLine(ALT[12:], 12, 22, BOX_2))
    review = review_aids.review_page(0, TEXT, AltText(ALT, "rapidocr", lines), settings=SETTINGS)
    link, view = window.image_link, window.page_view  # type: ignore[attr-defined]
    link.set_review(review)
    _put_cursor(window, 14)
    assert view.highlight_rect() == _expected(view, BOX_2)
    _click(view, 0.5, 0.12)
    assert 0 <= _cursor_offset(window) <= 11
    assert any(f.kind is FlagKind.CRITICAL for f in review.flags)
    assert "不" in (link.tooltip_html(AT) or "")


def test_the_review_aids_feed_the_link_in_the_window(window: MainWindow, arun: Any) -> None:
    """End to end: a stored alternate with boxes → the aids hub's review → the mark."""
    ws: Any = window.controller.workspace
    lines = (AltLine(LINE_1, 0, 11, BOX_1), AltLine(ALT[12:], 12, 22, BOX_2))
    provenance = {"engine": "rapidocr", "lines": [line.as_json() for line in lines]}
    store = ws.session.store
    arun(ws.run_in_store(lambda: store.add_version(0, VersionKind.ALTERNATE, ALT, provenance)))
    link = window.image_link  # type: ignore[attr-defined]
    window.aids.refresh()

    async def until_reviewed() -> None:
        await wait_for(
            lambda: link.review is not None and link.review.alternate is not None,
            what="the review with the alternate",
        )
        await window.runner.drain()

    arun(until_reviewed())
    _put_cursor(window, 14)
    assert window.page_view.highlight_rect() == _expected(window.page_view, BOX_2)
    assert "不" in (link.tooltip_html(AT) or "")
