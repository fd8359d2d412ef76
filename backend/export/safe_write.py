"""Writing an export safely: checked target, private atomic write, clean file names.

An export is written to a temporary file in the target's own folder, synced
and renamed over the target, so a failure or a cancel never leaves half a
file and never damages an existing one. The source PDF and the review store
are refused as targets whatever the caller says: losing either loses work.

A target that is a symbolic link is the link, not the file it points to: with
``overwrite`` the link is replaced by the export and the file it pointed to is
left alone (a link planted in an export folder must not redirect the write to
``~/.bashrc``). To replace that file, name it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from backend.export.errors import ExportError, ExportExistsError, ProtectedTargetError
from backend.i18n import _

PRIVATE_MODE = 0o600
# Linux allows 255 bytes per name; CJK takes 3 bytes a character in UTF-8, and a
# suffix such as ".review-report.html" still has to fit after the stem.
MAX_STEM_BYTES = 150
_UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]')
_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL"} | {
    f"{p}{n}" for p in ("COM", "LPT") for n in range(1, 10)
}


def safe_filename(name: str, *, fallback: str = "document") -> str:
    """A file name stem safe on Linux, macOS and Windows, from untrusted metadata.

    Path separators and control characters become "_", reserved Windows
    names get a "_" prefix, trailing dots and spaces go (Windows drops them),
    a leading dot goes (it would hide the file), and the UTF-8 length is limited.
    """
    text = unicodedata.normalize("NFC", name)
    text = _UNSAFE.sub("_", text)
    text = text.strip().strip(".").rstrip(" ")
    text = _limit_bytes(text, MAX_STEM_BYTES).rstrip(". ")
    if not text:
        return fallback
    if text.split(".")[0].upper().rstrip(" ") in _WINDOWS_RESERVED:
        text = "_" + text
    return text


def _limit_bytes(text: str, limit: int) -> str:
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[:limit].decode("utf-8", errors="ignore")  # never cut a character in half


def default_output_name(title: str, source: Path, suffix: str) -> str:
    """``<title or file stem><suffix>``, e.g. "判決.proofread.txt"."""
    return safe_filename(title.strip() or source.stem) + suffix


def protected_paths(source: Path, store: Path | None) -> list[Path]:
    """The files an export must never replace: the PDF, the store and its companions."""
    out = [source]
    if store is not None:
        out += [store] + [store.with_name(store.name + s) for s in ("-wal", "-shm", ".lock")]
    return out


def check_target(target: Path, protected: Iterable[Path], *, overwrite: bool) -> Path:
    """The path to write, or an ``ExportError`` saying plainly why not.

    That is the target's folder resolved (links in it followed, as the user
    named it) and the target's own name: a link there is replaced, never followed.
    """
    named = target.expanduser()
    try:
        resolved = named.resolve()  # where the name leads: a link to the PDF is refused too
    except (OSError, RuntimeError, ValueError) as exc:  # a loop of links; a NUL in the name
        raise ExportError(
            _("“{name}” cannot be used as a file name; choose another.").format(name=target.name),
            detail=repr(exc),
        ) from exc
    for path in protected:
        if _same_file(resolved, path):
            raise ProtectedTargetError(
                _(
                    "“{name}” is the document or its review store; choose another name so "
                    "the original is kept."
                ).format(name=target.name)
            )
    destination = named.parent.resolve() / named.name if named.name else resolved
    folder = destination.parent
    if not folder.is_dir():
        raise ExportError(
            _("The folder “{folder}” does not exist; choose an existing folder.").format(
                folder=folder
            )
        )
    if destination.is_dir():  # a link to a folder too: the user meant to write into it
        raise ExportError(_("“{target}” is a folder; choose a file name.").format(target=target))
    if os.path.lexists(destination) and not overwrite:  # a dangling link is a name taken
        raise ExportExistsError(_("“{name}” already exists.").format(name=target.name))
    return destination


def link_target(path: Path) -> Path | None:
    """Where ``path`` points if it is a symbolic link (``None`` if it is not one)."""
    try:
        return Path(os.readlink(path)) if path.is_symlink() else None
    except OSError:
        return None


def _same_file(target: Path, other: Path) -> bool:
    try:
        other_resolved = other.expanduser().resolve()
    except OSError:
        return False
    if target == other_resolved:
        return True
    try:  # hard links and bind mounts resolve to different names for one file
        return target.exists() and other.exists() and os.path.samefile(target, other)
    except OSError:
        return False


def atomic_write(
    target: Path,
    write: Callable[[BinaryIO], None],
    *,
    mode: int = PRIVATE_MODE,
    overwrite: bool = True,
) -> int:
    """Call ``write`` on a private temporary file, then rename it over ``target``.

    Returns the number of bytes written. On any failure (including a cancel
    raised by ``write``) the temporary file is removed and ``target`` is as it was.
    ``overwrite=False``: a ``target`` that appeared meanwhile (another program
    saved it while this was writing) is kept and ``ExportExistsError`` raised.
    """
    folder = target.parent
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name[:60]}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise _write_error(exc, folder) from exc
    tmp = Path(tmp_name)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
            size = f.tell()
        (os.replace if overwrite else _place_new)(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, OSError):
            raise _write_error(exc, folder) from exc
        raise
    _sync_folder(folder)
    return size


# link() is refused where the file system has no hard links (FAT, some network shares).
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS}


def _place_new(tmp: Path, target: Path) -> None:
    """Move ``tmp`` to ``target`` only if ``target`` does not exist, atomically.

    ``link`` fails if the name exists, so no file can appear between the check
    and the move; only where links are not supported is it checked, then replaced.
    """
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise _exists(target) from None
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        if os.path.lexists(target):
            raise _exists(target) from None
        os.replace(tmp, target)
        return
    with contextlib.suppress(OSError):  # the export is in place; a stray .part is harmless
        tmp.unlink()


def _exists(target: Path) -> ExportExistsError:
    return ExportExistsError(
        _("“{name}” already exists; it was kept as it is.").format(name=target.name)
    )


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (a power cut could otherwise undo it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the data is synced already
    finally:
        os.close(fd)


def _write_error(exc: OSError, folder: Path) -> ExportError:
    reasons = {
        errno.ENOSPC: _("the disk is full"),
        errno.EACCES: _("you may not write there"),
        errno.EPERM: _("you may not write there"),
        errno.EROFS: _("the disk is read-only"),
        errno.ENOENT: _("the folder does not exist"),
        errno.ENOTDIR: _("the folder does not exist"),
    }
    reason = reasons.get(exc.errno or 0, exc.strerror or str(exc))
    return ExportError(
        _("The export could not be written in “{folder}”: {reason}. Nothing was written.").format(
            folder=folder, reason=reason
        ),
        detail=repr(exc),
    )
