"""A sentence mark the alternate read as the numeral 一: its misreading, not a number.

A faint or blurred comma or full stop is a short dark stroke, and an engine reads
it as 一, the numeral of one stroke (公訴，茲將 read 公訴一茲將). The legal check then
finds a number, 一, that the transcript lacks. Engines drop faint marks far more
often than they invent them (``charclass.SENTENCE_MARKS``), so a Chinese sentence
mark the transcript writes where the alternate reads a lone 一 is ink the
alternate misread; the diff still flags it, only not as a changed number.

Only where the 一 stands in no number phrase: a Han character on each side that is
no numeral, and no frame making it a counted number (a counter after it, 第 or 之
before it, a table cell of its own: ``numerals.counted``). A numeral the transcript
lost to a mark inside a number phrase (第，條, 一，二年, 有期徒刑，年, 一、 numbering
a list) stays a critical change (issue 22, point 3). The counters are those
``numerals`` frames numbers with (元年月日條項款號件人名次...): a quantity counted by
another (刀械一把 written 刀械，把) is taken for a misread mark, flagged, not critical.
"""

from __future__ import annotations

from backend.review.charclass import is_han, is_numeral
from backend.review.critical_hits import Hit
from backend.review.numerals import counted
from backend.review.values import CriticalKind

# The Chinese marks a pause or a sentence ends with, as a transcript writes them
# (full width): a Latin comma or point between Han characters may be a speck.
_MARKS = frozenset("，。、；：")
_STROKE = "一"


def mark_read_as_one(hit: Hit, transcript: str, alternate: str) -> bool:
    """``hit`` is the alternate's lone 一 where the transcript writes one sentence mark,
    in no number phrase: between two Han characters, neither a numeral, and not counted."""
    if hit.in_transcript or hit.other is not None or hit.term.kind is not CriticalKind.NUMBER:
        return False
    lo, hi = hit.a_span
    if alternate[lo:hi] != _STROKE or transcript[hit.start : hit.end] not in _MARKS:
        return False
    beside = _plain(transcript, hit.start - 1) and _plain(transcript, hit.end)
    return beside and not counted(alternate, lo, hi)


def _plain(text: str, at: int) -> bool:
    """``text[at]`` is a Han character and no numeral (一 is Han too)."""
    return 0 <= at < len(text) and is_han(text[at]) and not is_numeral(text[at])
