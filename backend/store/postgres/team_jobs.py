"""OCR batch jobs on the team server: ``JobStore``'s interface over PostgreSQL.

The same rules as the embedded store's jobs (``backend.store.job_rows``): a page's
reading and its "done" mark commit together, and a page a person approved or
edited (also one claimed by someone else right now) keeps its text; the reading
goes to its history and the page is marked skipped, saying why.

A subclass so the batch runner and the views take either; every method is
replaced, none of the SQLite one runs.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection
from contextlib import AbstractContextManager
from typing import Any, Protocol

from backend.i18n import _
from backend.models import Change, VersionKind
from backend.provenance import ProvenanceLike
from backend.store.job_rows import (
    JobPage,
    JobStore,
    JobSummary,
    PageJobState,
    PageReader,
    Reader,
    Selection,
    pages_read_by,
    persons_work,
)
from backend.store.postgres import team_writes as w
from backend.store.sql import version_change


class TeamPages(PageReader, Protocol):
    """What of ``TeamStore`` its jobs use (not imported: the store makes its jobs)."""

    doc: int

    def _read(self) -> AbstractContextManager[w.Conn]: ...
    def _tx(self) -> AbstractContextManager[w.Conn]: ...
    def claim_holder(self, page: int) -> tuple[str, float] | None: ...


class TeamJobStore(JobStore):
    def __init__(self, store: TeamPages) -> None:  # no SQLite connection: not super()'s
        self.team = store

    def _rows(self, query: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self.team._read() as c:
            return c.execute(query, args).fetchall()

    def select_pages(
        self,
        page_count: int,
        selection: Selection,
        pages: list[int] | None,
        *,
        alternates_by: Collection[Reader] | None = None,
    ) -> list[int]:
        candidates = sorted(set(pages)) if pages is not None else list(range(page_count))
        candidates = [p for p in candidates if 0 <= p < page_count]
        if selection is Selection.UNPROCESSED:
            if alternates_by is None:
                read = {
                    int(r[0])
                    for r in self._rows(
                        "SELECT DISTINCT page FROM proofdesk.versions WHERE document_id = %s "
                        "AND kind = 'ocr'",
                        (self.team.doc,),
                    )
                }
            else:  # an alternates run: pages with no alternate from its readers yet
                rows = self._rows(
                    "SELECT DISTINCT page, provenance->>'server', provenance->>'model' "
                    "FROM proofdesk.versions WHERE document_id = %s AND kind = 'alternate'",
                    (self.team.doc,),
                )
                read = pages_read_by(rows, alternates_by)
            candidates = [p for p in candidates if p not in read]
        elif selection is Selection.FAILED:
            failed = self.failed_pages()
            candidates = [p for p in candidates if p in failed]
        return candidates

    def protected_reason(self, page: int) -> str:
        # A claim is the team's own kind of work in progress: someone typing there now.
        return persons_work(
            self.team, page, claimed=lambda: self.team.claim_holder(page) is not None
        )

    def failed_pages(self) -> set[int]:
        rows = self._rows(
            "SELECT DISTINCT ON (page) page, state FROM proofdesk.job_pages "
            "WHERE document_id = %s AND state IN ('done', 'failed') ORDER BY page, updated_at DESC",
            (self.team.doc,),
        )
        return {int(p) for p, s in rows if s == "failed"}

    def create(self, pages: list[int], spec: dict[str, Any], *, force: bool = False) -> int:
        alternates = bool(spec.get("as_alternates"))
        reasons = {p: "" if force or alternates else self.protected_reason(p) for p in pages}
        with self.team._tx() as c:
            row = c.execute(
                "INSERT INTO proofdesk.jobs (document_id, spec, state) "
                "VALUES (%s, %s, 'running') RETURNING id",
                (self.team.doc, json.dumps({**spec, "force": True} if force else spec)),
            ).fetchone()
            assert row is not None
            job = int(row[0])
            for page, reason in reasons.items():
                state = PageJobState.SKIPPED if reason else PageJobState.PENDING
                c.execute(
                    "INSERT INTO proofdesk.job_pages (job, document_id, page, state, reason) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    (job, self.team.doc, page, state.value, reason),
                )
        return job

    def record_reading(
        self, job: int, page: int, text: str, provenance: ProvenanceLike, attempts: int
    ) -> tuple[int, Change]:
        spec = self._team_spec(job)
        alternates = bool(spec.get("as_alternates"))
        reason = "" if spec.get("force") or alternates else self.protected_reason(page)
        kind = VersionKind.ALTERNATE if alternates else VersionKind.OCR
        note = _("{reason} meanwhile; the reading is in its history").format(reason=reason)
        with self.team._tx() as c:
            vid, made = w.append_version(
                c, self.team.doc, page, kind, text, provenance, history_only=bool(reason)
            )
            state = PageJobState.SKIPPED if reason else PageJobState.DONE
            c.execute(
                "UPDATE proofdesk.job_pages SET state = %s, attempts = %s, reason = %s, "
                "version_id = %s, updated_at = clock_timestamp() WHERE job = %s AND page = %s",
                (state.value, attempts, note if reason else "", vid, job, page),
            )
        return vid, version_change(page, kind, made, history_only=bool(reason))

    def _team_spec(self, job: int) -> dict[str, Any]:
        rows = self._rows("SELECT spec FROM proofdesk.jobs WHERE id = %s", (job,))
        spec = json.loads(rows[0][0]) if rows else {}
        return spec if isinstance(spec, dict) else {}

    def record_failure(self, job: int, page: int, reason: str, attempts: int) -> None:
        with self.team._tx() as c:
            c.execute(
                "UPDATE proofdesk.job_pages SET state = 'failed', attempts = %s, reason = %s, "
                "updated_at = clock_timestamp() WHERE job = %s AND page = %s",
                (attempts, reason, job, page),
            )

    def retry_failed(self, job: int) -> list[int]:
        with self.team._tx() as c:
            rows = c.execute(
                "UPDATE proofdesk.job_pages SET state = 'pending', reason = '', "
                "updated_at = clock_timestamp() WHERE job = %s AND state = 'failed' RETURNING page",
                (job,),
            ).fetchall()
            c.execute("UPDATE proofdesk.jobs SET state = 'running' WHERE id = %s", (job,))
        return sorted(int(r[0]) for r in rows)

    def set_state(self, job: int, state: str) -> None:
        with self.team._tx() as c:
            c.execute("UPDATE proofdesk.jobs SET state = %s WHERE id = %s", (state, job))

    def pages(self, job: int) -> list[JobPage]:
        rows = self._rows(
            "SELECT page, state, attempts, reason FROM proofdesk.job_pages WHERE job = %s "
            "ORDER BY page",
            (job,),
        )
        return [JobPage(int(p), PageJobState(s), int(a), str(r)) for p, s, a, r in rows]

    def summary(self, job: int) -> JobSummary:
        rows = self._rows("SELECT state, spec FROM proofdesk.jobs WHERE id = %s", (job,))
        if not rows:
            raise KeyError(job)
        counts = Counter(p.state for p in self.pages(job))
        return JobSummary(
            job,
            str(rows[0][0]),
            json.loads(rows[0][1]),
            {s: counts.get(s, 0) for s in PageJobState},
        )

    def unfinished(self) -> list[int]:
        rows = self._rows(
            "SELECT id FROM proofdesk.jobs WHERE document_id = %s "
            "AND state IN ('running', 'paused') ORDER BY id DESC",
            (self.team.doc,),
        )
        return [int(r[0]) for r in rows]
