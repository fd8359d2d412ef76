"""Writing a folder format (one file per page) as safely as ``safe_write`` writes a file.

The files are written, private (0600) and synced, into a new hidden folder beside the
target, which is then renamed to the target's name: a failure or a cancel leaves no
half folder. An existing target is replaced only with ``overwrite`` and only if it is
a folder: it is moved aside, the new one put in its place, then the old one removed
(a file of that name is never deleted for a folder). The PDF and the review store are
refused as targets as for any export.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from backend.export.errors import ExportError, ExportExistsError
from backend.export.safe_write import PRIVATE_MODE, check_target
from backend.i18n import _

FOLDER_MODE = 0o700
Files = Callable[[], list[tuple[str, bytes]]]


def check_folder_target(target: Path, protected: Iterable[Path], *, overwrite: bool) -> Path:
    """The folder to write, or an ``ExportError``: its parent must exist; a file of that
    name is never replaced by a folder; an existing folder only with ``overwrite``."""
    named = target.expanduser()
    if named.is_dir() and not named.is_symlink():
        if not overwrite:
            raise ExportExistsError(_("“{name}” already exists.").format(name=target.name))
        return named.parent.resolve() / named.name
    if os.path.lexists(named):
        check_target(named, protected, overwrite=True)  # the PDF or the store: said as such
        raise ExportError(
            _("“{name}” is a file; this format writes a folder: choose a folder name.").format(
                name=target.name
            )
        )
    return check_target(named, protected, overwrite=overwrite)


def write_folder(target: Path, files: Files, *, overwrite: bool) -> int:
    """Write ``files()`` into ``target`` (a folder); the bytes written."""
    parent = target.parent
    try:
        temporary = Path(tempfile.mkdtemp(prefix=f".{target.name[:60]}.", dir=parent))
    except OSError as exc:
        raise _error(exc, parent) from exc
    old: Path | None = None
    try:
        os.chmod(temporary, FOLDER_MODE)
        size = 0
        for name, data in files():
            size += _write_file(temporary / name, data)
        if os.path.lexists(target):
            if not overwrite:
                raise ExportExistsError(
                    _("“{name}” already exists; it was kept as it is.").format(name=target.name)
                )
            old = Path(tempfile.mkdtemp(prefix=f".{target.name[:60]}.old.", dir=parent))
            os.replace(target, old / target.name)
        os.replace(temporary, target)
    except BaseException as exc:
        shutil.rmtree(temporary, ignore_errors=True)
        if old is not None and not os.path.lexists(target):  # put the old folder back
            with contextlib.suppress(OSError):
                os.replace(old / target.name, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        if isinstance(exc, OSError):
            raise _error(exc, parent) from exc
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return size


def _write_file(path: Path, data: bytes) -> int:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    return len(data)


def _error(exc: OSError, folder: Path) -> ExportError:
    return ExportError(
        _("The export could not be written in “{folder}”: {reason}. Nothing was written.").format(
            folder=folder, reason=exc.strerror or str(exc)
        ),
        detail=repr(exc),
    )
