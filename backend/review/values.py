"""Values shared by the review aids: hunks, flags and a page's review.

A *flag* points the reviewer at a span of the working transcript. Offsets are
always code points into the transcript text exactly as stored (never into a
normalised copy); an omission (text the alternate has and the transcript
lacks) is a zero-width flag, ``start == end``, at the place it would go.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from backend.models import AltText
from backend.review.span import Span


class FlagKind(StrEnum):
    DIFF = "diff"  # the alternate reading disagrees here
    CRITICAL = "critical"  # a legal-critical item (modal word, number, date, ...) disagrees
    MARKER = "marker"  # the model marked text it could not read (【blurry】, ...)
    LOW_CONFIDENCE = "low_confidence"  # tokens the model itself was unsure of


class DiffCategory(StrEnum):
    """What kind of difference a hunk is, for run comparisons and noise filtering."""

    LAYOUT = "layout"  # whitespace, line breaks, reading order only
    PUNCTUATION = "punctuation"  # full/half-width or equivalent punctuation only
    GLYPH = "glyph"  # variant glyph forms only (爲/為, 着/著, ...)
    SUBSTANTIVE = "substantive"  # different characters


class CriticalKind(StrEnum):
    ARTICLE = "article"  # 第…條/項/款
    MODAL = "modal"  # 得, 應, 不得, 應不, 須, 毋須, 不, 未, 非, 無
    AMOUNT = "amount"  # 新臺幣…元, numerals
    NUMBER = "number"  # any other run of digits / Chinese numerals
    DATE = "date"  # 中華民國…年…月…日
    CASE_NUMBER = "case_number"  # …年度…字第…號
    MASK = "mask"  # ○○ in party names


class LegalKind(StrEnum):
    """Critical kinds beyond ``CriticalKind``, found by ``term_extract``."""

    OUTCOME = "outcome"  # 駁回 / 准許, 有期徒刑 / 拘役
    PARTY = "party"  # 原告 / 被告, 上訴人 / 被上訴人


# What a flag is about: a diff's DiffCategory, a critical flag's CriticalKind or LegalKind.
# StrEnums, so a category still compares, hashes, prints and serialises as its string.
FlagCategory = DiffCategory | CriticalKind | LegalKind
_CATEGORIES: dict[str, FlagCategory] = {
    c.value: c for kind in (DiffCategory, CriticalKind, LegalKind) for c in kind
}


def flag_category(value: str | None) -> FlagCategory | None:
    """The category a string names (``ValueError`` for none); "" or None: no category."""
    if not value:
        return None
    if isinstance(value, DiffCategory | CriticalKind | LegalKind):
        return value
    try:
        return _CATEGORIES[value]
    except KeyError:
        raise ValueError(f"not a flag category: {value!r}") from None


@dataclass(frozen=True)
class Hunk:
    """One difference between the transcript and an alternate reading."""

    start: int  # transcript code points (start == end: the transcript lacks alt_text here)
    end: int
    alt_start: int  # alternate code points (alt_start == alt_end: the alternate lacks text)
    alt_end: int
    text: str  # transcript[start:end]
    alt_text: str  # alternate[alt_start:alt_end]
    category: DiffCategory

    @property
    def span(self) -> Span:
        return Span(self.start, self.end)


@dataclass(frozen=True)
class Flag:
    start: int  # transcript code points; start == end for an omission
    end: int
    kind: FlagKind
    detail: str  # one line for the reviewer, e.g. "alternate reads 應 here"
    # Where this is in the alternate's text, and what the alternate reads there:
    # accepting a hunk replaces transcript[start:end] with ``replacement``.
    alt_start: int | None = None
    alt_end: int | None = None
    replacement: str | None = None
    category: FlagCategory | None = None  # a diff's DiffCategory, a critical flag's kind
    # A critical flag that is also the difference around it (``flag_merge``): one item.
    also_diff: bool = False

    def __post_init__(self) -> None:
        # A category given by name (a cached review, a test) is held as its enum member.
        object.__setattr__(self, "category", flag_category(self.category))

    @property
    def span(self) -> Span:
        """Where it is in the transcript (``Span``: when two flags are one place)."""
        return Span(self.start, self.end)

    def as_json(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "end": self.end,
            "kind": self.kind.value,
            "detail": self.detail,
        }


class DiagnosisKind(StrEnum):
    """What went wrong with a page as a whole (``backend.review.diagnoses``; the
    names are the JSON's)."""

    REPETITION = "repetition"  # a loop: the same text again and again
    CUT_SHORT = "cut_short"  # the text ends before the scan does
    MISSING_BLOCK = "missing_block"  # lines or a region of the scan with no text
    NOT_ON_SCAN = "not_on_scan"  # sentences no reading and no ink supports
    SCRIPT_DRIFT = "script_drift"  # Simplified characters in a Traditional document
    READING_ORDER = "reading_order"  # columns read across, blocks out of order
    TABLE_CELLS = "table_cells"  # a row's cells in the wrong columns, a cell lost


@dataclass(frozen=True)
class FindingPlace:
    """One place a whole-page finding concerns (a table's cell or row), with what is
    wrong there (translated)."""

    start: int  # transcript code points; start == end: an empty cell, where it would be
    end: int
    detail: str

    def as_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "detail": self.detail}


@dataclass(frozen=True)
class Diagnosis:
    """One named whole-page finding.

    ``start``/``end`` are transcript code points, like a flag's; a failure that is
    an absence (a block the transcript lacks) is zero-width where the text would
    go, and says in ``missing`` how much is gone. ``detail`` is one line for a
    person, already translated."""

    kind: DiagnosisKind
    start: int
    end: int
    detail: str
    # A zero-width finding's size: the characters the transcript lacks here (the
    # alternate's, or the scan's estimate), so the risk can weigh how much is gone.
    missing: int = 0
    # Every place it concerns, when it names several (a table's rows out of place).
    places: tuple[FindingPlace, ...] = ()

    @property
    def span(self) -> Span:
        return Span(self.start, self.end)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "start": self.start,
            "end": self.end,
            "detail": self.detail,
        }
        if self.places:
            out["places"] = [p.as_json() for p in self.places]
        return out


@dataclass(frozen=True)
class PageReview:
    """Everything the review aids found on one page."""

    page: int  # 0-based
    agreement: float | None  # 0..1 share of characters both readings agree on; None: no alternate
    flags: tuple[Flag, ...] = field(default_factory=tuple)
    alternate: AltText | None = None
    hunks: tuple[Hunk, ...] = ()  # every difference, including layout/glyph ones not flagged
    # Runs both texts share: (transcript start, alternate start, length) in code
    # points, ascending. They map a click in one text to the same place in the other.
    equal_blocks: tuple[tuple[int, int, int], ...] = ()
    # The alternate is the transcript's own reading (an import of the same text, or an
    # alternate the transcript was turned into): its agreement proves nothing.
    same_reading: bool = False
    # Whole-page failures named (``backend.review.diagnoses``), by position.
    diagnoses: tuple[Diagnosis, ...] = ()
    # The header of the table the page before ends with, as the review was given it
    # (``backend.tables.continued``): a headerless table at the page's top of as many
    # columns continues that table and is read by it.
    continues: tuple[str, ...] = ()

    def to_alternate(self, offset: int) -> int | None:
        """The alternate's offset for a transcript offset, via the nearest shared run."""
        return _map(self.equal_blocks, offset, 0, 1)

    def to_transcript(self, alt_offset: int) -> int | None:
        """The transcript's offset for an alternate offset."""
        return _map(self.equal_blocks, alt_offset, 1, 0)

    def count(self, kind: FlagKind) -> int:
        return sum(1 for f in self.flags if f.kind is kind)


def _map(blocks: tuple[tuple[int, int, int], ...], offset: int, src: int, dst: int) -> int | None:
    """Inside a shared run map exactly; between runs, snap to the end of the previous one.

    Runs ascend in the transcript; in the alternate they need not (its lines can
    be in another reading order), so every run is looked at."""
    best: int | None = None
    best_start = -1
    for block in blocks:
        start, length = block[src], block[2]
        if best_start < start <= offset:
            best_start, best = start, block[dst] + min(offset - start, length)
    if best is None and blocks:
        return min(blocks, key=lambda b: b[src])[dst]
    return best
