"""A mark one reading has between two Han characters where the other has none (issue 22).

``diff_categories`` leaves a mark only the transcript has as punctuation: engines
drop faint marks far more often than they invent them, so the alternate lacking
one is no sign the transcript is wrong. But an engine that drops a faint mark
reads the characters on either side as neighbours (款公務員): it does not write a
blank for it. A blank inside the alternate's line is what its detector gives for
a stretch with no ink (a heading's gap, 第七款　禁止; the space after a role,
告訴人　蘇英). The transcript's mark there, between two Han characters, was read
from nothing on the scan: a speck or the scanner's dirt read as 、, 。 or 。」.

Never critical: a mark alone changes no word and no number (a mark inside a
number is ``diff_categories.mark_in_number``'s). A line break in the alternate is
no blank of this kind: a sentence's last mark is where engines lose most.

The other way round, a mark only the alternate reads stays the alternate's noise
when it is a stray mark (訴訟費[用), but not when it is a comma or full stop read
small (``charclass.SMALL_STOPS``: RapidOCR's 者·其 where the page prints 者，其) and
the transcript reads the two Han characters beside it as neighbours, with no blank
between them (a line break may end its line there): the alternate saw ink there,
and a sentence mark is what the transcript lost (``diff_categories.mark_misread``
flags it when the alternate reads the comma as a comma).
"""

from __future__ import annotations

from backend.review.charclass import SMALL_STOPS, is_han, is_punctuation
from backend.review.textnorm import Normalised
from backend.review.values import DiffCategory

# What a line's blank is read as (a full-width space is the typesetter's gap).
_BLANKS = frozenset(" \t\u3000\u00a0")


def alternate_gap(alt_source: str, to_source: list[int], k: int) -> str:
    """The alternate's original text that normalisation dropped just before its
    normalised character ``k`` (where a hunk the alternate has nothing of lies)."""
    if k <= 0 or k >= len(to_source):
        return ""
    return alt_source[to_source[k - 1] + 1 : to_source[k]]


def in_blank(t: Normalised, i: int, j: int, t_kept: str, a_kept: str, alt_gap: str) -> bool:
    """The transcript's marks ``t_kept`` (normalised [i, j)) stand between two Han
    characters where the alternate reads nothing but a blank inside its line."""
    marks = "".join(t_kept.split())
    if not marks or a_kept.strip() or not all(map(is_punctuation, marks)):
        return False
    if not alt_gap or not set(alt_gap) <= _BLANKS:
        return False
    before = t.text[i - 1] if i > 0 else ""
    after = t.text[j] if j < len(t.text) else ""
    return is_han(before) and is_han(after)


def lost_mark(t: Normalised, i: int, j: int, a_kept: str) -> bool:
    """The alternate reads a comma or full stop small (``SMALL_STOPS``) where the
    transcript reads two Han characters as neighbours (normalised ``i == j`` between
    them, and no blank of its own there). The transcript's line break is no blank:
    a line's last mark is the one engines lose most (為累犯⏎被告, the alternate 為累犯 /)."""
    marks = "".join(a_kept.split())
    if i != j or not marks or not set(marks) <= SMALL_STOPS or not 0 < i < len(t.text):
        return False
    if t.source[t.to_source[i - 1] + 1 : t.to_source[i]].strip("\n"):
        return False  # the transcript's own blank: it saw no ink there either
    return is_han(t.text[i - 1]) and is_han(t.text[i])


def refine(
    category: DiffCategory,
    t: Normalised,
    i: int,
    j: int,
    t_kept: str,
    a_kept: str,
    alt_gap: str,
) -> DiffCategory:
    """``category`` as ``diff_categories.categorise`` gave it, unless it took marks
    read from a blank, or a mark the transcript lost, for punctuation (see the
    module's docstring). ``alt_gap``: ``alternate_gap`` where the alternate reads no
    character, else ""."""
    if category is not DiffCategory.PUNCTUATION:
        return category
    if in_blank(t, i, j, t_kept, a_kept, alt_gap) or lost_mark(t, i, j, a_kept):
        return DiffCategory.SUBSTANTIVE
    return category
