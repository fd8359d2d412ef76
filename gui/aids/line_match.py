"""Which of the alternate's lines is the transcript cursor's line, or none when unsure.

The page image outlines that line's box. ``PageReview.to_alternate`` snaps a
position the alternate did not read (a blurred, missing or partly read line) to
the end of the previous shared run, which can sit lines above: on the sample's
page 5 the cursor on line 5 outlined line 3. A wrong outline sends the reviewer
to the wrong scan, so a line is outlined only when the alignment itself ties it
to the cursor's line: enough of the characters the two share are matched
between them. Pure Python, so it is tested on generated pages without a window.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from backend.models import AltLine
from backend.review.values import FlagKind, PageReview

MIN_SHARED = 3  # one or two matched characters can be a coincidence (之, 原告), not a line


def text_line_span(text: str, offset: int) -> tuple[int, int]:
    """The [start, end) of the line of ``text`` holding ``offset`` (its newline left out)."""
    offset = min(max(offset, 0), len(text))
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return start, len(text) if end < 0 else end


def shared_characters(review: PageReview, span: tuple[int, int], line: AltLine) -> int:
    """How many transcript characters in ``span`` the alignment matches into ``line``."""
    total = 0
    for t, a, n in review.equal_blocks:
        lo, hi = max(t, span[0]), min(t + n, span[1])  # the run's part inside the span
        if hi <= lo:
            continue
        alt_lo, alt_hi = a + (lo - t), a + (hi - t)
        total += max(0, min(alt_hi, line.end) - max(alt_lo, line.start))
    return total


def _length(text: str) -> int:
    return sum(1 for ch in text if not ch.isspace())


def readable_length(review: PageReview, text: str, span: tuple[int, int]) -> int:
    """The span's characters less spaces and the model's unreadable-text markers."""
    hidden = [(f.start, f.end) for f in review.flags if f.kind is FlagKind.MARKER]
    return sum(
        1
        for i in range(span[0], span[1])
        if not text[i].isspace() and not any(s <= i < e for s, e in hidden)
    )


def _matched(row: str, line_text: str) -> int:
    blocks = SequenceMatcher(None, row, line_text, autojunk=False).get_matching_blocks()
    return sum(b.size for b in blocks)


def best_matched_by(text: str, span: tuple[int, int], line: AltLine) -> bool:
    """Whether the transcript line ``span`` alone matches ``line``'s text best of all lines.

    Two lines alike (a repeated heading, 上上上上 twice) leave the alignment free to
    pair the alternate's one reading with either: then neither is outlined."""
    own = _matched(text[span[0] : span[1]], line.text)
    start = 0
    for row in text.split("\n"):
        if start != span[0] and _matched(row, line.text) >= own:
            return False
        start += len(row) + 1
    return True


def matches_best_of_lines(row: str, line: AltLine, lines: list[AltLine]) -> bool:
    """The same from the alternate's side: no other of its lines matches ``row`` as well
    (two boxes read alike could each be the one the alignment paired with the row)."""
    own = _matched(row, line.text)
    return all(other is line or _matched(row, other.text) < own for other in lines)


def line_for_cursor(
    review: PageReview | None, lines: list[AltLine], text: str, offset: int
) -> AltLine | None:
    """The boxed alternate line read from the transcript line at ``offset``; None if unsure.

    A line qualifies when at least ``MIN_SHARED`` characters match and they are most
    of the alternate line (it is this line, perhaps partly read) or most of what the
    transcript line reads (its 【blurry】 left out; a box the engine drew over more than
    one line still holds it), no other transcript line matches it as well, and no other
    alternate line matches the transcript line as well.
    """
    if review is None or not lines:
        return None
    span = text_line_span(text, offset)
    own = readable_length(review, text, span)  # 為就原告請求【blurry】: 6, not 14
    best: tuple[int, AltLine] | None = None
    for line in lines:
        shared = shared_characters(review, span, line)
        if shared < MIN_SHARED:
            continue
        if 2 * shared <= _length(line.text) and 2 * shared <= own:
            continue
        if not best_matched_by(text, span, line):
            continue
        if not matches_best_of_lines(text[span[0] : span[1]], line, lines):
            continue
        if best is None or shared > best[0]:
            best = (shared, line)
    return None if best is None else best[1]
