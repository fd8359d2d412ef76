"""The review aids over a whole document: per-page reviews, summaries, the queue.

Reads the working text (a draft wins, as in the editor) and the chosen or
latest alternate version from the store, and caches each page's review by what
it was computed from, so the page list and the review queue stay cheap to
refresh while the reviewer types on one page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from backend.engines.offline import load_alt_text
from backend.errors import StoreError
from backend.i18n import _
from backend.models import AltText, LayoutRegions, ScanLines, Version, VersionKind
from backend.review.page_aids import AidSettings, review_page
from backend.review.risk import PageRisk, page_risk
from backend.review.values import Diagnosis, DiagnosisKind, Flag, FlagKind, PageReview
from backend.session.facts import DocumentFacts
from backend.session.own_text import load_own_text, own_text_key
from backend.session.page_findings import PageFindings, findings, open_critical
from backend.session.readings import same_reading, squashed
from backend.session.review_tables import fresh_settings
from backend.session.tables_before import TablesBefore
from backend.store.interface import PageStore
from backend.tables.continued import Header

# What the review reads around the page's text: the scan's lines and layout, and the
# header of a table the page before ends with.
Around = tuple[ScanLines | None, LayoutRegions | None, Header]

# Machine readings that can stand as the alternate besides ``alternate`` versions:
# another model's, another prompt's or another image budget's reading, an import.
READING_KINDS = frozenset({VersionKind.OCR, VersionKind.IMPORT})
# An ``alternate_id`` that compares with nothing: the page has no reading of the kind
# asked for (``status --by-risk --alternate model:NAME``), so it is scored unchecked.
NO_ALTERNATE = 0  # version ids are positive
# Readings not stored that are the transcript's own when they read the same: a text
# file or an import of it (``readings.same_reading`` says so of stored ones).
UNSTORED_OWN = frozenset({"file", "import"})


@dataclass(frozen=True)
class PageSummary:
    """One page's counts, for the page list's badges and the document summary."""

    page: int
    agreement: float | None  # None: no alternate reading to compare with
    markers: int
    critical: int
    diffs: int
    low_confidence: int
    risk: float = 0.0  # ``backend.review.risk``: higher is likelier to hold an error
    same_reading: bool = False  # the alternate is the transcript's own reading
    diagnoses: tuple[DiagnosisKind, ...] = ()  # whole-page failures named, each kind once


@dataclass(frozen=True)
class QueueItem:
    """One item of the document-wide review queue: a legal-critical disagreement or a
    whole-page diagnosis (both a span of the transcript with a detail)."""

    page: int
    flag: Flag | Diagnosis


CACHED_ALTERNATES = 2  # reviews kept per page: its own alternate and one chosen


class DocumentReviews:
    """Computes and caches page reviews for one store."""

    def __init__(self, store: PageStore) -> None:
        self.store = store
        # Per page, the last reviews against each of a few alternates: with another
        # reading chosen, the page is reviewed against it and against its own newest
        # (approval and the badge ask both), and the two must not evict each other.
        self._cache: dict[int, dict[int | None, tuple[tuple[Any, ...], PageReview, PageRisk]]] = {}
        # The scan's detected lines of a page when known (``session.scan_lines``); never
        # detects. Lines that arrive later change the key: the page is reviewed again.
        self.scan_lines: Callable[[int], ScanLines | None] = _no_lines
        # The scan's layout (tables' ruling lines) when known (``session.layout``): the same.
        self.layout: Callable[[int], LayoutRegions | None] = _no_layout
        # The document's facts, whose cross-page flags are part of each page's review
        # (None: reviewed without them). Its index is read at the first review.
        self.facts: DocumentFacts | None = DocumentFacts(store)
        # The header of a table that runs into a page from the pages before.
        self.tables_before = TablesBefore(store)

    def alternates(self, page: int) -> list[Version]:
        """Every stored reading the page can be compared with: its alternate readings,
        newest first, then the other machine readings and imports (another model,
        prompt or image budget), newest first; never the working version itself."""
        versions = list(reversed(self.store.versions(page)))
        current = self.store.current_version_id(page)
        alternates = [v for v in versions if v.kind is VersionKind.ALTERNATE]
        others = [v for v in versions if v.kind in READING_KINDS and v.id != current]
        return alternates + others

    def review(
        self,
        page: int,
        *,
        alternate_id: int | None = None,
        settings: AidSettings | None = None,
        text: str | None = None,
    ) -> PageReview:
        """``text``: review this instead of the stored working text (typing not yet saved)."""
        return self._reviewed(page, alternate_id, settings, text)[0]

    def risk(
        self, page: int, *, alternate_id: int | None = None, settings: AidSettings | None = None
    ) -> PageRisk:
        """The page's risk score (``backend.review.risk``) from its review."""
        return self._reviewed(page, alternate_id, settings, None)[1]

    def _reviewed(
        self,
        page: int,
        alternate_id: int | None,
        settings: AidSettings | None,
        text: str | None,
    ) -> tuple[PageReview, PageRisk]:
        # The tables as they are on disk now (read again only when a file changed):
        # checked here, when a review is asked for, never inside the review.
        settings = fresh_settings(settings)
        # The key comes from ids and digests only: a hit must not read (and
        # JSON-decode) versions, whose provenance can hold megabytes of logprobs.
        current_id = self.store.current_version_id(page)
        if alternate_id is None:
            alternate_id = self.store.latest_version_id(page, VersionKind.ALTERNATE)
        # The text reviewed: the one given, else the draft, else the working version's
        # (None: known by ``current_id``). A text given that equals the draft is the same
        # review, so the editor's and the page list's share one entry.
        shown = self.store.draft(page) if text is None else text
        lines = self.scan_lines(page)
        layout = self.layout(page)
        continues = self.tables_before.header(page, shown, current_id)
        key = (
            None if shown is None else _digest(shown),
            alternate_id,
            current_id,
            settings,
            settings_stamp(settings),
            self.store.get_meta(own_text_key(page)),
            lines,
            layout,
            continues,
            # The page's cross-page flags as the index has them now: a save on another
            # page that changes them reviews this one again.
            self.document_flags(page, shown),
        )
        by_alternate = self._cache.setdefault(page, {})
        cached = by_alternate.get(alternate_id)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        scan = (lines, layout, continues)
        review, risk, used = self._compute(page, alternate_id, settings, text, scan)
        key = (*key[:-1], used)  # the working version's text may have been read anew
        by_alternate.pop(alternate_id, None)  # re-inserted last: the newest
        by_alternate[alternate_id] = (key, review, risk)
        while len(by_alternate) > CACHED_ALTERNATES:
            del by_alternate[next(iter(by_alternate))]  # the oldest
        return review, risk

    def _compute(
        self,
        page: int,
        alternate_id: int | None,
        settings: AidSettings,
        text: str | None,
        scan: Around,
    ) -> tuple[PageReview, PageRisk, tuple[Flag, ...]]:
        """The review, its risk, and the cross-page flags it holds."""
        current = self.store.current_version(page)
        if text is None:
            draft = self.store.draft(page)
            text = draft if draft is not None else ("" if current is None else current.text)
        alt_version = None if not alternate_id else self._alternate(page, alternate_id)
        alternate = None if alt_version is None else load_alt_text(alt_version)
        same = alt_version is not None and self._same_reading(alt_version, current, text)
        review = self._review_page(page, text, alternate, current, settings, scan, same=same)
        tables = settings.compare.tables
        risk = page_risk(replace(review, agreement=None) if same else review, text, tables)
        return review, risk, self.document_flags(page, text)

    def document_flags(self, page: int, text: str | None) -> tuple[Flag, ...]:
        """The page's cross-page flags (``DocumentFacts.flags_for``) for ``text`` (None:
        the working text the index was read from). A store that cannot be read now (the
        team server away) leaves them out: the page is still reviewed."""
        if self.facts is None:
            return ()
        try:
            return self.facts.flags_for(page, text)
        except StoreError:
            return ()

    def _review_page(
        self,
        page: int,
        text: str,
        alternate: AltText | None,
        current: Version | None,
        settings: AidSettings,
        scan: Around,
        *,
        same: bool,
    ) -> PageReview:
        """The one review of a page: its inputs read from the store, composed by
        ``review_page`` (the only place the review's pieces are put together)."""
        return review_page(
            page,
            text,
            alternate,
            logprobs=_logprobs(current),
            logprobs_of=None if current is None else current.text,
            own_text=load_own_text(self.store, page),
            same_reading=same,
            settings=settings,
            scan_lines=scan[0],
            layout=scan[1],
            document_flags=self.document_flags(page, text),
            continues=scan[2],
        )

    def findings(
        self,
        page: int,
        alternate_id: int | None = None,
        *,
        settings: AidSettings | None = None,
        text: str | None = None,
        alternates: Sequence[Version] | None = None,
    ) -> PageFindings:
        """The page's review against the chosen reading (None: the page's newest
        alternate) with its open critical items, which count the page's own alternate's
        too (``page_findings``). A chosen reading of another page, or one gone, is no
        choice: the page's own. ``alternates``: ``self.alternates(page)`` if already read."""
        if alternate_id is not None:
            known = self.alternates(page) if alternates is None else alternates
            if all(v.id != alternate_id for v in known):
                alternate_id = None
        chosen = self.review(page, alternate_id=alternate_id, settings=settings, text=text)
        own = None if alternate_id is None else self.review(page, settings=settings, text=text)
        return findings(chosen, own)

    def review_of(
        self, page: int, alternate: AltText, text: str, settings: AidSettings | None = None
    ) -> PageReview:
        """The review of ``text`` against a reading not stored (a text file, an engine run
        kept nowhere), as a stored one is reviewed; not cached."""
        same = alternate.engine in UNSTORED_OWN and squashed(alternate.text) == squashed(text)
        current = self.store.current_version(page)
        settings = fresh_settings(settings)
        scan = (self.scan_lines(page), self.layout(page), self.tables_before.continues(page, text))
        return self._review_page(page, text, alternate, current, settings, scan, same=same)

    def _same_reading(self, alternate: Version, current: Version | None, text: str) -> bool:
        if squashed(alternate.text) != squashed(text):  # the usual case: no history read
            return current is not None and alternate.id == current.id
        return same_reading(alternate, current, text, self.store.versions(alternate.page))

    def summaries(
        self, pages: Iterable[int], settings: AidSettings | None = None
    ) -> list[PageSummary]:
        return [_summary(*self._reviewed(p, None, settings, None)) for p in pages]

    def risks(self, pages: Iterable[int], settings: AidSettings | None = None) -> list[PageRisk]:
        return [self.risk(p, settings=settings) for p in pages]

    def queue(self, pages: Iterable[int], settings: AidSettings | None = None) -> list[QueueItem]:
        """Every legal-critical disagreement and whole-page diagnosis on ``pages``, in
        reading order."""
        items = []
        for page in pages:
            review = self.review(page, settings=settings)
            found: list[Flag | Diagnosis] = [*open_critical(review, None), *review.diagnoses]
            found.sort(key=lambda f: (f.start, f.end))
            items += [QueueItem(page, f) for f in found]
        return items

    def _alternate(self, page: int, alternate_id: int) -> Version:
        version = self.store.version(alternate_id)
        if version.page != page:
            raise ValueError(
                _("version {alternate_id} belongs to page {page}").format(
                    alternate_id=alternate_id, page=version.page + 1
                )
            )
        return version


def _no_lines(_page: int) -> ScanLines | None:
    return None


def _no_layout(_page: int) -> LayoutRegions | None:
    return None


def settings_stamp(settings: AidSettings) -> tuple[object, ...]:
    """What the settings' tables were read from, as they were: a user's variant file or
    the legal-critical rule table edited in place changes the review."""
    return settings.compare.tables.stamp


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _logprobs(current: Version | None) -> list[Any] | None:
    """The working version's logprobs (of its own text, which the reviewer may have edited)."""
    if current is None:
        return None
    logprobs = current.provenance.get("logprobs")
    return logprobs if isinstance(logprobs, list) and logprobs else None


def _summary(review: PageReview, risk: PageRisk) -> PageSummary:
    return PageSummary(
        page=review.page,
        agreement=review.agreement,
        markers=review.count(FlagKind.MARKER),
        critical=len(open_critical(review, None)),  # none chosen: the page's own
        diffs=review.count(FlagKind.DIFF),
        low_confidence=review.count(FlagKind.LOW_CONFIDENCE),
        risk=risk.score,
        same_reading=review.same_reading,
        diagnoses=tuple(dict.fromkeys(d.kind for d in review.diagnoses)),
    )


def alternate_from_text(text: str, engine: str = "import") -> AltText:
    """An alternate reading with no layout (a text file, another version)."""
    return AltText(text=text, engine=engine)
