"""Which part of a hunk ``not_on_scan`` names: the sentences its alternate side does not read.

The alignment can join invented sentences and a neighbouring line the alternate
misread into one hunk. With the spaces folded away, the characters of the misread
line (第甲百八十九條未五項利田已王 for 第四百八十九條第五項利率未經) tie with scattered ones of
the invented sentences before it (百, 八, 十, 條, 未), and the diff's semantic cleanup
then makes the whole run one difference: the diagnosis named the next line's
opening too. That line is read, if badly, so it is not "on no reading": the hunk's
leading and trailing pieces (its sentences and lines) that the alternate's side
shares enough of are left out of the span named.

A line is read as a whole: one of its sentences misread past sharing a run
(聲請駁回。 read 曰請王回。) beside one read (聲請程序費用由聲請人負擔。) is still that
line's reading, so it is left out with it when the line's pieces up to the read
one share enough together.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from backend.review.values import Hunk

# A piece the alternate's side shares this share of the letters of, in runs of two
# or more, is that side's reading (misread) rather than text no reading supports:
# ``not_on_scan_room.GARBLED``'s bar for a line read at all.
READ_SHARE = 0.3
MIN_RUN = 2  # a character in common alone is coincidence (第, 之, 者 are in every line)
# A piece: a sentence or a line's end with the terminators after it.
_PIECE = re.compile(r"[^\n。！？；!?;]*[\n。！？；!?;]*")


def named_span(h: Hunk) -> tuple[int, int]:
    """The part of ``h``'s transcript side no reading supports, in transcript offsets:
    the hunk less its leading and trailing pieces the alternate's side reads."""
    text = h.text
    if not any(map(str.isalnum, h.alt_text)):
        return h.start, h.end
    shared = _shared(text, h.alt_text)
    pieces = [(m.start(), m.end()) for m in _PIECE.finditer(text) if m.end() > m.start()]
    tally = [_tally(text, shared, s, e) for s, e in pieces]
    # Each piece's line: the line breaks before it (a piece ends with its line's break).
    lines = [text.count("\n", 0, s) for s, _e in pieces]
    first = _read_edge(tally, lines)
    last = len(pieces) - _read_edge(tally[::-1], lines[::-1])
    if first >= last:
        return h.start, h.end  # all of it read: not this cut's to decide
    start, end = pieces[first][0], pieces[last - 1][1]
    # The line break before a read line that is left out is not named (a leading
    # piece left out ends with its own terminators: what follows is the named line's).
    while end > start and text[end - 1].isspace() and last < len(pieces):
        end -= 1
    return h.start + start, h.start + end


def _read_edge(tally: list[tuple[int, int]], lines: list[int]) -> int:
    """How many of the first pieces to leave out: those up to the last one with
    letters that is read, before any unread one (pieces without letters go along).
    An unread piece goes along too where a later piece of its line is read and the
    pieces from it to that one share ``READ_SHARE`` of their letters together: the
    line is read, a sentence of it misread."""
    cut = k = 0
    while k < len(tally):
        r = _is_read(*tally[k])
        if r is False:
            ends = [
                j
                for j in range(k + 1, len(tally))
                if lines[j] == lines[k]
                and _is_read(*tally[j])
                and _is_read(*_sum(tally[cut : j + 1]))
            ]
            if not ends:
                break
            k = ends[-1]
            r = True
        if r:
            cut = k + 1
        k += 1
    return cut


def _sum(tally: list[tuple[int, int]]) -> tuple[int, int]:
    return sum(n for n, _s in tally), sum(s for _n, s in tally)


def _is_read(letters: int, shared: int) -> bool | None:
    """Whether a piece the alternate's side shares ``shared`` of ``letters`` letters
    of is its reading: ``READ_SHARE`` of them. None: a piece without letters."""
    if not letters:
        return None
    return shared >= READ_SHARE * letters


def _shared(text: str, theirs: str) -> list[bool]:
    """For each character of ``text``, whether it is in a run the other side shares
    (longest runs first, as a reader lines them up: not scattered single characters)."""
    mask = [False] * len(text)
    blocks = SequenceMatcher(None, text, theirs, autojunk=False).get_matching_blocks()
    for i, _j, n in blocks:
        if n >= MIN_RUN:
            mask[i : i + n] = [True] * n
    return mask


def _tally(text: str, shared: list[bool], start: int, end: int) -> tuple[int, int]:
    """The piece [start, end)'s letters, and how many of them the alternate's side
    shares (punctuation and spaces are no reading's evidence)."""
    letters = [k for k in range(start, end) if text[k].isalnum()]
    return len(letters), sum(shared[k] for k in letters)
