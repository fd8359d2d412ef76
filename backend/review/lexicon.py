"""Finding the rule table's words in a text: longest first, never inside a false friend.

Kept apart from the table's loader (``legal_rules``) because this is matching,
not data: one regular expression per family (the C engine skips to the
places a word can start, which a per-character scan in Python cannot), the
exclusions (反應, 取得, 不動產, 一般) found once per text and honoured by every
family and by the numerals, and words found with spaces inside them where a
heading spaces them out (``被　　　告``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

# Spaces inside a word, and one line break: a scanned line wraps mid-word (告 / 訴人).
_GAP = "[ \t\u3000]*(?:\n[ \t\u3000]*)?"


@dataclass(frozen=True)
class Word:
    """One entry of the table."""

    text: str
    family: str  # deontic, negation, outcome, party
    meaning: str  # what the reviewer reads: "must not", "plaintiff", ...
    compares_as: str  # the word it is compared as: itself, or 應 for 應予


@dataclass(frozen=True)
class Exclusion:
    """``before(word)after!unless``: ``word`` is no term where it stands in that
    context, unless one of ``unless`` follows (應變 is "adapt", 應變更 "shall change")."""

    before: str
    word: str
    after: str
    unless: tuple[str, ...] = ()


class Excluded:
    """Where false friends stand in one text: each as the span of its word and the
    span of the whole match, context included, sorted by the word's start."""

    def __init__(self, spans: Sequence[tuple[int, int, int, int]]) -> None:
        self.spans = sorted(spans)
        self.starts = [s for s, *_ in self.spans]
        self.longest = max((e - s for s, e, *_ in self.spans), default=0)

    def blocks(self, start: int, end: int) -> bool:
        """A word at [start, end) would start inside a false friend or run into one.
        A listed word holding a whole false friend, context and all (參加人 holds
        參加), is the table's word for it and stands."""
        # The spans that may overlap [start, end): none starts before start - longest.
        # (Walked inline, no generator: asked for each word a lexicon matches, thousands
        # a page, where most texts' false friends are few and far from the word.)
        spans = self.spans
        for i in range(bisect_right(self.starts, start - self.longest - 1), len(spans)):
            s, e, ws, we = spans[i]
            if s >= end:
                return False
            if (s <= start < e or start < s < end) and not (start <= ws and we <= end):
                return True
        return False

    def cover(self, start: int, end: int) -> int | None:
        """Where the false friend [start, end) lies wholly inside ends, context and
        all (一 in 一般; 一一二 is not in 一一); None if there is none."""
        # (The spans walked as ``blocks`` walks them: asked for each numeral of a page.)
        spans, best = self.spans, None
        for i in range(bisect_right(self.starts, start - self.longest - 1), len(spans)):
            s, e, _, we = spans[i]
            if s >= end:
                break
            if s <= start and end <= e and (best is None or we > best):
                best = we
        return best


class Exclusions:
    """Every exclusion of the table, found in a text in one pass."""

    def __init__(self, exclusions: Sequence[Exclusion]) -> None:
        # By the first character of the whole context: a character class finds the
        # few places one can start (in C), and only those are compared.
        self._by_first: dict[str, list[tuple[str, int, int, tuple[str, ...]]]] = {}
        for x in sorted(exclusions, key=lambda x: -len(x.before + x.word + x.after)):
            whole = x.before + x.word + x.after
            entry = (whole, len(x.before), len(x.before) + len(x.word), x.unless)
            self._by_first.setdefault(whole[0], []).append(entry)
        chars = "".join(sorted(self._by_first))
        # Where some context starts, found in C in one pass (a lookahead: contexts may
        # overlap): the class leaves most places in one test, and each first character's
        # contexts are tried after it only. Asking a pattern at each place a first
        # character stands was a step of Python for each of them (a page has thousands,
        # and fewer than one in twenty starts a context).
        ways = "|".join(
            re.escape(c) + "(?:" + "|".join(re.escape(whole[1:]) for whole, *_ in entries) + ")"
            for c, entries in self._by_first.items()
        )
        self._at = re.compile(f"(?=[{re.escape(chars)}])(?={ways})") if chars else None

    def find(self, text: str) -> Excluded:
        spans: list[tuple[int, int, int, int]] = []
        if self._at is not None:
            for m in self._at.finditer(text):
                pos = m.start()
                for whole, lo, hi, unless in self._by_first[text[pos]]:
                    if text.startswith(whole, pos) and not any(
                        text.startswith(u, pos + len(whole)) for u in unless
                    ):
                        spans.append((pos + lo, pos + hi, pos, pos + len(whole)))
        return Excluded(spans)


class Lexicon:
    """The words of some families, matched longest first."""

    def __init__(self, words: Sequence[Word], *, spaced: bool) -> None:
        ordered = sorted(words, key=lambda w: -len(w.text))
        join = _GAP if spaced else ""
        patterns = [join.join(map(re.escape, w.text)) for w in ordered]
        self._words = {w.text: w for w in ordered}
        self._any = re.compile("|".join(patterns)) if patterns else None
        self._by_first: dict[str, list[tuple[Word, re.Pattern[str]]]] = {}
        for word, pattern in zip(ordered, patterns, strict=True):
            self._by_first.setdefault(word.text[0], []).append((word, re.compile(pattern)))
        self.spaced = spaced

    def scan(self, text: str, excluded: Excluded) -> Iterator[tuple[int, int, Word]]:
        """(start, end, word) of each word in ``text``, in order, not overlapping."""
        if self._any is None:
            return
        pos = 0
        while m := self._any.search(text, pos):
            start = m.start()
            found = self._at(text, start, m.end(), excluded)
            if found is None:
                pos = start + 1
                continue
            end, word = found
            yield start, end, word
            pos = end

    def _at(self, text: str, start: int, end: int, excluded: Excluded) -> tuple[int, Word] | None:
        """The longest word at ``start`` that no false friend blocks (不應變: 不, not 不應)."""
        if not excluded.blocks(start, end):
            return end, self._word(text[start:end])
        for word, pattern in self._by_first.get(text[start], ()):
            m = pattern.match(text, start)
            if m is not None and m.end() < end and not excluded.blocks(start, m.end()):
                return m.end(), word
        return None

    def _word(self, matched: str) -> Word:
        return self._words["".join(matched.split()) if self.spaced else matched]
