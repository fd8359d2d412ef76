"""What an export format is: its name, file, writer, preview and the options it reads.

Each format's module ends with its ``FormatSpec``; ``registry`` lists them, and
the CLI, the export dialog and ``write_export`` read that list and nothing else.
A format is a module plus one line in ``registry``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import PurePath
from typing import BinaryIO

from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument
from backend.i18n import _

# (document, output, monitor, the source PDF's password: the searchable PDF reopens it)
Writer = Callable[[ExportDocument, BinaryIO, Monitor, str | None], None]
TextRenderer = Callable[[ExportDocument, Monitor | None], str]
# The text a person sees in a written file (the preview shows its beginning): a text
# format's text itself; a DOCX's paragraphs, a PDF's first page, read back from it.
Reader = Callable[[bytes], str]
# A format written as a folder, one file a page (PAGE XML, ALTO, hOCR): each page's
# (file name, bytes), from (document, monitor, the source PDF's password).
PageFiles = Callable[[ExportDocument, Monitor, str | None], list[tuple[str, bytes]]]


class FormatOption(StrEnum):
    """An export choice only some formats read (the others ignore it, and the GUI
    disables it for them)."""

    SEPARATOR = "separator"  # ExportOptions.separator: the text between pages


@dataclass(frozen=True)
class FormatSpec:
    name: str  # the CLI's ``--format`` value, and what the dialog remembers
    label: str  # N_(): the export dialog's choice and the CLI's help
    file_type: str  # N_(): the file dialog's filter, e.g. "Text files"
    suffix: str  # the default file name's ending, e.g. ".proofread.txt"
    write: Writer = field(compare=False)
    read_back: Reader = field(compare=False)
    # Agreement and open critical flags cost a diff per page: collected only for
    # the formats that carry them.
    needs_aids: bool = False
    options: frozenset[FormatOption] = frozenset()
    html_preview: bool = False  # the preview is HTML, shown as it reads
    # The file's first page is made from the document's first page alone (nothing
    # document-wide is on it), so its preview writes that page only: a searchable PDF
    # of 140 pages took 6 s to preview whole.
    first_page_alone: bool = False
    # Set for a folder format: ``write_export`` writes these files into a new folder.
    page_files: PageFiles | None = field(default=None, compare=False)
    # The review statistics (``backend.stats``: the report's charts): read from the store
    # into ``ExportDocument.statistics`` only for the formats that show them.
    needs_statistics: bool = False

    @property
    def folder(self) -> bool:
        return self.page_files is not None

    @property
    def extension(self) -> str:
        # The last dotted part: ".page-xml" (a folder's) too, which PurePath takes for a
        # hidden name without a suffix.
        return "." + PurePath("x" + self.suffix).suffix.lstrip(".")

    def file_filter(self) -> str:
        """A file dialog's filter: "Text files (*.txt)", the type translated."""
        return f"{_(self.file_type)} (*{self.extension})"

    @classmethod
    def of_text(
        cls,
        render: TextRenderer,
        *,
        name: str,
        label: str,
        file_type: str,
        suffix: str,
        needs_aids: bool = False,
        options: frozenset[FormatOption] = frozenset(),
        html_preview: bool = False,
        needs_statistics: bool = False,
    ) -> FormatSpec:
        """A format whose file is ``render``'s text in UTF-8, previewed as that text."""

        def write(doc: ExportDocument, out: BinaryIO, monitor: Monitor, _pw: str | None) -> None:
            out.write(render(doc, monitor).encode("utf-8"))

        return cls(
            name,
            label,
            file_type,
            suffix,
            write,
            _utf8,
            needs_aids,
            options,
            html_preview,
            needs_statistics=needs_statistics,
        )

    @classmethod
    def of_pages(
        cls, files: PageFiles, *, name: str, label: str, file_type: str, suffix: str
    ) -> FormatSpec:
        """A folder format. ``write`` (the preview's) writes the files one after another;
        the preview asks for the first page alone, so it shows that page's file."""

        def write(doc: ExportDocument, out: BinaryIO, monitor: Monitor, pw: str | None) -> None:
            for _name, data in files(doc, monitor, pw):
                out.write(data)

        return cls(
            name,
            label,
            file_type,
            suffix,
            write,
            _utf8,
            first_page_alone=True,
            page_files=files,
        )


def _utf8(data: bytes) -> str:
    return data.decode("utf-8")
