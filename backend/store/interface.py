"""The interface both review stores implement: what the session facade and the
review aids call, whether the review is in an embedded SQLite file
(``review_store.ReviewStore``, the default) or on a shared PostgreSQL server
(``postgres.TeamStore``).

A Protocol, not a base class: the SQLite store predates it and stays exactly as
it was; mypy checks that each store still fits where ``DocumentSession.open``
takes either as a ``PageStore``. What only one of them can do (a file on this
computer, its backups) is asked of the store itself (``local_file``, ``local``,
``jobs``): this module knows neither implementation.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from backend.models import Change, PageState, ReviewStatus, Version, VersionKind
from backend.provenance import ProvenanceLike
from backend.store.job_rows import JobsHost, JobStore


class PageStore(Protocol):
    """Versions, drafts, review status, notes, settings and search for one document."""

    author: str
    notices: list[str]
    was_unclean: bool  # the last session did not close cleanly (drafts to recover)
    owner: bool  # this process is the first to have the document open
    disk_full: bool

    # life cycle
    def close(self) -> None: ...
    def abandon(self) -> None: ...

    # per-document settings (the PDF's identity, prompts, marks)
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...

    # versions
    def add_version(
        self,
        page: int,
        kind: VersionKind,
        text: str,
        provenance: ProvenanceLike | None = None,
        *,
        author: str | None = None,
        history_only: bool = False,
    ) -> tuple[Version, Change]: ...
    def add_versions(
        self, items: list[tuple[int, VersionKind, str, ProvenanceLike]]
    ) -> list[Change]: ...
    def versions(self, page: int) -> list[Version]: ...
    def version(self, version_id: int) -> Version: ...
    def current_version(self, page: int) -> Version | None: ...
    def current_version_id(self, page: int) -> int | None: ...
    def latest_version_id(self, page: int, kind: VersionKind) -> int | None: ...
    def restore(self, version_id: int) -> tuple[Version, Change]: ...

    # drafts (autosave)
    def save_draft(self, page: int, text: str) -> Change: ...
    def commit_draft(self, page: int) -> Change: ...
    def commit_all_drafts(self) -> Change: ...
    def draft(self, page: int) -> str | None: ...

    # status and notes
    def set_status(self, page: int, status: ReviewStatus) -> Change: ...
    def status(self, page: int) -> ReviewStatus: ...
    def status_history(self, page: int) -> list[tuple[ReviewStatus, float, str]]: ...
    def statuses(self, page_count: int) -> list[ReviewStatus]: ...
    def approved_version(self, page: int) -> Version | None: ...
    def set_note(self, page: int, text: str) -> Change: ...
    def note(self, page: int) -> str: ...

    # reading a page, search
    def page_state(self, page: int) -> PageState: ...
    def working_text(self, page: int) -> str: ...
    def version_counts(self) -> dict[int, int]: ...
    def search(self, query: str, *, limit: int = 500) -> list[tuple[int, str]]: ...

    # the document's facts index (``backend.session.facts`` keeps it; the rows are its)
    def text_digests(self) -> dict[int, str]:
        """Each page with working text (a draft wins), and ``facts_rows.text_digest`` of it."""
        ...

    def working_texts(self, first: int = 0, last: int | None = None) -> dict[int, str]:
        """The working text (a draft wins) of each page ``first``..``last`` (inclusive;
        None: to the end) that has one, in one round trip."""
        ...

    def facts_rows(self) -> dict[int, tuple[str, str]]:
        """The stored index: page -> (source, facts JSON)."""
        ...

    def changes_stamp(self) -> str:
        """A cheap mark that moves when others (another process, another reviewer)
        change working text: the facts then compare every page's digest."""
        ...

    def put_facts(self, rows: Sequence[tuple[int, str, str]]) -> None:
        """Replace these pages' rows (page, source, facts JSON), in one transaction."""
        ...

    # the publish decisions (``backend.publish.decisions`` reads them; the rows are its)
    def publish_decisions(self) -> list[dict[str, Any]]:
        """Every de-identification decision on the document, oldest first."""
        ...

    def add_publish_decisions(self, rows: Sequence[dict[str, Any]]) -> None:
        """Append decisions in one transaction, as this store's author, now."""
        ...

    # what the review statistics need beyond the edits (issue 26; ``activity_rows``)
    def add_page_visit(self, page: int, kind: str = "visit") -> None:
        """This store's author arrived at ``page`` ('visit') or left it ('leave'), now."""
        ...

    def add_critical_outcome(self, row: dict[str, Any]) -> None:
        """Record an approval's critical items and their outcomes (``OUTCOME_COLUMNS``)."""
        ...

    def add_pair_measures(self, rows: Sequence[dict[str, Any]]) -> None:
        """Record the measures of machine readings against an approved text
        (``MEASURE_COLUMNS``), as this store's author, now."""
        ...

    # what each store can do, answered by the store itself
    def local_file(self) -> Path | None:
        """The store's file on this computer; None for a review on the team server."""
        ...

    def local(self) -> LocalStore:
        """The store as the embedded store, for what only it does (its file, its backups);
        a ``StoreError`` saying so on the team server."""
        ...

    def jobs(self) -> JobStore:
        """The OCR batch jobs kept with the store (in its SQLite file, or on the server)."""
        ...


class LocalStore(PageStore, JobsHost, Protocol):
    """The embedded store's own surface: its file, its connection, its transactions."""

    path: Path
