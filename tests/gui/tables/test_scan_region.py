"""The Table dock outlines the table's region on the scan (the layout model's) and marks a
cell only by the lines inside it: a value the prose around the table reads too is found."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from backend.models import AltLine, AltText, LayoutKind, LayoutRegion, LayoutRegions
from backend.review.values import PageReview
from gui.shell.main_window import MainWindow
from gui.tables import table_dock
from tests.gui.tables.dock_helpers import HTML, TEXT, dock_of, put_cursor, window
from tests.gui.tables.grid_helpers import commit_posted

__all__ = ["window"]  # the fixture

HTML_REGION, MARKDOWN_REGION = (0.1, 0.45, 0.9, 0.6), (0.1, 0.1, 0.9, 0.3)
BOX_300, BOX_KNIFE, PROSE_300 = (0.6, 0.5, 0.7, 0.53), (0.2, 0.5, 0.3, 0.53), (0.1, 0.8, 0.2, 0.83)
LAYOUT = LayoutRegions(
    (
        LayoutRegion(LayoutKind.TABLE, 0.9, MARKDOWN_REGION),
        LayoutRegion(LayoutKind.TABLE, 0.9, HTML_REGION),
        LayoutRegion(LayoutKind.TEXT, 0.9, (0.05, 0.7, 0.95, 0.9)),
    ),
    "test",
)


def _review() -> PageReview:
    """The HTML table's 300 and 刀 read as lines in its region; the prose below reads 300
    too (an amount quoted in the judgment's text)."""
    lines = (
        AltLine("300", 0, 3, BOX_300),
        AltLine("刀", 4, 5, BOX_KNIFE),
        AltLine("300", 6, 9, PROSE_300),
    )
    return PageReview(0, None, alternate=AltText("300\n刀\n300", "rapidocr", lines))


def _fractions(w: MainWindow, rect: QRectF | None) -> tuple[float, ...] | None:
    if rect is None:
        return None
    scene = w.page_view.sceneRect()
    return tuple(
        round(v, 3)
        for v in (
            rect.left() / scene.width(),
            rect.top() / scene.height(),
            rect.right() / scene.width(),
            rect.bottom() / scene.height(),
        )
    )


def test_the_tables_region_is_outlined_and_the_cell_found_inside_it(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    dock.layout_of = lambda page: LAYOUT if page == 0 else None
    dock.set_review(_review())
    put_cursor(w, TEXT.index("300", TEXT.index(HTML)))
    dock.open_grid()
    # 300: two lines read it on the page, one inside the HTML table's region
    assert _fractions(w, w.page_view.highlight_rect()) == BOX_300
    assert _fractions(w, dock.region_mark.rect()) == HTML_REGION
    w.page_view.set_zoom(w.page_view.zoom * 2)  # the outline stays on the same page area
    assert _fractions(w, dock.region_mark.rect()) == HTML_REGION
    QTest.keyClick(dock.panel.view, Qt.Key.Key_Tab)  # wraps to 品名: nothing reads it
    assert w.page_view.highlight_rect() is None
    assert _fractions(w, dock.region_mark.rect()) == HTML_REGION  # still the table's region
    dock.set_review(PageReview(0, None))  # no alternate: only the only table region...
    dock.layout_of = lambda page: None  # ...and with no layout, nothing outlined
    dock.set_review(_review())
    dock.mark_on_scan(dock.current_cell())
    assert dock.region_mark.rect() is None
    put_cursor(w, TEXT.index("300", TEXT.index(HTML)))
    dock.open_grid()
    assert w.page_view.highlight_rect() is None  # as before the layout: 300 twice, not sure


def test_no_table_at_the_cursor_outlines_nothing(window: MainWindow) -> None:
    w, dock = window, dock_of(window)
    dock.layout_of = lambda page: LAYOUT
    dock.set_review(_review())
    put_cursor(w, TEXT.index("刀", TEXT.index(HTML)))
    dock.open_grid()
    assert _fractions(w, w.page_view.highlight_rect()) == BOX_KNIFE
    assert dock.region_mark.rect() is not None
    put_cursor(w, TEXT.index("附表二"))
    dock.refresh()
    assert dock.region_mark.rect() is None


def test_the_region_is_found_once_for_a_table_edited_cell_by_cell(
    window: MainWindow, monkeypatch: Any
) -> None:
    w, dock = window, dock_of(window)
    found: list[object] = []
    real = table_dock.table_region
    monkeypatch.setattr(table_dock, "table_region", lambda *a: found.append(a) or real(*a))
    dock.layout_of = lambda page: LAYOUT
    dock.set_review(_review())
    put_cursor(w, TEXT.index("刀", TEXT.index(HTML)))
    dock.open_grid()
    view = dock.panel.view
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    QTest.keyClicks(editor, "77")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    commit_posted()  # a new reading of the table: the same table on the scan
    QTest.keyClick(view, Qt.Key.Key_Up)
    assert "<td>77</td>" in w.editor.text() and dock.region_mark.rect() is not None
    assert len(found) == 1


def test_the_composed_window_gives_the_dock_the_pages_layout(window: MainWindow) -> None:
    # As the scan-line aid does once a page's layout is found: the session's reviews know it.
    w, dock = window, dock_of(window)
    workspace = w.controller.workspace
    assert workspace is not None
    workspace.session.reviews.layout = lambda page: LAYOUT if page == 0 else None
    dock.set_review(_review())
    put_cursor(w, TEXT.index("300", TEXT.index(HTML)))
    dock.open_grid()
    assert _fractions(w, dock.region_mark.rect()) == HTML_REGION
    assert _fractions(w, w.page_view.highlight_rect()) == BOX_300
