"""Which process owns a review store right now, via an OS file lock.

An OS lock (``flock``) is released by the kernel when its process dies, so a
crash never leaves a stale lock behind, unlike a marker written in the file.
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock; every opener counts as the owner
    fcntl = None  # type: ignore[assignment]


class SessionLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self) -> bool:
        """True if this opener now owns the store; False if a live process does."""
        # O_NONBLOCK: a FIFO put where the lock file goes must not hang the open.
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o600)
        if fcntl is None:
            self._fd = fd
            return True
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None
