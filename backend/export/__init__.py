"""Exporting a reviewed document: corrected text, an audit trail, a report (``registry``).

    document = collect(session, ExportOptions(approved_only=True))   # store thread
    result = write_export(document, ExportFormat.PDF, "out.pdf")      # any thread

``export_document`` does both for callers that own the session (the CLI).
Every write is atomic and private (0600); the source PDF and the review store
are never written over.
"""

from __future__ import annotations

from pathlib import Path

from backend.export.errors import (
    ExportCancelledError,
    ExportError,
    ExportExistsError,
    ProtectedTargetError,
)
from backend.export.format_spec import FormatOption, FormatSpec
from backend.export.formats import ExportResult, default_name, preview, write_export
from backend.export.monitor import Monitor
from backend.export.pages import (
    AidsProvider,
    ExportDocument,
    ExportOptions,
    ExportPage,
    MarkerCounter,
    TextFilter,
    collect,
    parse_pages,
    review_aids_provider,
)
from backend.export.registry import ExportFormat, UnknownFormatError, export_format, format_names
from backend.export.safe_write import atomic_write, check_target, safe_filename
from backend.session.document_session import DocumentSession


def export_document(
    session: DocumentSession,
    fmt: ExportFormat,
    target: str | Path,
    options: ExportOptions | None = None,
    *,
    overwrite: bool = False,
    strip_markers: TextFilter | None = None,
    count_markers: MarkerCounter | None = None,
    aids: AidsProvider | None = None,
    monitor: Monitor | None = None,
    password: str | None = None,
) -> ExportResult:
    """Collect and write in one call, on the thread that owns ``session``."""
    document = collect(
        session, options, strip_markers=strip_markers, count_markers=count_markers, aids=aids
    )
    return write_export(
        document, fmt, target, overwrite=overwrite, monitor=monitor, password=password
    )


__all__ = [
    "AidsProvider",
    "ExportCancelledError",
    "ExportDocument",
    "ExportError",
    "ExportExistsError",
    "ExportFormat",
    "ExportOptions",
    "ExportPage",
    "ExportResult",
    "FormatOption",
    "FormatSpec",
    "MarkerCounter",
    "Monitor",
    "ProtectedTargetError",
    "TextFilter",
    "UnknownFormatError",
    "atomic_write",
    "check_target",
    "collect",
    "default_name",
    "export_document",
    "export_format",
    "format_names",
    "parse_pages",
    "preview",
    "review_aids_provider",
    "safe_filename",
    "write_export",
]
