"""Small questions several detectors ask of a page's evidence."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence

from backend.review.diagnoses.base import PageEvidence


def has_alternate(evidence: PageEvidence) -> bool:
    """An independent second reading to check against: one that is the transcript's
    own reading (``same_reading``) proves nothing, so it counts as none."""
    return evidence.alternate is not None and not evidence.same_reading


def shared_chars(equal_blocks: Iterable[tuple[int, int, int]], start: int, end: int) -> int:
    """How many of the transcript's characters in [start, end) the alternate reads alike."""
    return sum(max(0, min(end, t + n) - max(start, t)) for t, _a, n in equal_blocks)


def excerpt(text: str, limit: int = 12) -> str:
    """``text`` on one line, cut to ``limit`` characters, for a detail."""
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= limit else one_line[:limit] + "…"


def to_alternate(equal_blocks: Sequence[tuple[int, int, int]], offset: int) -> int | None:
    """The alternate's offset for a transcript offset: exact inside a shared run, the
    end of the run before it between runs (runs ascend in the transcript)."""
    i = bisect.bisect_right(equal_blocks, offset, key=lambda b: b[0]) - 1
    if i < 0:
        return equal_blocks[0][1] if equal_blocks else None
    t, a, n = equal_blocks[i]
    return a + min(offset - t, n)


# The character classes of the last sets asked, by identity (a table's set is made
# once: ``ReviewTables.simplified_only``): compiling one costs milliseconds, and a
# set is asked of every page.
_CLASSES: list[tuple[frozenset[str], re.Pattern[str]]] = []
_KEEP = 4


def holds_any(text: str, chars: frozenset[str]) -> bool:
    """Whether ``text`` holds one of ``chars`` (single characters). A compiled class
    finds it without the Python string made of every character that ``isdisjoint``
    or a loop makes: ~4 µs a page, not ~35 µs."""
    if not chars:
        return False
    for known, pattern in _CLASSES:
        if known is chars:
            return pattern.search(text) is not None
    pattern = _character_class(chars)
    _CLASSES.insert(0, (chars, pattern))
    del _CLASSES[_KEEP:]
    return pattern.search(text) is not None


def _character_class(chars: frozenset[str]) -> re.Pattern[str]:
    return re.compile("[" + "".join(map(re.escape, sorted(chars))) + "]")
