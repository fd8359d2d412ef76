"""Table cells that are numbers by their column: an amount, a quantity, a date.

A number phrase is found by its frame (新臺幣…元, 第…條, …年…月…日: ``numeral_loss``).
In a table the frame is the column's header: under 金額 a cell reads 壹萬伍仟 with no
新臺幣 or 元 around it, yet it is an amount, and a numeral of it read as a look-alike
(壺萬伍仟) changed the amount whatever the rest parses to. So in a column whose
header names an amount, a quantity or a date, a cell is a number phrase of that
kind, whatever form its numerals take; a numeral the alternate reads there that the
transcript replaced with a non-numeral is critical (``lost_in_cells``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from backend.review.charclass import ZERO_LOOKALIKES, ZEROS, is_numeral
from backend.review.numerals import parse_number
from backend.review.term_extract import CriticalTerm
from backend.review.values import CriticalKind, DiffCategory, Hunk
from backend.tables import find_tables
from backend.tables.continued import Header, continued_table

# What a header says its column holds. Words of court tables (附表 of fees, seized
# items, payments, exhibits); a header holding one of them is that column's kind.
HEADER_WORDS: tuple[tuple[str, CriticalKind], ...] = (
    ("日期", CriticalKind.DATE),
    ("年月日", CriticalKind.DATE),
    ("期日", CriticalKind.DATE),
    ("金額", CriticalKind.AMOUNT),
    ("價額", CriticalKind.AMOUNT),
    ("數額", CriticalKind.AMOUNT),
    ("價格", CriticalKind.AMOUNT),
    ("單價", CriticalKind.AMOUNT),
    ("總價", CriticalKind.AMOUNT),
    ("費用", CriticalKind.AMOUNT),
    ("元", CriticalKind.AMOUNT),
    ("數量", CriticalKind.NUMBER),
    ("件數", CriticalKind.NUMBER),
    ("股數", CriticalKind.NUMBER),
    ("面積", CriticalKind.NUMBER),
)


@dataclass(frozen=True)
class NumberCell:
    start: int  # the cell's content in the transcript
    end: int
    kind: CriticalKind


def number_cells(transcript: str, continues: Header = ()) -> list[NumberCell]:
    """The body cells of every column whose header names a number's kind, by position.
    ``continues``: the header of the table the page before ends with; a headerless
    table at the page's top with as many columns continues it (``continued_table``)
    and its columns are read by that header."""
    out: list[NumberCell] = []
    if not ("|" in transcript or "<" in transcript):
        return out
    continued = continued_table(transcript, continues)
    for table in find_tables(transcript):
        kinds: dict[int, CriticalKind] = {}
        if table is continued:
            for column, value in enumerate(continues):
                kind = header_kind(value)
                if kind is not None:
                    kinds[column] = kind
        for cell in table.cells:
            if cell.header:
                kind = header_kind(cell.value)
                if kind is not None:
                    kinds.update(
                        dict.fromkeys(range(cell.column, cell.column + cell.column_span), kind)
                    )
        for cell in table.cells:
            if not cell.header and cell.column_span == 1 and cell.column in kinds:
                out.append(NumberCell(cell.start, cell.end, kinds[cell.column]))
    return sorted(out, key=lambda c: c.start)


def header_kind(header: str) -> CriticalKind | None:
    return next((kind for word, kind in HEADER_WORDS if word in header), None)


def lost_in_cells(
    transcript: str, hunks: Sequence[Hunk], cells: Sequence[NumberCell]
) -> Iterator[tuple[Hunk, CriticalTerm]]:
    """Each substantive hunk inside a number cell where the transcript writes a
    non-numeral in place of a numeral the alternate reads; with the alternate's
    reading of the cell as a term of the column's kind."""
    for h in hunks:
        if h.category is not DiffCategory.SUBSTANTIVE or h.alt_start == h.alt_end:
            continue
        cell = next((c for c in cells if c.start <= h.start and h.end <= c.end), None)
        if cell is None:
            continue
        ours = [c for c in h.text if not c.isspace()]
        others = [c for c in ours if c.isalpha() and not is_numeral(c)]
        theirs = [c for c in h.alt_text if is_numeral(c)]
        if not others or len(theirs) <= sum(map(is_numeral, ours)):
            continue
        if set(theirs) <= ZEROS and set(others) <= ZERO_LOOKALIKES:
            continue  # a zero written or read another way (一○九 / 一O九)
        read = transcript[cell.start : h.start] + h.alt_text + transcript[h.end : cell.end]
        value = parse_number(read)
        term = CriticalTerm(
            h.alt_start, h.alt_end, cell.kind, read, read if value is None else value
        )
        yield h, term
