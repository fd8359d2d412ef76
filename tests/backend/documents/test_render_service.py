"""Rendering in worker processes, the byte-bounded page cache, prefetch and cancellation."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from backend.documents.render_service import THUMB_MAX_PIXELS, PageCache, RenderService
from backend.errors import RenderError
from backend.models import RenderedPage

WAIT_S = 60.0  # bound on waiting for a worker; a healthy one answers in well under a second


def _page(page: int, nbytes: int) -> RenderedPage:
    samples = bytes(nbytes)
    return RenderedPage(page, nbytes, 1, nbytes, samples, scale=1.0, clamped=False)


def _key(page: int) -> tuple[int, float, int]:
    return page, 1.0, 1000


# -- PageCache ----------------------------------------------------------------------


def test_cache_evicts_least_recently_used_when_over_its_bytes() -> None:
    cache = PageCache(max_bytes=100)
    for n in range(3):
        cache.put(_key(n), _page(n, 40))
    assert len(cache) == 2 and cache.size_bytes == 80
    assert cache.get(_key(0)) is None
    assert cache.get(_key(1)) is not None and cache.get(_key(2)) is not None


def test_cache_get_makes_an_entry_recent() -> None:
    cache = PageCache(max_bytes=100)
    cache.put(_key(0), _page(0, 40))
    cache.put(_key(1), _page(1, 40))
    assert cache.get(_key(0)) is not None  # 0 is now newer than 1
    cache.put(_key(2), _page(2, 40))
    assert cache.get(_key(1)) is None
    assert cache.get(_key(0)) is not None


def test_cache_replacing_a_key_counts_its_bytes_once() -> None:
    cache = PageCache(max_bytes=100)
    cache.put(_key(0), _page(0, 40))
    newer = _page(0, 30)
    cache.put(_key(0), newer)
    assert len(cache) == 1 and cache.size_bytes == 30
    assert cache.get(_key(0)) is newer


def test_cache_keeps_a_single_entry_larger_than_its_budget() -> None:
    cache = PageCache(max_bytes=100)
    cache.put(_key(0), _page(0, 40))
    big = _page(1, 500)
    cache.put(_key(1), big)
    assert len(cache) == 1 and cache.size_bytes == 500
    assert cache.get(_key(1)) is big


def test_cache_evicts_several_to_fit_a_large_entry() -> None:
    cache = PageCache(max_bytes=100)
    for n in range(4):
        cache.put(_key(n), _page(n, 25))
    cache.put(_key(9), _page(9, 70))
    assert [n for n in (0, 1, 2, 3, 9) if cache.get(_key(n))] == [3, 9]
    assert cache.size_bytes == 95


# -- RenderService ------------------------------------------------------------------


@pytest.fixture
def service(sample_pdf: Path) -> Iterator[RenderService]:
    svc = RenderService(sample_pdf)
    try:
        yield svc
    finally:
        svc.close()


def _wait_for_cache(svc: RenderService, page: int, scale: float) -> RenderedPage | None:
    deadline = time.monotonic() + WAIT_S
    while (hit := svc.cached(page, scale)) is None and time.monotonic() < deadline:
        time.sleep(0.01)
    return hit


def test_render_in_a_worker_gives_the_page_at_scale(service: RenderService) -> None:
    page = asyncio.run(service.render(0, 0.5))
    assert (page.page, page.width, page.height) == (0, 298, 421)
    assert len(page.samples) == page.stride * page.height
    assert min(page.samples) < 100 < max(page.samples)  # ink on paper
    assert service.cached(0, 0.5) is page


def test_second_render_is_served_from_the_cache(service: RenderService) -> None:
    async def twice() -> tuple[RenderedPage, int, RenderedPage, int]:
        first = await service.render(0, 0.5)
        size = len(service.cache)
        second = await service.render(0, 0.5000001)  # float noise hits the same entry
        return first, size, second, len(service.cache)

    first, size_after_first, second, size_after_second = asyncio.run(twice())
    assert second is first
    assert size_after_first == size_after_second == 1


def test_thumbnail_is_clamped_to_about_its_pixel_budget(service: RenderService) -> None:
    thumb = asyncio.run(service.thumbnail(2, scale=4.0))  # 2380×3368 asked for
    assert thumb.page == 2
    assert thumb.clamped and thumb.scale < 4.0
    assert THUMB_MAX_PIXELS * 0.9 < thumb.width * thumb.height < THUMB_MAX_PIXELS * 1.01
    assert service.cached(2, 4.0) is None  # thumbnails keep out of the page cache


def test_thumbnail_never_exceeds_its_pixel_budget(service: RenderService) -> None:
    thumb = asyncio.run(service.thumbnail(2, scale=4.0))
    assert thumb.width * thumb.height <= THUMB_MAX_PIXELS


def test_prefetch_fills_the_cache(service: RenderService) -> None:
    assert service.cached(3, 0.5) is None
    future = service.prefetch(3, 0.5)
    assert future is not None
    hit = _wait_for_cache(service, 3, 0.5)
    assert hit is not None and (hit.page, hit.width, hit.height) == (3, 298, 421)
    assert service.prefetch(3, 0.5) is None  # already there: nothing to do
    assert asyncio.run(service.render(3, 0.5)) is hit


def test_cancelling_a_queued_render_leaves_the_service_working(
    service: RenderService, monkeypatch: pytest.MonkeyPatch
) -> None:
    pool = service._pools["pages"]
    submitted: dict[int, Future[RenderedPage]] = {}
    real_submit = pool.submit

    def recording_submit(fn, page, *args):  # type: ignore[no-untyped-def]
        submitted[page] = future = real_submit(fn, page, *args)
        return future

    monkeypatch.setattr(pool, "submit", recording_submit)

    async def scenario() -> tuple[list[RenderedPage], RenderedPage]:
        busy = [asyncio.create_task(service.render(p, 1.0)) for p in range(3)]
        queued = asyncio.create_task(service.render(6, 1.0))
        await asyncio.sleep(0)  # let every request reach the pool
        queued.cancel()
        with pytest.raises(asyncio.CancelledError):
            await queued
        done = await asyncio.gather(*busy)
        return done, await service.render(5, 0.5)

    done, later = asyncio.run(scenario())
    assert [p.page for p in done] == [0, 1, 2]
    assert (later.page, later.width, later.height) == (5, 298, 421)
    assert service.cached(6, 1.0) is None  # the cancelled request stored nothing
    assert submitted[6].cancelled()  # and the worker never spent time drawing it


def test_a_killed_worker_fails_one_page_clearly_and_the_next_page_renders(
    service: RenderService,
) -> None:
    async def scenario() -> None:
        await service.render(0, 0.3)
        for pid in list(service._pools["pages"]._processes):  # the real worker process
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(RenderError, match="Page 2 could not be drawn"):
            for _ in range(50):  # the executor notices the death within moments
                await service.render(1, 0.3 + _ / 1000)
                await asyncio.sleep(0.05)
        page = await service.render(2, 0.3)
        assert page.page == 2 and page.width > 0

    asyncio.run(scenario())


def test_render_workers_end_when_their_parent_is_killed() -> None:
    """A crashed app (kill -9) must not leave render processes behind."""
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT, SAMPLE_PDF

    script = (
        "import asyncio, multiprocessing, sys\n"
        "from backend.documents.render_service import RenderService\n"
        "async def main():\n"
        f"    r = RenderService({str(SAMPLE_PDF)!r})\n"
        "    await r.render(0, 0.5)\n"
        "    print(' '.join(str(c.pid) for c in multiprocessing.active_children()), flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        workers = [int(p) for p in child.stdout.readline().split()]
        assert workers, "the render worker did not start"
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        deadline = time.monotonic() + 10
        alive = workers
        while alive and time.monotonic() < deadline:
            time.sleep(0.2)
            alive = [p for p in workers if _running(p)]
        assert not alive, f"render workers {alive} outlived their killed parent"
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False
