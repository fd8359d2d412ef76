"""TeamStore: one document's review on the shared PostgreSQL server.

The embedded store's interface (``store.interface.PageStore``), for the session. What differs:
- identity is the database login (``current_user``), stamped by the database;
- typing claims the page (a lease renewed with every autosave); a page claimed by
  someone else refuses edits, in the database too;
- a draft remembers the version its writer had opened, and committing it over a
  newer one keeps both and raises ``SaveConflictError``;
- when the server cannot be reached, writes go to a journal (``journal``), replayed
  later (``team_replay``).
"""

from __future__ import annotations

import dataclasses
import logging
import uuid
from pathlib import Path
from typing import Any, NoReturn

from backend.errors import StoreError
from backend.i18n import _
from backend.models import Change, PageState, ReviewStatus, Version, VersionKind
from backend.provenance import Provenance, ProvenanceLike
from backend.store.limits import check_note
from backend.store.postgres import journal as j
from backend.store.postgres import team_activity, team_publish
from backend.store.postgres import team_writes as w
from backend.store.postgres.connection import conninfo, redact
from backend.store.postgres.errors import (
    SaveConflictError,
    TeamUnreachableError,
)
from backend.store.postgres.journal import Journal
from backend.store.postgres.journal_untold import Conflict, Untold, conflict_of
from backend.store.postgres.journal_untold import conflict as untold_conflict
from backend.store.postgres.team_facts import TeamFacts
from backend.store.postgres.team_jobs import TeamJobStore
from backend.store.postgres.team_link import again_if_dropped
from backend.store.postgres.team_replay import JournalReplay
from backend.store.postgres.team_sql import DB_STATUSES, TO_DB, VERSION_COLUMNS
from backend.store.postgres.team_sql import version_row as decode
from backend.store.sql import check_page_text, version_change

log = logging.getLogger(__name__)

LEASE_S = 60.0  # a claim lapses this long after the last keystroke saved


class TeamStore(TeamFacts, team_publish.TeamPublish, team_activity.TeamActivity, JournalReplay):
    """Versions, drafts, statuses, notes, settings and claims of one document on the server."""

    def __init__(
        self,
        url: str,
        *,
        sha256: str,
        name: str,
        page_count: int,
        journal_dir: Path,
        password: str | None = None,
        lease_s: float = LEASE_S,
    ) -> None:
        self.client = uuid.uuid4().hex[:16]  # this window's drafts and notifications
        self.url = redact(url)
        self.lease_s = lease_s
        self.page_count = page_count
        super().__init__(conninfo(url, password, client=self.client))
        self.notices: list[str] = []
        self.was_unclean, self.owner, self.disk_full = False, True, False
        self._check_installed(self.url)
        self.author = str(self._one("SELECT current_user"))
        self.doc = self._document(sha256, name, page_count, self.url)
        self._seen: dict[int, int | None] = {}  # the version each page had when shown here
        self.journal = Journal(journal_dir / f"{sha256[:16]}-{self.author}.jsonl")
        self._unsaid: list[tuple[str, Conflict | None]] = []  # (``team_replay``)
        self._recover_orphans()
        if len(self.journal):
            self.notices.append(self._flush_notice())
        self.untold = Untold(self.journal.path)
        self._closing: list[tuple[str, Conflict]] = []  # (``commit_all_drafts``)
        from backend.store.postgres.team_reads import warm_up

        with self._read() as c:  # a page open's queries once now, not at the first open
            warm_up(c, self.doc, self.client)
        noted = self.untold.noted()
        self.notices += self._told_late(noted)
        self.untold.told(noted)  # (not before: an open that fails here tells them next time)

    # -- life cycle ---------------------------------------------------------------------

    def close(self) -> None:
        """Commit this window's drafts, release its claims, close the connection. A
        conflict committing them kept, or a replay of the journal before (also by the
        caller's ``commit_all_drafts`` just before), is told by the next open
        (``journal_untold``)."""
        try:
            self.commit_all_drafts()
            with self._tx() as c:
                c.execute(
                    "DELETE FROM proofdesk.claims WHERE document_id = %s AND holder = current_user",
                    (self.doc,),
                )
        except TeamUnreachableError:
            pass  # the journal keeps what was typed; the claims lapse on their own
        finally:
            try:
                self._note_untold()
            finally:
                self.close_connection()

    def _note_untold(self) -> None:
        """Note the conflicts not told for the next open. A note that cannot be written
        (a full disk) does not stop the close: the versions are on the server, in the
        page's history; it is logged, and said in ``notices`` for the closing caller."""
        untold = self._closing + [(m, c) for m, c in self._unsaid if c is not None]
        self._closing, self._unsaid = [], []
        try:
            self.untold.keep([c for _message, c in untold])
        except OSError as exc:
            log.warning("conflicts kept on closing not noted for the next open: %r", exc)
            self.notices.append(
                _(
                    "Closing kept both versions of a page, and this could not be noted to "
                    "tell you at the next open ({error}): {conflicts}"
                ).format(error=exc, conflicts=" ".join(m for m, _c in untold))
            )

    def _told_late(self, noted: list[Any]) -> list[str]:
        told = []
        for page, mine, theirs in filter(None, map(untold_conflict, noted)):
            try:
                conflict = SaveConflictError(page, self.version(mine), self.version(theirs))
            except KeyError:  # (not this document's: a file edited by hand)
                continue
            told.append(
                _("When this document was last closed: {conflict}").format(conflict=conflict)
            )
        return told

    def abandon(self) -> None:
        self.close_connection()

    # -- versions -------------------------------------------------------------------------

    @again_if_dropped
    def add_version(
        self,
        page: int,
        kind: VersionKind,
        text: str,
        provenance: ProvenanceLike | None = None,
        *,
        author: str | None = None,  # the database says who: kept for the interface only
        history_only: bool = False,
    ) -> tuple[Version, Change]:
        check_page_text(page, text)
        with self._tx() as c:
            vid, made = w.append_version(
                c, self.doc, page, kind, text, provenance or {}, history_only=history_only
            )
        return self.version(vid), version_change(page, kind, made, history_only=history_only)

    @again_if_dropped
    def add_versions(
        self, items: list[tuple[int, VersionKind, str, ProvenanceLike]]
    ) -> list[Change]:
        changes = []
        with self._tx() as c:
            for page, kind, text, provenance in items:
                check_page_text(page, text)
                _unused, made = w.append_version(c, self.doc, page, kind, text, provenance)
                changes.append(version_change(page, kind, made))
        return changes

    @again_if_dropped
    def _versions(self, where: str, args: tuple[Any, ...]) -> list[Version]:
        with self._read() as c:
            rows = c.execute(
                f"SELECT {VERSION_COLUMNS} FROM proofdesk.versions WHERE document_id = %s "
                f"AND {where} ORDER BY id",
                (self.doc, *args),
            ).fetchall()
        return [decode(r) for r in rows]

    def versions(self, page: int) -> list[Version]:
        return self._versions("page = %s", (page,))

    def version(self, version_id: int) -> Version:
        found = self._versions("id = %s", (version_id,))
        if not found:
            raise KeyError(version_id)
        return found[0]

    def current_version(self, page: int) -> Version | None:
        vid = self.current_version_id(page)
        return None if vid is None else self.version(vid)

    def current_version_id(self, page: int) -> int | None:
        vid = self._one(
            "SELECT current_version FROM proofdesk.pages WHERE document_id = %s AND page = %s",
            (self.doc, page),
        )
        return None if vid is None else int(vid)

    def latest_version_id(self, page: int, kind: VersionKind) -> int | None:
        vid = self._one(
            "SELECT max(id) FROM proofdesk.versions WHERE document_id = %s AND page = %s "
            "AND kind = %s",
            (self.doc, page, kind.value),
        )
        return None if vid is None else int(vid)

    def restore(self, version_id: int) -> tuple[Version, Change]:
        old = self.version(version_id)
        self._commit(old.page, tell=False)  # what its replay tells: this change's message
        provenance = Provenance.of(restored_from=old.id, restored_kind=old.kind.value)
        seen = self._seen.get(old.page, w.UNSEEN)  # a restore is a save: the conflict rule
        with self._tx() as c:
            w.claim_in(c, self.doc, old.page, self.lease_s)
            vid, kept = w.restore_in(c, self.doc, old.page, old.text, provenance, seen)
        self._seen[old.page] = kept or vid
        if kept is not None:
            raise SaveConflictError(old.page, mine=self.version(vid), theirs=self.version(kept))
        # status: new text puts a reviewed or final page back in progress (schema.sql)
        change = Change(frozenset({old.page}), True, status=True, versions=True)
        return self.version(vid), self._with_unsaid(change)

    # -- drafts, claims ----------------------------------------------------------------------

    def save_draft(self, page: int, text: str) -> Change:
        check_page_text(page, text)
        base = self._seen.get(page)
        # Opened when it had no version yet: a version someone saves meanwhile is newer.
        empty = page in self._seen and base is None
        entry = self._draft_entry(page, text, base, empty)
        return self._write(entry, lambda: self._save_draft(page, text, base, empty))

    def commit_draft(self, page: int) -> Change:
        return self._commit(page)

    def _commit(self, page: int, *, tell: bool = True) -> Change:
        self._held.discard(page)  # (also when journaled: typing after it claims anew)
        return self._write(j.CommitEntry(page), lambda: self._commit_draft(page), tell=tell)

    @again_if_dropped
    def _commit_draft(self, page: int, line: dict[str, Any] | None = None) -> Change:
        sent = self._sent.get(page)
        with self._tx() as c:
            vid, kept = w.commit_draft_in(c, self.doc, page, self.client)
            if vid is None and sent is not None:  # no draft: committed, the reply lost?
                vid, kept = w.lost_commit(c, self.doc, page, sent, self._seen.get(page))
        self._sent.pop(page, None)  # committed: a later commit finds its own draft or none
        self._held.discard(page)  # the commit released the claim
        if vid is None:
            return Change()
        self._committed(page, vid, kept, line)  # a conflict raises SaveConflictError
        return Change(pages=frozenset({page}), versions=True, status=True)  # as ``restore``

    def commit_all_drafts(self) -> Change:
        """Every draft of this window as a version (on closing). A conflict, kept by a
        commit or by the replay of the journal before it, is in the message, and told
        again by the next open: no closing caller can show it."""
        try:
            pages = self._own_drafts()
        except TeamUnreachableError:  # closing while away: the journal takes the commits
            pages = sorted(self._held | self.journal.draft_pages())
        for page in pages:
            try:
                self._commit(page, tell=False)  # its replay's conflicts: ``_unsaid``
            except SaveConflictError as exc:
                self._unsaid.append((str(exc), conflict_of(exc)))
        unsaid, self._unsaid = self._unsaid, []
        self._closing += [(m, c) for m, c in unsaid if c is not None]
        message = " ".join(m for m, _c in unsaid)
        return Change(pages=frozenset(pages), versions=bool(pages), message=message)

    @again_if_dropped
    def _own_drafts(self) -> list[int]:
        with self._read() as c:
            return w.own_drafts(c, self.doc, self.client)

    # -- what only the embedded store does (``interface.PageStore``'s capabilities) ------------

    def local_file(self) -> None:
        return None  # the team server's backups are its own (pg_dump: docs/TEAM.md)

    def local(self) -> NoReturn:
        raise StoreError(
            _("This needs a review kept on this computer; the team server cannot do it yet.")
        )

    def jobs(self) -> TeamJobStore:
        return TeamJobStore(self)

    # -- status and notes ----------------------------------------------------------------------

    def set_status(self, page: int, status: ReviewStatus) -> Change:
        """Record a status of the text on screen: typing is saved as a version first (as
        the embedded store's). Its replay's conflict stays in ``_unsaid`` (``restore``):
        told by the status's message, offline or not, or, when the status is refused
        (a self-approval), by the next write or poll; the commit's own offline text is
        not shown, the status's counts its line too."""
        committed = self._commit(page, tell=False)
        change = self.set_team_status(page, TO_DB[status])
        return dataclasses.replace(change, versions=committed.versions)

    def set_team_status(self, page: int, status: str) -> Change:
        """Set one of the database's statuses (``DB_STATUSES``: "reviewed" too)."""
        if status not in DB_STATUSES:
            raise ValueError(status)
        # One key per change, so sending it again (the connection dropped right after the
        # commit, or the journal replays after an outage) records it once.
        key = uuid.uuid4().hex
        # The version shown here: the server approves no other (schema_3.sql), also
        # after edits waiting in the journal if their replay commits none (``version_shown``).
        after_edit = self.journal.holds(page)
        entry = j.StatusEntry(page, status, key, self._seen.get(page), after_edit)
        return self._write(entry, lambda: self._send_status(entry))

    def _send_status(self, entry: j.StatusEntry) -> Change:  # after any replay (_write)
        shown = j.version_shown(entry, self.journal.committed)
        return self._set_status(entry.page, entry.status, entry.key, shown)

    @again_if_dropped
    def _set_status(
        self, page: int, status: str, key: str | None = None, seen: int | None = None
    ) -> Change:
        with self._tx() as c:
            w.status_event_in(c, self.doc, page, status, key, seen)
        # Also when the key was recorded before (its first send's reply was lost): its
        # outcomes measured twice are the same rows, and the statistics count one.
        self._status_sent(page, status)  # an approval's outcomes follow it (team_activity)
        return Change(pages=frozenset({page}), status=True)

    def set_note(self, page: int, text: str) -> Change:
        key = uuid.uuid4().hex  # recorded once however often it is sent (``set_team_status``)
        entry = j.NoteEntry(page, check_note(page, text), key)
        return self._write(entry, lambda: self._set_note(page, text, key))

    @again_if_dropped
    def _set_note(self, page: int, text: str, key: str | None = None) -> Change:
        with self._tx() as c:
            c.execute(
                "INSERT INTO proofdesk.note_events (document_id, page, text, op_key) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (document_id, op_key) DO NOTHING",
                (self.doc, page, text, key),
            )
        return Change(pages=frozenset({page}), note=True)

    # -- reading a page, search ---------------------------------------------------------------

    @again_if_dropped
    def page_state(self, page: int) -> PageState:
        from backend.store.postgres.team_reads import page_state

        with self._read() as c:
            state, current = page_state(c, self.doc, page, self.client)
        if page not in self._seen or not state.has_draft:
            self._seen[page] = current
        pending = self.journal.pending_text(page)
        if pending is not None:  # typed while offline: still this person's working text
            return dataclasses.replace(state, text=pending, has_draft=True)
        return state

    def working_text(self, page: int) -> str:
        return self.page_state(page).text

    @again_if_dropped
    def search(self, query: str, *, limit: int = 500) -> list[tuple[int, str]]:
        """Pages whose working version contains ``query`` (pg_trgm's index for 3+ characters).
        Typing not yet saved as a version is not searched: indexing it at every autosave
        would make the autosave wait on the index."""
        from backend.store.postgres.team_reads import search

        with self._read() as c:
            return search(c, self.doc, query, limit)
