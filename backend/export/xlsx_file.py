"""XLSX (openpyxl): each table of the document on its own sheet, named by page and table.

A sheet is the table's grid as the transcript writes it: merged cells merged,
header cells bold, cells that are numbers written as numbers (``cell_numbers``)
so a column of amounts sums. When the written form says more than the number
shows (壹萬貳仟, １２，０００, 新臺幣12,000元), the cell carries it as a comment: a
comment keeps the grid the document's own, where a column of originals beside
each number would shift every span and column after it.

A table split over two pages (the page ends in it, the next page starts with its
rows and no header: ``backend.tables.continued``, as the review reads it) is one
sheet: it is one table of the file (one 附表), the page break is the scan's, not
the table's, and a spreadsheet sums, sorts and filters a table only when its rows
are in one place under one header; as two sheets the second had no header at all.
The sheet keeps the first half's name (its page and number), and the first row from
each later page says in a comment which page it comes from.

A document whose exported pages hold no table gets one sheet that says so. Not
an error: every format writes any document (a batch export over many PDFs must
not stop at one without tables), the dialog's preview shows the sentence rather
than "the preview failed", and whoever opens the file reads why it holds no table
instead of guessing the export lost them.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

import openpyxl
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from backend.export.cell_numbers import cell_number
from backend.export.errors import ExportError
from backend.export.format_spec import FormatSpec
from backend.export.monitor import Monitor
from backend.export.pages import ExportDocument
from backend.export.words import draft_line
from backend.i18n import N_, _
from backend.safe_text import admit
from backend.tables import Table, find_tables
from backend.tables.continued import Header, continues, ends, header_of

# Excel's limits: past them a file opens "repaired" with data dropped.
MAX_ROWS = 1_048_576
MAX_COLUMNS = 16_384
MAX_CELL_CHARS = 32_767
SHEET_NAME_CHARS = 31
PROPERTY_CHARS = 255
COMMENT_AUTHOR = "ProofDesk"
MAX_COLUMN_WIDTH = 60  # in characters; a wide CJK cell wraps past it

TableFinder = Callable[[str], Sequence[Table]]


@dataclass
class _Sheet:
    """A table's sheet: its name, its rows so far, the header a continuation must match
    and the last page it holds rows of."""

    sheet: Any
    name: str
    header: Header
    rows: int
    page: int


def write_xlsx(
    doc: ExportDocument, out: BinaryIO, monitor: Monitor, tables_of: TableFinder = find_tables
) -> None:
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    _set_properties(workbook, doc)
    open_sheet: _Sheet | None = None  # the table the page before ended in
    for i, page in enumerate(doc.pages):
        monitor.step(i, len(doc.pages))
        before, open_sheet = open_sheet, None
        for number, table in enumerate(tables_of(page.text), start=1):
            if not table.rows:
                continue
            if (
                before is not None
                and before.page == page.page - 1
                and continues(page.text, table, before.header)
            ):
                at = before
                _write(at.sheet, at.name, table, at.rows)
                note = _("From page {page} (the table continues there).")
                _add_note(at.sheet.cell(row=at.rows + 1, column=1), note.format(page=page.page + 1))
                at.rows, at.page = at.rows + len(table.rows), page.page
            else:
                name = sheet_name(page.page, number)
                sheet = workbook.create_sheet(name)
                _write(sheet, name, table, 0)
                at = _Sheet(sheet, name, header_of(table), len(table.rows), page.page)
            before = None  # only a page's first table continues the page before's
            if ends(page.text, table):
                open_sheet = at
    if not workbook.worksheets:
        sheet = workbook.create_sheet(_clean_name(_("No tables")))
        sheet["A1"] = _("The pages exported hold no table.")
        sheet.column_dimensions["A"].width = MAX_COLUMN_WIDTH
    workbook.save(out)


def sheet_name(page: int, number: int) -> str:
    """ "p3-t1": the 1st table of page 3 (``page`` 0-based). Only digits, a letter and a
    hyphen, so always within Excel's 31 characters and free of []:*?/\\."""
    return f"p{page + 1}-t{number}"[:SHEET_NAME_CHARS]


def _clean_name(name: str) -> str:
    """A sheet name Excel accepts: none of []:*?/\\, at most 31 characters."""
    kept = "".join("_" if c in "[]:*?/\\" else c for c in _clean(name)).strip("'")
    return kept[:SHEET_NAME_CHARS] or "-"


def _write(sheet: Any, name: str, table: Table, offset: int) -> None:
    """``table`` on ``sheet`` from its row ``offset`` (0-based) down."""
    rows = len(table.rows)
    if offset + rows > MAX_ROWS or table.columns > MAX_COLUMNS:
        raise ExportError(
            _(
                "Table {name} has {rows} rows and {columns} columns; a worksheet holds at "
                "most {max_rows} rows and {max_columns} columns."
            ).format(
                name=name,
                rows=offset + rows,
                columns=table.columns,
                max_rows=MAX_ROWS,
                max_columns=MAX_COLUMNS,
            )
        )
    filled: set[tuple[int, int]] = set()  # grid positions a cell already fills
    widths: dict[int, int] = {}
    bold = Font(bold=True)
    wrap = Alignment(wrap_text=True, vertical="top")
    for cell in table.cells:
        spots = _spots(cell.row, cell.column, cell.row_span, cell.column_span, rows, table.columns)
        if not spots or spots[0] in filled:
            continue  # a cell under another's span (overlapping markup): its text is lost
        merged = [s for s in spots if s not in filled]
        if len(merged) < len(spots):  # would overlap a merge already made: this cell alone
            merged = spots[:1]
        filled.update(merged)
        target = sheet.cell(row=offset + cell.row + 1, column=cell.column + 1)
        _fill(target, _clean(cell.value))
        if cell.header or table.rows[cell.row].header:
            target.font = bold
        if "\n" in cell.value:
            target.alignment = wrap
        if len(merged) > 1:
            last_row, last_column = merged[-1]
            sheet.merge_cells(
                start_row=offset + cell.row + 1,
                start_column=cell.column + 1,
                end_row=offset + last_row + 1,
                end_column=last_column + 1,
            )
        if cell.column_span == 1:
            widths[cell.column] = max(widths.get(cell.column, 0), _width(cell.value))
    for column, width in widths.items():
        letter = get_column_letter(column + 1)
        if offset and letter in sheet.column_dimensions:  # a continued table: the wider
            width = max(width, round(sheet.column_dimensions[letter].width) - 2)
        sheet.column_dimensions[letter].width = width + 2
    headers = 0
    while headers < rows and table.rows[headers].header:
        headers += 1
    if offset == 0 and 0 < headers < rows:
        sheet.freeze_panes = sheet.cell(row=headers + 1, column=1)


def _spots(
    row: int, column: int, row_span: int, column_span: int, rows: int, columns: int
) -> list[tuple[int, int]]:
    """The grid positions a cell fills, kept inside the table (a rowspan past the last
    row stops there), top-left first and bottom-right last."""
    last_row = min(row + max(row_span, 1), rows, MAX_ROWS)
    last_column = min(column + max(column_span, 1), max(columns, column + 1), MAX_COLUMNS)
    return [(r, c) for r in range(row, last_row) for c in range(column, last_column)]


def _fill(target: Any, text: str) -> None:
    number = cell_number(text)
    if number is None:
        if len(text) > MAX_CELL_CHARS:
            target.comment = _comment(
                _(
                    "Cut: the cell holds {count:,} characters; a worksheet cell holds at most "
                    "{limit:,}."
                ).format(count=len(text), limit=MAX_CELL_CHARS)
            )
            text = text[:MAX_CELL_CHARS]
        # A text that looks like a formula stays text: a transcript never computes.
        target.value = text
        target.data_type = "s"
        return
    target.value = number.value
    target.number_format = number.number_format
    if text.strip() != number.shown:  # the written form says more than the number shows
        target.comment = _comment(text.strip()[:MAX_CELL_CHARS])


def _add_note(target: Any, text: str) -> None:
    """``text`` in the cell's comment, after what it says already (a number's written form)."""
    had = target.comment.text + "\n" if target.comment is not None else ""
    target.comment = _comment((had + text)[:MAX_CELL_CHARS])


def _comment(text: str) -> Comment:
    return Comment(text, COMMENT_AUTHOR)


def _width(text: str) -> int:
    """Columns a line takes: a CJK character is about two Latin ones wide."""
    longest = max(sum(2 if ord(c) > 0x2E7F else 1 for c in line) for line in text.split("\n"))
    return min(longest, MAX_COLUMN_WIDTH)


def _set_properties(workbook: Any, doc: ExportDocument) -> None:
    props = workbook.properties
    props.title = _clean(doc.title or doc.display_stem)[:PROPERTY_CHARS]
    props.creator = COMMENT_AUTHOR
    notice = draft_line(doc.unapproved) if doc.contains_unapproved else _("All pages approved.")
    props.description = notice[:PROPERTY_CHARS]
    props.keywords = "contains_unapproved" if doc.contains_unapproved else "approved"


def _clean(text: str) -> str:
    """Without what XML 1.0 refuses (controls, noncharacters, lone surrogates), as the
    DOCX writer does: openpyxl raises on a control character, mid-file."""
    return admit(text).text


def xlsx_text(data: bytes) -> str:
    """The preview: each sheet's name, then its rows as cells between " | "."""
    workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
    try:
        lines: list[str] = []
        for sheet in workbook.worksheets:
            lines.append(f"[{sheet.title}]")
            for row in sheet.iter_rows(values_only=True):
                lines.append(" | ".join("" if v is None else str(v) for v in row))
            lines.append("")
        return "\n".join(lines)
    finally:
        workbook.close()


FORMAT = FormatSpec(
    "xlsx",
    N_("Excel workbook of the tables (.xlsx)"),
    N_("Excel workbooks"),
    ".tables.xlsx",
    lambda doc, out, monitor, _password: write_xlsx(doc, out, monitor),
    xlsx_text,
)
