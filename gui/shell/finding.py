"""F3 / Shift+F3: the next or previous match of whichever search the reviewer is using.

With the find bar open, the matches in this page; otherwise the rows of *Search
All Pages* (across pages, as a list of matches), then the find bar again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.shell.main_window import MainWindow


def find_next(w: MainWindow, delta: int) -> None:
    editor = w.editor
    in_page = editor.find_bar.isVisible() and bool(editor.find_field.text())
    if not in_page and w.search.step(delta):
        return
    if editor.find_field.text():
        editor.find_next(backward=delta < 0)
    else:
        editor.show_find()
