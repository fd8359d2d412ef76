"""A batch OCR job over a document: pages chosen, run on servers, results stored.

The glue between the store (``JobStore``), page preparation, the servers'
clients and the ``Batch`` scheduler. The store is used from one thread only,
so every store call goes through ``run_in_store`` (the GUI passes its store
executor; the CLI a one-thread executor of its own).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.engines.clients import PageClient
from backend.models import Change
from backend.ocr.batch import Batch, BatchEvent, BatchStats, RetryPolicy
from backend.ocr.lanes import Lane
from backend.ocr.pipeline import PagePreparer
from backend.settings.profiles import DEFAULT_CONCURRENCY
from backend.store.job_rows import JobStore, Selection

T = TypeVar("T")
RunInStore = Callable[[Callable[[], T]], Awaitable[T]]


@dataclass(frozen=True)
class JobSpec:
    """What the user asked for: kept with the job so a resumed job asks the same."""

    selection: Selection = Selection.ALL
    pages: tuple[int, ...] | None = None  # None: the whole document
    force: bool = False  # also run pages with a person's edits or approval
    params: SamplingParams = field(default_factory=SamplingParams)
    prompt: str | None = None  # one prompt for every page (the CLI's --prompt); None: per page
    # Store the readings as alternate versions (a second model or profile to compare
    # with), never as the transcript.
    as_alternates: bool = False

    def to_json(self) -> dict[str, Any]:
        spec = {
            "selection": str(self.selection),
            "pages": None if self.pages is None else list(self.pages),
            "force": self.force,
            "params": self.params.as_dict(),
            "prompt": self.prompt,
        }
        return spec | ({"as_alternates": True} if self.as_alternates else {})


def stored_params(spec: dict[str, Any]) -> SamplingParams:
    """The sampling parameters a job was created with (to resume it as it was asked)."""
    known = set(SamplingParams.__dataclass_fields__)
    return SamplingParams(**{k: v for k, v in spec.get("params", {}).items() if k in known})


class OcrJobRunner:
    def __init__(
        self,
        *,
        jobs: JobStore,
        page_count: int,
        preparer: PagePreparer,
        clients: list[PageClient],
        prompt_for: Callable[[int], str],
        run_in_store: RunInStore[Any],
        on_event: Callable[[BatchEvent], None] | None = None,
        on_change: Callable[[Change], None] | None = None,
        policy: RetryPolicy | None = None,
    ) -> None:
        self.jobs = jobs
        self.page_count = page_count
        self.preparer = preparer
        self.clients = clients
        self.prompt_for = prompt_for
        self._in_store = run_in_store
        self.on_event = on_event
        self.on_change = on_change  # each stored page's change record, for the views
        self.policy = policy
        self.batch: Batch | None = None

    async def create(self, spec: JobSpec) -> int:
        # An alternates run's "unprocessed" pages are those its own profiles have not read
        # as alternates yet: a transcript, or another engine's alternate, does not count.
        readers = (
            [(c.server, c.profile.model) for c in self.clients] if spec.as_alternates else None
        )

        def create() -> int:
            pages = self.jobs.select_pages(
                self.page_count,
                spec.selection,
                None if spec.pages is None else list(spec.pages),
                alternates_by=readers,
            )
            return self.jobs.create(pages, spec.to_json(), force=spec.force)

        job: int = await self._in_store(create)
        return job

    async def run(self, job: int, params: SamplingParams) -> BatchStats:
        """Run a job's pending pages (a new job, or one resumed after a restart)."""
        pending: list[int] = await self._in_store(lambda: self.jobs.pending(job))
        lanes = [self._lane(client) for client in self.clients]
        self.batch = Batch(
            pending,
            lanes,
            prepare=lambda page, lane: self._prepare(page, lane, params),
            save=lambda page, reading, attempts, warnings: self._save(
                job, page, reading, attempts, warnings
            ),
            fail=lambda page, reason, attempts: self._in_store(
                lambda: self.jobs.record_failure(job, page, reason, attempts)
            ),
            on_event=self.on_event,
            policy=self.policy,
        )
        try:
            stats = await self.batch.run()
        except BaseException:
            await self._in_store(lambda: self.jobs.set_state(job, "paused"))  # resumable
            raise
        await self._in_store(lambda: self.jobs.set_state(job, "done"))
        return stats

    def _lane(self, client: PageClient) -> Lane:
        p = client.profile
        return Lane(
            p.name,
            BatchEngine(client),
            limit=p.max_concurrency or DEFAULT_CONCURRENCY,
            fixed=p.max_concurrency > 0,
            load=client.load,
            page_timeout_s=p.total_timeout_s,
        )

    async def _prepare(self, page: int, lane: Lane, params: SamplingParams) -> OcrRequest:
        engine = lane.engine
        assert isinstance(engine, BatchEngine)
        client = engine.client
        prompt: str = await self._in_store(lambda: self.prompt_for(page))  # it may read the store
        return await self.preparer.prepare(page, client.profile, prompt, params)

    async def _save(
        self, job: int, page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]
    ) -> None:
        provenance = reading.provenance().with_items(
            job=job, attempts=attempts, **({"warnings": list(warnings)} if warnings else {})
        )
        _, change = await self._in_store(
            lambda: self.jobs.record_reading(job, page, reading.text, provenance, attempts)
        )
        if self.on_change is not None:
            self.on_change(change)


class BatchEngine:
    """A client as a batch uses it: whole answers, not token streams (see VllmClient.read)."""

    name = "vllm"

    def __init__(self, client: PageClient) -> None:
        self.client = client

    async def read(self, request: OcrRequest) -> Reading:
        return await self.client.read(request, stream=False)

    async def aclose(self) -> None:
        await self.client.aclose()
