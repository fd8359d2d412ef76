"""The review store's file itself: what the path holds before SQLite opens it, and
whether it is still the same file while the store is open.

Kept apart from ``opening`` (which configures a connection) because SQLite is
no judge of these: it takes a zero-byte file for a new, empty database (and
would start a review over a truncated one), it waits forever on a FIFO, and it
keeps writing to a file that was deleted under it. Everything here looks at
the file with ``stat`` and, at most, reads its first 100 bytes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from backend.errors import StoreError, StoreFullError
from backend.i18n import N_, _

SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_BYTES = 100
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX: an open never waits on a FIFO
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
FULL_ERRNOS = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
DISK_FULL = N_(
    "The disk holding the review is full, so this change was not saved; free "
    "some space on it and try again."
)
DISK_FULL_ON_OPEN = N_(
    "The disk holding the review is full, so the review could not be opened "
    "(nothing in it was changed); free some space on it and try again."
)

# Files a ReviewStore of this process has open, by (device, inode). Opening and
# closing another descriptor on such a file would drop SQLite's POSIX locks on
# it (they belong to the process, not to a descriptor), so its header is not
# read again: SQLite already accepted it.
_open_here: dict[tuple[int, int], int] = {}


class Found(Enum):
    """What a store's path held when it was opened."""

    CREATED = "created"  # nothing: a new, empty file was made just now
    EMPTY = "empty"  # a file of zero bytes (SQLite alone cannot tell new from lost)
    STORE = "store"  # starts like an SQLite database
    TRUNCATED = "truncated"  # the start of an SQLite header, cut short
    BLANK = "blank"  # bytes, but only zero bytes where the header belongs
    FOREIGN = "foreign"  # something else entirely


@dataclass(frozen=True)
class FileId:
    """Which file a path named when the store was opened (``st_dev``, ``st_ino``)."""

    device: int
    inode: int


def make_private_folders(folder: Path) -> None:
    """Create ``folder`` and any missing folder above it, each readable by the user only.

    ``mkdir(parents=True, mode=...)`` gives the mode to the last folder only, and
    the umask may narrow it further; every folder made here is set to 0700.
    """
    missing = [f for f in (folder, *folder.parents) if not f.exists()]
    for created in reversed(missing):
        try:
            created.mkdir(mode=0o700)
        except FileExistsError:
            continue  # made meanwhile by another process: not ours to change
        except OSError as exc:
            raise_if_full(exc, created)
            raise
        os.chmod(created, 0o700)


def prepare(path: Path) -> Found:
    """Say what ``path`` holds, creating it (private, with its folders) when absent.

    Refuses at once, with a ``StoreError``, anything that is not a regular file
    (a FIFO, a device, a folder): none can hold a review, and a FIFO would block.
    """
    for _unused in range(3):  # a file created or deleted between stat and open: look again
        try:
            info = path.stat()
        except FileNotFoundError:
            make_private_folders(path.parent)
            if _create(path):
                return Found.CREATED
            continue
        _require_regular(info.st_mode, path)
        if info.st_size == 0:
            return Found.EMPTY
        if (info.st_dev, info.st_ino) in _open_here:
            return Found.STORE
        header = _read_header(path)
        if header is not None:
            return _kind(header, info.st_size)
    raise StoreError(
        _("The review store {path} kept appearing and disappearing; try again.").format(path=path)
    )


def remove_new(path: Path) -> None:
    """Remove a store file made by an open that then failed, with SQLite's files beside it."""
    for leftover in (path, *(path.with_name(path.name + s) for s in ("-wal", "-shm"))):
        with contextlib.suppress(OSError):
            leftover.unlink()


def _create(path: Path) -> bool:
    """Create ``path`` readable by the user only; False if something is there meanwhile."""
    # O_EXCL: never open what appeared since the stat (a FIFO would block the
    # open); SQLite gives its -wal and -shm files the same permissions.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NONBLOCK | _CLOEXEC
    try:
        os.close(os.open(path, flags, 0o600))
    except FileExistsError:
        return False
    except OSError as exc:
        raise_if_full(exc, path)
        raise
    return True


def _read_header(path: Path) -> bytes | None:
    """The first bytes of ``path``; None if it vanished. Never blocks (``O_NONBLOCK``)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        return None
    try:
        _require_regular(os.fstat(fd).st_mode, path)  # replaced since the stat
        return os.read(fd, _HEADER_BYTES)
    finally:
        os.close(fd)


def _kind(header: bytes, size: int) -> Found:
    if not header.strip(b"\0"):
        return Found.BLANK
    if not header.startswith(SQLITE_MAGIC[: len(header)]):
        return Found.FOREIGN
    if len(header) < _HEADER_BYTES:
        return Found.TRUNCATED
    raw = int.from_bytes(header[16:18], "big")
    page_size = 65536 if raw == 1 else raw
    # A whole database is at least one page; less is a file cut short.
    return Found.TRUNCATED if size < max(page_size, 512) else Found.STORE


def kind_of(mode: int) -> str:
    """What a file that is not a regular one is, in words: "a folder", "a device"..."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def _require_regular(mode: int, path: Path) -> None:
    if stat.S_ISREG(mode):
        return
    what = kind_of(mode)
    raise StoreError(
        _(
            "{path} is {what}, not a file, so it cannot hold a review; give the "
            "review store a file name instead (a new name starts a new review)."
        ).format(path=path, what=what)
    )


def raise_if_full(exc: OSError, path: Path) -> None:
    """A full disk is a ``StoreFullError`` with one message everywhere; other errors pass."""
    if exc.errno in FULL_ERRNOS:
        raise StoreFullError(_(DISK_FULL), detail=f"{exc} ({path})") from exc


# -- while the store is open -------------------------------------------------------------


def file_id(path: Path) -> FileId:
    info = path.stat()
    return FileId(info.st_dev, info.st_ino)


def register(fid: FileId) -> None:
    key = (fid.device, fid.inode)
    _open_here[key] = _open_here.get(key, 0) + 1


def unregister(fid: FileId) -> None:
    key = (fid.device, fid.inode)
    left = _open_here.get(key, 0) - 1
    if left > 0:
        _open_here[key] = left
    else:
        _open_here.pop(key, None)


def still_there(path: Path, fid: FileId) -> bool:
    """Is the file at ``path`` still the one the store opened (not deleted, moved, replaced)?

    SQLite would go on writing into a deleted file, and every later save would
    be lost when it closes; a ``stat`` before each write is cheap.
    """
    try:
        return file_id(path) == fid
    except OSError:
        return False


def gone_error(path: Path) -> StoreError:
    return StoreError(
        _(
            "The review file {path} was deleted or moved while the document was "
            "open, so this change was not saved and nothing more can be; copy any "
            "text you still need from the window, then close the document and open "
            "it again."
        ).format(path=path)
    )


def disk_is_full(folder: Path) -> bool:
    """Is (almost) no space left where ``folder`` is? Tells a full disk behind an I/O error."""
    try:
        info = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs on Windows
        return False
    return info.f_bavail * info.f_frsize < 256 * 1024
