"""Conflicts kept on closing, told at the next open.

Closing a document commits its typing (``TeamStore.commit_all_drafts``), after replaying
the journal if the server is back (``team_replay``); typing based on an older version than
a colleague's newer save is kept beside it (the conflict rule), which the window, closing
or quitting, has no time left to show. The conflict is noted in a file beside the journal
(``<journal>.untold.jsonl``: the page and both versions, the words made at the next open,
in that day's language) and told by the next open of the document, once (its lines are
removed as they are read). A damaged line is dropped: the versions themselves are on the
server, in the page's history.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backend.store.postgres.errors import SaveConflictError
from backend.store.postgres.journal_file import ID, JournalFile, line_key

Conflict = tuple[int, int, int]  # (page, my version, theirs)


def conflict_of(exc: SaveConflictError) -> Conflict:
    return exc.page, exc.mine.id, exc.theirs.id


class Untold:
    def __init__(self, journal: Path) -> None:
        self._file = JournalFile(journal.with_name(journal.stem + ".untold.jsonl"))

    def keep(self, conflicts: list[Conflict]) -> None:
        """Note ``conflicts``: (page, my version, theirs, the working one). ``OSError``
        (e.g. a full disk) for the caller: the versions themselves are on the server."""
        for page, mine, theirs in conflicts:
            self._file.append(
                {"page": page, "mine": mine, "theirs": theirs, ID: self._file.new_id()}
            )

    def noted(self) -> list[Any]:
        """The lines noted (``told`` once they are told), damaged ones too."""
        return self._file.read()

    def told(self, lines: list[Any]) -> None:
        """Remove ``lines`` (a window's noted meanwhile stays)."""
        if lines:
            self._file.remove({line_key(raw) for raw in lines})


def conflict(raw: Any) -> Conflict | None:
    """A line's (page, my version, theirs); None for a damaged one."""
    values = [raw.get(f) for f in ("page", "mine", "theirs")] if isinstance(raw, dict) else []
    ints = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if len(ints) != 3:
        return None
    return ints[0], ints[1], ints[2]
