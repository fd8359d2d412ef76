"""The team store's offline journal (``journal``): writes kept while the server is
unreachable, and their replay once it answers (a mixin of ``TeamStore``).

A replay cut by the network after a commit reached the server leaves the commit's line
saying so (``CommitEntry``: its version, the drafts it sent, a conflict it was kept as),
so the next replay, in this window or the next open, neither sends it again nor loses
what it has to tell.
"""

from __future__ import annotations

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
from backend.store.postgres.team_claims import ClaimWatch


class JournalReplay(ClaimWatch):
    """``TeamStore``'s journal: each write tried on the server, kept when it is away."""

    def _write(self, entry: JournalEntry, run: Callable[[], Change]) -> Change:
        """Run a write on the server; when it cannot be reached, keep it in the journal."""
        try:
            self.flush(asked=False)
            return run()
        except TeamUnreachableError:
            self.journal.append(entry)
            return Change(pages=frozenset({entry.page}), text=True, message=self.offline_text())

    def offline_text(self) -> str:
        return _("offline — {n} edits waiting").format(n=len(self.journal))

    @property
    def pending(self) -> int:
        """Edits in the local journal, not yet on the server."""
        return len(self.journal)

    def flush(self, *, asked: bool = True) -> list[str]:
        """Replay the journal on the server (raises ``TeamUnreachableError`` if still away)."""
        if not len(self.journal):
            return []
        self.journal.sync()  # what another window sent meanwhile is not sent twice
        if not len(self.journal):
            return []
        if asked:  # not a write's own replay: tried even when known away (``away``)
            self.away.forget()
        messages = []
        for line, entry in self.journal.replay():  # JournalEntryError (journal kept) first
            try:
                if told := self._apply(entry, line):  # e.g. the claim was broken meanwhile
                    messages.append(told)
            except SaveConflictError as exc:  # both are kept; say so, and go on
                messages.append(str(exc))
            except PageClaimedError as exc:  # someone took the page meanwhile: keep the text
                self._keep_as_alternate(entry, exc)
                messages.append(str(exc))
            except TeamUnreachableError:
                raise  # away again: the whole journal stays, and replays once (op keys)
            except TeamStoreError as exc:  # refused (e.g. a self-approval): say so, go on,
                messages.append(str(exc))  # or the journal would never empty
        self.journal.clear()  # this window's lines only: another window's wait for it
        self.notices += messages
        return messages

    def _flush_notice(self) -> str:
        try:
            self.flush()
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
    version: Callable[[int], Version]
    add_version: Callable[..., tuple[Version, Change]]
