"""The export formats, in the order the CLI's help and the export dialog list them.

``ExportFormat`` is the registry: one member per format, its value the format's
name and its ``spec`` the format's ``FormatSpec`` (from the format's own
module). ``proofdesk export --format``, the export dialog and ``write_export``
all read it, so a new format is a module plus one line here. ``export_format``
turns a name from outside (the command line, settings) into a member, and an
unknown name into an error: never another format in its place.
"""

from __future__ import annotations

from enum import StrEnum

from backend.export import (
    alto_xml,
    docx_file,
    hocr,
    jsonl,
    markdown,
    page_xml,
    report,
    searchable_pdf,
    text,
    xlsx_file,
)
from backend.export.errors import ExportError
from backend.export.format_spec import FormatSpec
from backend.i18n import _


class UnknownFormatError(ExportError):
    """No export format has this name (nothing was written)."""


class ExportFormat(StrEnum):
    spec: FormatSpec

    TXT = text.FORMAT
    MD = markdown.FORMAT
    DOCX = docx_file.FORMAT
    XLSX = xlsx_file.FORMAT
    PDF = searchable_pdf.FORMAT
    JSONL = jsonl.FORMAT
    REPORT = report.HTML_FORMAT
    REPORT_PDF = report.PDF_FORMAT
    # Folders, one file per page (``FormatSpec.folder``)
    PAGE = page_xml.FORMAT
    ALTO = alto_xml.FORMAT
    HOCR = hocr.FORMAT

    def __new__(cls, spec: FormatSpec) -> ExportFormat:
        # A member's value is its spec's name: ``ExportFormat("txt")`` finds it, and it
        # is stored, compared and printed as that string.
        member = str.__new__(cls, spec.name)
        member._value_ = spec.name
        member.spec = spec
        return member

    @property
    def suffix(self) -> str:
        return self.spec.suffix


def export_format(name: object) -> ExportFormat:
    """The format called ``name``; ``UnknownFormatError`` (saying which exist) if none is."""
    for fmt in ExportFormat:
        if fmt.value == name:
            return fmt
    raise UnknownFormatError(
        _("“{name}” is not an export format; the formats are: {names}.").format(
            name=name, names=", ".join(format_names())
        )
    )


def format_names() -> tuple[str, ...]:
    return tuple(fmt.value for fmt in ExportFormat)
