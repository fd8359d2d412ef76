"""The claims a window holds by typing, and what happens when one is broken.

An administrator may break a claim (``release(page, force=True)`` deletes its row).
The holder's window must not take the page back with its next keystroke, nor
lose what was typed:
- every autosave of a page this window holds first checks, in its own transaction
  with the claim's row locked, that the claim is still this person's;
- if it is gone (broken; or lapsed and taken by someone else), the typing (the
  draft, or the text being saved) becomes a version, like a save: the working
  text when nobody saved meanwhile, else kept beside the newer one (the conflict
  rule), an ``alternate`` when someone else holds the page now (the database
  refuses them an ``edit``). The page is marked ``broken``;
- typing on a ``broken`` page never claims it: each save is kept the same way,
  until ``edit_again`` (the holder chose to edit it again).
A claim that merely lapsed (its row still this person's) is renewed by typing, as before.
The live update of the break (``claim_lost``) says who broke it.
"""

from __future__ import annotations

import time

from backend.i18n import _
from backend.models import Change, VersionKind
from backend.provenance import Provenance
from backend.store.postgres import team_writes as w
from backend.store.postgres.journal import DraftEntry, Journal
from backend.store.postgres.team_link import TeamLink, again_if_dropped


class ClaimWatch(TeamLink):
    """``TeamStore``'s claims taken by typing: held, or broken by someone else."""

    client: str
    lease_s: float
    _seen: dict[int, int | None]
    notices: list[str]
    was_unclean: bool
    journal: Journal

    def __init__(self, info: str) -> None:
        super().__init__(info)
        self._held: set[int] = set()  # pages this window claimed by typing (draft saved)
        self.broken: dict[int, str] = {}  # page: who broke my claim ("" not known yet)
        self._renewed: dict[int, float] = {}  # page: when typing here last renewed my claim
        # page: the text of this window's draft on the server, so a commit of it whose
        # reply was lost is known as this reviewer's own (``team_writes.lost_commit``).
        self._sent: dict[int, str] = {}

    def _recover_orphans(self) -> None:
        """Typing a crashed window of mine left on the server becomes versions (kept):
        its claims lapsed with it."""
        with self._tx() as c:
            orphans = w.orphan_drafts(c, self.doc, self.client, self.lease_s)
            kept = [w.recover_draft(c, self.doc, page, client) for page, client in orphans]
        self.was_unclean = bool(orphans)
        if any(current is not None for _unused, current in kept):
            self.notices.append(
                _("Typing left by a window that closed abnormally was kept in the history.")
            )

    def watching(self, page: int) -> bool:
        """Whether a change to the page's claim by someone else may concern this window."""
        return page in self._held or page in self.broken

    def release(self, page: int, *, force: bool = False) -> str | None:
        gone = super().release(page, force=force)
        if gone == self.author:
            self._held.discard(page)
        return gone

    def edit_again(self, page: int) -> None:
        """The holder chose to edit a page whose claim was broken: typing claims it again
        (refused, as ever, while someone else holds it)."""
        self.broken.pop(page, None)

    @again_if_dropped
    def _save_draft(self, page: int, text: str, base: int | None, empty: bool = False) -> Change:
        with self._tx() as c:
            if not self._still_held(c, page):  # broken: keep the typing, never re-claim
                return self._lose(c, page, "", text)
            started = w.save_draft_in(
                c, self.doc, page, self.client, text, base, self.lease_s, empty
            )
        self._held.add(page)
        self._renewed[page] = time.monotonic()
        self._sent[page] = text
        return Change(pages=frozenset({page}), text=True, status=started)

    def draft(self, page: int) -> str | None:
        """This window's typing on the page not yet saved as a version, if any."""
        pending = self.journal.pending_text(page)
        if pending is not None:
            return pending
        text = self._one(
            "SELECT text FROM proofdesk.drafts WHERE document_id = %s AND page = %s "
            "AND client = %s",
            (self.doc, page, self.client),
        )
        return None if text is None else str(text)

    def _draft_entry(self, page: int, text: str, base: int | None, empty: bool) -> DraftEntry:
        """A keystroke for the offline journal; ``held``: on a page this window claimed."""
        return DraftEntry(page, text, base, empty, held=page in self._held)

    def _replaying(self, entry: DraftEntry) -> None:
        """A journal entry typed on a claimed page is sent as such, also by the app's next
        run: a break meanwhile is kept and told (``_save_draft``), never re-claimed."""
        if entry.held and entry.page not in self.broken:
            self._held.add(entry.page)
            self._seen.setdefault(entry.page, entry.base)

    @again_if_dropped
    def claim_lost(self, page: int, by: str) -> Change | None:
        """``by`` changed the page's claim (a live update): when it was mine and is no
        more, my typing is kept and the page marked broken. What to tell, else None."""
        if page in self.broken and (not by or self.broken[page]):
            return None  # already told
        if page not in self._held and page not in self.broken:
            return None
        with self._tx() as c:
            holder = self._holder(c, page, lock=False)  # (locking hides another's row)
            # A break deletes the row; someone else's row is a break only while my lease
            # was still running (else they may have taken it lapsed: nobody broke it).
            lapsed = time.monotonic() - self._renewed.get(page, 0.0) >= self.lease_s
            name = by if holder is None or not lapsed else ""
            if page in self.broken:
                if not name:
                    return None
                self.broken[page] = name  # a keystroke found it broken first: now say who
                return Change(pages=frozenset({page}), message=self._head(page, name))
            if holder == self.author:
                return None
            return self._lose(c, page, name, None)

    def _still_held(self, c: w.Conn, page: int) -> bool:
        if page in self.broken:
            return False
        if page not in self._held:
            return True  # not claimed here yet: typing claims it
        # Locked: a break at this moment waits for this save, or this save sees it.
        return self._holder(c, page, lock=True) == self.author

    def _holder(self, c: w.Conn, page: int, *, lock: bool) -> str | None:
        """The claim row's holder (None: no row). Locked, an unexpired row of someone
        else's is not seen (the ``not_theirs`` policy): it is not mine either way."""
        row = c.execute(
            "SELECT holder FROM proofdesk.claims WHERE document_id = %s AND page = %s"
            + (" FOR UPDATE" if lock else ""),
            (self.doc, page),
        ).fetchone()
        return None if row is None else str(row[0])

    def _lose(self, c: w.Conn, page: int, by: str, text: str | None) -> Change:
        vid, stays = keep_typing(c, self.doc, page, self.client, text, self._seen.get(page))
        # Broken first, then not held: the GUI thread's ``watching`` never sees neither.
        self.broken[page] = by or self.broken.get(page, "")
        self._held.discard(page)
        self._sent.pop(page, None)  # the draft is a version now, told here
        if vid is not None:  # later keystrokes build on it (never over a newer text)
            self._seen[page] = vid
        message = self._head(page, self.broken[page])
        if vid is not None and stays is None:
            message += " " + _("What you typed is kept as version {version}.").format(version=vid)
        elif vid is not None:
            message += " " + _(
                "What you typed is kept in the history as version {version}; the page's "
                "newer text stays the working text."
            ).format(version=vid)
        return Change(
            pages=frozenset({page}), text=True, versions=vid is not None, status=True,
            message=message,
        )  # fmt: skip

    @staticmethod
    def _head(page: int, by: str) -> str:
        if by:
            return _("Your claim on page {page} was broken by {name}.").format(
                page=page + 1, name=by
            )
        return _("Your claim on page {page} is gone (broken, or lapsed and taken).").format(
            page=page + 1
        )


def keep_typing(
    c: w.Conn, doc: int, page: int, client: str, text: str | None, seen: int | None
) -> tuple[int | None, int | None]:
    """This client's draft (or ``text``, typed since) as a version, without a claim:
    (its id or None when nothing new, the version that stays current instead or None).
    An ``edit`` by the conflict rule (``commit_draft_in``); an ``alternate`` when someone
    else holds the page now."""
    current, _kind, current_text = w.lock_page(c, doc, page)
    row = c.execute(
        "DELETE FROM proofdesk.drafts WHERE document_id = %s AND page = %s AND client = %s "
        "RETURNING text, base_version",
        (doc, page, client),
    ).fetchone()
    body = text if text is not None else (None if row is None else str(row[0]))
    base = row[1] if row is not None else seen
    if body is None or (current is not None and body == current_text):
        return None, None
    holder = c.execute(
        "SELECT holder FROM proofdesk.claims WHERE document_id = %s AND page = %s "
        "AND holder <> current_user AND expires_at > clock_timestamp()",
        (doc, page),
    ).fetchone()
    kind = VersionKind.EDIT if holder is None else VersionKind.ALTERNATE
    prov = Provenance.of(source="typing whose claim was broken")
    vid = w.insert_version(c, doc, page, kind, body, prov, base)
    if kind is VersionKind.EDIT and base == current:
        w.set_current(c, doc, page, vid, body)
        return vid, None
    return vid, current
