"""What ``import --from`` points at, checked before anything is read.

A JSONL file or a folder of page files; anything else gets its own reason,
naming the path as given: ``/dev/null`` is a device, not a file that "was not
found", a FIFO is refused before an open that would wait on it for ever, and an
empty file is empty, not "without transcripts".
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from backend.errors import ImportError_
from backend.i18n import N_, _, in_quotes, list_join
from backend.store.store_file import kind_of

# What an import takes, told whenever it was given something else.
_TAKES = N_("a JSONL file of {“page”, “text”} lines or a folder of page-N.txt/.md files")


def is_folder(path: Path, shown: str) -> bool:
    """True for a folder, False for a non-empty regular file; else an ``ImportError_``.

    ``shown`` is the path as the user gave it, escaped for display.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        raise ImportError_(_("“{path}” was not found.").format(path=shown)) from None
    except OSError as exc:  # a loop of links, a folder on the way not searchable...
        raise ImportError_(
            _("“{path}” cannot be read ({reason}).").format(path=shown, reason=exc.strerror),
            detail=repr(exc),
        ) from exc
    try:  # a regular file or a folder by now: opening it never waits
        os.close(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
    except OSError as exc:  # no permission: said with the path, not only its last name
        raise ImportError_(
            _("“{path}” cannot be read ({reason}).").format(path=shown, reason=exc.strerror),
            detail=repr(exc),
        ) from exc
    if stat.S_ISDIR(info.st_mode):
        return True
    if not stat.S_ISREG(info.st_mode):
        raise ImportError_(
            _("“{path}” is {what}, not a file of transcripts; import takes {takes}.").format(
                path=shown, what=kind_of(info.st_mode), takes=_(_TAKES)
            )
        )
    if info.st_size == 0:
        raise ImportError_(
            _("“{path}” is empty (0 bytes); import takes {takes}.").format(
                path=shown, takes=_(_TAKES)
            )
        )
    return False


def nothing_found(path: Path, shown: str, folder: bool) -> ImportError_:
    """The error for a source that held no transcript at all."""
    if folder:
        return ImportError_(
            _(
                "The folder “{path}” holds no .txt or .md file named with its page number "
                "(page-0007.md, 7.txt); nothing was imported."
            ).format(path=shown)
        )
    return ImportError_(
        _("“{path}” holds no transcripts (only blank lines); import takes {takes}.").format(
            path=shown, takes=_(_TAKES)
        )
    )


def folder_files(folder: Path, suffixes: frozenset[str] | set[str]) -> list[Path]:
    """The files in ``folder`` whose suffix is one of ``suffixes`` (lower case), in name
    order; an ``ImportError_`` if the folder cannot be listed or a link in it leads out
    (a page file must be the folder's own: a link could pull in any file the user can read).
    """
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        raise ImportError_(
            _("The folder “{name}” cannot be read ({value}).").format(
                name=folder.name, value=exc.strerror or exc
            ),
            detail=repr(exc),
        ) from exc
    inside = _resolved(folder) or folder
    files, leaving = [], []
    for entry in entries:
        if entry.suffix.lower() not in suffixes:
            continue
        if not entry.is_file():  # folders, devices, pipes, links that lead nowhere
            continue
        if entry.is_symlink() and not leads_into(entry, inside):
            leaving.append(entry.name)
            continue
        files.append(entry)
    if leaving:
        names = list_join(in_quotes(n) for n in leaving[:3]) + (" …" if len(leaving) > 3 else "")
        raise ImportError_(
            _(
                "“{name}” holds {leaving_count} link(s) to files outside it ({names}); "
                "copy those files into the folder to import them. Nothing was imported."
            ).format(name=folder.name, leaving_count=len(leaving), names=names)
        )
    return files


def _resolved(path: Path) -> Path | None:
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):  # missing, or a loop of links
        return None


def leads_into(link: Path, folder: Path) -> bool:
    """Whether the link ends at a file inside ``folder`` (links to links followed)."""
    target = _resolved(link)
    return target is not None and target.is_relative_to(folder)
