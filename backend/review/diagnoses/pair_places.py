"""Which of the alternate's lines hold a character pair: where on the page a line of
the transcript the alignment did not match is (``reading_order``)."""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from itertools import accumulate

from backend.review.diagnoses.alt_lines import Line, text_only

PLACED_SHARE = 0.5  # a line sharing this share of an unmatched line's pairs is where it is
MAX_PLACES = 8  # a character pair in more of the alternate's lines than this places nothing


class Places:
    """Character pair -> the alternate's lines holding it, found when first asked.

    A page's gaps ask for a few dozen pairs; indexing every pair of every line
    (~600) first was most of this detector's cost. A pair's set is built as that
    index built it, adding lines in their order, so it iterates alike and a vote's
    ties (``most_common``) fall alike; a pair on more than MAX_PLACES lines places
    nothing, so its search stops there."""

    def __init__(self, lines: list[Line], alternate: str = "") -> None:
        self.lines = lines
        self.alternate = alternate  # their text ("": not known, a line is placed whole)
        # The lines' letters, one line after another: "\n" is no letter, so no pair
        # found in it spans two lines.
        self.text = "\n".join(ln.letters for ln in lines)
        # Where each line's letters start, and past the last, where a search goes on.
        self.starts = list(accumulate((len(ln.letters) + 1 for ln in lines), initial=0))
        self.known: dict[str, set[int]] = {}

    def of(self, pair: str) -> set[int]:
        found = self.known.get(pair)
        if found is None:
            found = self.known[pair] = set()
            at = self.text.find(pair)
            while at >= 0 and len(found) <= MAX_PLACES:
                n = bisect_right(self.starts, at) - 1
                found.add(self.lines[n].index)
                at = self.text.find(pair, self.starts[n + 1])  # on from the next line
        return found


def held_part(line: Line, alternate: str, grams: list[str]) -> tuple[int, int]:
    """Where in the alternate (offsets) the part of ``line`` holding ``grams`` (pairs of
    a transcript line's letters) is: from the first pair found to the last. An engine
    may join two of the page's lines in one (a heading and the date at the right of its
    row); a transcript line that reads only one of them is that part, not the whole.
    The whole line when none is found."""
    at = [k for g in grams if (k := line.letters.find(g)) >= 0]
    if not at:
        return line.start, line.end
    first, last = min(at), max(at) + 1  # the letters [first, last] hold them
    offsets = [
        line.start + i
        for i, c in enumerate(alternate[line.start : line.end])
        if text_only(c)  # a letter or digit, as ``Line.letters`` counts them
    ]
    if len(offsets) != len(line.letters):
        return line.start, line.end  # (not the letters this line was read into)
    return offsets[first], offsets[last] + 1


def gap_lines(
    transcript: str,
    start: int,
    end: int,
    places: Places,
    min_run: int,
) -> list[tuple[int, int, int, int, int]]:
    """Where on the page the transcript's lines in [start, end), which the alignment
    did not match (a block the diff took as moved), are: each the alternate's line
    sharing most of its character pairs, if it shares at least half: (transcript start,
    end, the alternate's line, the part of it holding them). ``min_run``: fewer letters
    than this place nothing (a common word's pairs are anywhere)."""
    if end - start < min_run:
        return []
    out = []
    pos = start
    for piece in transcript[start:end].split("\n"):
        # A piece of fewer letters places nothing: it is not even read (most are).
        own = text_only(piece) if len(piece) >= min_run else ""
        if len(own) >= min_run:
            grams = [own[k : k + 2] for k in range(len(own) - 1)]
            votes: Counter[int] = Counter()
            for g in grams:
                holding = places.of(g)
                if len(holding) <= MAX_PLACES:
                    votes.update(holding)
            if votes:
                line, count = votes.most_common(1)[0]
                if count >= PLACED_SHARE * len(grams):
                    lo, hi = held_part(places.lines[line], places.alternate, grams)
                    out.append((pos, pos + len(piece), line, lo, hi))
        pos += len(piece) + 1
    return out
