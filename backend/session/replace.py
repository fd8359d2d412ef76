"""Find & replace across the document (issue 24 point 4): every match first, then the ones
the reviewer accepts, as one new version per changed page.

``find_matches`` is the preview: each match with its context, on the page's working text
(a draft wins, as in the editor), with what the page is (approved, claimed by someone
else on the team store) so a front end can ask before touching it. ``apply_matches``
writes the accepted subset (per match, per page or all: the caller passes the subset).

The rules ``apply_matches`` keeps, whatever the front end:
- one ``edit`` version per changed page, with provenance naming the replacement (so a
  restore of the version before undoes it, as every edit is undone);
- a page whose working text changed since the preview is skipped, never half-applied
  (``ReplaceMatch.text_hash``);
- an approved page only with ``allow_approved`` (the store's rules then take the approval
  back, as for any new working text: ``backend.store.rules.status_after``);
- never a page someone else has claimed on the team store;
- overlapping matches: the first (in text order) wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from backend.models import Change
from backend.review.tables import ReviewTables
from backend.store.interface import PageStore


@dataclass(frozen=True)
class ReplaceQuery:
    """What to find and what to put in its place."""

    find: str
    replace: str
    regex: bool = False  # Python ``re`` syntax; a bad pattern is a ``ReplacePatternError``
    # Match under the review's folds (full/half width, variant glyphs:
    # ``backend.review.textnorm.fold``), reporting spans in the page's own text.
    normalised: bool = False
    case_sensitive: bool = True
    pages: tuple[int, ...] | None = None  # 0-based; None: every page


@dataclass(frozen=True)
class ReplaceMatch:
    """One match on one page, as the preview shows it."""

    page: int  # 0-based
    start: int  # working-text code points (a draft wins, as in the editor)
    end: int
    found: str  # the page's own text at [start, end)
    replacement: str  # what replaces it (a regex's groups expanded)
    before: str  # context for the preview: up to CONTEXT characters, one line
    after: str
    text_hash: str  # of the page's working text at preview time (``text_hash``)
    approved: bool  # the page is approved: ask before touching it
    claimed_by: str | None  # team store: someone else's claim (never touched)


class SkipReason(StrEnum):
    """Why ``apply_matches`` left a page as it was."""

    APPROVED = "approved"  # approved, and ``allow_approved`` was not given
    CLAIMED = "claimed"  # someone else holds the page on the team store
    CHANGED = "changed"  # its working text changed since the preview


@dataclass(frozen=True)
class ReplaceOutcome:
    """What ``apply_matches`` did: the caller tells the facts index of ``changed``."""

    changed: Mapping[int, int] = field(default_factory=dict)  # page: its new version id
    skipped: Mapping[int, SkipReason] = field(default_factory=dict)  # page: why
    replaced: int = 0  # matches written
    change: Change = field(default_factory=Change)  # for the screens to redraw

    @property
    def changed_pages(self) -> frozenset[int]:
        return frozenset(self.changed)


CONTEXT = 20  # characters of context either side of a match in the preview


def text_hash(text: str) -> str:
    """The digest a match carries of the text it was found in."""
    raise NotImplementedError


def find_matches(
    store: PageStore,
    page_count: int,
    query: ReplaceQuery,
    *,
    tables: ReviewTables | None = None,
) -> list[ReplaceMatch]:
    """Every match of ``query`` in the pages' working texts, in page and text order.

    ``tables``: the fold tables for ``query.normalised`` (None: the built-in ones as on
    disk now). Overlapping matches never occur (the first wins)."""
    raise NotImplementedError


def apply_matches(
    store: PageStore,
    matches: Sequence[ReplaceMatch],
    query: ReplaceQuery,
    *,
    allow_approved: bool = False,
) -> ReplaceOutcome:
    """Write ``matches`` (a subset of ``find_matches``'s): one version per changed page."""
    raise NotImplementedError
