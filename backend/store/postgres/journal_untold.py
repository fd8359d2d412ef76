"""Conflicts kept on closing, told at the next open.

Closing a document commits its typing (``TeamStore.commit_all_drafts``); typing based on
an older version than a colleague's newer save is kept beside it (the conflict rule),
which the window, closing or quitting, has no time left to show. The conflict is noted
in a file beside the journal (``<journal>.untold.jsonl``: the page and both versions,
the words made at the next open, in that day's language) and told by the next open of
the document, once (its lines are removed as they are read). A damaged line is
dropped: the versions themselves are on the server, in the page's history.
"""

from __future__ import annotations

from pathlib import Path

from backend.store.postgres.journal_file import ID, JournalFile, line_key


class Untold:
    def __init__(self, journal: Path) -> None:
        self._file = JournalFile(journal.with_name(journal.stem + ".untold.jsonl"))

    def keep(self, conflicts: list[tuple[int, int, int]]) -> None:
        """Note ``conflicts``: (page, my version, theirs, the working one)."""
        for page, mine, theirs in conflicts:
            self._file.append(
                {"page": page, "mine": mine, "theirs": theirs, ID: self._file.new_id()}
            )

    def take(self) -> list[tuple[int, int, int]]:
        """The conflicts noted, removed from the file (a window's noted meanwhile stays)."""
        lines = self._file.read()
        if lines:
            self._file.remove({line_key(raw) for raw in lines})
        fields = ("page", "mine", "theirs")
        return [
            (raw["page"], raw["mine"], raw["theirs"])
            for raw in lines
            if isinstance(raw, dict)
            and all(
                isinstance(raw.get(f), int) and not isinstance(raw.get(f), bool) for f in fields
            )
        ]
