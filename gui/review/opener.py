"""Opening a document from the GUI: dialogs, passwords, a store made for another
file, recent files, and the notices the backend gathered while opening."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from backend.errors import PasswordRequiredError, StoreMismatchError, WrongPasswordError
from gui.context import Host
from gui.services.workspace import Workspace
from gui.widgets import dialogs

if TYPE_CHECKING:
    from backend.models import PageState
    from gui.review.controller import ReviewController
    from gui.services.settings import GuiSettings
    from gui.services.tasks import TaskRunner
    from gui.widgets.notice_bar import NoticeBar


TRANSIENT_MS = 10_000  # "Imported 7 page(s)." is read in a glance


class OpenerWindow(Host, Protocol):
    """What opening a document shows in the window besides the page itself."""

    settings: GuiSettings
    notice_bar: NoticeBar

    def set_document_title(self, path: Path | None) -> None: ...

    def show_page_state(self, state: PageState, page_count: int) -> None: ...


class Opener(QObject):
    def __init__(
        self, window: OpenerWindow, controller: ReviewController, runner: TaskRunner
    ) -> None:
        super().__init__(window.dialog_parent())
        self.w = window
        self.controller = controller
        self.runner = runner
        self.store_path: Path | str | None = None  # --store, or the team server's URL
        self._opening = False
        # Run on a document just opened, before its first page shows (the sample's
        # transcripts are imported here); each may return a notice to show.
        self.preparers: list[Callable[[Workspace], Awaitable[str | None]]] = []

    def choose_and_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.w.dialog_parent(),
            self.tr("Open a PDF"),
            "",
            self.tr("PDF documents (*.pdf);;All files (*)"),
        )
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path, password: str | None = None) -> None:
        # Not a latest-wins task: cancelling an open half-way would leave the
        # session opening on the store thread with nobody to close it.
        if self._opening:
            self.w.show_message(self.tr("Still opening the previous file…"), 5000)
            return
        self.runner.run(self.open(path, password))

    async def open(self, path: Path, password: str | None = None) -> bool:
        """Open ``path``, asking for a password or confirmation as needed."""
        current = self.controller.workspace
        if current is not None and current.path == path.resolve():
            self.w.show_message(self.tr("That document is already open."), 5000)
            return True
        self._opening = True
        try:
            workspace = await self._open_workspace(path, password)
            return workspace is not None and await self._switch_to(workspace)
        finally:
            self._opening = False

    async def _open_workspace(self, path: Path, password: str | None) -> Workspace | None:
        allow_mismatch = False
        while True:
            try:
                return await Workspace.open(
                    path,
                    password=password,
                    store_path=self.store_path,
                    allow_mismatch=allow_mismatch,
                    parent=self.w.dialog_parent(),
                )
            except WrongPasswordError:
                password = await self._ask_password(path, wrong=True)
            except PasswordRequiredError:
                password = await self._ask_password(path, wrong=False)
            except StoreMismatchError as exc:
                if not await dialogs.ask_yes_no(
                    self.w.dialog_parent(),
                    self.tr("Different document"),
                    str(exc) + "\n\n" + self.tr("Continue with this review anyway?"),
                ):
                    return None
                allow_mismatch = True
                continue
            if password is None:
                return None  # the reviewer cancelled the password prompt

    async def _switch_to(self, workspace: Workspace) -> bool:
        try:
            if not await self.controller.detach():
                await workspace.close()
                workspace.deleteLater()
                self.w.show_error(
                    self.tr(
                        "The open document's typing is not saved yet; "
                        "try again once the status bar says “saved”."
                    )
                )
                return False
            self.w.settings.add_recent_file(str(workspace.path))
            self.w.set_document_title(workspace.path)
            notices = list(workspace.notices)
            for prepare in self.preparers:
                if notice := await prepare(workspace):
                    notices.append(notice)
            self.w.notice_bar.show_notices(notices)
            await self.controller.attach(workspace)
        except BaseException:
            if self.controller.workspace is not workspace:
                await workspace.close()  # never leave a session open with nobody to close it
                workspace.deleteLater()
            raise
        return True

    async def _ask_password(self, path: Path, *, wrong: bool) -> str | None:
        prompt = (
            self.tr("That password does not open “{0}”. Try again:")
            if wrong
            else self.tr("“{0}” is protected by a password:")
        ).format(path.name)
        return await dialogs.ask_text(
            self.w.dialog_parent(), self.tr("Password"), prompt, secret=True
        )

    def import_transcripts(self, folder: bool) -> None:
        ws = self.controller.workspace
        start = str(ws.path.parent) if ws is not None else ""  # transcripts sit beside the PDF
        if folder:
            source = QFileDialog.getExistingDirectory(
                self.w.dialog_parent(), self.tr("Folder of page files"), start
            )
        else:
            source, _ = QFileDialog.getOpenFileName(
                self.w.dialog_parent(),
                self.tr("Import transcripts"),
                start,
                self.tr(
                    "JSON Lines (*.jsonl *.json);;PAGE XML, ALTO or hOCR (*.xml *.hocr *.html)"
                    ";;All files (*)"
                ),
            )
        if source:
            self.runner.run(self.import_from(Path(source)), name="import")

    async def import_from(self, source: Path) -> None:
        ws = self.controller.workspace
        if ws is None:
            return
        async with self.controller.page_transition():
            if not await self.controller.flush_edits():
                return
            await ws.commit_draft(self.controller.current)
            change = await ws.import_transcripts(source)
            state = await ws.page_state(self.controller.current)
            self.w.show_page_state(state, ws.page_count)
        await self.controller.refresh_history()
        # Until the next page or a while: it is about this import, not every page.
        # A warning that the file may not fit (a line of its own) stays until the page changes.
        warned = "\n" in change.message
        self.w.notice_bar.show_transient(change.message, 0 if warned else TRANSIENT_MS)
