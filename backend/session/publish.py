"""The document's Publish review (issue 25): every finding of personal data in the
working text of every page, with the reviewer's decision in force about it.

The decisions are stored with the review (``PageStore.publish_decisions``), never in
the pages' versions: de-identification is a view for export, and the review it is made
from stays as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from backend.publish import find_personal_data
from backend.publish.decisions import (
    Decision,
    PublishDecision,
    Reviewed,
    Scope,
    extra_names,
    marks,
    place_decision,
    review,
)
from backend.publish.model import Finding, PersonalKind
from backend.review.charclass import MASK_CHARS
from backend.store.interface import PageStore

Cancelled = Callable[[], bool]


@dataclass(frozen=True)
class PublishState:
    """The findings of a document and the decisions about them, at one moment."""

    pages: tuple[str, ...]  # the working text of every page ("" for a page with none)
    items: tuple[Reviewed, ...]
    decisions: tuple[PublishDecision, ...]

    @property
    def unreviewed(self) -> tuple[Reviewed, ...]:
        return tuple(r for r in self.items if r.decision is None)

    def counts(self) -> Counter[PersonalKind]:
        return Counter(r.finding.kind for r in self.items)

    def person_names(self) -> tuple[str, ...]:
        """Every unmasked name a person is found under (for an export of other texts
        than the working ones: the names the party lines give, on pages it leaves out)."""
        return tuple(
            sorted(
                {
                    r.finding.text
                    for r in self.items
                    if r.finding.kind is PersonalKind.PERSON
                    and r.masked
                    and not MASK_CHARS.intersection(r.finding.text)
                }
            )
        )


def publish_state(store: PageStore, page_count: int) -> PublishState:
    """Read every page's working text and the decisions, and find what is to mask."""
    texts = store.working_texts(0, max(page_count - 1, 0)) if page_count else {}
    pages = tuple(texts.get(n, "") for n in range(page_count))
    decisions = tuple(PublishDecision.from_row(row) for row in store.publish_decisions())
    return state_of(pages, decisions)


def state_of(pages: Sequence[str], decisions: Sequence[PublishDecision]) -> PublishState:
    found = find_personal_data(pages, extra_names(decisions))
    seen = {(f.page, f.start, f.end) for f in found}
    found += [f for f in marks(pages, decisions) if (f.page, f.start, f.end) not in seen]
    found.sort(key=lambda f: (f.page, f.start, f.end))
    return PublishState(tuple(pages), tuple(review(pages, found, decisions)), tuple(decisions))


def decide(
    store: PageStore,
    state: PublishState,
    items: Iterable[Reviewed],
    decision: Decision,
    *,
    every_occurrence: bool = False,
) -> int:
    """Record ``decision`` about ``items`` (about every occurrence of each one's person
    or number when asked); the number of decisions written."""
    rows: list[PublishDecision] = []
    done: set[tuple[PersonalKind, str]] = set()
    for item in items:
        f = item.finding
        if every_occurrence:
            if (f.kind, f.key) not in done:
                done.add((f.kind, f.key))
                rows.append(PublishDecision(f.kind, f.key, decision, Scope.ALL, text=f.text))
        else:
            rows.append(place_decision(f, state.pages[f.page], decision))
    store.add_publish_decisions([r.to_row() for r in rows])
    return len(rows)


def accept_all(store: PageStore, state: PublishState) -> int:
    """Accept every finding not yet decided (``proofdesk publish --accept-all``): each
    recorded as its own decision, by whoever ran it."""
    return decide(store, state, state.unreviewed, Decision.ACCEPT)


def mark(
    store: PageStore,
    state: PublishState,
    page: int,
    start: int,
    end: int,
    kind: PersonalKind,
    *,
    every_occurrence: bool = False,
) -> Finding:
    """Mark ``pages[page][start:end]`` as personal data the detectors missed."""
    text = state.pages[page][start:end]
    if not text.strip():
        raise ValueError("an empty selection marks nothing")
    finding = Finding(kind, page, start, end, text, "".join(text.split()), "marked")
    if every_occurrence:
        row = PublishDecision(kind, finding.key, Decision.MARK, Scope.ALL, text=text)
    else:
        row = place_decision(finding, state.pages[page], Decision.MARK)
    store.add_publish_decisions([row.to_row()])
    return finding


def mark_region(
    store: PageStore,
    state: PublishState,
    item: Reviewed,
    box: tuple[float, float, float, float],
) -> PublishDecision:
    """Mark where on the scan ``item`` stands (page-relative x0, y0, x1, y1), for a
    finding no reading places there: the redacted PDF removes that region, and the
    finding is masked (as accepted)."""
    x0, y0, x1, y1 = box
    if not (0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1):
        raise ValueError("a region is inside the page: 0 <= x0 < x1 <= 1, 0 <= y0 < y1 <= 1")
    f = item.finding
    row = replace(place_decision(f, state.pages[f.page], Decision.MARK), box=box)
    store.add_publish_decisions([row.to_row()])
    return row
