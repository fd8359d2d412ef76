"""The team store's offline journal (``journal``): writes kept while the server is
unreachable, and their replay once it answers (a mixin of ``TeamStore``).

A replay cut by the network after a commit reached the server leaves the commit's line
saying so (``CommitEntry``: its version, the drafts it sent, a conflict it was kept as),
so the next replay, in this window or the next open, neither sends it again nor loses
what it has to tell.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, assert_never

from backend.i18n import _
from backend.models import Change, Version, VersionKind
from backend.provenance import Provenance
from backend.store.postgres import journal as j
from backend.store.postgres.errors import (
    PageClaimedError,
    SaveConflictError,
    TeamStoreError,
    TeamUnreachableError,
)
from backend.store.postgres.journal import JournalEntry
from backend.store.postgres.journal_untold import Conflict, conflict_of
from backend.store.postgres.team_claims import ClaimWatch


class JournalReplay(ClaimWatch):
    """``TeamStore``'s journal: each write tried on the server, kept when it is away."""

    def _write(
        self, entry: JournalEntry, run: Callable[[], Change], *, tell: bool = True
    ) -> Change:
        """Run a write on the server; when it cannot be reached, keep it in the journal.

        The journal's replay comes first; what it has to tell (a conflict it kept) goes in
        the change's message, which the caller shows (the window's status bar, the CLI):
        the window's next poll finds the journal already sent, and ``notices`` are read
        at opening only. Not ``tell``: the caller takes it (``commit_all_drafts``). A
        write that fails after the replay leaves it for the next write, or poll."""
        try:
            self.flush(asked=False)
            change = run()
        except TeamUnreachableError:
            self.journal.append(entry)
            change = Change(pages=frozenset({entry.page}), text=True, message=self.offline_text())
        return self._with_unsaid(change) if tell else change

    def _with_unsaid(self, change: Change) -> Change:
        said = self._say()
        if not said:
            return change
        return dataclasses.replace(change, message=" ".join(filter(None, [*said, change.message])))

    def _say(self) -> list[str]:
        """What a replay kept to tell (``_unsaid``), now told: gone from the list."""
        said, self._unsaid = self._unsaid, []
        return [message for message, _conflict in said]

    def offline_text(self) -> str:
        return _("offline — {n} edits waiting").format(n=len(self.journal))

    @property
    def pending(self) -> int:
        """Edits in the local journal, not yet on the server."""
        return len(self.journal)

    def flush(self, *, asked: bool = True) -> list[str]:
        """Replay the journal on the server (raises ``TeamUnreachableError`` if still away);
        what to tell of it, and of a write's own replay not told yet (``_write``). A
        write's own replay (not ``asked``) returns nothing: the write tells it."""
        self._replay(asked)
        return self._say() if asked else []

    def _replay(self, asked: bool) -> None:
        if not len(self.journal):
            return
        self.journal.sync()  # what another window sent meanwhile is not sent twice
        if not len(self.journal):
            return
        if asked:  # not a write's own replay: tried even when known away (``away``)
            self.away.forget()
        told: list[tuple[str, Conflict | None]] = []
        for line, entry in self.journal.replay():  # JournalEntryError (journal kept) first
            try:
                if message := self._apply(entry, line):  # e.g. the claim was broken meanwhile
                    told.append((message, None))
            except SaveConflictError as exc:  # both are kept; say so, and go on
                told.append((str(exc), conflict_of(exc)))
            except PageClaimedError as exc:  # someone took the page meanwhile: keep the text
                self._keep_as_alternate(entry, exc)
                told.append((str(exc), None))
            except TeamUnreachableError:
                raise  # away again: the whole journal stays, and replays once (op keys)
            except TeamStoreError as exc:  # refused (e.g. a self-approval): say so, go on,
                told.append((str(exc), None))  # or the journal would never empty
        self.journal.clear()  # this window's lines only: another window's wait for it
        # Told by whoever asked (``flush``), or by the write it ran in (``_write``); on
        # closing, the conflicts by the next open (``TeamStore.close``).
        self._unsaid += told

    def _flush_notice(self) -> str:
        try:
            self.notices += self.flush()
        except TeamUnreachableError:
            return self.offline_text()
        except j.JournalEntryError:  # raised from ``__init__``: the store is not opened,
            self.close_connection()  # so leave no connection behind
            raise
        return _("Edits made while the team server was unreachable were sent.")

    def _apply(self, entry: JournalEntry, line: dict[str, Any] | None = None) -> str:
        """Send one entry (``line``: its line in the journal); what to tell of it ("": nothing)."""
        match entry:  # every kind by name: mypy's assert_never fails a kind left out
            case j.DraftEntry():
                self._replaying(entry)
                return self._save_draft(entry.page, entry.text, entry.base, entry.empty).message
            case j.CommitEntry(version=int() as made):  # sent before a replay was cut:
                self._committed(entry.page, made, entry.kept)  # a conflict is told now
            case j.CommitEntry():
                self._commit_draft(entry.page, line)
            case j.StatusEntry():
                self._send_status(entry)
            case j.NoteEntry():
                self._set_note(entry.page, entry.text, entry.key)
            case _:
                assert_never(entry)
        return ""

    def _keep_as_alternate(self, entry: JournalEntry, exc: PageClaimedError) -> None:
        if not isinstance(entry, j.DraftEntry):
            return
        text = entry.text or self.journal.pending_text(entry.page)
        if text is not None:
            prov = Provenance.of(source="offline journal", claimed_by=exc.holder)
            self.add_version(entry.page, VersionKind.ALTERNATE, text, prov)

    def _committed(
        self, page: int, vid: int, kept: int | None, line: dict[str, Any] | None = None
    ) -> None:
        """``vid`` is this desk's commit of ``page``, kept as a conflict when ``kept`` (a
        colleague's newer version) stays current: written into its journal ``line`` before
        anything can raise, so a replay cut now still tells the conflict next time."""
        self.journal.sent(page, vid, line, kept)  # current or not: this reviewer's text
        self._seen[page] = vid if kept is None else kept
        if kept is not None:
            raise SaveConflictError(page, mine=self.version(vid), theirs=self.version(kept))

    # What ``TeamStore`` defines and the replay calls (its writes, ``again_if_dropped``;
    # the store interface's ``version`` and ``add_version``): declared, not stubbed.
    _commit_draft: Callable[..., Change]
    _send_status: Callable[[j.StatusEntry], Change]
    _set_note: Callable[..., Change]
    _unsaid: list[tuple[str, Conflict | None]]  # (``_replay``): a message, its conflict
    version: Callable[[int], Version]
    add_version: Callable[..., tuple[Version, Change]]
