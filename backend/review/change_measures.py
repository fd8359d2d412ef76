"""The measures the statistics add up: characters changed, critical corrections (time
on a page: ``time_rule``).

Characters changed: the Levenshtein distance from the machine reading to the approved
text (substitutions, drops and additions, one each), by ``rapidfuzz``: a bit-parallel
C++ implementation, ~0.1 ms for a 1,500-character page where the review's diff
(``fast-diff-match-patch``, from which the distance can also be read) takes ~1 ms,
and 3,000 pages read by a few models each are ~8,000 pairs. No normalisation: a line
break or a space the reviewer fixed is a character changed.

A critical correction: the numerals (digits, Chinese numerals) and the characters of
the rule table's modal words (得, 應, 不, 無, 免, ...) read in order differ from the
approved text's: a number or a modal word was corrected, the kinds of change the
review's critical queue exists for. Computed on code points (numpy), ~10 µs a page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cpdist

from backend.review.charclass import ARABIC_DIGITS, CHINESE_NUMERALS, TYPED_ZEROS
from backend.review.legal_rules import MODAL_FAMILIES


@dataclass(frozen=True)
class Changes:
    """Characters changed from a machine reading to the approved text."""

    distance: int
    reading_chars: int
    approved_chars: int
    critical: bool  # a number or a modal word was corrected

    @property
    def cer(self) -> float:
        """Against the approved text (the reference): the usual CER."""
        return _rate(self.distance, self.approved_chars)

    @property
    def cer_of_reading(self) -> float:
        """The other way: changed characters per character the machine read."""
        return _rate(self.distance, self.reading_chars)


def _rate(changed: int, chars: int) -> float:
    # An empty text: 0 if nothing changed, else 1 (every character of the other is wrong).
    return changed / chars if chars else float(changed > 0)


# Where the search for the distance starts (its band doubles until the distance is
# in it): a page's errors are a few percent of it. 64 on 1,500-character pages: ~3x
# sooner than no hint from 1 % to 6 % errors (bench/stats.py), the same result.
_HINT = 64


class CriticalChars:
    """Which characters a critical correction changes: a lookup table by code point."""

    def __init__(self, chars: Iterable[str]) -> None:
        self.table: NDArray[np.bool_] = np.zeros(0x110000, dtype=np.bool_)
        codes = sorted(ord(c) for c in set(chars) if len(c) == 1)
        self.digest = hashlib.sha256(repr(codes).encode()).hexdigest()[:16]
        self.table[np.array(codes, dtype=np.int64)] = True

    def signature(self, text: str) -> bytes:
        """The text's critical characters, in order."""
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        return codes[self.table[codes]].tobytes()


def critical_chars(modal_words: Iterable[str]) -> CriticalChars:
    """Numerals and the characters of ``modal_words`` (``modal_words`` of the rule table)."""
    numerals = {*CHINESE_NUMERALS, *ARABIC_DIGITS, *TYPED_ZEROS}
    return CriticalChars(numerals | {c for w in modal_words for c in w})


def modal_words(words: Sequence[tuple[str, str]]) -> list[str]:
    """The modal words (deontic, negation) of the rule table's (text, family) pairs."""
    return [text for text, family in words if family in MODAL_FAMILIES]


def changes_of(
    pairs: Sequence[tuple[str, str]], critical: CriticalChars, approved_sigs: Sequence[bytes]
) -> list[Changes]:
    """``changes`` of many (reading, approved) pairs, the distances computed together on
    every core (rapidfuzz's ``cpdist`` works in native threads): the first statistics of a
    3,000-page history measure ~7,650 pairs, and one distance at a time kept one core busy
    for most of a second."""
    if not pairs:
        return []
    readings, approveds = [r for r, _ in pairs], [a for _, a in pairs]
    distances = cpdist(
        readings, approveds, scorer=Levenshtein.distance, score_hint=_HINT, workers=-1
    )
    return [
        Changes(int(d), len(r), len(a), bool(d) and critical.signature(r) != sig)
        for d, r, a, sig in zip(distances, readings, approveds, approved_sigs, strict=True)
    ]


def changes(
    reading: str, approved: str, critical: CriticalChars, approved_sig: bytes | None = None
) -> Changes:
    """``approved_sig``: the approved text's ``signature``, when the caller has it."""
    sig = critical.signature(approved) if approved_sig is None else approved_sig
    return changes_of([(reading, approved)], critical, [sig])[0]
