"""The local journal: edits made while the team server is unreachable.

Each edit is one JSON line, flushed and fsynced before the call returns, so
typing survives the app being closed (or killed) while offline. When the
server answers again the lines are replayed in order and removed from the file
(only this window's: another window of the same reviewer keeps its own, ``journal_file``).
A draft is the page's whole text, so replaying one twice cannot double a
keystroke; the replay keeps the last draft of a page and the steps after it
(of one window: another window's typing of the page becomes a version first).

An entry is one of four typed values (``JournalEntry``); the replay handles each
one by name. A line of any other kind (a newer ProofDesk's, a damaged file) is
refused loudly (``JournalEntryError``) before anything is replayed, and the file
is kept: dropping it would lose what was typed offline without a word.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, ClassVar, get_args, get_origin, get_type_hints

from backend.errors import StoreError
from backend.i18n import _
from backend.store.postgres.journal_file import ID, JournalFile, line_key


@dataclass(frozen=True)
class DraftEntry:
    """A keystroke: the page's whole text; ``held`` when typed on a page this window claimed."""

    op: ClassVar[str] = "draft"
    page: int
    text: str
    base: int | None = None  # the version the writer had opened
    empty: bool = False  # opened when the page had no version yet
    held: bool = False


@dataclass(frozen=True)
class CommitEntry:
    op: ClassVar[str] = "commit"
    page: int
    # The version the server gave it, written into its line as soon as the replay learns
    # it (``Journal.sent``): a replay cut after it (the connection lost before the
    # journal emptied) sends neither it nor the typing it committed again, and a status
    # after it names this version, the reviewer's own, never taking it for a colleague's
    # newer one. Absent (None): not sent yet, or a line an older ProofDesk wrote.
    version: int | None = None
    # Written with ``version``: the ids of the drafts it committed (the lines before it
    # that replay held; not another window's, written meanwhile and never sent), which the
    # next replay skips, and the colleague's version that stayed current when it was
    # kept as a conflict, told by that replay (the cut one raised before telling it).
    drafts: list[str] | None = None
    kept: int | None = None


@dataclass(frozen=True)
class StatusEntry:
    op: ClassVar[str] = "status"
    page: int
    status: str
    key: str | None = None  # recorded once however often it is sent
    seen: int | None = None  # the version shown: the server approves no other (schema 3)
    # Given while the page's own edits (or a commit of them) still waited in the journal:
    # the version approved is the one replaying those edits commits, unknown until then;
    # ``seen`` when the replay commits none (nothing typed, or the same text).
    after_edit: bool = False


@dataclass(frozen=True)
class NoteEntry:
    op: ClassVar[str] = "note"
    page: int
    text: str
    key: str | None = None


def version_shown(entry: StatusEntry, committed: dict[int, int]) -> int | None:
    """The version a status names: the one shown, or, given after edits that waited in
    the journal, the version their replay committed (``committed``: this desk's own text,
    also by a replay cut after the commit (``CommitEntry.version``); one that lost to a
    newer save is not current, so the server refuses it). A replay
    that committed nothing (an approval journals a commit of the draft, typed or not)
    leaves the version shown: a colleague's newer one is refused, never approved unseen.
    None only when no version was shown (a journal from before ``seen`` was kept beside
    ``after_edit``): the server stamps the working version, as before schema 3."""
    if entry.after_edit:
        return committed.get(entry.page, entry.seen)
    return entry.seen


JournalEntry = DraftEntry | CommitEntry | StatusEntry | NoteEntry
_KINDS: dict[str, type[JournalEntry]] = {
    kind.op: kind for kind in (DraftEntry, CommitEntry, StatusEntry, NoteEntry)
}


class JournalEntryError(StoreError):
    """A journal line this ProofDesk cannot replay: the journal is kept as it is.

    Not a ``TeamStoreError``: the replay tells those and goes on, then empties the
    journal, which is exactly what must not happen to an edit it cannot read."""

    def __init__(self, path: Path, raw: Any) -> None:
        op = raw.get("op") if isinstance(raw, dict) else None
        super().__init__(
            _(
                "The edits made offline ({path}) hold one this ProofDesk cannot send "
                "(“{op}”). Nothing was sent and the file is kept; a newer ProofDesk may "
                "have written it."
            ).format(path=path, op=op)
        )
        self.path, self.raw = path, raw


def entry_dict(entry: JournalEntry) -> dict[str, Any]:
    """The entry as its journal line holds it."""
    return {"op": entry.op, **asdict(entry)}


def parse_entry(raw: Any, path: Path) -> JournalEntry:
    """A journal line's entry; ``JournalEntryError`` for an unknown op or missing fields."""
    kind = _KINDS.get(str(raw.get("op"))) if isinstance(raw, dict) else None
    if kind is None:
        raise JournalEntryError(path, raw)
    fields = {k: v for k, v in raw.items() if k not in ("op", ID)}
    try:
        entry = kind(**fields)
    except TypeError:  # a field missing, or one this kind does not have
        raise JournalEntryError(path, raw) from None
    hints = get_type_hints(kind)
    if not all(_fits(getattr(entry, f.name), hints[f.name]) for f in dataclasses.fields(entry)):
        raise JournalEntryError(path, raw)  # e.g. "text": null, found only when sent
    return entry


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value is of a field's type (``int | None``, ``str``, ``bool``)."""
    if isinstance(hint, types.UnionType):
        return any(_fits(value, arm) for arm in get_args(hint))
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if get_origin(hint) is list:
        return isinstance(value, list) and all(_fits(v, get_args(hint)[0]) for v in value)
    return isinstance(value, hint)


class Journal:
    """This window's lines of the reviewer's journal file (``JournalFile``): what it
    wrote, plus, at opening, every line already in the file (the next open's recovery).
    A replay removes from the file only these; another window's lines stay."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = JournalFile(path)
        self._lines: list[dict[str, Any]] = self._file.read()  # as read: parsed when replayed
        self.committed: dict[int, int] = {}  # each page's version the replay committed last
        # The commits the replay adds (``_replayed``), each with the line it goes before.
        self._added: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def __len__(self) -> int:
        return len(self._lines)

    def append(self, entry: JournalEntry) -> None:
        line = {**entry_dict(entry), ID: self._file.new_id()}
        self._file.append(line)
        self._lines.append(line)

    def sync(self) -> None:
        """Forget the lines no longer in the file: another window (opened since) sent them."""
        present = {line_key(raw) for raw in self._file.read()}
        self._lines = [raw for raw in self._lines if line_key(raw) in present]

    def entries(self) -> list[JournalEntry]:
        """What to replay (``replay``), without the lines."""
        return [entry for _line, entry in self._replayed()[0]]

    def replay(self) -> list[tuple[dict[str, Any], JournalEntry]]:
        """What to send now, each with its line (``sent``; for a commit the replay adds,
        a line not in the file yet), ``committed`` emptied."""
        self.committed = {}
        out, self._added = self._replayed()
        return out

    def _replayed(
        self,
    ) -> tuple[
        list[tuple[dict[str, Any], JournalEntry]], list[tuple[dict[str, Any], dict[str, Any]]]
    ]:
        """Superseded drafts (a later draft of the page follows) dropped, and the typing
        a commit sent before a cut replay committed (``CommitEntry.drafts``). Two windows'
        typing of one page is never merged: sent through one connection, the later draft
        would overwrite the other window's on the server unsaved, so the other window's is
        committed first (a version, the conflict rule as ever), also before a commit sent
        earlier, whose status then names its own version. Every line is read first, so an
        unreadable one stops the replay before it starts.

        A commit added here has a line of its own, not in the file until the commit is
        made (``sent``), then put before the line it was added for (the second list: (the
        commit's line, that line)); a replay cut after it then sends that typing no more."""
        lines = [(raw, parse_entry(raw, self.path)) for raw in self._lines]
        done = _committed_drafts(lines)  # on the server: sent again, a draft would be
        out: list[tuple[dict[str, Any], JournalEntry]] = []  # kept beside its commit
        added: list[tuple[dict[str, Any], dict[str, Any]]] = []
        typing: dict[int, str | None] = {}  # page: the window of its draft not committed

        def add_commit(page: int, before: dict[str, Any]) -> None:
            commit = CommitEntry(page)
            own = {**entry_dict(commit), ID: self._file.new_id()}
            out.append((own, commit))
            added.append((own, before))

        for at, (line, entry) in enumerate(lines):
            if at in done:
                continue
            if isinstance(entry, CommitEntry):
                if entry.version is not None and entry.page in typing:
                    add_commit(entry.page, line)  # typing it did not send: a version
                typing.pop(entry.page, None)  # first, as a commit sent now would
            if not isinstance(entry, DraftEntry):
                out.append((line, entry))
                continue
            window = _window(line)
            if typing.get(entry.page, window) != window:
                add_commit(entry.page, line)
            typing[entry.page] = window
            last = out[-1][1] if out else None
            if isinstance(last, DraftEntry) and last.page == entry.page:
                out[-1] = (line, entry)  # the same page typed on: only the newer text
            else:
                out.append((line, entry))
        return out, added

    def sent(
        self, page: int, version: int, line: dict[str, Any] | None = None, kept: int | None = None
    ) -> None:
        """``version`` is this desk's commit of ``page`` (``version_shown``); made by
        replaying ``line`` (a commit), written into it at once with the drafts it committed
        and ``kept``, the newer version that stayed current (``CommitEntry``). A commit
        the replay added (``_replayed``) is written into the file then, before the line it
        was added for."""
        self.committed[page] = version
        if line is None:
            return
        before = next((b for own, b in self._added if own is line), None)
        at = _index(self._lines, line if before is None else before)
        drafts = [
            raw[ID]
            for raw in self._lines[:at]
            if raw.get("op") == "draft" and raw.get("page") == page and isinstance(raw.get(ID), str)
        ]
        done = {**line, "version": version, "drafts": drafts, "kept": kept}
        if before is None:
            self._file.update(line_key(line), done)
            self._lines = [done if raw is line else raw for raw in self._lines]
        else:
            self._file.insert(line_key(before), done)
            self._lines.insert(at, done)

    def holds(self, page: int) -> bool:
        """Whether anything done on ``page`` still waits here."""
        return any(isinstance(raw, dict) and raw.get("page") == page for raw in self._lines)

    def draft_pages(self) -> set[int]:
        """The pages typed on offline whose typing no commit follows here yet."""
        pages: set[int] = set()
        for raw in self._lines:
            page = raw.get("page") if isinstance(raw, dict) else None
            if not isinstance(page, int):
                continue  # (a damaged line is refused when the journal is sent)
            if raw.get("op") == "draft":
                pages.add(page)
            elif raw.get("op") == "commit":
                pages.discard(page)
        return pages

    def pending_text(self, page: int) -> str | None:
        """The newest text typed offline on ``page``, if any."""
        for raw in reversed(self._lines):
            if isinstance(raw, dict) and raw.get("page") == page and raw.get("op") == "draft":
                return str(raw["text"])
        return None

    def clear(self) -> None:
        """Remove this window's lines (replayed) from the file, and only those."""
        self._file.remove({line_key(raw) for raw in self._lines})
        self._lines = []


def _index(lines: list[dict[str, Any]], line: dict[str, Any]) -> int:
    """Where ``line`` (this very one) is in ``lines``; their end when it is not there."""
    return next((i for i, raw in enumerate(lines) if raw is line), len(lines))


def _window(line: dict[str, Any]) -> str | None:
    """The window that wrote ``line`` (``JournalFile.new_id``); None: an older ProofDesk's."""
    key = line.get(ID)
    return key.rsplit("-", 1)[0] if isinstance(key, str) else None


def _committed_drafts(lines: Sequence[tuple[dict[str, Any], JournalEntry]]) -> set[int]:
    """Where the drafts are that a commit sent before a cut replay committed: those its
    line lists, and the lines of its page before it without an id (an older ProofDesk's,
    one window's). Another window's typing written between is not among them: its
    window never sent it."""
    done: set[int] = set()
    for at, (_line, commit) in enumerate(lines):
        if not (isinstance(commit, CommitEntry) and commit.version is not None):
            continue
        listed = set(commit.drafts or ())
        done |= {
            i
            for i, (line, entry) in enumerate(lines[:at])
            if isinstance(entry, DraftEntry)
            and entry.page == commit.page
            and (line.get(ID) in listed or ID not in line)
        }
    return done
