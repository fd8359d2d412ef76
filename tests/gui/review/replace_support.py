"""Set-up shared by the find & replace window tests: a real window with pages typed in,
and what its store holds (the texts, the versions) to show what a search changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for

PAGE_COUNT = 7  # the sample document's


def opened(make_window: Any, arun: Any, sample_pdf: Path, texts: dict[int, str]) -> MainWindow:
    """A window on ``sample_pdf`` whose pages hold ``texts`` (each a saved version)."""
    w: MainWindow = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    ws = w.controller.workspace
    assert ws is not None
    for page, text in texts.items():
        arun(ws.save_draft(page, text))
        arun(ws.commit_draft(page))
    arun(w.controller.reload_page(0))
    return w


def page_texts(w: MainWindow) -> list[str]:
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    return [store.page_state(p).text for p in range(PAGE_COUNT)]


def version_counts(w: MainWindow) -> list[int]:
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    return [len(store.versions(p)) for p in range(PAGE_COUNT)]
