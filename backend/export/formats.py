"""The export formats, the one function that writes any of them, and a preview.

collect(session, options)        on the store's thread: plain values
write_export(document, fmt, target, overwrite=...)   on any thread
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import BinaryIO

from backend.export.docx_file import blocks, write_docx
from backend.export.jsonl import render_jsonl
from backend.export.markdown import render_markdown
from backend.export.monitor import Monitor
from backend.export.page_warnings import replaced_notice
from backend.export.pages import ExportDocument, admitted
from backend.export.report import render_report, report_pdf
from backend.export.safe_write import (
    atomic_write,
    check_target,
    default_output_name,
    protected_paths,
)
from backend.export.searchable_pdf import write_searchable_pdf
from backend.export.text import render_text
from backend.i18n import _

PREVIEW_CHARS = 4000
TextRenderer = Callable[[ExportDocument, Monitor | None], str]


class ExportFormat(StrEnum):
    TXT = "txt"
    MD = "md"
    DOCX = "docx"
    JSONL = "jsonl"
    PDF = "pdf"
    REPORT = "report"  # HTML
    REPORT_PDF = "report-pdf"

    @property
    def suffix(self) -> str:
        return {
            "txt": ".proofread.txt",
            "md": ".proofread.md",
            "docx": ".proofread.docx",
            "jsonl": ".audit.jsonl",
            "pdf": ".searchable.pdf",
            "report": ".review-report.html",
            "report-pdf": ".review-report.pdf",
        }[self.value]


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


_TEXT_RENDERERS: dict[ExportFormat, TextRenderer] = {
    ExportFormat.TXT: render_text,
    ExportFormat.MD: render_markdown,
    ExportFormat.JSONL: render_jsonl,
    ExportFormat.REPORT: render_report,
}


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

    Raises ``ExportError`` (nothing written) for a protected, missing or
    existing target, a failed write, or a cancel.
    """
    watch = monitor or Monitor()
    document = admitted(document)  # nothing a writer cannot put in its file, and counted
    path = check_target(
        Path(target), protected_paths(document.source, document.store), overwrite=overwrite
    )
    write = _writer(document, fmt, watch, password)

    def write_and_check(out: BinaryIO) -> None:
        write(out)
        # The last cancel check comes before the rename: after it, the file is
        # written and a cancel must not claim otherwise.
        watch.step(len(document.pages), len(document.pages))

    size = atomic_write(path, write_and_check, overwrite=overwrite)
    return ExportResult(
        path,
        fmt,
        len(document.pages),
        size,
        document.unapproved,
        document.skipped,
        document.replaced,
    )


def _writer(
    document: ExportDocument, fmt: ExportFormat, monitor: Monitor, password: str | None
) -> Callable[[BinaryIO], None]:
    if fmt in _TEXT_RENDERERS:
        render = _TEXT_RENDERERS[fmt]
        return lambda out: _write_text(out, render(document, monitor))
    if fmt is ExportFormat.DOCX:
        return lambda out: write_docx(document, out, monitor)
    if fmt is ExportFormat.PDF:
        return lambda out: write_searchable_pdf(document, out, monitor, password=password)
    return lambda out: report_pdf(document, out, monitor)


def _write_text(out: BinaryIO, text: str) -> None:
    out.write(text.encode("utf-8"))


def preview(document: ExportDocument, fmt: ExportFormat, limit: int = PREVIEW_CHARS) -> str:
    """What the first page of the output will look like (text), cut at ``limit`` characters."""
    first = admitted(replace(document, pages=document.pages[:1]))
    if not first.pages:
        return ""
    page = first.pages[0]
    if fmt is ExportFormat.DOCX:
        counts = blocks(page.text)
        tables = sum(1 for b in counts if not isinstance(b, str))
        head = _("Word document, page {page}: {counts_count} paragraph(s)").format(
            page=page.page + 1, counts_count=len(counts) - tables
        )
        head += _(", {tables} table(s).\n\n").format(tables=tables) if tables else ".\n\n"
        text = head + page.text
    elif fmt is ExportFormat.PDF:
        where = (
            _("line by line over the OCR boxes") if page.layout else _("as one block on the page")
        )
        text = _("Invisible text on page {page}, placed {where}:\n\n{text}").format(
            page=page.page + 1, where=where, text=page.text
        )
    elif fmt is ExportFormat.REPORT_PDF:
        text = render_report(first)
    else:
        text = _TEXT_RENDERERS[fmt](first, None)
    return text if len(text) <= limit else text[:limit] + "…"
