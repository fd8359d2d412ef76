"""What the find & replace window tests read back: the store's texts and versions, to
show what a search or a replacement wrote (the window itself: tests.gui.window_support)."""

from __future__ import annotations

from gui.shell.main_window import MainWindow

PAGE_COUNT = 7  # the sample document's


def page_texts(w: MainWindow) -> list[str]:
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    return [store.page_state(p).text for p in range(PAGE_COUNT)]


def version_counts(w: MainWindow) -> list[int]:
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    return [len(store.versions(p)) for p in range(PAGE_COUNT)]
