"""Which markers the reviewer said are the document's own text, as a pure rule.

The store keeps the marks (``backend.session.own_text``); this is what a mark
means to a review: the occurrence it names is no marker. An occurrence is the
marker's text, the few characters before it and how many identical occurrences
(same characters before) come earlier, so a mark stays on its occurrence while
the page is edited elsewhere and never covers a look-alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from backend.review.values import Flag, FlagKind

CONTEXT = 8  # characters before a marker that identify its occurrence

# (the marker's text, the characters just before it, identical occurrences before it)
OwnText = tuple[str, str, int]


def occurrence(text: str, start: int, end: int) -> OwnText:
    before = text[max(0, start - CONTEXT) : start]
    window, at, earlier = before + text[start:end], start - len(before), 0
    found = text.find(window)
    while 0 <= found < at:
        earlier += 1
        found = text.find(window, found + 1)
    return text[start:end], before, earlier


def is_own(text: str, flag: Flag, marked: Sequence[OwnText]) -> bool:
    return flag.kind is FlagKind.MARKER and occurrence(text, flag.start, flag.end) in marked


def without_own_text(flags: Sequence[Flag], text: str, marked: Sequence[OwnText]) -> list[Flag]:
    """``flags`` less the markers the reviewer said are the document's own text."""
    if not marked:
        return list(flags)
    return [f for f in flags if not is_own(text, f, marked)]
