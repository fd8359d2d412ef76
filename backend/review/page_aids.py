"""One page's review aids: where the reviewer must look, in one call.

Combines the character diff against an alternate reading (primary: where two
engines disagree is the best pointer to errors), legal-critical disagreements,
the model's own 【blurry】 markers and, when the version carries logprobs, the
tokens the model was unsure of (secondary); then leaves out the markers the
reviewer said are the document's own text and makes each critical item and the
difference it sits in one flag. ``review_page`` is the only place these pieces
are composed: the session's review (``backend.session.document_review``, which
the GUI, ``proofdesk compare``, approval, risk and export read) and
``proofdesk eval`` call it, so they always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from backend.models import AltText, LayoutRegions, ScanLines
from backend.review.compare import CompareOptions, compare_texts, diff_flags
from backend.review.confidence import low_confidence_flags, remapped_confidence_flags
from backend.review.diagnoses.run import findings
from backend.review.flag_merge import merge_critical
from backend.review.legal_terms import critical_flags
from backend.review.markers import MarkerSet
from backend.review.own_text import OwnText, without_own_text
from backend.review.values import Flag, FlagKind, PageReview
from backend.review.variant_forms import variant_flags
from backend.tables.continued import Header

# A probability, not a logprob: "underline tokens the model gave less than 50%".
DEFAULT_LOW_CONFIDENCE = 0.5


@dataclass(frozen=True)
class AidSettings:
    # With the tables (rules, folds) the session read: ``backend.session.review_tables``.
    compare: CompareOptions
    markers: MarkerSet = field(default_factory=MarkerSet.default)
    low_confidence: float = DEFAULT_LOW_CONFIDENCE


def review_page(
    page: int,
    transcript: str,
    alternate: AltText | None,
    *,
    logprobs: Sequence[Any] | None = None,
    logprobs_of: str | None = None,
    own_text: Sequence[OwnText] = (),
    same_reading: bool = False,
    scan_lines: ScanLines | None = None,
    layout: LayoutRegions | None = None,
    document_flags: Sequence[Flag] = (),
    continues: Header = (),
    settings: AidSettings,
) -> PageReview:
    """Every flag for one page, sorted by position, plus the alignment to the alternate.

    ``logprobs`` are the model's for ``logprobs_of`` (None: for ``transcript``); when
    the reviewer has edited that reading since, its unsure spans are carried over the
    runs of text left unchanged. ``own_text``: the markers marked as the document's
    own text. ``same_reading``: the alternate is the transcript's own reading (the
    caller knows the history), so its agreement proves nothing. ``scan_lines``: the
    text lines detected on the page's scan (None: not known), for the diagnoses;
    ``layout``: its layout regions and tables' ruling lines (None: not known).
    ``document_flags``: the page's flags from the whole document (``backend.facts``'
    cross-page checks: a fact this page reads unlike the rest), critical even where
    both readings agree; one item with a difference at the same place. ``continues``:
    the header of the table the page before ends with, which a headerless table at
    this page's top of as many columns continues (its number columns read by it)."""
    review = _found(page, transcript, alternate, settings, continues)
    if document_flags:
        review = replace(review, flags=_sorted([*review.flags, *document_flags]))
    if logprobs:
        confident = logprobs_of is None or logprobs_of == transcript
        unsure = (
            low_confidence_flags(transcript, logprobs, settings.low_confidence)
            if confident
            else remapped_confidence_flags(
                logprobs_of or "", logprobs, transcript, settings.low_confidence
            )
        )
        review = replace(review, flags=_sorted([*review.flags, *unsure]))
    flags = without_own_text(review.flags, transcript, own_text)
    review = replace(review, flags=merge_critical(flags, transcript), same_reading=same_reading)
    found, raised = findings(
        transcript, review, scan_lines=scan_lines, tables=settings.compare.tables, layout=layout
    )
    if raised:  # critical words a failure moved (lines out of the page's order)
        review = replace(review, flags=_sorted([*review.flags, *raised]))
    return replace(review, diagnoses=found, continues=continues)


def _found(
    page: int,
    transcript: str,
    alternate: AltText | None,
    settings: AidSettings,
    continues: Header = (),
) -> PageReview:
    """The markers, and with an alternate the differences and the critical items."""
    markers = settings.markers
    flags: list[Flag] = list(markers.marker_flags(transcript))
    if alternate is None:
        return PageReview(page=page, agreement=None, flags=_sorted(flags))
    comparison = compare_texts(
        transcript,
        alternate,
        settings.compare,
        ignore_spans=markers.spans(transcript),
        alt_ignore_spans=markers.spans(alternate.text),
        folded=False,  # flags need only substantive differences: ~2x faster
    )
    flags += diff_flags(comparison)
    tables = settings.compare.tables
    flags += variant_flags(transcript, alternate.text, comparison.matches, tables)
    flags += critical_flags(
        transcript,
        alternate.text,
        comparison.hunks,
        comparison.matches,
        tables=tables,
        continues=continues,
    )
    return PageReview(
        page=page,
        agreement=comparison.agreement,
        flags=_sorted(flags),
        alternate=alternate,
        hunks=comparison.hunks,
        # From the alignment itself: the hunks of a comparison with folded=False
        # leave out what normalisation hid, so runs between them drift.
        equal_blocks=comparison.matches,
    )


def flagged_share(review: PageReview, text_len: int, kinds: frozenset[FlagKind]) -> float:
    """Share of the transcript's characters inside at least one flag of ``kinds``."""
    if text_len == 0:
        return 0.0
    covered = [False] * text_len
    for flag in review.flags:
        if flag.kind in kinds:
            # An omission (zero width) still costs the reviewer a look at one character.
            end = max(flag.end, min(flag.start + 1, text_len))
            for i in range(max(0, min(flag.start, text_len - 1)), end):
                covered[i] = True
    return sum(covered) / text_len


def _sorted(flags: list[Flag]) -> tuple[Flag, ...]:
    return tuple(sorted(flags, key=lambda f: (f.start, f.end, f.kind.value)))
