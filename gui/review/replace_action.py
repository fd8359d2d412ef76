"""Find & replace across the document (issue 24 point 4): the menu entry, the dialog's
search and writes on the store's thread, and the views told as after any new version.

Its key is **Ctrl+Shift+H** (⌘⌥F on macOS): Ctrl+H, the word processors' replace,
is History's; Ctrl+Shift+H is Replace in Files in VS Code, and sits next to History.
On macOS History itself is ⌘⇧H (⌘H hides the application), so there the dialog takes
⌘⌥F, the Find and Replace of the Mac's own text applications (TextEdit, Xcode).
docs/SHORTCUTS.md has the check.

The preview searches a few hundred pages per store call (``PREVIEW_CHUNK``): a progress
step and a chance to cancel between calls, and typing saved in between waits at most
one chunk. A regex that runs away on a page is stopped there after ``time_limit``
seconds (``backend.session.replace.TIME_LIMIT``) and named in the dialog; it lets go of
the GIL while it runs, so the window stays live, and Cancel (or Esc) ends the preview at
once: the store's thread is told too (``stop``) and leaves the search after the page it
is on. A write is one store call whose change record goes out through the
workspace's ``changed`` (``announce``), so the page shown, the page list and History
redraw as after a restore.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from backend.models import Change
from backend.session.replace import (
    TIME_LIMIT,
    ReplaceMatch,
    ReplaceOutcome,
    ReplaceQuery,
    apply_matches,
    find_matches,
)
from gui.context import ActionSpec, Host, Navigator
from gui.review.replace_dialog import Progress, ReplaceDialog

if TYPE_CHECKING:
    from gui.services.tasks import TaskRunner
    from gui.services.workspace import Workspace

KEYS = ("Ctrl+Shift+H",)  # on macOS ⌘⌥F: gui.shell.keys.MAC_REMAP
PREVIEW_CHUNK = 250  # pages per store call of the preview


class ReplaceAction(QObject):
    def __init__(self, host: Host, navigator: Navigator, runner: TaskRunner) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner = host, navigator, runner
        self.dialog = ReplaceDialog(
            self.find, self.apply, host.confirm, runner.run, host.dialog_parent()
        )
        # The dialog stays open while the reviewer moves on: "Current page" is the page
        # shown when the search starts, not the one shown when the dialog opened.
        navigator.page_loaded.connect(self._page_shown)
        self.dialog.page_now = lambda: self.nav.current
        self.time_limit = TIME_LIMIT  # seconds a regex may take over one page

    def actions(self, keys: tuple[str, ...] = KEYS) -> list[ActionSpec]:
        return [
            ActionSpec("edit", "replace", self.tr("Find and Re&place…"), self.show, keys, "find")
        ]

    def show(self) -> None:
        ws = self.nav.workspace
        if ws is None:
            self.host.show_message(self.tr("Open a document first."))
            return
        self.dialog.set_document(ws.page_count, self.nav.current)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        self.dialog.find_field.setFocus()
        self.dialog.find_field.selectAll()

    def _page_shown(self, page: int) -> None:
        ws = self.nav.workspace
        if ws is not None:
            self.dialog.set_document(ws.page_count, page)

    def document_closed(self) -> None:
        """Its matches point into the document that closed: never applied to another."""
        self.dialog.forget()
        self.dialog.hide()

    def offer(self, find: str, replace: str, pages: str = "") -> None:
        """Open the dialog with ``find`` → ``replace`` filled in and preview it at once
        (the Facts dock's "make it agree"): nothing changes before the reviewer applies."""
        self.show()
        if self.nav.workspace is not None:
            self.dialog.set_request(find, replace, pages)
            self.dialog.preview()

    # -- on the store's thread ------------------------------------------------------------

    async def find(self, query: ReplaceQuery, progress: Progress) -> list[ReplaceMatch]:
        ws = self._workspace()
        await self.nav.flush_edits()  # typing not saved yet is part of the page's text
        pages = query.pages if query.pages is not None else tuple(range(ws.page_count))
        store = ws.session.store
        matches: list[ReplaceMatch] = []
        progress(0, len(pages))
        stopped = threading.Event()  # set when this task ends: the store's thread stops too
        limit = self.time_limit
        try:
            for start in range(0, len(pages), PREVIEW_CHUNK):
                part = dataclasses.replace(query, pages=tuple(pages[start : start + PREVIEW_CHUNK]))
                matches += await ws.run_in_store(
                    lambda part=part: find_matches(  # type: ignore[misc]
                        store, ws.page_count, part, time_limit=limit, stop=stopped.is_set
                    )
                )
                progress(min(start + PREVIEW_CHUNK, len(pages)), len(pages))
        finally:
            stopped.set()  # cancelled: the chunk on the store's thread stops at its next page
        return matches

    async def apply(
        self, matches: list[ReplaceMatch], query: ReplaceQuery, allow_approved: bool
    ) -> ReplaceOutcome:
        ws = self._workspace()
        if not await self.nav.flush_edits():
            # Typing not saved would be written over the replacement (or lost): not now.
            self.host.show_error(
                self.tr("Nothing was replaced: your typing could not be saved first.")
            )
            return ReplaceOutcome()
        store = ws.session.store
        # Shielded: a write that started finishes and is announced, as the workspace's own.
        outcome = await asyncio.shield(
            ws.run_in_store(
                lambda: apply_matches(store, matches, query, allow_approved=allow_approved)
            )
        )
        announce(ws, outcome)
        return outcome

    def _workspace(self) -> Workspace:
        ws = self.nav.workspace
        if ws is None:
            raise asyncio.CancelledError("no document is open")
        return ws


def announce(ws: Workspace, outcome: ReplaceOutcome) -> None:
    """Tell the views what a replacement changed: new working text and versions (the page
    shown reloads, History redraws), statuses (an approval taken back)."""
    pages = outcome.change.pages | outcome.changed_pages
    if pages:
        ws.changed.emit(
            Change(
                pages=frozenset(pages),
                text=True,
                versions=True,
                status=True,
                message=outcome.change.message,
            )
        )
