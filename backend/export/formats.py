"""The one function that writes any export format, and a preview (formats: ``registry``).

collect(session, options)        on the store's thread: plain values
write_export(document, fmt, target, overwrite=...)   on any thread
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from backend.export.folder_write import check_folder_target, write_folder
from backend.export.monitor import Monitor
from backend.export.page_warnings import replaced_notice
from backend.export.pages import ExportDocument, admitted
from backend.export.registry import ExportFormat, export_format
from backend.export.safe_write import (
    atomic_write,
    check_target,
    default_output_name,
    protected_paths,
)

PREVIEW_CHARS = 4000


@dataclass(frozen=True)
class ExportResult:
    path: Path
    format: ExportFormat
    pages: int
    bytes: int
    unapproved: tuple[int, ...]  # 0-based pages in the export that are not approved
    skipped: tuple[int, ...]  # 0-based unapproved pages left out
    # (0-based page, characters) whose text held controls or noncharacters, replaced
    replaced: tuple[tuple[int, int], ...] = ()

    @property
    def contains_unapproved(self) -> bool:
        return bool(self.unapproved)

    @property
    def replaced_notice(self) -> str:
        """What the export says of the characters it replaced ("" when none)."""
        return replaced_notice(self.replaced) if self.replaced else ""


def default_name(document: ExportDocument, fmt: ExportFormat) -> str:
    return default_output_name(document.title, document.source, fmt.suffix)


def write_export(
    document: ExportDocument,
    fmt: ExportFormat,
    target: str | Path,
    *,
    overwrite: bool = False,
    monitor: Monitor | None = None,
    password: str | None = None,
) -> ExportResult:
    """Write ``document`` as ``fmt`` to ``target``, atomically and privately (0600).

    Raises ``ExportError`` (nothing written) for an unknown format, a protected,
    missing or existing target, a failed write, or a cancel.
    """
    spec = export_format(fmt).spec  # never another format's file in its place
    watch = monitor or Monitor()
    document = admitted(document)  # nothing a writer cannot put in its file, and counted
    protected = protected_paths(document.source, document.store)
    files = spec.page_files
    if files is not None:  # a folder, one file per page
        path = check_folder_target(Path(target), protected, overwrite=overwrite)

        def page_files() -> list[tuple[str, bytes]]:
            made = files(document, watch, password)
            watch.step(len(document.pages), len(document.pages))  # the last cancel
            return made

        size = write_folder(path, page_files, overwrite=overwrite)
    else:
        path = check_target(Path(target), protected, overwrite=overwrite)

        def write_and_check(out: BinaryIO) -> None:
            spec.write(document, out, watch, password)
            # The last cancel check comes before the rename: after it, the file is
            # written and a cancel must not claim otherwise.
            watch.step(len(document.pages), len(document.pages))

        size = atomic_write(path, write_and_check, overwrite=overwrite)
    return ExportResult(
        path,
        export_format(fmt),
        len(document.pages),
        size,
        document.unapproved,
        document.skipped,
        document.replaced,
    )


def preview(
    document: ExportDocument,
    fmt: ExportFormat,
    limit: int = PREVIEW_CHARS,
    *,
    monitor: Monitor | None = None,
    password: str | None = None,
) -> str:
    """The beginning of the file ``write_export`` would write, cut at ``limit`` characters.

    The format's own writer writes ``document`` into memory, so the preview can never
    say what the file does not (a preview made from the first page alone said
    ``"contains_unapproved": false`` of a file that says ``true``). A text format shows
    its text; DOCX and PDF show the text read back from the written bytes. A format
    whose first page is made from the first page alone (``first_page_alone``) writes
    only that page.
    """
    spec = export_format(fmt).spec
    document = admitted(document)
    if not document.pages:
        return ""
    if spec.first_page_alone:
        document = replace(document, pages=document.pages[:1])
    buffer = io.BytesIO()
    spec.write(document, buffer, monitor or Monitor(), password)
    text = spec.read_back(buffer.getvalue())
    return text if len(text) <= limit else text[:limit] + "…"
