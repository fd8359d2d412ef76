"""Where the export dialog proposes to save: a folder, and a name whose ending follows the format.

The folder is the one this document was last exported to, else the PDF's own,
except for a PDF that came with the app (the bundled sample): its folder is the
app's, read-only when installed, so its exports go to the user's documents folder.

A name's ending follows the chosen format (``.txt`` becomes ``.md``) unless the
reviewer typed another ending: Markdown must not go to ``approved.txt``.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath

from PySide6.QtCore import QStandardPaths

from backend.export import FormatSpec
from gui.launch_args import SAMPLE_PDF

APP_RESOURCES = SAMPLE_PDF.parent.parent  # resources/: what the app brings along


def default_folder(source: Path, remembered: Path | None) -> Path:
    if remembered is not None and not _inside(remembered, APP_RESOURCES):
        return remembered  # (a sample exported there before this rule: not again)
    if _inside(source, APP_RESOURCES):
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation
        )
        return Path(documents or Path.home())
    return source.parent


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:  # a path that cannot be resolved is nobody's bundled file
        return False


def follow_format(path: str, old: FormatSpec, new: FormatSpec) -> str:
    """``path`` with ``old``'s ending (``.proofread.txt``, else ``.txt``) turned into
    ``new``'s; a name without an ending gets ``new``'s extension, and any other
    ending is the reviewer's own and stays."""
    if not path.strip() or path.endswith(("/", os.sep)):
        return path  # a folder, no name yet: not a hidden ".md" file inside it
    name = PurePath(path).name
    for before, after in ((old.suffix, new.suffix), (old.extension, new.extension)):
        if name.endswith(before) and len(name) > len(before):
            return path[: len(path) - len(before)] + after
    if not PurePath(name).suffix:
        return path + new.extension
    return path
