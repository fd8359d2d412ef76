"""Where an alternate reading disagrees with the transcript, and whether that matters.

``compare_texts`` diffs the *normalised* texts (``backend.textnorm``) with
fast-diff-match-patch, so width, glyph and layout noise never reaches the
alignment; every hunk is mapped back to the original transcript and alternate.
Inside the stretches that agree it also reports what normalisation hid (LAYOUT,
PUNCTUATION or GLYPH hunks), so runs can be compared by kind of difference.

Only SUBSTANTIVE hunks become flags. An OCR engine used as the alternate adds
noise a transcript never has; it is handled here (the reading order and the
ghost masks in ``backend.alignment``) rather than flagged:

* reading order: flowchart boxes and table cells come in another order. When
  the plain alignment leaves blocks unmatched on both sides, the alternate's
  lines are put where each best matches the transcript (bigram votes), and
  that order is kept only if more characters then agree. A block deleted in
  one place and inserted unchanged in another is LAYOUT;
* ○ name masks read as 。/O/0: transcript ○ against such marks is PUNCTUATION;
  a circle more or fewer next to a numeral (一〇〇年 / 一〇年) is a changed
  number, never a mask, and stays SUBSTANTIVE;
* bleed-through from the back of the sheet: alternate text the transcript
  lacks, inside lines the engine scored below ``ghost_score``, goes to
  ``Comparison.ghosts`` instead of the hunks.

Transcript text the alternate lacks (a line it could not read) stays a flag:
that is where the transcript may have guessed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from backend.alignment import MIN_MOVE, Ops, Side, align, diff, equal_chars
from backend.review_types import AltText, DiffCategory, Flag, FlagKind, Hunk
from backend.textnorm import (
    CompareOptions,
    Normalised,
    Spans,
    dropped_spans,
    fold_table,
    normalise,
)

__all__ = [
    "FLAGGED",
    "CompareOptions",
    "Comparison",
    "categorise",
    "classify_differences",
    "compare_texts",
    "diff_flags",
]

FLAGGED = frozenset({DiffCategory.SUBSTANTIVE})
MASKS = frozenset("○〇◯")  # one mark with width folding on, three without
MASK_LOOKALIKES = MASKS | frozenset(".。Oo0°º")  # after width folding
# Next to one of these a circle is a zero (一〇〇年, 第一○○號), never a name mask.
NUMERAL_CONTEXT = frozenset("〇一二三四五六七八九十百千萬0123456789０１２３４５６７８９")
# Superscript digits and daggers mark footnote references; engines often miss them.
FOOTNOTE_MARKS = frozenset("⁰¹²³⁴⁵⁶⁷⁸⁹†‡")
_RANK = {c: i for i, c in enumerate(DiffCategory)}  # LAYOUT < ... < SUBSTANTIVE


@dataclass(frozen=True)
class Comparison:
    """The hunks between a transcript and an alternate, and how much they agree."""

    hunks: tuple[Hunk, ...]  # every difference, by transcript position
    agreement: float  # share of normalised characters both agree on, 0..1
    ghosts: tuple[Hunk, ...] = ()  # alternate-only text in low-confidence lines
    reordered: bool = False  # the alternate's lines were put in the transcript's order
    # The runs both agree on (equal after normalisation), as (transcript start,
    # alternate start, length) in original offsets, by transcript start: each
    # character of one equals its counterpart after folding. Cut wherever either
    # side skips dropped text or the alternate's reading order breaks.
    matches: tuple[tuple[int, int, int], ...] = ()

    def flags(self, categories: frozenset[DiffCategory] = FLAGGED) -> list[Flag]:
        return diff_flags(self, categories)

    def chars_by_category(self) -> dict[DiffCategory, int]:
        """Characters in hunks of each kind (the longer side of each hunk)."""
        out = dict.fromkeys(DiffCategory, 0)
        for h in self.hunks:
            out[h.category] += max(h.end - h.start, h.alt_end - h.alt_start)
        return out


def _events(ops: Ops) -> Iterator[tuple[bool, int, int, int, int]]:
    """(equal?, ti, tj, ai, aj) for each equal run and each group of changes."""
    ti = ai = 0
    start: tuple[int, int] | None = None
    for op, text in ops:
        if op == "=" and start is not None:
            yield False, start[0], ti, start[1], ai
            start = None
        if op == "=":
            yield True, ti, ti + len(text), ai, ai + len(text)
            ti, ai = ti + len(text), ai + len(text)
            continue
        start = start or (ti, ai)
        ti, ai = (ti + len(text), ai) if op == "-" else (ti, ai + len(text))
    if start is not None:
        yield False, start[0], ti, start[1], ai


def _kept(norm: Normalised, i: int, j: int) -> str:
    return "".join(norm.source[k] for k in norm.to_source[i:j])


def categorise(
    t_norm: str,
    a_norm: str,
    t_kept: str,
    a_kept: str,
    options: CompareOptions,
    context: tuple[str, str] = ("", ""),
) -> DiffCategory:
    """Only dropped text differs, or marks, or glyph forms, or else words.

    ``*_norm`` are a hunk's normalised characters, ``*_kept`` the original
    characters normalisation kept there (they differ from ``*_norm`` by folds).
    ``context``: the transcript's characters just before and after the run of
    circles the hunk lies in ("" at the text's edge), see ``mask_context``.
    """
    width = fold_table(True, False)
    if t_kept == a_kept:
        return DiffCategory.LAYOUT
    if options.fold_width and t_kept.translate(width) == a_kept.translate(width):
        return DiffCategory.PUNCTUATION
    if t_norm == a_norm:
        return DiffCategory.GLYPH if options.fold_variants else DiffCategory.PUNCTUATION
    if options.fold_masks and set(t_norm + a_norm) <= FOOTNOTE_MARKS:
        return DiffCategory.PUNCTUATION  # a footnote reference mark one engine missed
    if options.fold_masks and _mask_lookalike(t_norm, a_norm, t_kept, context):
        return DiffCategory.PUNCTUATION
    return DiffCategory.SUBSTANTIVE


def _mask_lookalike(t_norm: str, a_norm: str, t_kept: str, context: tuple[str, str]) -> bool:
    """A masked name the engine read as 。/O/0, or with a circle fewer: how many
    circles mask a name says nothing about the name. A circle read as a look-alike
    one for one is also a zero read as 0. But a circle more or fewer next to a
    numeral is a changed number (一〇〇年 / 一〇年), and a missing one a name mask
    only after a name's first character (林○○ / 林○)."""
    if not t_kept or not set(t_kept) <= MASKS:
        return False
    if not set(a_norm.translate(fold_table(True, False))) <= MASK_LOOKALIKES:
        return False
    if len(a_norm) == len(t_norm):
        return True
    before, after = context
    if before in NUMERAL_CONTEXT or after in NUMERAL_CONTEXT:  # "" is in no set
        return False
    return bool(a_norm) or _is_cjk(before)


def _is_cjk(char: str) -> bool:
    return len(char) == 1 and ("\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff")


def mask_context(text: str, i: int, j: int) -> tuple[str, str]:
    """The characters of normalised ``text`` around [i, j) widened over circles."""
    while i > 0 and text[i - 1] in MASKS:
        i -= 1
    while j < len(text) and text[j] in MASKS:
        j += 1
    return (text[i - 1] if i > 0 else "", text[j] if j < len(text) else "")


class _Hunks:
    """Collects hunks (with their normalised texts) from one alignment."""

    def __init__(
        self,
        transcript: Normalised,
        alt: Side,
        options: CompareOptions,
        markers: list[tuple[int, int]],
    ) -> None:
        self.t, self.a, self.options = transcript, alt, options
        self.markers = markers  # the transcript's marker spans (only these an insertion covers)
        self.found: list[tuple[Hunk, str, str]] = []
        self.ghosts: list[Hunk] = []

    def hunk(self, tr: tuple[int, int], ar: tuple[int, int], category: DiffCategory) -> Hunk:
        (s, e), (p, q) = tr, ar
        return Hunk(s, e, p, q, self.t.source[s:e], self.a.norm.source[p:q], category)

    def changed(self, ti: int, tj: int, ai: int, aj: int) -> None:
        """A difference after normalisation; ghost text and order breaks split it."""
        pieces = self.a.pieces(ai, aj, by_ghost=True)
        real = [(p, q) for p, q, ghost in pieces if not ghost] or [(ai, ai)]
        for n, (p, q) in enumerate(real):
            i = ti if n == 0 else tj  # the rest are insertions after the transcript side
            t_norm, a_norm = self.t.text[i:tj], self.a.text[p:q]
            kept_a = "".join(self.a.norm.source[k] for k in self.a.src[p:q])
            context = mask_context(self.t.text, i, tj)
            cat = categorise(t_norm, a_norm, _kept(self.t, i, tj), kept_a, self.options, context)
            h = self.hunk(self._transcript_range(i, tj), self.a.raw_range(p, q), cat)
            self.found.append((h, t_norm, a_norm))
        for p, q, ghost in pieces:
            if ghost:
                tr = self.t.source_range(tj, tj)
                self.ghosts.append(self.hunk(tr, self.a.raw_range(p, q), DiffCategory.SUBSTANTIVE))

    def _transcript_range(self, i: int, j: int) -> tuple[int, int]:
        """Original range of normalised [i, j); an insertion where the transcript has
        a dropped 【模糊】 marker covers the marker, so accepting the alternate's
        reading replaces it. Other dropped text (table pipes, bold marks) stays:
        replacing it would merge table cells or unbalance the Markdown."""
        if i < j:
            return self.t.source_range(i, j)
        s, e = self.t.gap(i)
        inside = [m for m in self.markers if s <= m[0] and m[1] <= e] if e > s else []
        return (inside[0][0], inside[-1][1]) if inside else (s, s)

    def agreeing(self, ti: int, ai: int, n: int) -> None:
        """Equal after normalisation: report what the folds hid, character by character."""
        t, a, tsrc, asrc = self.t.source, self.a.norm.source, self.t.to_source, self.a.src
        pt, pa = self._dropped_before(ti, ai)
        if t[pt : tsrc[ti + n - 1] + 1] == a[pa : asrc[ai + n - 1] + 1]:
            return  # the common case, decided in C
        width = fold_table(True, False)
        k = 0
        while k < n:
            skip = self._identical_chars(ti + k, ai + k, n - k, pt, pa)
            if skip:
                k += skip
                pt, pa = tsrc[ti + k - 1] + 1, asrc[ai + k - 1] + 1
                continue
            ts, as_ = tsrc[ti + k], asrc[ai + k]
            if t[pt:ts] != a[pa:as_]:
                self._merge(self.hunk((pt, ts), (pa, as_), DiffCategory.LAYOUT))
            if t[ts] != a[as_]:
                same = self.options.fold_width and t[ts].translate(width) == a[as_].translate(width)
                cat = DiffCategory.PUNCTUATION if same else DiffCategory.GLYPH
                self._merge(self.hunk((ts, ts + 1), (as_, as_ + 1), cat))
            k, pt, pa = k + 1, ts + 1, as_ + 1

    def _identical_chars(self, ti: int, ai: int, n: int, pt: int, pa: int) -> int:
        """How many of the next ``n`` aligned characters (and the text dropped before
        each) are identical on both sides: found by halving, comparing slices in C."""
        t, a, tsrc, asrc = self.t.source, self.a.norm.source, self.t.to_source, self.a.src
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi + 1) // 2
            te, ae = tsrc[ti + mid - 1] + 1, asrc[ai + mid - 1] + 1
            if te - pt == ae - pa and t[pt:te] == a[pa:ae]:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _dropped_before(self, ti: int, ai: int) -> tuple[int, int]:
        """Where the text dropped before this run starts on both sides (the run's own
        start when that text belongs to the previous hunk or lies across an order break)."""
        pt, pa = self.t.boundary(ti), self.a.raw_range(ai, ai)[0]
        last = self.found[-1][0] if self.found else None
        if (ai and ai in self.a.breaks) or (last and (last.end > pt or last.alt_end > pa)):
            return self.t.to_source[ti], self.a.src[ai]
        return pt, pa

    def dropped_at_end(self) -> None:
        """Text both sides drop after their last character (trailing pipes, line breaks)."""
        pt, pa = self.t.boundary(len(self.t.text)), self.a.raw_range(*[len(self.a.text)] * 2)[0]
        last = self.found[-1][0] if self.found else None
        if self.a.breaks or (last and (last.end > pt or last.alt_end > pa)):
            return
        t, a = self.t.source[pt:], self.a.norm.source[pa:]
        if t != a:
            self._merge(
                self.hunk(
                    (pt, len(self.t.source)), (pa, len(self.a.norm.source)), DiffCategory.LAYOUT
                )
            )

    def _merge(self, h: Hunk) -> None:
        """Join a hunk to the previous one when they touch on both sides."""
        last = self.found[-1][0] if self.found else None
        touching = last and last.end == h.start and last.alt_end == h.alt_start
        if last and touching and last.category is not DiffCategory.SUBSTANTIVE:
            cat = max(last.category, h.category, key=_RANK.__getitem__)
            self.found[-1] = (
                self.hunk((last.start, h.end), (last.alt_start, h.alt_end), cat),
                "",
                "",
            )
        else:
            self.found.append((h, "", ""))

    def result(self) -> tuple[Hunk, ...]:
        _moves_are_layout(self.found)
        return tuple(sorted((h for h, _, _ in self.found), key=lambda h: (h.start, h.alt_start)))


def _moves_are_layout(found: list[tuple[Hunk, str, str]]) -> None:
    """A block deleted in one place and inserted unchanged in another was only moved."""

    def kind(h: Hunk, t: str, a: str) -> str:
        if h.category is not DiffCategory.SUBSTANTIVE or (t and a):
            return ""
        return "-" if len(t) >= MIN_MOVE else "+" if len(a) >= MIN_MOVE else ""

    inserted = {a: n for n, (h, t, a) in enumerate(found) if kind(h, t, a) == "+"}
    for n, (h, t, a) in enumerate(found):
        m = inserted.pop(t, None) if kind(h, t, a) == "-" else None
        for k in () if m is None else (n, m):
            hk, tk, ak = found[k]
            found[k] = (replace(hk, category=DiffCategory.LAYOUT), tk, ak)


def compare_texts(
    transcript: str,
    alternate: str | AltText,
    options: CompareOptions = CompareOptions(),  # noqa: B008 (frozen, safe to share)
    *,
    ignore_spans: Spans = (),
    alt_ignore_spans: Spans = (),
    folded: bool = True,
) -> Comparison:
    """Every difference between ``transcript`` and ``alternate``, categorised.

    ``folded=False`` leaves out the differences normalisation hid (layout,
    punctuation width, glyph variants) inside agreeing runs: the review flags
    only need substantive ones, and finding the others is most of the time on
    a page an engine read with half-width punctuation.
    """
    alt_raw, lines = (
        (alternate, ()) if isinstance(alternate, str) else (alternate.text, alternate.lines)
    )
    t = normalise(transcript, options, ignore_spans)
    an = normalise(alt_raw, options, alt_ignore_spans, alternate=True)
    a, ops, reordered = align(t.text, an, alt_raw, lines, options)
    only_markers = replace(options, ignore_whitespace=False, ignore_markdown=False)
    found = _Hunks(t, a, options, dropped_spans(transcript, only_markers, ignore_spans))
    matches: list[tuple[int, int, int]] = []
    for equal, ti, tj, ai, aj in _events(ops):
        if not equal:
            found.changed(ti, tj, ai, aj)
            continue
        for p, q, _ in a.pieces(ai, aj, by_ghost=False):
            k = ti + p - ai
            matches += _runs(t.to_source[k : k + q - p], a.src[p:q])
            if folded:
                found.agreeing(k, p, q - p)
    found.dropped_at_end()
    total = max(len(t.text), len(an.text))
    agreement = 1.0 if total == 0 else equal_chars(ops) / total
    return Comparison(found.result(), agreement, tuple(found.ghosts), reordered, tuple(matches))


def _runs(tsrc: list[int], asrc: list[int]) -> Iterator[tuple[int, int, int]]:
    """Aligned characters (original offsets) cut where either side is not contiguous."""
    start = 0
    for k in range(1, len(tsrc) + 1):
        if k == len(tsrc) or tsrc[k] != tsrc[k - 1] + 1 or asrc[k] != asrc[k - 1] + 1:
            yield tsrc[start], asrc[start], k - start
            start = k


def classify_differences(
    transcript: str,
    alternate: str,
    options: CompareOptions = CompareOptions(),  # noqa: B008
    *,
    ignore_spans: Spans = (),
    alt_ignore_spans: Spans = (),
) -> tuple[Hunk, ...]:
    """The plain character diff of the raw texts, each hunk categorised (for evaluation)."""
    t = normalise(transcript, options, ignore_spans)
    a = normalise(alternate, options, alt_ignore_spans, alternate=True)
    found = []
    for equal, s, e, p, q in _events(diff(transcript, alternate)):
        if equal:
            continue
        (i, j), (k, m) = t.span_of(s, e), a.span_of(p, q)
        context = mask_context(t.text, i, j)
        cat = categorise(t.text[i:j], a.text[k:m], _kept(t, i, j), _kept(a, k, m), options, context)
        h = Hunk(s, e, p, q, transcript[s:e], alternate[p:q], cat)
        found.append((h, t.text[i:j], a.text[k:m]))
    _moves_are_layout(found)
    return tuple(h for h, _, _ in found)


def _quote(text: str, limit: int = 24) -> str:
    text = " ".join(text.split())
    return f"“{text if len(text) <= limit else text[: limit - 1] + '…'}”"


def _detail(h: Hunk) -> str:
    if h.start == h.end:
        return f"the alternate has {_quote(h.alt_text)} here; the transcript has nothing"
    if not h.alt_text.strip():
        return "the alternate has nothing here"
    return f"the alternate reads {_quote(h.alt_text)} here"


def diff_flags(comparison: Comparison, categories: frozenset[DiffCategory] = FLAGGED) -> list[Flag]:
    """A DIFF flag for each hunk of the given kinds (by default only substantive ones)."""
    return [
        Flag(
            h.start,
            h.end,
            FlagKind.DIFF,
            _detail(h),
            alt_start=h.alt_start,
            alt_end=h.alt_end,
            replacement=h.alt_text,
            category=h.category.value,
        )
        for h in comparison.hunks
        if h.category in categories
    ]
