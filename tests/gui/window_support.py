"""Set-up shared by window tests of more than one feature (the Facts dock, find &
replace): a real main window on a document, its first page shown, and pages typed in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gui.services.workspace import Workspace
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for


def open_window(make_window: Any, arun: Any, pdf: Path) -> tuple[MainWindow, Workspace]:
    """A window on ``pdf`` with its first page shown, and the document's workspace."""
    w: MainWindow = make_window()
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    ws = w.controller.workspace
    assert ws is not None
    return w, ws


def opened(make_window: Any, arun: Any, pdf: Path, texts: dict[int, str]) -> MainWindow:
    """A window on ``pdf`` whose pages hold ``texts``, each saved as the reviewer saves
    (a draft, then its version: the views are told), the first page shown again."""
    w, ws = open_window(make_window, arun, pdf)
    for page, text in texts.items():
        arun(ws.save_draft(page, text))
        arun(ws.commit_draft(page))
    arun(w.controller.reload_page(0))
    return w
