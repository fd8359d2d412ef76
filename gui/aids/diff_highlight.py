"""How the review aids look: text formats per flag kind, and the spans to paint.

Pure functions from a ``PageReview`` to ``(start, end, format)`` spans in code
points; ``TranscriptEditor.set_highlights`` and the alternate pane turn them
into extra selections. A zero-width flag (the transcript lacks what the
alternate reads) would paint nothing, so it is widened to the character it
sits before (or after, at the end) and marked with a dashed underline.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QColor, QFont, QTextCharFormat

from backend.review.span import Span
from backend.review.values import Flag, FlagKind, PageReview
from gui.widgets.theme import text_on

Painted = tuple[int, int, QTextCharFormat]

# The kinds F8 steps through; markers (F7) and low-confidence tokens have their own.
DIFF_KINDS = frozenset({FlagKind.DIFF, FlagKind.CRITICAL})

DIFF_BG = QColor("#fff59d")  # yellow: the alternate reads something else
CRITICAL_BG = QColor("#ef9a9a")  # red: a legal-critical item (得/應, numbers, dates) differs
MARKER_BG = QColor("#ffcc80")  # orange: the model marked text it could not read
CURRENT_BG = QColor("#90caf9")  # blue: the difference F8 / Alt+Return act on
LOW_CONFIDENCE_LINE = QColor("#6a1b9a")
OMISSION_LINE = QColor("#d84315")

# Painted in this order, so the more important kind shows on top where spans overlap.
PAINT_ORDER = (FlagKind.LOW_CONFIDENCE, FlagKind.DIFF, FlagKind.MARKER, FlagKind.CRITICAL)


def flag_format(kind: FlagKind) -> QTextCharFormat:
    fmt = QTextCharFormat()
    if kind is FlagKind.LOW_CONFIDENCE:
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(LOW_CONFIDENCE_LINE)
    elif kind is FlagKind.CRITICAL:
        fmt.setBackground(CRITICAL_BG)
        fmt.setForeground(text_on(CRITICAL_BG))  # a dark theme's white text is lost on it
        fmt.setFontWeight(QFont.Weight.Bold)
    else:
        background = MARKER_BG if kind is FlagKind.MARKER else DIFF_BG
        fmt.setBackground(background)
        fmt.setForeground(text_on(background))
    return fmt


def current_format() -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setBackground(CURRENT_BG)
    fmt.setForeground(text_on(CURRENT_BG))
    fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
    return fmt


def _omission(fmt: QTextCharFormat) -> QTextCharFormat:
    marked = QTextCharFormat(fmt)
    marked.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DashUnderline)
    marked.setUnderlineColor(OMISSION_LINE)
    return marked


def visible(start: int, end: int, length: int) -> tuple[int, int] | None:
    """A span that paints at least one character; None for an empty text."""
    if length <= 0:
        return None
    if end > start:
        return max(0, start), min(end, length)
    at = min(max(start, 0), length - 1)
    return at, at + 1


def _span(start: int, end: int, length: int, fmt: QTextCharFormat) -> Painted | None:
    where = visible(start, end, length)
    if where is None:
        return None
    return where[0], where[1], fmt if end > start else _omission(fmt)


def transcript_spans(
    review: PageReview,
    text_len: int,
    *,
    current: Flag | None = None,
    low_confidence: bool = True,
) -> list[Painted]:
    """Every flag on the transcript, the current one last (on top)."""
    spans: list[Painted] = []
    formats = {kind: flag_format(kind) for kind in PAINT_ORDER}
    for kind in PAINT_ORDER:
        if kind is FlagKind.LOW_CONFIDENCE and not low_confidence:
            continue
        for flag in review.flags:
            if flag.kind is kind and (span := _span(flag.start, flag.end, text_len, formats[kind])):
                spans.append(span)
    if current is not None and (
        span := _span(current.start, current.end, text_len, current_format())
    ):
        spans.append(span)
    return spans


def alternate_spans(review: PageReview, *, current: Flag | None = None) -> list[Painted]:
    """The same differences on the alternate's side; hunks the flags skip are not shown."""
    alt = review.alternate
    if alt is None:
        return []
    length = len(alt.text)
    spans: list[Painted] = []
    formats = {kind: flag_format(kind) for kind in PAINT_ORDER}
    for kind in (FlagKind.DIFF, FlagKind.CRITICAL):
        for flag in review.flags:
            where = alt_range(flag)
            if flag.kind is kind and where and (span := _span(*where, length, formats[kind])):
                spans.append(span)
    where = alt_range(current) if current is not None else None
    if where is not None and (span := _span(*where, length, current_format())):
        spans.append(span)
    return spans


def alt_range(flag: Flag) -> tuple[int, int] | None:
    if flag.alt_start is None:
        return None
    return flag.alt_start, flag.alt_start if flag.alt_end is None else flag.alt_end


def stops(review: PageReview | None, kinds: frozenset[FlagKind]) -> list[Flag]:
    """The places F8 (or F7) stops at, in order: one per group of overlapping flags
    (a critical flag over 得以 and the diff under its 得 are one stop), the
    critical one preferred."""
    if review is None:
        return []
    chosen: list[Flag] = []
    group = Span(-1, -1)  # what the last stop covers so far
    for flag in sorted(
        (f for f in review.flags if f.kind in kinds), key=lambda f: (f.start, f.end)
    ):
        # Not ``overlaps``: an omission right after a word is a stop of its own.
        if chosen and flag.span.begins_in(group):
            chosen[-1] = _merge(chosen[-1], flag)
            group = Span(group.start, max(group.end, flag.end))
            continue
        chosen.append(flag)
        group = flag.span
    return chosen


def _merge(a: Flag, b: Flag) -> Flag:
    """Two overlapping flags: the critical one (else the first); on one span, with
    the alternate's reading if either has it."""
    first, other = (
        (b, a) if b.kind is FlagKind.CRITICAL and a.kind is not FlagKind.CRITICAL else (a, b)
    )
    same_span = (first.start, first.end) == (other.start, other.end)
    if same_span and first.replacement is None and other.replacement is not None:
        return replace(
            first, alt_start=other.alt_start, alt_end=other.alt_end, replacement=other.replacement
        )
    return first
