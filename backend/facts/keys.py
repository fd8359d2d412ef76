"""What a fact is compared by (``Fact.key``) and when two keys are one glyph apart.

A key is the review's notion of "the same value": widths folded (１２ = 12), every
name-mask glyph one circle (○〇◯Ｏ), 台 = 臺, and numbers as their value, so
第五六號, 第56號 and 第５６號 are one case number, and 壹佰貳拾萬元 = 1,200,000元.
``near`` is the misreading distance: one glyph changed, added or dropped.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from backend.review.charclass import CIRCLE, MASK_CHARS
from backend.review.numerals import Number, format_number

# Full-width ASCII to plain, every mask glyph to the one circle, 台 to 臺 (the review's
# width fold and its case-number rule; no table needed, so a key never depends on a
# user's variant file and a stored index stays valid when that file changes).
_FOLD = (
    {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}
    | {ord(m): CIRCLE for m in MASK_CHARS}
    | {ord("台"): "臺", 0x3000: " "}
)


def fold(text: str) -> str:
    """``text`` as compared: widths, mask glyphs and 台/臺 folded, spaces dropped."""
    return "".join(text.translate(_FOLD).split())


@lru_cache(maxsize=8192)
def number_key(value: Number) -> str:
    """A number as its key: digits only (12000, not 12,000; 3.5 for a fraction)."""
    return format_number(value).replace(",", "")


def anonymous(name: str) -> bool:
    """A name masked down to its surname (王○○, 甲○○ as a key): it tells no person
    apart, since two people with one surname are both written so. A name that keeps
    a glyph of its given name (林○明) still tells them apart, as names do."""
    return len(name) >= 2 and name[1:] == CIRCLE * (len(name) - 1)


def near(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one glyph changed, added or dropped (not equal)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1 :]


class NearIndex:
    """Strings indexed so that those ``near`` a query are found in O(its length)
    (the symmetric-deletion trick): grouping a 3,000-page document compares each
    one-page variant with the recurring ones without a quadratic loop."""

    def __init__(self) -> None:
        self._whole: dict[str, list[int]] = {}
        self._dropped: dict[str, list[int]] = {}  # one glyph dropped, anywhere
        self._at: dict[tuple[int, str], list[int]] = {}  # one glyph dropped at i

    def add(self, text: str, item: int) -> None:
        self._whole.setdefault(text, []).append(item)
        for i in range(len(text)):
            cut = text[:i] + text[i + 1 :]
            self._dropped.setdefault(cut, []).append(item)
            self._at.setdefault((i, cut), []).append(item)

    def find(self, text: str, changed_only: bool = False) -> set[int]:
        """Items holding a string one glyph from ``text``: changed, added or dropped
        (``changed_only``: changed, the length kept)."""
        found: set[int] = set() if changed_only else set(self._dropped.get(text, ()))
        for i in range(len(text)):
            cut = text[:i] + text[i + 1 :]
            found.update(self._at.get((i, cut), ()))  # one glyph changed at i
            if not changed_only:
                found.update(self._whole.get(cut, ()))  # it has one glyph more
        return found


def any_near(texts: Iterable[str], others: Iterable[str]) -> bool:
    """Some string of ``texts`` is ``near`` some of ``others``."""
    pool = list(others)
    return any(near(a, b) for a in texts for b in pool)
