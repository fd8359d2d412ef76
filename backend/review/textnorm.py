"""Normalising a transcript before comparing it: what a reviewer does not care about goes.

Each fold is one code point to one code point (or drops it), so every character
of the normalised text knows the one character of the original it came from:
``Normalised.to_source``. Differences found in normalised text are therefore
always reported at offsets into the real transcript.

Folding (all optional, ``CompareOptions``):

* whitespace and line breaks are dropped;
* width: full-width ASCII (，０Ａ), vertical and small forms become plain, and
  equivalent marks (、 ,  「 "  ○〇◯) one mark (``resources/normalise/punctuation.tsv``).
  CJK ideographs are never touched here, unlike NFKC;
* variant glyphs (爲/為, 着/著, CJK compatibility ideographs, Kangxi radicals)
  become one form (``variant-glyphs.tsv``, plus a user file); in an alternate
  reading also simplified forms (``alternate-simplified.tsv``);
* marker text (【模糊】, 【?】, given spans) and Markdown layout (table pipes,
  ``---`` rows, headings, bold, list bullets, ``<br>``) are dropped.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate, chain
from pathlib import Path

from backend.errors import ProofDeskError
from backend.i18n import _
from backend.review import fast_fold
from backend.review.fast_fold import LookupTable, normalise_page

TABLES_DIR = Path(__file__).resolve().parent.parent.parent / "resources" / "normalise"

# What the model writes where it cannot read (see resources/prompts): a short
# bracketed note. Twelve characters keeps real bracketed headings out.
DEFAULT_MARKERS = re.compile(r"【[^】\n]{0,12}】")

# Markdown that only lays text out. Pipes and ``<br>`` anywhere (legal text has
# no other use for them); the rest only where Markdown puts it, at line starts.
_MARKDOWN = re.compile(
    r"^[ \t]*[|:\-][ \t|:\-]*-{3,}[ \t|:\-]*$"  # table separator row / horizontal rule
    r"|^[ \t]*#{1,6}[ \t]+"  # heading marks
    r"|^[ \t]*[*+\-][ \t]+"  # list bullets
    r"|\*\*|__|~~"  # bold, strike-through
    r"|[|｜]|<br\s*/?>"
    # Arrows and box drawing: how a transcript draws a flowchart's connectors,
    # which no OCR engine reads as text.
    r"|[\u2190-\u21ff\u2500-\u257f\u27f0-\u27ff\u2900-\u297f]",
    re.MULTILINE,
)
_WHITESPACE = re.compile(r"\s+")
# A character every _MARKDOWN match holds (a line-start mark, a pipe, an arrow). Not
# ":": a separator row holds "---" too, and an OCR engine's half-width colons are many.
_MARKDOWN_HINT = re.compile(r"[|｜#*+_~<\-\u2190-\u21ff\u2500-\u257f\u27f0-\u27ff\u2900-\u297f]")

Spans = Sequence[tuple[int, int]] | re.Pattern[str]


@dataclass(frozen=True)
class CompareOptions:
    """What a comparison ignores; every fold on by default."""

    ignore_whitespace: bool = True
    fold_width: bool = True  # full/half width, equivalent punctuation, ○〇◯
    fold_variants: bool = True  # 爲/為 ...; simplified forms in the alternate
    ignore_markers: bool = True  # 【模糊】-style markers (and always explicit spans)
    ignore_markdown: bool = True  # table pipes, headings, bullets, flowchart arrows
    # Comparison only (backend.review.compare):
    # Transcript ○ read by the engine as 。/O/0 (or a circle fewer), and footnote
    # marks (⁶, †) one side lacks, are punctuation, not substance.
    fold_masks: bool = True
    reorder_lines: bool = True  # follow the transcript's reading order for alternate lines
    ghost_score: float = 0.85  # alternate lines scored below this are likely bleed-through
    extra_variants: Path | None = None  # a user's own variant-glyphs file

    @classmethod
    def raw(cls) -> CompareOptions:
        """Everything off: compare the texts exactly as they are."""
        return cls(False, False, False, False, False, False, False, 0.0)


@dataclass(frozen=True)
class Normalised:
    """A normalised text and, for each of its code points, where it came from."""

    text: str
    to_source: list[int]  # offset in ``source`` of each code point of ``text``
    source: str
    # Sorted positions k where ``to_source`` jumps (to_source[k] != to_source[k-1] + 1):
    # where dropped text lay.
    cuts: tuple[int, ...] = ()

    def source_range(self, start: int, end: int) -> tuple[int, int]:
        """The original [start, end) of normalised [start, end).

        An empty range (an insertion point) maps to just after the previous kept
        character, so an omission sits at the end of the text before it.
        """
        if start < end:
            return self.to_source[start], self.to_source[end - 1] + 1
        pos = self.boundary(start)
        return pos, pos

    def boundary(self, pos: int) -> int:
        return 0 if pos <= 0 else self.to_source[pos - 1] + 1

    def gap(self, pos: int) -> tuple[int, int]:
        """The original text dropped between normalised ``pos - 1`` and ``pos``."""
        end = self.to_source[pos] if pos < len(self.to_source) else len(self.source)
        return self.boundary(pos), end

    def span_of(self, start: int, end: int) -> tuple[int, int]:
        """The normalised [i, j) of everything kept from original [start, end)."""
        return bisect_left(self.to_source, start), bisect_left(self.to_source, end)


class VariantTableError(ProofDeskError):
    """A variant-glyph table (the user's own file) cannot be read."""


def load_pairs(path: Path) -> dict[str, str]:
    """``variant<TAB>standard[<TAB>note]`` lines; # comments and blank lines skipped."""
    try:
        lines = path.read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantTableError(
            _("Cannot read the glyph table {path}.").format(path=path), detail=str(exc)
        ) from exc
    pairs: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) < 2 or len(cols[0]) != 1 or len(cols[1].strip()) != 1:
            raise VariantTableError(
                _("Line {number} of {name} must be one character, a tab, one character.").format(
                    number=number, name=path.name
                ),
                detail=repr(line),
            )
        pairs[cols[0]] = cols[1].strip()
    return pairs


def _resolve(pairs: dict[str, str]) -> dict[str, str]:
    """Follow chains (a user's A→B on top of B→C) to the final form; loops stop."""
    out = {}
    for key in pairs:
        value, seen = pairs[key], {key}
        while value in pairs and value not in seen:
            seen.add(value)
            value = pairs[value]
        if value != key:
            out[key] = value
    return out


def _width_pairs() -> dict[str, str]:
    """Full-width, half-width CJK, vertical and small forms to their plain single mark."""
    ranges = (range(0xFF01, 0xFF5F), range(0xFF61, 0xFF66), range(0xFE10, 0xFE1A))
    pairs = {}
    for code in (c for r in (*ranges, range(0xFE30, 0xFE6C)) for c in r):
        folded = unicodedata.normalize("NFKC", chr(code))
        if len(folded) == 1 and folded != chr(code):  # ︙ → "..." would break 1:1 offsets
            pairs[chr(code)] = folded
    return pairs


def _cjk_compat_pairs() -> dict[str, str]:
    """Compatibility ideographs and Kangxi radicals (PDF text layers use them)."""
    blocks = (range(0xF900, 0xFB00), range(0x2F800, 0x2FA20), range(0x2F00, 0x2FE0))
    pairs = {}
    for code in (c for r in blocks for c in r):
        folded = unicodedata.normalize("NFKC", chr(code))
        if len(folded) == 1 and folded != chr(code) and unicodedata.category(folded) == "Lo":
            pairs[chr(code)] = folded
    return pairs


def variants_stamp(path: Path | None) -> tuple[object, ...]:
    """A user's variant file as a cache key: its path and what it is now (edited in
    place, it is a different table). A missing file keys as such; loading reports it."""
    if path is None:
        return ()
    try:
        info = path.stat()
    except OSError:
        return (str(path), None, None)
    return (str(path), info.st_mtime_ns, info.st_size)


@lru_cache(maxsize=8)
def fold_table(
    width: bool,
    variants: bool,
    alternate: bool = False,
    extra: Path | None = None,
    stamp: tuple[object, ...] = (),
) -> dict[int, str]:
    """A ``str.translate`` table for the folds asked for (built once per combination).

    ``stamp``: ``variants_stamp(extra)``, only so that an edited file is read again."""
    pairs: dict[str, str] = {}
    if width:
        pairs.update(_width_pairs())
        punct = load_pairs(TABLES_DIR / "punctuation.tsv")
        pairs = {k: punct.get(v, v) for k, v in pairs.items()} | punct
    if variants:
        glyphs = _cjk_compat_pairs() | load_pairs(TABLES_DIR / "variant-glyphs.tsv")
        if alternate:
            glyphs |= load_pairs(TABLES_DIR / "alternate-simplified.tsv")
        if extra is not None:
            glyphs |= load_pairs(extra)
        glyphs = _resolve(glyphs)
        pairs = {k: glyphs.get(v, v) for k, v in pairs.items()} | glyphs
    return {ord(k): v for k, v in pairs.items()}


@lru_cache(maxsize=8)
def fold_lookup(
    width: bool,
    variants: bool,
    alternate: bool = False,
    extra: Path | None = None,
    stamp: tuple[object, ...] = (),
) -> LookupTable:
    """``fold_table`` as a lookup that folds a page of text ~15× faster (``fast_fold``)."""
    return LookupTable(fold_table(width, variants, alternate, extra, stamp))


def fold(text: str, *, width: bool, variants: bool = False, alternate: bool = False) -> str:
    """``text`` with only the character folds applied (nothing dropped)."""
    return text.translate(fold_table(width, variants, alternate))


def _pattern_spans(pattern: re.Pattern[str], text: str) -> Iterable[tuple[int, int]]:
    return (m.span() for m in pattern.finditer(text))


def dropped_spans(
    text: str, options: CompareOptions, ignore_spans: Spans = ()
) -> list[tuple[int, int]]:
    """Sorted, merged [start, end) ranges of ``text`` that normalisation drops."""
    spans: list[tuple[int, int]] = []
    if isinstance(ignore_spans, re.Pattern):
        spans += _pattern_spans(ignore_spans, text)
    else:
        spans += ((max(0, s), min(len(text), e)) for s, e in ignore_spans)
    patterns = []
    # Most pages have no marker and no Markdown: a plain search skips the costly scans.
    if options.ignore_markers and "【" in text:
        patterns.append(DEFAULT_MARKERS)
    if options.ignore_markdown and _MARKDOWN_HINT.search(text):
        patterns.append(_MARKDOWN)
    if options.ignore_whitespace:
        patterns.append(_WHITESPACE)
    sources = 0  # how many of them found something
    for pattern in patterns:
        # One pattern alone gives sorted, disjoint spans: taken as they are.
        found = [m.span() for m in pattern.finditer(text)]
        sources += bool(found)
        spans = found if not spans else spans + found
    # A caller's own list of spans may overlap or come in any order: always merged.
    given_list = bool(ignore_spans) and not isinstance(ignore_spans, re.Pattern)
    if not given_list and sources + bool(ignore_spans) <= 1:
        return [s for s in spans if s[0] < s[1]]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def normalise(
    text: str, options: CompareOptions, ignore_spans: Spans = (), *, alternate: bool = False
) -> Normalised:
    """``text`` folded and stripped as ``options`` say, with the map back to ``text``.

    ``ignore_spans`` (ranges of ``text``, or a pattern to find them) are dropped
    whatever the options say: the caller asked for them. ``alternate`` adds the
    folds meant only for the other reading (simplified forms).
    """
    lookup = None
    if options.fold_width or options.fold_variants:
        extra = options.extra_variants
        lookup = fold_lookup(
            options.fold_width, options.fold_variants, alternate, extra, variants_stamp(extra)
        )
    if options.ignore_whitespace and len(text) >= fast_fold.MIN_LENGTH:  # a page: numpy
        others = dropped_spans(text, _keeping_whitespace(options), ignore_spans)
        page = normalise_page(text, others, lookup)
        if page is not None:
            return Normalised(*page[:2], text, page[2])
    dropped = dropped_spans(text, options, ignore_spans)
    # Kept runs: from the end of each dropped span to the start of the next.
    starts = [0, *(e for _unused, e in dropped)]
    ends = [*(s for s, _unused in dropped), len(text)]
    to_source = list(chain.from_iterable(map(range, starts, ends)))
    body = "".join(map(text.__getitem__, map(slice, starts, ends)))
    lengths = [e - s for s, e in zip(starts, ends, strict=True)]
    at = list(accumulate(lengths))  # the normalised position each kept run ends at
    cuts = tuple(sorted({at[i - 1] for i in range(1, len(at)) if lengths[i] and at[i - 1]}))
    if lookup is not None:
        body = lookup.translate(body)
    return Normalised(body, to_source, text, cuts)


@lru_cache(maxsize=16)
def _keeping_whitespace(options: CompareOptions) -> CompareOptions:
    return replace(options, ignore_whitespace=False)
