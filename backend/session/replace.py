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

A regex that runs away on a page (``(a|a)+$`` over a line of a's) is stopped after
``TIME_LIMIT`` seconds on that page and named (``ReplaceTimeLimitError``), never left
to hang the preview; a front end can also stop a search between pages (``stop``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import groupby
from typing import Protocol, runtime_checkable

from backend.i18n import _
from backend.models import Change, ReviewStatus, VersionKind
from backend.provenance import Provenance
from backend.review.tables import ReviewTables
from backend.session.replace_find import Finder, ReplacePatternError, finder
from backend.store.interface import PageStore
from backend.store.postgres.errors import PageClaimedError, SaveConflictError

__all__ = [
    "TIME_LIMIT",
    "ReplaceMatch",
    "ReplaceOutcome",
    "ReplacePatternError",
    "ReplaceQuery",
    "ReplaceStopped",
    "ReplaceTimeLimitError",
    "SkipReason",
    "apply_matches",
    "find_matches",
    "text_hash",
]


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
# Seconds a regex may take over one page. A page is a few thousand characters that any
# sane pattern goes through in well under a millisecond; past this it is backtracking.
TIME_LIMIT = 2.0


class ReplaceTimeLimitError(ReplacePatternError):
    """A regex ran past the time limit on a page: it is the pattern, not the page."""

    def __init__(self, page: int) -> None:
        super().__init__(
            _(
                "The regular expression took too long on page {page}; simplify it. "
                "Nothing was changed."
            ).format(page=page + 1)
        )
        self.page = page  # 0-based


class ReplaceStopped(Exception):
    """``find_matches`` was asked to stop (``stop``): no result, as if never started."""


@runtime_checkable
class Claims(Protocol):
    """A store where pages are claimed (the team store): who else holds one."""

    def claim_holder(self, page: int) -> tuple[str, float] | None: ...
    def claim_holders(self) -> dict[int, str]: ...


def text_hash(text: str) -> str:
    """The digest a match carries of the text it was found in."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def find_matches(
    store: PageStore,
    page_count: int,
    query: ReplaceQuery,
    *,
    tables: ReviewTables | None = None,
    time_limit: float = TIME_LIMIT,
    stop: Callable[[], bool] | None = None,
) -> list[ReplaceMatch]:
    """Every match of ``query`` in the pages' working texts, in page and text order.

    ``tables``: the fold tables for ``query.normalised`` (None: the built-in ones as on
    disk now). Overlapping matches never occur (the first wins). A bad pattern raises
    ``ReplacePatternError`` before any page is read; a regex past ``time_limit``
    seconds on one page, ``ReplaceTimeLimitError`` naming it. ``stop`` is asked before
    each page (a front end's Cancel, from another thread): true raises
    ``ReplaceStopped``."""
    find = compile_query(query, tables)
    statuses = store.statuses(page_count)
    # Whole-document reads in one round trip each: a page at a time cost the team
    # store ~3 round trips a page (3.4 s for 3,000 pages against the 1 s goal).
    holders = store.claim_holders() if isinstance(store, Claims) else {}
    pages = _pages(query, page_count)
    texts = store.working_texts(pages[0], pages[-1]) if pages else {}
    matches: list[ReplaceMatch] = []
    for page in pages:
        if stop is not None and stop():
            raise ReplaceStopped
        text = texts.get(page, "")
        try:
            spans = list(find.spans(text, time_limit))
        except TimeoutError as exc:  # only the regex's: the store's reads are done
            raise ReplaceTimeLimitError(page) from exc
        if not spans:
            continue
        digest = text_hash(text)
        approved = statuses[page] is ReviewStatus.APPROVED
        holder = holders.get(page)
        for start, end, replacement in spans:
            before, after = _context(text, start, end)
            matches.append(
                ReplaceMatch(
                    page, start, end, text[start:end], replacement, before, after,
                    digest, approved, holder,
                )
            )  # fmt: skip
    return matches


def working_text(store: PageStore, page: int) -> str:
    """The page's working text, as the editor shows it: its draft, else its working
    version's text. (``store.working_text`` reads the page's whole state: status, note,
    counts; this is a third of the cost over 3,000 pages.)"""
    draft = store.draft(page)
    if draft is not None:
        return draft
    current = store.current_version(page)
    return "" if current is None else current.text


def compile_query(query: ReplaceQuery, tables: ReviewTables | None = None) -> Finder:
    """The query's pattern; ``ReplacePatternError`` names what is wrong with it."""
    if query.normalised and tables is None:
        from backend.session.review_tables import current_tables

        tables = current_tables()
    return finder(
        query.find,
        query.replace,
        regex=query.regex,
        case_sensitive=query.case_sensitive,
        tables=tables if query.normalised else None,
    )


def _pages(query: ReplaceQuery, page_count: int) -> Sequence[int]:
    if query.pages is None:
        return range(page_count)
    return sorted({p for p in query.pages if 0 <= p < page_count})


def _context(text: str, start: int, end: int) -> tuple[str, str]:
    """Up to ``CONTEXT`` characters either side, on one line (line breaks as spaces)."""
    before = _LINE_BREAK.sub(" ", text[max(0, start - CONTEXT) : start])
    after = _LINE_BREAK.sub(" ", text[end : end + CONTEXT])
    return before, after


# Every line break ``str.splitlines`` knows (CRLF as one): a CR left in showed as "\x0d".
_LINE_BREAK = re.compile("\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")


def apply_matches(
    store: PageStore,
    matches: Sequence[ReplaceMatch],
    query: ReplaceQuery,
    *,
    allow_approved: bool = False,
) -> ReplaceOutcome:
    """Write ``matches`` (a subset of ``find_matches``'s): one version per changed page.

    Each page is checked again as it is now, not as the preview saw it: its text (the
    digest), its approval, its claim. A page with typing not yet saved (a draft) has it
    saved as its own ``edit`` version first, as a restore does: the typing is kept, and
    restoring the version before the replacement undoes only the replacement."""
    changed: dict[int, int] = {}
    skipped: dict[int, SkipReason] = {}
    replaced = 0
    ordered = sorted(matches, key=lambda m: (m.page, m.start, m.end))
    for page, group in groupby(ordered, key=lambda m: m.page):
        kept = _first_wins(list(group))
        reason = _refusal(store, page, kept, allow_approved)
        if reason is not None:
            skipped[page] = reason
            continue
        text = working_text(store, page)
        new_text = _spliced(text, kept)
        if new_text == text:  # each match replaced by itself: nothing to write
            continue
        try:
            vid = _write(store, page, new_text, query, len(kept))
        except PageClaimedError:  # claimed between the check and the write
            skipped[page] = SkipReason.CLAIMED
            continue
        if vid is None:
            skipped[page] = SkipReason.CHANGED
            continue
        changed[page] = vid
        replaced += len(kept)
    pages = frozenset(changed)
    change = Change(pages=pages, text=bool(pages), status=bool(pages), versions=bool(pages))
    return ReplaceOutcome(changed, skipped, replaced, change)


def _first_wins(matches: list[ReplaceMatch]) -> list[ReplaceMatch]:
    """One page's matches in text order, leaving out any that overlaps one before it."""
    kept: list[ReplaceMatch] = []
    for m in matches:
        if not kept or m.start >= kept[-1].end:
            kept.append(m)
    return kept


def _refusal(
    store: PageStore, page: int, matches: list[ReplaceMatch], allow_approved: bool
) -> SkipReason | None:
    """Why the page must be left as it is now, if it must."""
    if isinstance(store, Claims) and store.claim_holder(page) is not None:
        return SkipReason.CLAIMED
    if len({m.text_hash for m in matches}) != 1:  # found in two texts: one is not current
        return SkipReason.CHANGED
    if text_hash(working_text(store, page)) != matches[0].text_hash:
        return SkipReason.CHANGED
    if store.status(page) is ReviewStatus.APPROVED and not allow_approved:
        return SkipReason.APPROVED
    return None


def _spliced(text: str, matches: list[ReplaceMatch]) -> str:
    out, at = [], 0
    for m in matches:
        out += [text[at : m.start], m.replacement]
        at = m.end
    out.append(text[at:])
    return "".join(out)


def _write(store: PageStore, page: int, text: str, query: ReplaceQuery, count: int) -> int | None:
    """The replacement's version id; None when the page's text turned out to have changed
    (the team store: someone saved the page while the typing here was being kept)."""
    if store.draft(page) is not None:
        try:
            store.commit_draft(page)  # the typing as its own version: kept, not replaced over
        except SaveConflictError:  # both kept, theirs current: this text is not the page's
            return None
    provenance = Provenance.of(
        note=_("replace {find} → {replacement}, matches: {count}").format(
            find=query.find, replacement=query.replace, count=count
        ),
        replace={
            "find": query.find,
            "replacement": query.replace,
            "regex": query.regex,
            "normalised": query.normalised,
            "case_sensitive": query.case_sensitive,
            "matches": count,
        },
    )
    version, _change = store.add_version(page, VersionKind.EDIT, text, provenance)
    return version.id
