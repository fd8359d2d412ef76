"""Collecting one alignment's hunks, each mapped back to the original texts.

Kept apart from ``compare`` (which normalises, aligns and sums up) because
this is the offset bookkeeping: a hunk found between normalised texts is cut
where ghost text or a reading-order break lies inside it, widened over a
dropped 【模糊】 marker it replaces, and, inside the runs that agree, what
normalisation hid is found again character by character and merged into
LAYOUT, PUNCTUATION or GLYPH hunks. A block deleted in one place and inserted
unchanged in another is re-categorised as LAYOUT here too.
"""

from __future__ import annotations

from dataclasses import replace

from backend.review.alignment import MIN_MOVE, Side
from backend.review.charclass import RING_LOOKALIKES, is_punctuation
from backend.review.diff_categories import categorise, hunk_context
from backend.review.gap_marks import alternate_gap, refine
from backend.review.textnorm import CompareOptions, Normalised
from backend.review.values import DiffCategory, Hunk

_RANK = {c: i for i, c in enumerate(DiffCategory)}  # LAYOUT < ... < SUBSTANTIVE
# Bleed-through is the back page's writing, read as characters. A few marks or
# half-seen rings alone (，。 or 0, C for a ○) beside other characters of a
# low-scored line are that line's own ink, which an engine reads with low
# confidence because it is faint. A line of nothing but such marks stays a ghost.
_MARKS_ONLY_MAX = 3


def _own_ink(a: Side, p: int, q: int) -> bool:
    """The alternate's ghost text [p, q) is a few marks inside its line (see above)."""
    text, ghost = a.text[p:q], a.ghost
    in_line = (p > 0 and ghost[p - 1]) or (q < len(ghost) and ghost[q])
    return (
        0 < len(text) <= _MARKS_ONLY_MAX
        and bool(in_line)
        and all(c in RING_LOOKALIKES or is_punctuation(c) for c in text)
    )


def kept_chars(norm: Normalised, i: int, j: int) -> str:
    """The original characters normalisation kept for normalised [i, j)."""
    return _kept(norm.source, norm.to_source, i, j)


def _kept(source: str, to_source: list[int], i: int, j: int) -> str:
    if i >= j:
        return ""
    s, e = to_source[i], to_source[j - 1] + 1
    if e - s == j - i:  # nothing dropped inside: one slice
        return source[s:e]
    return "".join([source[k] for k in to_source[i:j]])


class HunkCollector:
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
        self.moves_are_layout = True  # a block moved unchanged is LAYOUT (see ``result``)

    def hunk(self, tr: tuple[int, int], ar: tuple[int, int], category: DiffCategory) -> Hunk:
        (s, e), (p, q) = tr, ar
        return Hunk(s, e, p, q, self.t.source[s:e], self.a.norm.source[p:q], category)

    def changed(self, ti: int, tj: int, ai: int, aj: int) -> None:
        """A difference after normalisation; ghost text and order breaks split it."""
        a = self.a
        if not a.breaks and b"\x01" not in a.ghost[ai:aj]:
            self._add(ti, tj, ai, aj)  # one piece: most hunks on most pages
            return
        pieces = [(p, q, g and not _own_ink(a, p, q)) for p, q, g in a.pieces(ai, aj, True)]
        real = [(p, q) for p, q, ghost in pieces if not ghost] or [(ai, ai)]
        for n, (p, q) in enumerate(real):
            self._add(ti if n == 0 else tj, tj, p, q)  # the rest: insertions after it
        for p, q, ghost in pieces:
            if ghost:
                tr = self.t.source_range(tj, tj)
                self.ghosts.append(self.hunk(tr, self.a.raw_range(p, q), DiffCategory.SUBSTANTIVE))

    def _add(self, i: int, j: int, p: int, q: int) -> None:
        """The hunk of normalised transcript [i, j) against alternate [p, q)."""
        t, a = self.t, self.a
        t_norm, a_norm = t.text[i:j], a.text[p:q]
        kept_t, kept_a = _kept(t.source, t.to_source, i, j), _kept(a.norm.source, a.src, p, q)
        # Only a run of circles or a stray mark needs what stands around it.
        context = hunk_context(t.text, i, j, kept_t)
        cat = categorise(t_norm, a_norm, kept_t, kept_a, self.options, context)
        gap = alternate_gap(a.norm.source, a.src, p) if p == q else ""  # its blank, if any
        cat = refine(cat, t, i, j, kept_t, kept_a, gap)
        s, e = t.source_range(i, j) if i < j else self._transcript_range(i, j)
        ps, pe = (a.src[p], a.src[q - 1] + 1) if p < q else a.raw_range(p, q)
        h = Hunk(s, e, ps, pe, t.source[s:e], a.norm.source[ps:pe], cat)
        self.found.append((h, t_norm, a_norm))

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
        width = self.options.tables.fold_table(True, False)
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
        if self.moves_are_layout:
            moves_are_layout(self.found)
        return tuple(sorted((h for h, _, _ in self.found), key=lambda h: (h.start, h.alt_start)))


def moves_are_layout(found: list[tuple[Hunk, str, str]]) -> None:
    """A block deleted in one place and inserted unchanged in another was only moved."""
    deleted: list[int] = []
    inserted: dict[str, int] = {}  # an inserted block's text: the last hunk inserting it
    for n, (h, t, a) in enumerate(found):
        if h.category is not DiffCategory.SUBSTANTIVE or (t and a):
            continue
        if len(t) >= MIN_MOVE:
            deleted.append(n)
        elif len(a) >= MIN_MOVE:
            inserted[a] = n
    for n in deleted if inserted else ():
        m = inserted.pop(found[n][1], None)
        for k in () if m is None else (n, m):
            hk, tk, ak = found[k]
            found[k] = (replace(hk, category=DiffCategory.LAYOUT), tk, ak)
