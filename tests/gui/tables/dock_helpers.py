"""A real window with the sample document open on a page of tables, and its Table dock."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QTextCursor

from gui.shell.main_window import MainWindow
from gui.tables.table_dock import TableDock
from tests.gui.conftest import wait_for

MARKDOWN = "| 品名 | 數量 |\n|---|---|\n| 手機 | 1 |\n| 刀 | 2 |"
HTML = (
    '<table><tr><th>品名</th><th>金額</th></tr><tr><td colspan="2">合計</td></tr>'
    "<tr><td>刀</td><td>300</td></tr></table>"
)
BROKEN = "<table><tr><td>甲<td>乙</tr></table>"
TEXT = f"第一條　說明如下。\n{MARKDOWN}\n\n附表二\n{HTML}\n完。\n{BROKEN}"


def dock_of(w: MainWindow) -> TableDock:
    dock = w.findChild(TableDock)
    assert dock is not None
    return dock


@pytest.fixture
def window(make_window: Any, arun: Any, sample_pdf: Path) -> Iterator[MainWindow]:
    w: MainWindow = make_window(str(sample_pdf))

    async def open_with_text() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.controller.current == 0, what="first page")
        ws: Any = w.controller.workspace
        await ws.add_reading(0, TEXT, {"engine": "vlm"})
        w.show_page_state(await ws.page_state(0), ws.page_count)
        await w.runner.drain()

    arun(open_with_text())
    w.activateWindow()
    yield w


def put_cursor(w: MainWindow, offset: int) -> None:
    """The transcript cursor at code point ``offset`` (the page's text is all BMP)."""
    edit = w.editor.editor
    cursor = edit.textCursor()
    cursor.setPosition(offset)
    edit.setTextCursor(cursor)


def cursor_offset(w: MainWindow) -> int:
    return w.editor.editor.textCursor().position()


def select_text(w: MainWindow, start: int, end: int) -> None:
    edit = w.editor.editor
    cursor = edit.textCursor()
    cursor.setPosition(start)
    cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
    edit.setTextCursor(cursor)
