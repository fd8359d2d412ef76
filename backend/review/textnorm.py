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
  reading also simplified forms (``alternate-simplified.tsv``). The tables come
  in ``CompareOptions.tables`` (``backend.review.tables``), read by the session;
* marker text (【模糊】, 【?】, given spans) and Markdown layout (table pipes,
  ``---`` rows, headings, bold, list bullets, ``<br>``, a code fence's ```` ```html ````
  line) and HTML table tags (``<table>``, ``<tr>``, ``<td colspan="2">`` …) are
  dropped;
* with the layout, escapes are read as what they stand for: Markdown's ``\\|``, HTML's
  ``&amp;`` ``&#20803;`` (``textnorm_escapes``), and a range over one maps back to
  the whole escape.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import accumulate, chain

from backend.review import fast_fold, textnorm_escapes
from backend.review.fast_fold import normalise_page
from backend.review.tables import ReviewTables
from backend.tables import markdown
from backend.tables.find import find_tables
from backend.tables.markdown import DELIMITER
from backend.tables.model import TableFormat

# What the model writes where it cannot read (see resources/prompts): a short
# bracketed note. Twelve characters keeps real bracketed headings out.
DEFAULT_MARKERS = re.compile(r"【[^】\n]{0,12}】")

# Markdown that only lays text out. Pipes and ``<br>`` anywhere (legal text has
# no other use for them); the rest only where Markdown puts it, at line starts.
_MARKDOWN = re.compile(
    # A code fence's line (```html around a table, as Qwen writes one).
    r"^[ \t]*(?:`{3,}|~{3,})[ \t]*[A-Za-z0-9_+#.-]*[ \t]*$"
    r"|^[ \t]*[|:\-][ \t|:\-]*-{3,}[ \t|:\-]*$"  # table separator row / horizontal rule
    r"|^[ \t]*#{1,6}[ \t]+"  # heading marks
    r"|^[ \t]*[*+\-][ \t]+"  # list bullets
    r"|\*\*|__|~~"  # bold, strike-through
    # Every pipe: ``_stray_pipes`` keeps those that lay out no table (訴訟費|用, an
    # engine's stray mark) so the review sees them (``charclass.STRAY_MARKS``). Not the
    # full-width ｜: no table the product reads is ruled with it, so it is always text.
    r"|[|]|<br\s*/?>"
    # An HTML table's tags, as Qwen writes tables: layout, like the pipes. (A tag's
    # attributes stay on its line; nothing else in a legal text is written <td …>.)
    # Qwen may wrap its HTML in <html><body>, as a page of its own.
    r"|(?i:</?(?:table|thead|tbody|tfoot|tr|td|th|caption|colgroup|col|html|body)\b[^<>\n]*>)"
    # Arrows and box drawing: how a transcript draws a flowchart's connectors,
    # which no OCR engine reads as text.
    r"|[\u2190-\u21ff\u2500-\u257f\u27f0-\u27ff\u2900-\u297f]",
    re.MULTILINE,
)
_WHITESPACE = re.compile(r"\s+")
# A line that may be a delimiter row of short cells: only pipes, colons, dashes, spaces.
_SHORT_DELIMITER = re.compile(r"^[ \t|:\-]*-[ \t|:\-]*$", re.MULTILINE)
# A character every _MARKDOWN match holds (a line-start mark, a pipe, an arrow). Not
# ":": a separator row holds "---" too, and an OCR engine's half-width colons are many.
_MARKDOWN_HINT = re.compile(r"[|｜#*+_~<`\-\u2190-\u21ff\u2500-\u257f\u27f0-\u27ff\u2900-\u297f]")

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
    # The fold tables and legal rules, as the session read them (a user's own
    # variant-glyphs file included): the review opens no file itself.
    tables: ReviewTables = field(kw_only=True)

    @classmethod
    def raw(cls, tables: ReviewTables) -> CompareOptions:
        """Everything off: compare the texts exactly as they are."""
        return cls(False, False, False, False, False, False, False, 0.0, tables=tables)


@dataclass(frozen=True)
class Normalised:
    """A normalised text and, for each of its code points, where it came from."""

    text: str
    to_source: list[int]  # offset in ``source`` of each code point of ``text``
    source: str
    # Sorted positions k where ``to_source`` jumps (to_source[k] != to_source[k-1] + 1):
    # where dropped text lay.
    cuts: tuple[int, ...] = ()
    # The escapes read as their character (``textnorm_escapes``): (the kept character's
    # offset in ``source``, the escape's start, its end), by the first.
    escapes: tuple[tuple[int, int, int], ...] = ()

    def source_range(self, start: int, end: int) -> tuple[int, int]:
        """The original [start, end) of normalised [start, end).

        An empty range (an insertion point) maps to just after the previous kept
        character, so an omission sits at the end of the text before it.
        """
        if start < end:
            s, e = self.to_source[start], self.to_source[end - 1] + 1
            return textnorm_escapes.widen(self.escapes, s, e) if self.escapes else (s, e)
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


def fold(text: str, tables: ReviewTables, *, width: bool, variants: bool = False) -> str:
    """``text`` with only the character folds applied (nothing dropped)."""
    return text.translate(tables.fold_table(width, variants))


_PIPES = "|"  # the ASCII pipe: the only one a Markdown table is ruled with


def _stray_pipes(text: str, spans: list[tuple[int, int]]) -> set[int]:
    """The pipes among ``spans`` that lay out no table, so the review keeps them.

    A pipe is layout only where it makes a table as the product reads tables
    (``backend.tables.find``: rows that begin with a pipe, or GitHub's rows under a
    delimiter row), or on a row of its own (``| a | b |`` alone, a table's piece
    continued from the page before). Anywhere else it is a character of the text: it
    is exported as written and no Table dock shows it, and it is what an engine makes
    of a rule or a gap (第四條 | 租賃期間; 期別 | 給付日期金額備註, a table's rows
    read with one rule each and the other cells run together): noise the review must
    see (``charclass.STRAY_MARKS``). The alternate's such pipes are its own noise.
    """
    pipes = [start for start, end in spans if end - start == 1 and text[start] in _PIPES]
    if not pipes:
        return set()
    # find_tables gives them in text order, none overlapping: bisected by start.
    tables = [(t.start, t.end) for t in find_tables(text) if t.format is TableFormat.MARKDOWN]
    starts = [start for start, _end in tables]
    stray = set()
    rows: dict[int, bool] = {}  # a line's start: whether it is a row of its own
    for at in pipes:
        k = bisect_right(starts, at) - 1
        if k >= 0 and at < tables[k][1]:
            continue
        line_start = text.rfind("\n", 0, at) + 1
        if line_start not in rows:
            rows[line_start] = markdown.is_row(text[line_start : _line_end(text, at)])
        if not rows[line_start]:
            stray.add(at)
    return stray


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _delimiter_rows(text: str) -> list[tuple[int, int]]:
    """GitHub's delimiter rows of one dash a cell (|:-:|-|, which ``_MARKDOWN``'s rule of
    three dashes leaves), where a table reads them: the second line of a table, below a
    line with a pipe that follows none (``backend.tables.markdown.DELIMITER``)."""
    out = []
    for m in _SHORT_DELIMITER.finditer(text):
        line = m.group()
        if "|" not in line or DELIMITER.match(line) is None:
            continue
        above_end = m.start() - 1
        above_start = text.rfind("\n", 0, max(above_end, 0)) + 1
        if above_end < 0 or "|" not in text[above_start:above_end]:
            continue
        before_start = text.rfind("\n", 0, max(above_start - 1, 0)) + 1
        if above_start == 0 or "|" not in text[before_start : above_start - 1]:
            out.append(m.span())
    return out


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
    escaped = options.ignore_markdown and ("&" in text or "\\" in text)
    if options.ignore_whitespace:
        patterns.append(_WHITESPACE)
    sources = 0  # how many of them found something
    for pattern in patterns:
        # One pattern alone gives sorted, disjoint spans: taken as they are.
        found = [m.span() for m in pattern.finditer(text)]
        if pattern is _MARKDOWN:
            stray = _stray_pipes(text, found)
            found = [span for span in found if span[0] not in stray] if stray else found
        sources += bool(found)
        spans = found if not spans else spans + found
    if escaped:
        found = textnorm_escapes.find(text)[0]
        sources += bool(found)
        spans = found if not spans else spans + found
    if options.ignore_markdown and "|" in text and "-" in text:
        found = _delimiter_rows(text)
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
        lookup = options.tables.fold_lookup(options.fold_width, options.fold_variants, alternate)
    reads: list[tuple[int, str]] = []
    escapes: tuple[tuple[int, int, int], ...] = ()
    if options.ignore_markdown and ("&" in text or "\\" in text):
        _dropped, reads, found = textnorm_escapes.find(text)
        escapes = tuple(found)
    translate = lookup.translate if lookup is not None else None
    if options.ignore_whitespace and len(text) >= fast_fold.MIN_LENGTH:  # a page: numpy
        others = dropped_spans(text, _keeping_whitespace(options), ignore_spans)
        page = normalise_page(text, others, lookup)
        if page is not None:
            body, to_source, cuts = page
            if reads:
                body = textnorm_escapes.substitute(body, to_source, reads, translate)
            return Normalised(body, to_source, text, cuts, escapes)
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
    if reads:
        body = textnorm_escapes.substitute(body, to_source, reads, translate)
    return Normalised(body, to_source, text, cuts, escapes)


@lru_cache(maxsize=16)
def _keeping_whitespace(options: CompareOptions) -> CompareOptions:
    return replace(options, ignore_whitespace=False)
