"""The journal's file, shared by every window of one reviewer on one document.

Two windows (or two logins of the same name) of a document write the same file
(``<sha>-<author>.jsonl``). Each line carries the id of the window that wrote it
(``id``: the window's token and a count), so a replay removes from the file only
the lines it sent; the other window's stay for its own replay or the next open.
Every read, append and rewrite holds an OS lock on a file beside the journal
(``.lock``): the rewrite replaces the journal's file, so a lock on the journal
itself would be lost with its old inode, and an append racing the rewrite could
land in the file being replaced. The lock file goes with the journal (``_locked``).

A line from before ids (or one edited by hand) is known by its text.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no flock; two windows there are not serialised
    fcntl = None  # type: ignore[assignment]

ID = "id"  # the key of a line's id: not an entry field (``parse_entry`` drops it)


def line_key(raw: Any) -> str:
    """What names a line in the file: its id, or its text for a line without one
    (also one that is not an object: refused loudly when replayed, kept till then)."""
    key = raw.get(ID) if isinstance(raw, dict) else None
    return key if isinstance(key, str) else json.dumps(raw, ensure_ascii=False, sort_keys=True)


class JournalFile:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock_path = path.with_name(path.name + ".lock")
        self._window = uuid.uuid4().hex[:12]
        self._count = 0

    def new_id(self) -> str:
        self._count += 1
        return f"{self._window}-{self._count}"

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Held across one read, append or rewrite (short: never across a replay's sends).

        A holder that leaves no journal removes the lock file too, as its last step, so
        none is left behind. Safe because a lock counts only on the file
        the path names once it is held: one who opened the old file and waited on its
        flock gets it after the remover closes, finds the path gone or naming a newer
        file, and locks that one instead. Only a holder unlinks, and does nothing after,
        so two holders of the named file at once cannot be."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            if fcntl is None:
                break
            fcntl.flock(fd, fcntl.LOCK_EX)
            if _names(self._lock_path, fd):
                break
            os.close(fd)  # removed while we waited: lock the file there now
        try:
            yield
            if fcntl is not None and not self.path.exists():
                # Not without flock (Windows): a file open there cannot be removed, and
                # no lock guards it anyway.
                self._lock_path.unlink(missing_ok=True)
        finally:
            os.close(fd)  # closing the descriptor drops the flock

    def _read(self) -> list[Any]:
        try:
            lines = self.path.read_text("utf-8").splitlines()
        except FileNotFoundError:
            return []
        out = []
        for line in lines:
            try:
                raw = json.loads(line)
            except ValueError:  # a line cut short by a crash mid-write: the others stand
                continue
            out.append(raw)
        return out

    def read(self) -> list[Any]:
        """Every readable line in the file, in order."""
        if not self.path.exists():  # as if read just before an append: no lock file made
            return []
        with self._locked():
            return self._read()

    def append(self, raw: dict[str, Any]) -> None:
        data = (json.dumps(raw, ensure_ascii=False) + "\n").encode("utf-8")
        with self._locked():
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
            try:
                size = os.fstat(fd).st_size
                if size and os.pread(fd, 1, size - 1) != b"\n":
                    data = b"\n" + data  # after a line cut short: not joined onto it
                os.write(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)

    def remove(self, keys: set[str]) -> None:
        """Drop the lines named ``keys`` (those a replay sent); the file goes when none is left."""
        with self._locked():
            self._rewrite([raw for raw in self._read() if line_key(raw) not in keys])

    def update(self, key: str, raw: dict[str, Any]) -> None:
        """Put ``raw`` in place of the first line named ``key`` (none: another window sent
        it). The first: two same lines without ids are one key, replayed in order."""
        with self._locked():
            lines = self._read()
            at = next((i for i, old in enumerate(lines) if line_key(old) == key), None)
            if at is not None:
                self._rewrite([*lines[:at], raw, *lines[at + 1 :]])

    def insert(self, key: str, raw: dict[str, Any]) -> None:
        """Put ``raw`` before the first line named ``key`` (none: at the end)."""
        with self._locked():
            lines = self._read()
            at = next((i for i, old in enumerate(lines) if line_key(old) == key), len(lines))
            self._rewrite([*lines[:at], raw, *lines[at:]])

    def _rewrite(self, kept: list[Any]) -> None:
        """The file as ``kept`` (the lock held). Written beside and renamed over: a crash
        mid-rewrite leaves the old file whole."""
        if not kept:
            self.path.unlink(missing_ok=True)
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        text = "".join(json.dumps(raw, ensure_ascii=False) + "\n" for raw in kept)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, text.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.path)


def _names(path: Path, fd: int) -> bool:
    """Whether ``path`` still names the file open as ``fd``."""
    try:
        there = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)
