"""Drawing a region on the page image, and reading only that region."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from gui.widgets.page_view import FitMode, PageView
from tests.gui.ocr.ocr_panel_helpers import Rig, fake, rig

__all__ = ["fake", "rig"]  # the fixtures

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def _point(view: PageView, fx: float, fy: float) -> QPoint:
    """The viewport pixel showing this spot of the page."""
    rect = view.sceneRect()
    return view.mapFromScene(QPointF(fx * rect.width(), fy * rect.height()))


def _drag(view: PageView, start: QPoint, end: QPoint) -> None:
    port = view.viewport()
    QTest.mousePress(port, LEFT, NONE, start)
    QTest.mouseMove(port, (start + end) / 2)
    QTest.mouseMove(port, end)
    QTest.mouseRelease(port, LEFT, NONE, end)


@pytest.fixture
def view(qtbot: Any) -> PageView:
    v = PageView()
    qtbot.addWidget(v)
    v.resize(700, 700)
    v.show()
    v.set_page_size(595, 842)
    v.set_fit(FitMode.PAGE)  # the whole page in view, with grey around it
    return v


def test_a_drag_in_region_mode_emits_the_rectangle_as_page_fractions(view: PageView) -> None:
    modes: list[bool] = []
    regions: list[tuple[float, float, float, float]] = []
    view.region_mode_changed.connect(modes.append)
    view.region_selected.connect(regions.append)
    view.set_region_mode(True)
    assert modes == [True]
    assert view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    # Drawn from bottom-right to top-left: the same rectangle.
    _drag(view, _point(view, 0.6, 0.5), _point(view, 0.2, 0.1))
    assert len(regions) == 1
    tolerance = 1.5 / view.sceneRect().height()  # a pixel of rounding
    assert regions[0] == pytest.approx((0.2, 0.1, 0.6, 0.5), abs=tolerance)
    band = view._band
    assert band.isVisible()
    assert band.rect().width() == pytest.approx(0.4 * view.sceneRect().width(), abs=2)
    view.zoom_by(2.0)  # zoom still works, and the rectangle stays on the same words
    assert band.rect().width() == pytest.approx(0.4 * view.sceneRect().width(), abs=2)
    assert view.region_mode


def test_a_drag_past_the_page_edge_is_clamped(view: PageView) -> None:
    regions: list[tuple[float, float, float, float]] = []
    view.region_selected.connect(regions.append)
    view.set_region_mode(True)
    corner = QPoint(view.viewport().width() - 1, view.viewport().height() - 1)
    assert view.mapToScene(corner).x() > view.sceneRect().width()  # beyond the page
    _drag(view, _point(view, 0.5, 0.5), corner)
    x0, y0, x1, y1 = regions[0]
    assert (x1, y1) == (1.0, 1.0)
    assert x0 == pytest.approx(0.5, abs=0.01) and y0 == pytest.approx(0.5, abs=0.01)


def test_a_click_is_not_a_region_and_esc_leaves_the_mode(view: PageView) -> None:
    modes: list[bool] = []
    regions: list[tuple[float, float, float, float]] = []
    view.region_mode_changed.connect(modes.append)
    view.region_selected.connect(regions.append)
    view.set_region_mode(True)
    spot = _point(view, 0.3, 0.3)
    QTest.mouseClick(view.viewport(), LEFT, NONE, spot)
    _drag(view, spot, spot + QPoint(2, 40))  # a 2-pixel-wide sliver: a shaky click
    assert regions == []
    assert not view._band.isVisible()
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert modes == [True, False]
    assert not view.region_mode
    assert view.viewport().cursor().shape() == Qt.CursorShape.OpenHandCursor  # panning again
    _drag(view, _point(view, 0.2, 0.2), _point(view, 0.6, 0.6))
    assert regions == []  # outside the mode a drag pans


def test_a_new_page_forgets_the_drawn_region(view: PageView) -> None:
    view.set_region_mode(True)
    _drag(view, _point(view, 0.2, 0.2), _point(view, 0.6, 0.6))
    assert view._band.isVisible()
    view.set_page_size(842, 595)
    assert not view._band.isVisible()
    assert view.region_mode  # still drawing: the next region may be on this page


def test_reading_a_drawn_region_sends_the_crop_and_offers_insert(rig: Rig) -> None:
    w, panel = rig.w, rig.panel
    view = w.page_view
    view.set_fit(FitMode.PAGE)
    view.region_selected.connect(panel.run_region)  # wired as the window will
    panel.region_mode_wanted.connect(view.set_region_mode)
    view.region_mode_changed.connect(panel.show_region_mode)
    panel.region_button.click()
    assert view.region_mode
    _drag(view, _point(view, 0.1, 0.2), _point(view, 0.9, 0.4))  # a wide strip of the page
    assert panel.busy  # the release started the read
    rig.wait(lambda: not panel.busy, "the region reading")
    image = rig.fake.requests()[-1]["images"][0]
    page_w, page_h = rig.arun(rig.ws.page_size(0))
    crop_ratio = (0.8 * page_w) / (0.2 * page_h)
    assert image["width"] / image["height"] == pytest.approx(crop_ratio, rel=0.06)
    assert image["width"] / image["height"] > 2 * page_w / page_h  # not the whole page
    stored = rig.versions()[-1]
    assert stored.text == panel.compare.new.toPlainText()
    assert any(n.startswith("region only") for n in stored.provenance["notes"])
    assert rig.state().text.startswith("第一條")  # a region never becomes the page's text
    c = panel.compare
    assert c.insert_button.isVisible() and c.replace_button.isVisible()
    assert not c.accept_button.isVisible()
    assert c.title.text() == "Reading of a region of page 1"
    # Wired as the window will: Insert at the cursor, Replace the selection.
    editor = w.editor.editor
    panel.insert_text.connect(editor.insertPlainText)
    cursor = editor.textCursor()
    cursor.setPosition(3)  # after 第一條
    editor.setTextCursor(cursor)
    c.insert_button.click()
    assert editor.toPlainText() == "第一條" + stored.text + "　當事人得上訴。"
    assert not c.isVisible()
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert not view.region_mode and not panel.region_button.isChecked()


def test_replace_selection_with_a_region(rig: Rig) -> None:
    w, panel = rig.w, rig.panel
    editor = w.editor.editor
    panel.replace_selection.connect(editor.insertPlainText)  # replaces what is selected
    panel.run_region((0.5, 0.5, 0.1, 0.1))  # given corner to corner: normalised
    rig.wait(lambda: not panel.busy, "the region reading")
    assert rig.fake.requests()[-1]["images"][0]["width"] > 0
    cursor = editor.textCursor()
    cursor.setPosition(4)
    cursor.setPosition(7, cursor.MoveMode.KeepAnchor)  # 當事人
    editor.setTextCursor(cursor)
    panel.compare.replace_button.click()
    text = rig.versions()[-1].text
    assert editor.toPlainText() == "第一條　" + text + "得上訴。"
