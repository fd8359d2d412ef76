"""The review aids over a whole document: per-page reviews, summaries, the queue.

Reads the working text (a draft wins, as in the editor) and the chosen or
latest alternate version from the store, and caches each page's review by what
it was computed from, so the page list and the review queue stay cheap to
refresh while the reviewer types on one page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from backend.engines.offline import load_alt_text
from backend.models import AltText, Version, VersionKind
from backend.review.diffing import Op, char_diff
from backend.review.legal_rules import rules_stamp
from backend.review.page_aids import AidSettings, review_page
from backend.review.textnorm import variants_stamp
from backend.review.values import Flag, FlagKind, PageReview
from backend.store.review_store import ReviewStore


@dataclass(frozen=True)
class PageSummary:
    """One page's counts, for the page list's badges and the document summary."""

    page: int
    agreement: float | None  # None: no alternate reading to compare with
    markers: int
    critical: int
    diffs: int
    low_confidence: int


@dataclass(frozen=True)
class QueueItem:
    """One legal-critical disagreement in the document-wide review queue."""

    page: int
    flag: Flag


class DocumentReviews:
    """Computes and caches page reviews for one store."""

    def __init__(self, store: ReviewStore) -> None:
        self.store = store
        self._cache: dict[int, tuple[tuple[Any, ...], PageReview]] = {}

    def alternates(self, page: int) -> list[Version]:
        """The page's alternate readings, newest first."""
        return [v for v in reversed(self.store.versions(page)) if v.kind is VersionKind.ALTERNATE]

    def review(
        self,
        page: int,
        *,
        alternate_id: int | None = None,
        settings: AidSettings | None = None,
        text: str | None = None,
    ) -> PageReview:
        """``text``: review this instead of the stored working text (typing not yet saved)."""
        settings = settings or AidSettings()
        # The key comes from ids and digests only: a hit must not read (and
        # JSON-decode) versions, whose provenance can hold megabytes of logprobs.
        current_id = self.store.current_version_id(page)
        if alternate_id is None:
            alternate_id = self.store.latest_version_id(page, VersionKind.ALTERNATE)
        shown = self.store.draft(page) if text is None else text
        key = (
            None if shown is None else _digest(shown),
            text is None,
            alternate_id,
            current_id,
            settings,
            settings_stamp(settings),
        )
        cached = self._cache.get(page)
        if cached is not None and cached[0] == key:
            return cached[1]
        review = self._compute(page, alternate_id, settings, text)
        self._cache[page] = (key, review)
        return review

    def _compute(
        self, page: int, alternate_id: int | None, settings: AidSettings, text: str | None
    ) -> PageReview:
        current = self.store.current_version(page)
        if text is None:
            draft = self.store.draft(page)
            text = draft if draft is not None else ("" if current is None else current.text)
        alt_version = None if alternate_id is None else self._alternate(page, alternate_id)
        alternate = None if alt_version is None else load_alt_text(alt_version)
        review = review_page(
            page, text, alternate, logprobs=_logprobs(current, text), settings=settings
        )
        if current is not None and current.text != text and current.provenance.get("logprobs"):
            review = _with_remapped_confidence(review, current, text, settings)
        return review

    def summaries(
        self, pages: Iterable[int], settings: AidSettings | None = None
    ) -> list[PageSummary]:
        return [_summary(self.review(p, settings=settings)) for p in pages]

    def queue(self, pages: Iterable[int], settings: AidSettings | None = None) -> list[QueueItem]:
        """Every legal-critical disagreement on ``pages``, in reading order."""
        items = []
        for page in pages:
            review = self.review(page, settings=settings)
            items += [QueueItem(page, f) for f in review.flags if f.kind is FlagKind.CRITICAL]
        return items

    def _alternate(self, page: int, alternate_id: int) -> Version:
        version = self.store.version(alternate_id)
        if version.page != page:
            raise ValueError(f"version {alternate_id} belongs to page {version.page + 1}")
        return version


def settings_stamp(settings: AidSettings) -> tuple[object, ...]:
    """What the settings read from disk: a user's variant file or the legal-critical
    rule table edited in place changes the review though the settings are equal."""
    return (*variants_stamp(settings.compare.extra_variants), *rules_stamp())


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _logprobs(current: Version | None, text: str) -> list[Any] | None:
    """The working version's logprobs, when the text shown is still exactly that version's."""
    if current is None or current.text != text:
        return None
    logprobs = current.provenance.get("logprobs")
    return logprobs if isinstance(logprobs, list) and logprobs else None


def _with_remapped_confidence(
    review: PageReview, version: Version, text: str, settings: AidSettings
) -> PageReview:
    """The reviewer edited the reading: carry its unsure spans over unchanged runs of text."""
    from backend.review.confidence import low_confidence_flags

    old_flags = low_confidence_flags(
        version.text, version.provenance["logprobs"], settings.low_confidence
    )
    mapped = []
    old_pos = new_pos = 0
    parts = char_diff(version.text, text)
    for part in parts:
        if part.op is Op.EQUAL:
            for flag in old_flags:
                if old_pos <= flag.start and flag.end <= old_pos + len(part.text):
                    shift = new_pos - old_pos
                    mapped.append(_shifted(flag, shift))
            old_pos += len(part.text)
            new_pos += len(part.text)
        elif part.op is Op.DELETE:
            old_pos += len(part.text)
        else:
            new_pos += len(part.text)
    flags = sorted((*review.flags, *mapped), key=lambda f: (f.start, f.end, f.kind.value))
    return PageReview(
        page=review.page,
        agreement=review.agreement,
        flags=tuple(flags),
        alternate=review.alternate,
        hunks=review.hunks,
        equal_blocks=review.equal_blocks,
    )


def _shifted(flag: Flag, shift: int) -> Flag:
    return Flag(flag.start + shift, flag.end + shift, flag.kind, flag.detail)


def _summary(review: PageReview) -> PageSummary:
    return PageSummary(
        page=review.page,
        agreement=review.agreement,
        markers=review.count(FlagKind.MARKER),
        critical=review.count(FlagKind.CRITICAL),
        diffs=review.count(FlagKind.DIFF),
        low_confidence=review.count(FlagKind.LOW_CONFIDENCE),
    )


def alternate_from_text(text: str, engine: str = "import") -> AltText:
    """An alternate reading with no layout (a text file, another version)."""
    return AltText(text=text, engine=engine)
