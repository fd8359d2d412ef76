"""The journal's lock file (``journal_file``) goes with the journal, and removing it
while others wait on it still lets one window at a time in (real processes and files)."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from pathlib import Path

from backend.store.postgres.journal import DraftEntry
from backend.store.postgres.journal_file import ID, JournalFile
from backend.store.postgres.team_store import TeamStore


def test_a_replayed_journal_leaves_no_file_behind(
    open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    rita = open_store("rita")
    folder = rita.journal.path.parent
    assert not folder.exists() or list(folder.iterdir()) == []  # opening made none
    rita.journal.append(DraftEntry(page=2, text="離線"))
    assert sorted(p.name[-6:] for p in folder.iterdir()) == [".jsonl", "l.lock"]
    assert rita.flush() == [] and rita.pending == 0
    assert list(folder.iterdir()) == []  # neither the journal nor its .lock


def _append_check_remove(path: Path, page: int, n: int) -> None:
    """A window typing offline and replaying, n times: its line is in the file from its
    append until its own replay removes it, whoever else rewrites the file meanwhile.
    (The file's own steps: a ``Journal`` opened takes the lines already there as its own.)"""
    file = JournalFile(path)
    for i in range(n):
        key = file.new_id()
        file.append({"op": "draft", "page": page, "text": f"{page}:{i}", ID: key})
        if key not in [raw[ID] for raw in file.read()]:
            raise SystemExit(f"line {page}:{i} lost")
        file.remove({key})


def test_windows_emptying_the_journal_in_turn_lose_no_line(tmp_path: Path) -> None:
    """Three processes append and replay their own lines; the journal (and its lock
    file) goes whenever it empties, while the others wait on that lock. A second holder
    of the lock (the path naming a new file while one waits on the old) would rewrite
    the file without a line just appended, and its writer would find it gone."""
    path = tmp_path / "journal" / "0123456789abcdef-rita.jsonl"
    n = 400
    spawn = multiprocessing.get_context("spawn")
    others = [spawn.Process(target=_append_check_remove, args=(path, p, n)) for p in (1, 2)]
    for other in others:
        other.start()
    _append_check_remove(path, 0, n)
    for other in others:
        other.join()
    assert [other.exitcode for other in others] == [0, 0]
    assert list(path.parent.iterdir()) == []
