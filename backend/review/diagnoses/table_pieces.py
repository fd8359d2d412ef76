"""The alternate's pieces of a table page: each line an engine read, with its box
and its letters as the table checks compare them.

Letters are compared as the review compares them (width, variant glyphs, and the
alternate's Simplified forms folded: ２８支 is 28支, 第69页 is 第69頁), and with the
Latin O an engine reads a mask's ○ as ○ (丙OO is 丙○○: a mask's circles count as
letters here).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from backend.review.charclass import HAN
from backend.review.diagnoses.alt_lines import Line

MIN_PIECE = 2  # letters: a lone digit of a numbering column occurs everywhere


@dataclass(frozen=True)
class Piece:
    x: float  # the middle of its box, 0..1 of the page's width
    y: float  # and of its height
    letters: str
    left: float = 0.0  # its box's edges across the page
    right: float = 0.0


def read_pieces(lines: list[Line], alternate: str, fold: dict[int, str]) -> list[Piece]:
    """The boxed lines of ``MIN_PIECE`` letters or more."""
    out = []
    for ln in lines:
        if ln.box is None:
            continue
        found = letters(alternate[ln.start : ln.end], fold)
        if len(found) >= MIN_PIECE:
            box = ln.box
            middle = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            out.append(Piece(*middle, found, box[0], box[2]))
    return out


def letters(text: str, fold: dict[int, str]) -> str:
    return _NOT_LETTER.sub("", text.translate(fold).translate(_MASKS))


# A name's mask is part of the name (王○○ and 王○明 are two people): its circle is kept
# as a letter, and an engine's reading of one (O, o) taken for it.
_MASKS = str.maketrans(dict.fromkeys("〇◯Oo", "○"))
_NOT_LETTER = re.compile(f"[^\\w{HAN}○]|_")


class Holders:
    """Texts in one string, so that those holding some letters are found by
    ``str.find`` rather than one ``in`` a text (a 40x40 table's 1,600 pieces against its
    1,600 cells, one ``in`` each, took most of its review)."""

    def __init__(self, texts: list[str]) -> None:
        self.starts: list[int] = []
        at = 0
        for text in texts:
            self.starts.append(at)
            at += len(text) + 1
        self.text = "\0".join(texts)  # no letter is NUL: a match stays in one text

    def holding(self, letters: str) -> list[int]:
        """The indices of the texts holding ``letters``, in order, each once."""
        out: list[int] = []
        at = self.text.find(letters)
        while at >= 0:
            k = bisect_right(self.starts, at) - 1
            if not out or out[-1] != k:
                out.append(k)
            at = self.text.find(letters, at + 1)
        return out


def in_order_count(a: str, b: str) -> int:
    """The length of the longest sequence of letters both have in this order."""
    # A letter only one of them has is in no such sequence: leaving those out first
    # changes nothing and spares most of the work (a row's 400 letters against a
    # piece's four: the fill check on a 100x100 table).
    a, b = _kept(a, b), _kept(b, a)
    row = [0] * (len(b) + 1)
    for ch in a:
        before = 0  # row[j - 1] of the previous pass
        for j, other in enumerate(b, 1):
            keep = row[j]
            row[j] = before + 1 if ch == other else max(row[j], row[j - 1])
            before = keep
    return row[-1]


def _kept(a: str, b: str) -> str:
    """``a``'s letters that ``b`` has, in their order."""
    have = set(b)
    return "".join(ch for ch in a if ch in have)
