"""OCR batch jobs kept in the review store, so they survive a restart.

A page's reading and its "done" mark are written in one transaction: after a
crash, every page marked done has its version, and no page with a stored
result is run again.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from backend.i18n import _
from backend.models import Change, PageState, ReviewStatus, Version, VersionKind
from backend.provenance import ProvenanceLike
from backend.store.sql import now


class PageReader(Protocol):
    """What of a store ``persons_work`` reads (either store: each makes its jobs)."""

    def page_state(self, page: int) -> PageState: ...
    def current_version(self, page: int) -> Version | None: ...


class JobsHost(PageReader, Protocol):
    """What of the embedded store its ``JobStore`` uses (``interface.LocalStore``)."""

    @property
    def connection(self) -> sqlite3.Connection: ...
    def transaction(self) -> AbstractContextManager[sqlite3.Connection]: ...
    def append_in(
        self,
        c: sqlite3.Connection,
        page: int,
        kind: VersionKind,
        text: str,
        provenance: ProvenanceLike,
        *,
        history_only: bool = False,
    ) -> tuple[int, Change]: ...


class PageJobState(StrEnum):
    PENDING = "pending"
    DONE = "done"
    FAILED = "failed"
    SKIPPED = "skipped"


# Who read a page: the server and model its reading's provenance names (a profile's
# ``api_root`` and ``model``; no server for a model run in-process).
Reader = tuple[str, str]


def persons_work(store: PageReader, page: int, *, claimed: Callable[[], bool] | None = None) -> str:
    """What of a person's work a batch must leave alone on ``page`` ("" = nothing): the
    same rules for the local and the team store (``claimed``: asked only when it
    matters, whether someone is typing there now)."""
    state = store.page_state(page)
    if state.status in (ReviewStatus.APPROVED, ReviewStatus.REVIEWED):
        return state.status.value  # a person checked this text: a rerun keeps off it
    if state.has_draft:
        return _("has unsaved edits")
    if claimed is not None and claimed():
        return _("is being edited")
    current = store.current_version(page)
    if current is not None and current.kind.is_human:
        return _("has your edits")
    return ""


def pages_read_by(rows: Iterable[tuple[Any, Any, Any]], readers: Collection[Reader]) -> set[int]:
    """The pages of ``rows`` (page, server, model) that one of ``readers`` read."""
    wanted = set(readers)
    return {int(page) for page, server, model in rows if (server or "", model or "") in wanted}


class Selection(StrEnum):
    """Which pages a batch runs on (before the skip rule)."""

    ALL = "all"
    UNPROCESSED = "unprocessed"  # no machine reading yet
    FAILED = "failed"  # failed in the latest job that tried them


@dataclass(frozen=True)
class JobPage:
    page: int
    state: PageJobState
    attempts: int
    reason: str


@dataclass(frozen=True)
class JobSummary:
    id: int
    state: str
    spec: dict[str, Any]
    counts: dict[PageJobState, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())


class JobStore:
    def __init__(self, store: JobsHost) -> None:
        self.store = store
        self._conn = store.connection

    # -- choosing pages -----------------------------------------------------------

    def select_pages(
        self,
        page_count: int,
        selection: Selection,
        pages: list[int] | None,
        *,
        alternates_by: Collection[Reader] | None = None,
    ) -> list[int]:
        """The candidate pages, in order (``pages`` narrows to a range or a selection).

        ``alternates_by``: the run stores alternates from these readers, so "unprocessed"
        means no alternate reading from any of them yet (a transcript does not count)."""
        candidates = sorted(set(pages)) if pages is not None else list(range(page_count))
        candidates = [p for p in candidates if 0 <= p < page_count]
        if selection is Selection.UNPROCESSED:
            if alternates_by is None:
                query = "SELECT DISTINCT page FROM versions WHERE kind = 'ocr'"
                read = {r[0] for r in self._conn.execute(query)}
            else:  # json_extract: the provenance may hold megabytes of logprobs
                rows = self._conn.execute(
                    "SELECT DISTINCT page, json_extract(provenance, '$.server'), "
                    "json_extract(provenance, '$.model') FROM versions "
                    "WHERE kind = 'alternate' AND json_valid(provenance)"
                )
                read = pages_read_by(rows, alternates_by)
            candidates = [p for p in candidates if p not in read]
        elif selection is Selection.FAILED:
            failed = self.failed_pages()
            candidates = [p for p in candidates if p in failed]
        return candidates

    def protected_reason(self, page: int) -> str:
        """Why a batch should leave this page alone ("" = it may run): a person's work."""
        return persons_work(self.store, page)

    def failed_pages(self) -> set[int]:
        """Pages whose most recent job attempt failed."""
        rows = self._conn.execute(
            "SELECT page, state FROM job_pages WHERE state IN ('done','failed') ORDER BY updated_at"
        )
        latest: dict[int, str] = {}
        for page, state in rows:
            latest[page] = state
        return {p for p, s in latest.items() if s == "failed"}

    # -- a job's life -------------------------------------------------------------

    def create(self, pages: list[int], spec: dict[str, Any], *, force: bool = False) -> int:
        with self.store.transaction() as c:
            cur = c.execute(
                "INSERT INTO jobs (created_at, spec, state) VALUES (?, ?, 'running')",
                # "force" is kept so that storing a reading can apply the skip rule again.
                (now(), json.dumps({**spec, "force": True} if force else spec, ensure_ascii=False)),
            )
            job = int(cur.lastrowid or 0)
            # Readings stored as alternates never touch the transcript: nothing to protect.
            alternates = bool(spec.get("as_alternates"))
            for page in pages:
                reason = "" if force or alternates else self.protected_reason(page)
                state = PageJobState.SKIPPED if reason else PageJobState.PENDING
                c.execute(
                    "INSERT INTO job_pages (job, page, state, reason, updated_at) "
                    "VALUES (?,?,?,?,?)",
                    (job, page, state, reason, now()),
                )
        return job

    def record_reading(
        self, job: int, page: int, text: str, provenance: ProvenanceLike, attempts: int
    ) -> tuple[int, Change]:
        """Store a page's reading and mark it done, atomically.

        The skip rule is checked again here: a page a reviewer approved or edited
        while the job ran (or while it waited to be resumed) keeps its text; the
        reading goes to its history and the page is marked skipped, saying why.
        """
        with self.store.transaction() as c:
            spec = self._spec(c, job)
            alternates = bool(spec.get("as_alternates"))
            reason = "" if spec.get("force") or alternates else self.protected_reason(page)
            kind = VersionKind.ALTERNATE if alternates else VersionKind.OCR
            vid, change = self.store.append_in(
                c, page, kind, text, provenance, history_only=bool(reason)
            )
            state = PageJobState.SKIPPED if reason else PageJobState.DONE
            note = (
                _("{reason} meanwhile; the reading is in its history").format(reason=reason)
                if reason
                else ""
            )
            c.execute(
                "UPDATE job_pages SET state=?, attempts=?, reason=?, version_id=?, "
                "updated_at=? WHERE job=? AND page=?",
                (state, attempts, note, vid, now(), job, page),
            )
        return vid, change

    def _spec(self, c: sqlite3.Connection, job: int) -> dict[str, Any]:
        row = c.execute("SELECT spec FROM jobs WHERE id=?", (job,)).fetchone()
        spec = json.loads(row[0]) if row else {}
        return spec if isinstance(spec, dict) else {}

    def record_failure(self, job: int, page: int, reason: str, attempts: int) -> None:
        with self.store.transaction() as c:
            c.execute(
                "UPDATE job_pages SET state='failed', attempts=?, reason=?, updated_at=? "
                "WHERE job=? AND page=?",
                (attempts, reason, now(), job, page),
            )

    def retry_failed(self, job: int) -> list[int]:
        """Put a job's failed pages back to pending; returns them."""
        with self.store.transaction() as c:
            pages = [
                r[0]
                for r in c.execute(
                    "SELECT page FROM job_pages WHERE job=? AND state='failed' ORDER BY page",
                    (job,),
                )
            ]
            c.execute(
                "UPDATE job_pages SET state='pending', reason='', updated_at=? "
                "WHERE job=? AND state='failed'",
                (now(), job),
            )
            c.execute("UPDATE jobs SET state='running' WHERE id=?", (job,))
        return pages

    def set_state(self, job: int, state: str) -> None:
        with self.store.transaction() as c:
            c.execute("UPDATE jobs SET state=? WHERE id=?", (state, job))

    # -- reading back -------------------------------------------------------------

    def pages(self, job: int) -> list[JobPage]:
        rows = self._conn.execute(
            "SELECT page, state, attempts, reason FROM job_pages WHERE job=? ORDER BY page", (job,)
        )
        return [JobPage(p, PageJobState(s), a, r) for p, s, a, r in rows]

    def pending(self, job: int) -> list[int]:
        return [p.page for p in self.pages(job) if p.state is PageJobState.PENDING]

    def summary(self, job: int) -> JobSummary:
        row = self._conn.execute("SELECT state, spec FROM jobs WHERE id=?", (job,)).fetchone()
        if row is None:
            raise KeyError(job)
        counts = Counter(p.state for p in self.pages(job))
        return JobSummary(
            job, str(row[0]), json.loads(row[1]), {s: counts.get(s, 0) for s in PageJobState}
        )

    def unfinished(self) -> list[int]:
        """Jobs that were running or paused when the app last stopped (newest first)."""
        return [
            r[0]
            for r in self._conn.execute(
                "SELECT id FROM jobs WHERE state IN ('running','paused') ORDER BY id DESC"
            )
        ]
