"""How much of a line the transcript reads at one place.

A line is present when the transcript reads it somewhere: its letters together, in a
stretch about as long as the line. The character pairs a line shares with the whole
transcript overstate that for a page of formulas (聲請駁回, 費用由債權人負擔, 應於…日內
向本院提出抗告狀 each recur in other sentences): a line the transcript lacks found two
thirds of its pairs scattered over the page's other lines. Counted within one stretch,
such a line keeps what one other sentence shares with it; a line read there, misread
here and there, keeps all its intact pairs.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

# The stretch: as many letters as the line, half again (the transcript may hold
# letters the alternate dropped or misread as punctuation), and a few more.
WIDTH, SLACK = 1.5, 4


class Grams:
    """A text's character pairs, by where they stand."""

    def __init__(self, letters: str) -> None:
        self.at: dict[str, list[int]] = {}
        for k in range(len(letters) - 1):
            self.at.setdefault(letters[k : k + 2], []).append(k)

    def share(self, own: str) -> float:
        """The largest share of ``own``'s pairs that one stretch of the text holds
        (1.0: ``own`` has no pair)."""
        grams = [own[k : k + 2] for k in range(len(own) - 1)]
        if not grams:
            return 1.0
        weight = Counter(grams)
        hits = sorted((p, g) for g in weight for p in self.at.get(g, ()))
        width = WIDTH * len(own) + SLACK
        inside: Counter[str] = Counter()
        got = best = lo = 0
        for p, g in hits:  # a window ending at each hit, its start pulled up behind it
            if not inside[g]:
                got += weight[g]
            inside[g] += 1
            while p - hits[lo][0] >= width:
                q = hits[lo][1]
                inside[q] -= 1
                if not inside[q]:
                    got -= weight[q]
                lo += 1
            best = max(best, got)
        return best / len(grams)

    def share_in_parts(self, own: str, parts: tuple[int, ...]) -> float:
        """``share`` of ``own``, or, when it is cut at ``parts`` (offsets), the share
        of its parts' pairs each part's best stretch holds, if larger. A row of two
        columns read as one line is read by a transcript column by column: each half
        in its place, a column apart, so no one stretch holds more than half of it."""
        whole = self.share(own)
        if not parts:
            return whole
        bounds = [0, *parts, len(own)]
        pieces = [own[a:b] for a, b in pairwise(bounds)]
        pairs = [max(0, len(p) - 1) for p in pieces]
        if not sum(pairs):
            return whole
        held = sum(self.share(p) * n for p, n in zip(pieces, pairs, strict=True))
        return max(whole, held / sum(pairs))


_RECENT: list[tuple[str, Grams]] = []
_KEEP = 2


def grams_of(letters: str) -> Grams:
    """``Grams(letters)``, kept for the last texts asked (detectors ask of one page)."""
    for known, grams in _RECENT:
        if known is letters or known == letters:
            return grams
    grams = Grams(letters)
    _RECENT.insert(0, (letters, grams))
    del _RECENT[_KEEP:]
    return grams
