"""The team server feature: what a reviewer sees when the review is on the server.

- A page someone else has claimed opens read-only, with "being edited by X since
  HH:MM" in the status bar, until their claim goes (live, or when it lapses).
- "offline — N edits waiting" while the server is away (``store.away``: its calls fail
  at once, none waits for the connection timeout) or typing waits in the local journal.
  Every few ticks the server is tried in the background, on a thread of its own (never
  the window's, nor the store's, where a page turn would wait behind it); the journal is
  sent as soon as the server answers again.
- Other reviewers' saves, claims and status changes arrive by LISTEN/NOTIFY; each
  becomes the session's ``Change`` record on the workspace, so the views redraw
  what it names. The listener is polled every second on the Qt thread with a zero
  wait (its own connection; it never blocks the window).
- "Team progress…": pages per status and per person, who is editing what, and each
  person's queue (assigned pages not final yet).
- "Release My Claim" gives the shown page back; "Break Claim" lets an administrator
  free a page someone else holds (the database refuses it to anyone else).
- When someone breaks my claim, my window says so (who, which page) at the next
  poll; my typing is kept as a version (``team_claims``) and the page shows its
  working text, read-only ("your claim was broken by X") until "Edit This Page
  Again": a keystroke never takes the page back by itself.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QDialog, QLabel

from backend.errors import StoreError
from backend.session.team import team_keys
from gui.context import ActionSpec, Host, Navigator
from gui.team.progress_view import ProgressView
from gui.team.server_dialog import TeamServerDialog
from gui.widgets.theme import CLAIM, ERROR, set_color

if TYPE_CHECKING:
    from backend.models import Change
    from backend.store.postgres.live import LiveUpdates
    from backend.store.postgres.team_store import TeamStore
    from gui.services.settings import GuiSettings
    from gui.services.tasks import TaskRunner
    from gui.services.workspace import Workspace
    from gui.widgets.transcript_editor import TranscriptEditor

POLL_MS = 1000  # live updates show within about this, well inside the 2 s asked for
PROBE_TICKS = 5  # while away, the server is tried every this many polls (one try at a time)


class TeamFeature(QObject):
    def __init__(
        self,
        host: Host,
        nav: Navigator,
        runner: TaskRunner,
        editor: TranscriptEditor,
        settings: GuiSettings,
        use_store: Callable[[str], None],
    ) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self.editor = host, nav, runner, editor
        self.settings, self.use_store = settings, use_store
        self.keys = team_keys()
        self.claim_label = QLabel()
        set_color(self.claim_label, CLAIM, "font-weight: bold;")
        self.offline_label = QLabel()
        set_color(self.offline_label, ERROR)
        for label in (self.claim_label, self.offline_label):
            label.hide()
            host.add_status_widget(label)
        self.claimed_by: tuple[str, float] | None = None  # of the page shown
        self.live: LiveUpdates | None = None
        self.progress_view: ProgressView | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._tick)
        nav.page_loaded.connect(self._page_loaded)
        runner.failed.connect(self._failed)
        runner.keep_quiet(self._said_offline)
        runner.notice.connect(self.host.show_message)  # an action asked for while away
        self.conflict_view: QDialog | None = None
        self._probing: asyncio.Task[None] | None = None  # a try of the server while away
        self._away_ticks = 0
        if settings.team_url:
            use_store(settings.team_url)

    def actions(self) -> list[ActionSpec]:
        return [
            ActionSpec("file", "team_server", self.tr("Team server…"), self.choose_server,
                       group="team"),
            ActionSpec("view", "team_progress", self.tr("Team progress…"),
                       lambda: self.runner.run(self.show_progress(), name="team progress"),
                       group="team"),
            ActionSpec("page", "release_claim", self.tr("Release My Claim on This Page"),
                       lambda: self.runner.run(self.release_claim(), name="release claim"),
                       group="team"),
            ActionSpec("page", "break_claim", self.tr("Break Claim on This Page (Administrator)"),
                       # not "claim": a claim check (every live update) would cancel it
                       lambda: self.runner.run(self.release_claim(force=True),
                                               name="release claim"),
                       group="team"),
            ActionSpec("page", "edit_again", self.tr("Edit This Page Again"),
                       lambda: self.runner.run(self.edit_again(), name="edit again"), group="team"),
        ]  # fmt: skip

    # -- the setting ---------------------------------------------------------------

    def choose_server(self) -> None:
        dialog = TeamServerDialog(self.settings.team_url, self.keys, self.host.dialog_parent())
        if dialog.exec():
            self.settings.team_url = dialog.chosen_url()
            self.use_store(dialog.chosen_url())
            self.host.show_message(self.tr("Documents opened from now on use this review store."))

    # -- the document coming and going ----------------------------------------------

    def _store(self) -> TeamStore | None:
        return self._store_of(self.nav.workspace)

    @staticmethod
    def _store_of(ws: Workspace | None) -> TeamStore | None:
        from backend.store.postgres.team_store import TeamStore

        store = ws.session.store if ws is not None else None
        return store if isinstance(store, TeamStore) else None

    def document_opened(self, ws: Workspace) -> None:
        if self._store_of(ws) is not None:
            self.runner.run(self._listen(ws), name="team live updates")

    async def _listen(self, ws: Workspace) -> None:
        from backend.store.postgres.live import LiveUpdates

        store = self._store_of(ws)
        assert store is not None
        # Its own connection, made on the store's thread: it must be closed even when
        # the document closes (or this task is cancelled) before it is made.
        making = asyncio.ensure_future(ws.run_in_store(lambda: LiveUpdates(store)))
        try:
            live = await asyncio.shield(making)
        except asyncio.CancelledError:
            making.add_done_callback(_close_live)
            raise
        if self.nav.workspace is not ws:  # closed meanwhile: document_closed has run
            live.close()
            return
        self.live = live
        ws.changed.connect(self._changed)
        self._timer.start()

    def document_closed(self) -> None:
        self._timer.stop()
        if self.live is not None:
            self.live.close()
            self.live = None
        self.claimed_by = None
        self.claim_label.hide()
        self.offline_label.hide()

    def _said_offline(self, exc: BaseException) -> bool:
        """A background task failed because the server is away: the status bar's
        "offline" is the message (a refused login is not away: it is shown)."""
        from backend.store.postgres.errors import LoginRefusedError, TeamUnreachableError

        if not isinstance(exc, TeamUnreachableError) or isinstance(exc, LoginRefusedError):
            return False
        self._show_offline()
        return not self.offline_label.isHidden()  # quiet only where the status bar says so

    def _failed(self, exc: object) -> None:
        from backend.store.postgres.errors import SaveConflictError

        if isinstance(exc, SaveConflictError):  # both kept: show them what differs
            from gui.team.conflict_view import ConflictView

            self.conflict_view = ConflictView(exc, self.host.dialog_parent())
            self.conflict_view.show()

    # -- claims ------------------------------------------------------------------------

    def _page_loaded(self, page: int) -> None:
        if self._store() is not None:
            self.runner.run(self.check_claim(page), name="claim", background=True)

    async def check_claim(self, page: int) -> None:
        ws, store = self.nav.workspace, self._store()
        if ws is None or store is None:
            return
        if page in store.broken:  # at once: no keystroke in between
            self.editor.editor.setReadOnly(True)
        holder = await ws.run_in_store(lambda: store.claim_holder(page))
        if page != self.nav.current:
            return
        self.claimed_by = holder
        broken = store.broken.get(page)
        if holder is None and broken is None:
            self.claim_label.hide()
            return
        self.editor.editor.setReadOnly(True)
        if holder is not None:
            text = self.tr("being edited by {name} since {time}").format(
                name=holder[0], time=time.strftime("%H:%M", time.localtime(holder[1]))
            )
        elif broken:
            text = self.tr(
                "your claim was broken by {name}: read-only until Page ▸ Edit This Page Again"
            ).format(name=broken)
        else:
            text = self.tr("your claim is gone: read-only until Page ▸ Edit This Page Again")
        self.claim_label.setText(text)
        self.claim_label.show()

    def keeps_read_only(self, page: int) -> bool:
        """A page whose claim of mine someone broke stays read-only through its reloads,
        until "Edit This Page Again"."""
        store = self._store()
        return store is not None and page in store.broken

    async def edit_again(self) -> None:
        """The page whose claim someone broke: editable again, by my choice (typing claims
        it, unless someone else holds it now)."""
        ws, store, page = self.nav.workspace, self._store(), self.nav.current
        if ws is None or store is None or page < 0:
            self.host.show_message(self.tr("Open a document kept on the team server first."))
            return
        if page not in store.broken:
            self.host.show_message(self.tr("Your claim on this page was not broken."))
            return
        await ws.run_in_store(lambda: store.edit_again(page))
        await self.nav.reload_page(page)  # editable again
        await self.check_claim(page)  # unless someone else claimed it meanwhile

    async def _claim_went(self, ws: Workspace, store: TeamStore, page: int, by: str) -> None:
        """Someone changed a claim of mine: if it went, my typing is kept; say so."""
        change = await ws.run_in_store(lambda: store.claim_lost(page, by))
        if change is not None:
            self.host.show_message(change.message, 30000)
            ws.changed.emit(dataclasses.replace(change, message=""))  # redraws (``_changed``)

    def _changed(self, change: Change) -> None:
        self._show_offline()
        store, page = self._store(), self.nav.current
        if store is not None and page in change.pages and page in store.broken:
            self.editor.editor.setReadOnly(True)  # at once; then the page's text, and why
            self.runner.run(self._show_broken(page), name="broken page")

    async def _show_broken(self, page: int) -> None:
        await self.nav.reload_page(page)  # its working text (my typing is in the history)
        await self.check_claim(page)

    async def release_claim(self, *, force: bool = False) -> None:
        """Give up my claim on the shown page (my typing saved too); ``force``: an
        administrator breaks whoever's claim it is."""
        ws, store, page = self.nav.workspace, self._store(), self.nav.current
        if ws is None or store is None or page < 0:
            self.host.show_message(self.tr("Open a document kept on the team server first."))
            return
        if force and not await ws.run_in_store(store.is_admin):
            self.host.show_message(self.tr("Only an administrator may break someone's claim."))
            return
        gone = await ws.run_in_store(lambda: store.release(page, force=force))
        await ws.run_in_store(lambda: store.commit_draft(page))  # (saving also releases)
        if force and gone:
            self.host.show_message(
                self.tr("The claim of {name} on page {page} was broken.").format(
                    name=gone, page=page + 1
                )
            )
        elif gone:
            self.host.show_message(self.tr("Page {page} is free for others.").format(page=page + 1))
        else:
            self.host.show_message(self.tr("Nobody held a claim on this page."))
        await self.nav.reload_page(page)  # editable again here when the claim was another's
        await self.check_claim(page)

    # -- live updates and the journal ----------------------------------------------------

    def _tick(self) -> None:
        ws, store = self.nav.workspace, self._store()
        if ws is None or store is None or self.live is None:
            return
        try:
            events = self.live.poll(0.0)
        except StoreError:  # the server went away: the journal takes the typing
            events = []
        pages = {e.page for e in events}
        for event in events:
            ws.changed.emit(event.change)
            if event.what == "claims" and event.by != store.author and store.watching(event.page):
                # unnamed: never cancelled by a later task (its message would be lost)
                self.runner.run(self._claim_went(ws, store, event.page, event.by))
        current = self.nav.current
        if current in pages:
            if self.claimed_by is not None or current in store.broken:  # read-only here
                self.runner.run(self.nav.reload_page(current), name="live page")
            self.runner.run(self.check_claim(current), name="claim", background=True)
        if store.away.known:
            self._try_server(store)
        elif store.pending:
            self.runner.run(self._send_journal(ws, store), name="journal")
        self._show_offline()

    def _try_server(self, store: TeamStore) -> None:
        """While the server is away, try it every ``PROBE_TICKS`` polls on a thread of its
        own: the store's thread stays free for the reviewer's saves and page turns."""
        self._away_ticks += 1
        if (self._probing is None or self._probing.done()) and self._away_ticks >= PROBE_TICKS:
            self._away_ticks = 0
            self._probing = self.runner.run(self._probe(store))

    async def _probe(self, store: TeamStore) -> None:
        if await asyncio.to_thread(store.probe):
            self._show_offline()  # back: the next poll sends the journal

    async def _send_journal(self, ws: Workspace, store: TeamStore) -> None:
        try:
            messages = await ws.run_in_store(store.flush)
        except StoreError:
            return  # still away; the next tick tries again
        for message in messages:
            self.host.show_message(message, 10000)
        self._show_offline()
        page = self.nav.current
        if page in store.broken:  # the replay found my claim broken: read-only, and why
            self.editor.editor.setReadOnly(True)
            self.runner.run(self._show_broken(page), name="broken page")

    def _show_offline(self) -> None:
        store = self._store()
        waiting = store.pending if store is not None else 0
        away = store is not None and store.away.known  # nothing to send, but say why it waits
        self.offline_label.setVisible(bool(waiting) or away)
        if waiting or away:
            self.offline_label.setText(self.tr("offline — {n} edits waiting").format(n=waiting))

    # -- progress -------------------------------------------------------------------------

    async def show_progress(self) -> None:
        ws, store = self.nav.workspace, self._store()
        if ws is None or store is None:
            self.host.show_message(self.tr("Open a document kept on the team server first."))
            return
        progress: dict[str, Any] = await ws.run_in_store(store.progress)
        if self.progress_view is None:
            self.progress_view = ProgressView(self.host.dialog_parent())
        self.progress_view.show_progress(progress)
        self.progress_view.show()


def _close_live(made: asyncio.Future[LiveUpdates]) -> None:
    """A listener made for a task that was cancelled meanwhile: nobody else will close it."""
    if not made.cancelled() and made.exception() is None:
        made.result().close()
