"""Run many pages over one or more servers: bounded, adaptive, retrying.

Each server is a *lane* with its own in-flight limit. A lane takes a page from
the shared queue only when it has a free slot, so a fast server takes more
pages and a dead one takes none: pages that fail on a lane that went down go
back to the queue for the others. Transient failures retry with exponential
backoff and jitter (``Retry-After`` honoured), within the page's deadline (its
lane's total timeout, retries included: ``page_deadlines``); a request the server
refuses as it is (400, context too long) fails at once with the server's reason,
because sending it again cannot help.

The batch does no I/O of its own: it is given ``prepare`` (page → request),
``save`` and ``fail`` (write the outcome), and reports ``BatchEvent``s.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

from backend.engines.base import OcrRequest, Reading, early_end_warning, server_gave_up
from backend.errors import (
    AuthenticationError,
    EngineDeadError,
    ModelNotFoundError,
    PageTooLongError,
    ProfileError,
    ProofDeskError,
    ServerBusyError,
    ServerError,
    ServerUnreachableError,
)
from backend.i18n import _
from backend.ocr.batch_stats import BatchEvent as BatchEvent
from backend.ocr.batch_stats import BatchStats as BatchStats
from backend.ocr.lanes import Lane
from backend.ocr.page_deadlines import Clock, PageDeadlines
from backend.server.diagnose import diagnose_reading

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 5
    base_delay_s: float = 1.0
    max_delay_s: float = 60.0
    lane_cooldown_s: float = 5.0  # a lane that lost its server rests, then tries one page

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        backoff = min(self.max_delay_s, self.base_delay_s * 2.0 ** (attempt - 1))
        backoff *= random.uniform(0.5, 1.5)  # jitter: retries from many pages do not align
        return max(backoff, retry_after or 0.0)


Prepare = Callable[[int, Lane], Awaitable[OcrRequest]]
Save = Callable[[int, Reading, int, tuple[str, ...]], Awaitable[None]]
Fail = Callable[[int, str, int], Awaitable[None]]


@dataclass
class _Counters:
    done: int = 0
    failed: int = 0
    retrying: int = 0
    tokens: int = 0
    attempts: dict[int, int] = field(default_factory=dict)


class Batch:
    def __init__(
        self,
        pages: list[int],
        lanes: list[Lane],
        *,
        prepare: Prepare,
        save: Save,
        fail: Fail,
        on_event: Callable[[BatchEvent], None] | None = None,
        policy: RetryPolicy | None = None,
        poll_interval_s: float = 1.0,
        clock: Clock = time.monotonic,
    ) -> None:
        if not lanes:
            raise ProfileError(_("Choose at least one server for the batch."))
        self.pages = pages
        self.lanes = lanes
        self._prepare, self._save, self._fail = prepare, save, fail
        self._on_event = on_event
        self.policy = policy or RetryPolicy()
        self._poll_interval = poll_interval_s
        self._queue: asyncio.Queue[int | None] = asyncio.Queue()
        self._remaining = len(pages)
        self._count = _Counters()
        self._deadlines = PageDeadlines(clock)
        self._running = asyncio.Event()
        self._running.set()
        self._finished = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._taken = 0  # pages a lane took whose task has not started yet
        self._t0 = 0.0
        self._paused_at: float | None = None
        self._paused_total = 0.0
        self._error: Exception | None = None  # a failure to store an outcome: ends the run

    # -- control ------------------------------------------------------------------

    def pause(self) -> None:
        """Start no new page; pages in flight finish and are saved."""
        if self._running.is_set():
            self._running.clear()
            self._paused_at = time.monotonic()
            self._emit("progress")

    def resume(self) -> None:
        if not self._running.is_set():
            self._running.set()
            if self._paused_at is not None:
                self._paused_total += time.monotonic() - self._paused_at
                self._paused_at = None
            self._emit("progress")

    @property
    def paused(self) -> bool:
        return not self._running.is_set()

    def stats(self) -> BatchStats:
        c = self._count
        now = self._paused_at or time.monotonic()
        return BatchStats(
            total=len(self.pages),
            done=c.done,
            failed=c.failed,
            in_flight=self._taken + sum(lane.reading for lane in self.lanes),
            retrying=c.retrying,
            elapsed_s=max(0.0, now - self._t0 - self._paused_total) if self._t0 else 0.0,
            completion_tokens=c.tokens,
            paused=self.paused,
        )

    # -- running ------------------------------------------------------------------

    async def run(self) -> BatchStats:
        """Run to the end. Cancelling this task cancels pages in flight (they stay pending)."""
        self._t0 = time.monotonic()
        for page in self.pages:
            self._queue.put_nowait(page)
        if not self.pages:
            return self.stats()
        # Said before any lane takes a page: a listener can still pause the batch
        # (a Pause clicked while it was being prepared) before the first page goes out.
        self._emit("progress")
        workers = [asyncio.create_task(self._lane_loop(lane)) for lane in self.lanes]
        monitors = [
            asyncio.create_task(self._monitor(lane))
            for lane in self.lanes
            if lane.load is not None and not lane.fixed
        ]
        try:
            await self._finished.wait()
        finally:
            for task in [*workers, *monitors, *self._tasks]:
                task.cancel()
            await asyncio.gather(*workers, *monitors, *self._tasks, return_exceptions=True)
        if self._error is not None:
            raise self._error
        return self.stats()

    async def _lane_loop(self, lane: Lane) -> None:
        while True:
            await self._running.wait()
            await lane.acquire()
            if lane.disabled:
                await lane.release()
                return
            page = await self._queue.get()
            if page is None:
                await lane.release()
                self._queue.put_nowait(None)  # let the other lanes see the end too
                return
            if not self._running.is_set():  # paused while waiting: put it back
                self._queue.put_nowait(page)
                await lane.release()
                continue
            # In flight from the moment it is taken, not from when its task first runs:
            # a pause in between must not be told "0 in flight" while this page goes out.
            self._taken += 1
            task = asyncio.create_task(self._process(lane, page))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _process(self, lane: Lane, page: int) -> None:
        self._taken -= 1  # from here its lane counts it (``lane.reading``)
        try:
            await self._attempt(lane, page)
        except Exception as exc:
            # Storing an outcome failed (disk full, store gone): going on would fail
            # every page the same way. Stop; unfinished pages stay pending (resumable).
            log.warning("batch stopped: storing page %d failed: %s", page, type(exc).__name__)
            self._error = exc
            self._finished.set()

    async def _attempt(self, lane: Lane, page: int) -> None:
        attempt = self._count.attempts.get(page, 0) + 1
        if not self._deadlines.allows(page):  # its time ran out while it waited for a lane
            await lane.release()
            await self._give_up(page, self._deadlines.reason(page, attempt - 1), attempt - 1)
            return
        self._count.attempts[page] = attempt
        lane.reading += 1
        cut: asyncio.Timeout | None = None
        try:
            try:
                request = await self._prepare(page, lane)
                self._deadlines.start(page, lane.page_timeout_s)
                async with asyncio.timeout(self._deadlines.left(page)) as cut:
                    reading = await lane.engine.read(request)
            finally:
                # Free the slot before the outcome is stored and reported, so the
                # stats in that report no longer count this page as in flight.
                lane.reading -= 1
                await lane.release()
        except ServerError as exc:
            await self._on_server_error(lane, page, attempt, exc)
        except ProofDeskError as exc:  # the page itself cannot be prepared (render, fit)
            await self._give_up(page, str(exc), attempt)
        except Exception as exc:  # the page's deadline; or a bug: it costs one page, not the batch
            if isinstance(exc, TimeoutError) and cut is not None and cut.expired():
                why = self._deadlines.reason(page, attempt)
            else:
                log.exception("page %d failed unexpectedly", page)
                why = _("Unexpected error: {name__}: {exc}").format(
                    name__=type(exc).__name__, exc=exc
                )
            await self._give_up(page, why, attempt)
        else:
            lane.failures_in_a_row = 0
            delay = self.policy.delay(attempt)
            if (
                server_gave_up(reading.finish_reason)
                and attempt < self.policy.max_attempts
                and self._deadlines.allows(page, delay)
            ):
                # vLLM's "abort": the server gave the request up, which says nothing of
                # the page. Tried again; the last try's answer is kept with a warning.
                why = _("The server ended the answer early (finish reason “{reason}”).")
                message = why.format(reason=reading.finish_reason)
                self._retry_later(lane, page, message, delay)
                return
            await self._accept(page, reading, attempt)

    async def _accept(self, page: int, reading: Reading, attempt: int) -> None:
        problems = diagnose_reading(
            model_id=reading.model,
            text=reading.text,
            reasoning=reading.reasoning,
            finish_reason=reading.finish_reason,
        )
        if not reading.text.strip() and reading.truncated:
            why = " ".join(f"{d.title} {d.remedy}" for d in problems) or (
                _(
                    "The model used its whole token budget without writing any text: raise "
                    "max tokens."
                )
            )
            await self._give_up(page, why, attempt)
            return
        if not reading.text.strip() and reading.ended_early:  # nothing to keep, as an import
            why = _("The server ended the answer early (finish reason “{reason}”) before any text.")
            await self._give_up(page, why.format(reason=reading.finish_reason), attempt)
            return
        warnings = reading.warnings + tuple(f"{d.title} {d.remedy}" for d in problems)
        if reading.truncated:
            warnings += (
                _("The answer was cut off at the token limit: the end of the page may be missing."),
            )
        elif reading.ended_early:  # "abort", "repetition"...: stored, but said
            warnings += (early_end_warning(reading.finish_reason),)
        if not reading.text.strip():
            warnings += (_("The model returned no text: is the page blank?"),)
        try:
            await self._save(page, reading, attempt, warnings)
        except PageTooLongError as exc:  # this page's text is refused; the next may be fine
            await self._give_up(page, str(exc), attempt)
            return
        self._deadlines.forget(page)
        self._count.done += 1
        self._count.tokens += reading.completion_tokens or 0
        self._emit("done", page=page, warnings=warnings)
        self._page_finished()

    async def _on_server_error(self, lane: Lane, page: int, attempt: int, exc: ServerError) -> None:
        if isinstance(exc, AuthenticationError | ModelNotFoundError):
            # Nothing can succeed on this lane; the page may still succeed elsewhere.
            lane.disabled = str(exc)
            self._emit("lane_disabled", lane=lane.name, message=str(exc))
            self._count.attempts[page] = attempt - 1
            self._enqueue(page)
            if all(other.disabled for other in self.lanes):
                self._fail_all_queued()
            return
        if isinstance(exc, ServerUnreachableError | EngineDeadError):
            lane.failures_in_a_row += 1
            cooldown = min(
                self.policy.max_delay_s, self.policy.lane_cooldown_s * lane.failures_in_a_row
            )
            lane.down_until = time.monotonic() + cooldown
            self._emit("lane_down", lane=lane.name, message=str(exc))
        if not exc.retryable or attempt >= self.policy.max_attempts:
            await self._give_up(page, str(exc), attempt)
            return
        retry_after = exc.retry_after if isinstance(exc, ServerBusyError) else None
        # Another lane can take a page from a dead server now.
        elsewhere = (
            isinstance(exc, ServerUnreachableError | EngineDeadError) and len(self.lanes) > 1
        )
        delay = 0.0 if elsewhere else self.policy.delay(attempt, retry_after)
        if not self._deadlines.allows(page, delay):  # the next attempt would start too late
            await self._give_up(page, self._deadlines.reason(page, attempt, str(exc)), attempt)
            return
        self._retry_later(lane, page, str(exc), delay)

    def _retry_later(self, lane: Lane, page: int, message: str, delay: float) -> None:
        self._count.retrying += 1
        attempt, attempts = self._count.attempts[page] + 1, self.policy.max_attempts
        self._emit(
            "retry", page=page, lane=lane.name, message=message, attempt=attempt, attempts=attempts
        )
        asyncio.get_running_loop().call_later(delay, self._requeue, page)

    def _requeue(self, page: int) -> None:
        self._count.retrying -= 1
        if not self._finished.is_set():
            self._enqueue(page)

    def _enqueue(self, page: int) -> None:
        self._queue.put_nowait(page)
        if all(lane.disabled for lane in self.lanes):
            self._fail_all_queued()

    async def _give_up(self, page: int, reason: str, attempt: int) -> None:
        self._deadlines.forget(page)
        await self._fail(page, reason, attempt)
        self._count.failed += 1
        self._emit("failed", page=page, message=reason)
        self._page_finished()

    def _fail_all_queued(self) -> None:
        """No lane can run anything any more: fail what is queued, with the lanes' reasons."""
        reason = " ".join(dict.fromkeys(lane.disabled for lane in self.lanes))

        async def fail_rest() -> None:
            while not self._queue.empty():
                page = self._queue.get_nowait()
                if page is not None:
                    await self._give_up(page, reason, max(1, self._count.attempts.get(page, 0)))

        task = asyncio.create_task(fail_rest())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _page_finished(self) -> None:
        self._remaining -= 1
        if self._remaining <= 0:
            self._queue.put_nowait(None)
            self._finished.set()

    async def _monitor(self, lane: Lane) -> None:
        assert lane.load is not None
        while True:
            await asyncio.sleep(lane.poll_interval(self._poll_interval))
            try:
                load = await lane.load()
            except Exception:  # metrics are a hint; their absence changes nothing
                load = None
            if load is None:
                lane.ramp.missed()  # and the quick looks of the ramp soon stop
            else:
                new = lane.adapt(load)
                if new != lane.limit:
                    await lane.set_limit(new)

    def _emit(self, kind: str, **kw: object) -> None:
        if self._on_event is not None:
            event = BatchEvent(kind, self.stats())
            self._on_event(replace(event, **kw))  # type: ignore[arg-type]
