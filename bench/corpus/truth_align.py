"""A real engine's reading aligned with the page's truth: its errors, classed and judged critical.

Nothing is seeded: the errors are whatever the engine got wrong. Both texts are
compared on code points after what no reviewer counts as an error is set aside:
white space (Tesseract spaces out CJK), compatibility forms (``，`` read as ``,``)
and, in the truth only, the Markdown of its table rows (the engines read cells,
not pipes; a pipe the engine invents is still noise). ``difflib`` gives the edit
script; each change becomes a ``RealError`` anchored in the reading's own
characters (a deletion is zero-width, where the lost text belongs).

Classes, from the alignment alone (checked in this order):

* ``order``: a stretch of the truth missing at its place and read elsewhere (a
  deletion and an insertion of largely the same characters);
* ``dropped line/block``: 5 or more characters of the truth (letters or digits) missing,
  or read as a quarter as many (a stray mark where a line was);
* ``noise insertion``: marks that are neither letters nor digits where the truth has none;
* ``garbled stretch``: more than 6 characters of the truth read as 4 or more others;
* ``numeral → non-numeral``: a numeral of the truth read as something else, or lost;
* ``look-alike substitution``: up to 3 characters read as up to 3 others (no Latin letters);
* ``punctuation``: marks read as other marks;
* ``other``: the rest (a few characters dropped, words inserted: a stamp read as text).

Critical (the definition is the bench's, from the seeder's own tables, not the
review's): the change touches a number phrase found by its frame (amount, date,
case number, article, quantity, term: ``seeder.POSITIONS``), a modal word, a
party role or an outcome; an insertion or a dropped block is critical when it
holds a numeral or such a word. A change that leaves every number's value as it was
is not critical: a zero written 〇, 0, ○ or 零 for another of them, or a thousands
separator dropped or added between digits (2,024,000 read 2024000).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from bench.corpus.seeder import DEONTIC, NOT_DEONTIC, OUTCOMES, PARTIES, POSITIONS

NUMERALS = frozenset("0123456789〇零一二三四五六七八九十百千萬億壹貳參叁肆伍陸柒捌玖拾佰仟兩廿卅")
ZEROS = frozenset("〇0○零Oo")
_DIGITS_ON = re.compile(r"[0-9,]*")
_TABLE_SEP = re.compile(r"^\|(?:-+\|)+$")
_WORDS = sorted({*DEONTIC, *OUTCOMES, *PARTIES}, key=len, reverse=True)
_WORD_RE = re.compile("|".join(map(re.escape, _WORDS)))
_MOVE_MIN = 4  # content characters a moved stretch must have to count as "order"
_DROP_MIN = 5


@dataclass(frozen=True)
class RealError:
    cls: str  # one of CLASSES
    start: int  # in the reading; start == end: something of the truth is missing here
    end: int
    truth: str  # what the page says (normalised)
    read: str  # what the reading says instead (normalised)
    critical: bool


CLASSES = (
    "look-alike substitution",
    "numeral → non-numeral",
    "noise insertion",
    "dropped line/block",
    "order",
    "garbled stretch",
    "punctuation",
    "other",
)


def content(ch: str) -> bool:
    """A letter or a digit (Han included): what a reader reads, not a mark."""
    return unicodedata.category(ch)[0] in "LN"


def normalised(text: str, *, truth: bool) -> tuple[str, list[int]]:
    """The text compared, and for each of its characters the index it came from."""
    chars, origin, _edges = _normalise(text, truth=truth)
    return chars, origin


def _normalise(text: str, *, truth: bool) -> tuple[str, list[int], frozenset[int]]:
    """``normalised``, and where a table's cell ends in it (a truth's Markdown row: each
    pipe, and the row's end): positions k with a cell's last character at k - 1."""
    chars: list[str] = []
    origin: list[int] = []
    edges: set[int] = set()
    pos = 0
    for line in text.split("\n"):
        table = truth and line.startswith("|")
        if not (table and _TABLE_SEP.match(line.replace(" ", ""))):
            for i, ch in enumerate(line):
                if table and ch == "|":
                    edges.add(len(chars))
                    continue
                for n in unicodedata.normalize("NFKC", ch):
                    if not n.isspace():
                        chars.append(n)
                        origin.append(pos + i)
            if table:
                edges.add(len(chars))
        pos += len(line) + 1
    return "".join(chars), origin, frozenset(edges)


def critical_regions(truth: str, cell_edges: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """Spans of the (normalised) truth that are legal-critical: number phrases, key words.

    ``cell_edges``: where a table's cells end (``_normalise``). A phrase is read within
    one cell, each cell on its own: the normalised truth runs a table's cells together,
    and 葉○○ (an owner) then 2 (the next row's number) then 紙箱 is no quantity ○○2紙,
    nor does 1 | 39瓶 hide the quantity 39瓶 behind a match 139瓶."""
    spans: list[tuple[int, int]] = []
    edges = sorted(k for k in cell_edges if 0 < k < len(truth))
    for lo, hi in zip([0, *edges], [*edges, len(truth)], strict=True):
        spans += [(lo + a, lo + b) for a, b in _regions(truth[lo:hi])]
    return spans


def _regions(truth: str) -> list[tuple[int, int]]:
    spans = []
    for pattern in POSITIONS.values():
        for m in pattern.finditer(truth):
            spans += [
                _inner(truth, *m.span(g)) for g in range(1, (m.re.groups or 0) + 1) if m.group(g)
            ]
    not_modal = [m.span() for m in NOT_DEONTIC.finditer(truth)]
    for m in _WORD_RE.finditer(truth):
        if m.group() in DEONTIC and any(a <= m.start() < b for a, b in not_modal):
            continue
        spans.append(m.span())
    return spans


def _inner(truth: str, start: int, end: int) -> tuple[int, int]:
    """A number's span without commas at its ends. The seeder's number pattern takes a
    comma as a thousands separator, so a clause comma before a numeral (完畢，五年, after
    NFKC ``,``) joined the number: a comma between two digits groups them, one at a
    number's edge ends a clause and changes no value."""
    while start < end and truth[start] == ",":
        start += 1
    while end > start and truth[end - 1] == ",":
        end -= 1
    return start, end


def _zero_swap(truth: str, read: str) -> bool:
    return len(truth) == len(read) and all(
        a == b or (a in ZEROS and b in ZEROS) for a, b in zip(truth, read, strict=True)
    )


def _grouping_only(t: str, i1: int, i2: int, read: str) -> bool:
    """Only a thousands separator dropped or added between two digits: the value stands."""
    truth = t[i1:i2]
    if truth.replace(",", "") != read.replace(",", "") or truth == read:
        return False
    # A thousands separator stands before a multiple of three digits up to the number's
    # end: 第1,2項 read 第12項 is another article, not a grouping.
    digits = _DIGITS_ON.match(t, i2)
    rest = digits.group().replace(",", "") if digits else ""
    grouped = len(rest) >= 3 and len(rest) % 3 == 0
    return i1 > 0 and t[i1 - 1].isdigit() and grouped


def _holds_critical(text: str) -> bool:
    return any(c in NUMERALS for c in text) or bool(_WORD_RE.search(text))


def _classify(truth: str, read: str) -> str:
    t_content = [c for c in truth if content(c)]
    r_content = [c for c in read if content(c)]
    if len(t_content) >= _DROP_MIN and len(read) <= len(truth) // 4:
        return "dropped line/block"
    if read and not r_content and not t_content:
        return "noise insertion" if not truth else "punctuation"
    if len(truth) > 6 and len(read) > 3:
        return "garbled stretch"
    t_num = [c for c in truth if c in NUMERALS]
    if t_num and (
        any(content(c) and c not in NUMERALS for c in read)
        or sum(c in NUMERALS for c in read) < len(t_num)
    ):
        return "numeral → non-numeral"
    latin = any(c.isascii() and c.isalpha() for c in read)
    if truth and read and len(truth) <= 3 and len(read) <= 3 and not latin:
        return "look-alike substitution"
    return "other"


def _similar(a: str, b: str) -> bool:
    a_c, b_c = [c for c in a if content(c)], [c for c in b if content(c)]
    if min(len(a_c), len(b_c)) < _MOVE_MIN:
        return False
    matcher = difflib.SequenceMatcher(None, a_c, b_c, autojunk=False)
    return 2 * sum(m.size for m in matcher.get_matching_blocks()) >= 1.2 * max(len(a_c), len(b_c))


def _ops(t: str, r: str) -> Iterator[tuple[str, int, int, int, int]]:
    matcher = difflib.SequenceMatcher(None, t, r, autojunk=False)
    for op in matcher.get_opcodes():
        if op[0] != "equal":
            yield op


def align(truth_text: str, reading: str) -> list[RealError]:
    """The reading's errors against the truth, in reading order."""
    t, _, edges = _normalise(truth_text, truth=True)
    r, origin = normalised(reading, truth=False)
    regions = critical_regions(t, edges)
    ops = list(_ops(t, r))
    moved: set[int] = set()
    for a, (_, i1, i2, _, _) in enumerate(ops):  # a deletion read again elsewhere
        if i2 > i1 and a not in moved:
            for b, (_, k1, k2, l1, l2) in enumerate(ops):
                mostly_inserted = l2 > l1 and k2 - k1 <= (l2 - l1) // 4
                if b != a and b not in moved and mostly_inserted and _similar(t[i1:i2], r[l1:l2]):
                    moved |= {a, b}
                    break
    errors = []
    for n, (_, i1, i2, j1, j2) in enumerate(ops):
        truth, read = t[i1:i2], r[j1:j2]
        start = origin[j1] if j1 < len(origin) else len(reading)
        end = origin[j2 - 1] + 1 if j2 > j1 else start
        cls = "order" if n in moved else _classify(truth, read)
        if i2 > i1:
            hit = any(a < i2 and i1 < b for a, b in regions)
            critical = hit or (cls == "dropped line/block" and _holds_critical(truth))
        else:
            critical = cls != "noise insertion" and _holds_critical(read)
        value_kept = _zero_swap(truth, read) or _grouping_only(t, i1, i2, read)
        if value_kept or cls in ("punctuation", "noise insertion"):
            critical = False
        errors.append(RealError(cls, start, end, truth, read, critical))
    return errors
