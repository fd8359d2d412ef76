"""What became of a page's critical items, recorded when the page is approved (issue 26).

Raised: the legal-critical flags of the page's first machine reading (its first ``ocr``
version) reviewed against its alternate (the newest ``alternate`` version), as the
review would have shown them on that reading (``backend.review``, ~15 ms a page). For
each, the approved text decides: *accepted* when it changed the flagged span of the
machine reading (to the alternate's reading, or otherwise), *dismissed* when it kept
the machine's reading there. The approved text is aligned to the reading by the
Levenshtein alignment the statistics use (``rapidfuzz``); an insertion at either edge of
a span counts as a change of it (a digit added to a number).

Recorded on the store's thread, after the approval: a failure is logged, never in the
approval's way (it is a figure of the statistics, not the reviewer's work). On the team
store, once the approval is on the server (``follow_approvals``): one given while the
server was away waits in the journal, and its outcomes are recorded when it is sent.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rapidfuzz.distance import Levenshtein

from backend.models import ReviewStatus, Version, VersionKind
from backend.review.values import FlagKind
from backend.session.approval_measures import critical_chars_now, measure_rows

if TYPE_CHECKING:
    from backend.session.document_review import DocumentReviews
    from backend.store.interface import PageStore

log = logging.getLogger(__name__)


class WithReviews(Protocol):
    """A ``DocumentSession`` (which calls this module) as far as it is read here."""

    @property
    def store(self) -> PageStore: ...

    @property
    def reviews(self) -> DocumentReviews: ...


@runtime_checkable
class TellsApprovals(Protocol):
    """A store that says when an approval is on the server (``TeamActivity``)."""

    def follow_approvals(self, record: Callable[[int], None]) -> None: ...


def follow_approvals(session: WithReviews) -> None:
    """Where the store tells when an approval reaches the server, record its outcomes
    then (the team store: also those its journal sent when it opened)."""
    store = session.store
    if isinstance(store, TellsApprovals):
        store.follow_approvals(lambda page: _record(session, page))


def record_outcome(session: WithReviews, page: int, status: ReviewStatus) -> None:
    """After ``page`` was given ``status``: when it is an approval, store the outcomes of
    the page's critical items against the text approved."""
    if status is not ReviewStatus.APPROVED or isinstance(session.store, TellsApprovals):
        return  # (a store that tells has done it, or will when its journal is sent)
    _record(session, page)


def _record(session: WithReviews, page: int) -> None:
    reviews = session.reviews
    store = reviews.store
    try:
        approved = store.approved_version(page)
        if approved is None:
            return
        versions = store.versions(page)
    except Exception as exc:  # whatever failed, the approval stands
        log.warning("page %s's approval not measured: %s", page + 1, exc)
        return
    try:
        row = outcome_row(reviews, page, approved, versions)
        if row is not None:
            store.add_critical_outcome(row)
    except Exception as exc:
        log.warning("critical outcomes of page %s not recorded: %s", page + 1, exc)
    try:  # the statistics' measures of the page's readings (``approval_measures``)
        store.add_pair_measures(measure_rows(versions, approved, critical_chars_now()))
    except Exception as exc:
        log.warning("measures of page %s's readings not shared: %s", page + 1, exc)


def outcome_row(
    reviews: DocumentReviews, page: int, approved: Version, versions: list[Version]
) -> dict[str, Any] | None:
    """The row to store (``activity_rows.OUTCOME_COLUMNS``); None: the page has no
    machine reading, so no items were raised on one. ``versions``: the page's."""
    readings = [v for v in versions if v.kind is VersionKind.OCR]
    if not readings:
        return None
    first = min(readings, key=lambda v: v.id)
    alternates = [v for v in versions if v.kind is VersionKind.ALTERNATE]
    items: list[dict[str, Any]] = []
    if alternates:
        from backend.engines.offline import load_alt_text  # the review's, on first use

        alternate = load_alt_text(max(alternates, key=lambda v: v.id))
        review = reviews.review_of(page, alternate, first.text)
        flags = [f for f in review.flags if f.kind is FlagKind.CRITICAL]
        changed = changed_spans(first.text, approved.text, [(f.start, f.end) for f in flags])
        items = [
            {
                "start": f.start,
                "end": f.end,
                "category": str(f.category or ""),
                "read": first.text[f.start : f.end],
                "alternate": f.replacement,
                "outcome": "accepted" if change else "dismissed",
            }
            for f, change in zip(flags, changed, strict=True)
        ]
    accepted = sum(item["outcome"] == "accepted" for item in items)
    return {
        "page": page,
        "version_id": approved.id,
        "reading_id": first.id,
        "raised": len(items),
        "accepted": accepted,
        "dismissed": len(items) - accepted,
        "items": json.dumps(items, ensure_ascii=False),
    }


def changed_spans(reading: str, approved: str, spans: list[tuple[int, int]]) -> list[bool]:
    """For each [start, end) of ``reading``: did ``approved`` change it? An empty span
    (the reading lacks what the alternate has): did ``approved`` put anything there?"""
    ops = [op for op in Levenshtein.opcodes(reading, approved) if op.tag != "equal"]
    return [any(_touches(op.src_start, op.src_end, s, e) for op in ops) for s, e in spans]


def _touches(op_start: int, op_end: int, start: int, end: int) -> bool:
    """Does an edit of ``reading[op_start:op_end]`` change the span [start, end)?"""
    if op_start == op_end:  # an insertion: inside the span or at either edge
        return start <= op_start <= end
    if start == end:  # nothing read here: an edit around the place
        return op_start <= start <= op_end
    return op_start < end and op_end > start  # a replacement or a drop overlapping
