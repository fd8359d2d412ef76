"""Where the export dialog proposes to save: a folder, and a name whose ending follows the format.

The folder is the one this document was last exported to, else the PDF's own,
except for a PDF that came with the app (the bundled sample): its folder is the
app's, read-only when installed, so its exports go to the user's documents folder.

A name's ending follows the chosen format (``.txt`` becomes ``.md``) unless the
reviewer typed another ending: Markdown must not go to ``approved.txt``.

A folder format (PAGE XML, ALTO, hOCR: one file per page) is saved under a new
folder's name: the save dialog asks for that name, and replacing an existing folder
(and every file in it) is asked as replacing a file is.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

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


def choose_target(parent: QWidget, spec: FormatSpec, current: str) -> str:
    """A name from the save dialog ("": none): a file's, or a folder format's new folder's."""
    title = (
        QCoreApplication.translate("ExportDialog", "Export to a new folder")
        if spec.folder
        else QCoreApplication.translate("ExportDialog", "Export to")
    )
    filters = (
        spec.file_filter() + ";;" + QCoreApplication.translate("ExportDialog", "All files (*)")
    )
    path, _chosen = QFileDialog.getSaveFileName(parent, title, current, filters)
    return path


def replace_question(target: Path, spec: FormatSpec) -> tuple[str, str] | None:
    """(title, question) to ask before the export replaces what is at ``target``; None
    when nothing would be replaced (a file where a folder is wanted, or the other way
    round, is refused by the export with its reason, not asked about)."""
    if spec.folder:
        if not target.is_dir():
            return None
        title = QCoreApplication.translate("ExportDialog", "Replace folder?")
        question = QCoreApplication.translate(
            "ExportDialog", "“{0}” already exists. Replace it and every file in it?"
        )
    else:
        if not target.exists() or target.is_dir():
            return None
        title = QCoreApplication.translate("ExportDialog", "Replace file?")
        question = QCoreApplication.translate("ExportDialog", "“{0}” already exists. Replace it?")
    return title, question.format(target.name)
