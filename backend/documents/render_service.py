"""Page rendering off the UI process, with a bounded cache.

PyMuPDF holds the GIL while it renders (a 200-dpi render stalled an asyncio
loop ~176 ms when run in a thread), so rendering for display happens in worker
*processes*, each owning its own copy of the document. Two pools keep the page
view ahead of thumbnails: thumbnail requests can never delay the page the
reviewer is looking at.

Callers await ``render`` / ``thumbnail`` from an asyncio loop; a request that
is superseded (the reviewer flipped on) can be cancelled while still queued.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING

from backend.errors import DocumentError, RenderError
from backend.i18n import _
from backend.models import DEFAULT_MAX_PIXELS, RenderedPage

if TYPE_CHECKING:
    from backend.documents.page_image import Region
    from backend.documents.pdf import PdfDocument
    from backend.documents.vision import VisionSpec
    from backend.models import PageImage

DEFAULT_CACHE_BYTES = 384 * 1024 * 1024
THUMB_MAX_PIXELS = 200_000  # ~ 380×520: plenty for a list icon, cheap to send across

# -- the worker side: module-level state lives in each worker process ----------------

_worker_doc: PdfDocument | None = None


_worker_error: DocumentError | None = None


def _exit_when_orphaned(parent: int, interval_s: float = 1.0) -> None:
    """A worker whose parent died (a crash, kill -9) ends itself instead of lingering.

    Polling the parent id works whichever thread started the pool (the Linux
    parent-death signal follows the *thread*, which may end long before the app).
    The parent's pid comes from the parent: a worker still importing when its
    parent died would otherwise take its new parent for the real one.
    """
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(interval_s)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


def _worker_init(path: str, password: str | None, parent: int) -> None:
    global _worker_doc, _worker_error
    _exit_when_orphaned(parent)
    from backend.documents.pdf import (
        open_pdf,  # PyMuPDF is needed in the workers, not by their owner
    )

    try:
        _worker_doc = open_pdf(path, password, content_hash=False)
    except DocumentError as exc:  # reported by the first render, not as a broken pool
        _worker_error = exc


def _worker_ready() -> bool:
    return _worker_doc is not None


def _worker_render(page: int, scale: float, max_pixels: int) -> RenderedPage:
    if _worker_error is not None:
        raise _worker_error
    assert _worker_doc is not None, "worker used before its initializer ran"
    return _worker_doc.render(page, scale, max_pixels=max_pixels)


def _worker_encode(
    page: int, spec: VisionSpec, max_pixels: int, fmt: str, quality: int, region: Region | None
) -> PageImage:
    if _worker_error is not None:
        raise _worker_error
    assert _worker_doc is not None, "worker used before its initializer ran"
    from backend.documents.page_image import encode_page  # Pillow: only in workers that encode

    return encode_page(
        _worker_doc, page, spec=spec, max_pixels=max_pixels, fmt=fmt, quality=quality, region=region
    )


# -- the caller side ---------------------------------------------------------------


class PageCache:
    """LRU of rendered pages bounded by total pixel bytes.

    Locked because prefetch results arrive on the executor's own thread.
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple[int, float, int], RenderedPage] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: tuple[int, float, int]) -> RenderedPage | None:
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
            return item

    def put(self, key: tuple[int, float, int], page: RenderedPage) -> None:
        with self._lock:
            if key in self._items:
                self._bytes -= len(self._items.pop(key).samples)
            self._items[key] = page
            self._bytes += len(page.samples)
            while self._bytes > self.max_bytes and len(self._items) > 1:
                _unused, old = self._items.popitem(last=False)
                self._bytes -= len(old.samples)

    @property
    def size_bytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._items)


class RenderService:
    """Renders one document's pages in worker processes, caching the results."""

    def __init__(
        self,
        path: str | Path,
        password: str | None = None,
        *,
        cache_bytes: int = DEFAULT_CACHE_BYTES,
        max_pixels: int = DEFAULT_MAX_PIXELS,
        upload_workers: int = 1,
    ) -> None:
        self._args = (str(path), password, os.getpid())
        # "upload" encodes pages for OCR: a batch must never delay the page on screen.
        self._pools = {"pages": self._new_pool(), "thumbs": self._new_pool()}
        self._upload_workers = upload_workers
        self.cache = PageCache(cache_bytes)
        self._thumb_cache = PageCache(cache_bytes // 8)
        self._max_pixels = max_pixels

    def _new_pool(self, workers: int = 1) -> ProcessPoolExecutor:
        # "spawn": forking a process that runs Qt threads can deadlock the child.
        ctx = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(workers, ctx, initializer=_worker_init, initargs=self._args)

    def warm_up(self) -> None:
        """Start the page worker now (it opens the document) instead of on first use.

        The thumbnail worker starts on its first request: on two cores, starting
        both at once delays the first page the reviewer sees.
        """
        self._pools["pages"].submit(_worker_ready)

    def cached(self, page: int, scale: float) -> RenderedPage | None:
        return self.cache.get(_key(page, scale, self._max_pixels))

    async def render(self, page: int, scale: float) -> RenderedPage:
        """The page at ``scale`` (1.0 = 72 dpi; pass zoom × device pixel ratio)."""
        key = _key(page, scale, self._max_pixels)
        return await self._fetch("pages", self.cache, key)

    async def thumbnail(self, page: int, scale: float = 0.25) -> RenderedPage:
        key = _key(page, scale, THUMB_MAX_PIXELS)
        return await self._fetch("thumbs", self._thumb_cache, key)

    def prefetch(self, page: int, scale: float) -> Future[RenderedPage] | None:
        """Start rendering a page the reviewer will likely want next (fire and forget)."""
        key = _key(page, scale, self._max_pixels)
        if self.cache.get(key) is not None:
            return None
        try:
            future = self._pools["pages"].submit(_worker_render, *key)
        except BrokenProcessPool:
            return None  # the next real request replaces the pool and reports it
        future.add_done_callback(lambda f: self._store(self.cache, key, f))
        return future

    async def encode(
        self,
        page: int,
        *,
        spec: VisionSpec,
        max_pixels: int,
        fmt: str = "jpeg",
        quality: int = 85,
        region: Region | None = None,
    ) -> PageImage:
        """The page rendered and encoded for upload, in an "upload" worker process."""
        if "upload" not in self._pools:  # started on first use: most sessions never OCR
            self._pools["upload"] = self._new_pool(self._upload_workers)
        pool = self._pools["upload"]
        try:
            future = pool.submit(_worker_encode, page, spec, max_pixels, fmt, quality, region)
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except BrokenProcessPool as exc:
            if self._pools.get("upload") is pool:
                pool.shutdown(wait=False, cancel_futures=True)
                del self._pools["upload"]
            raise RenderError(
                _("Page {page} could not be prepared for OCR: the renderer stopped on it.").format(
                    page=page + 1
                ),
                detail=repr(exc),
            ) from exc

    async def _fetch(
        self, pool_name: str, cache: PageCache, key: tuple[int, float, int]
    ) -> RenderedPage:
        hit = cache.get(key)
        if hit is not None:
            return hit
        pool = self._pools[pool_name]
        try:
            future = pool.submit(_worker_render, *key)
            result = await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()  # still queued: the worker never starts it
            raise
        except BrokenProcessPool as exc:
            # The worker died (MuPDF crashed on this page, or was killed). Start a
            # fresh one so the other pages keep working, and say which page failed.
            if self._pools[pool_name] is pool:  # not already replaced by another request
                pool.shutdown(wait=False, cancel_futures=True)
                self._pools[pool_name] = self._new_pool()
            raise RenderError(
                _(
                    "Page {key} could not be drawn: the renderer stopped on it (the file may "
                    "be damaged there). Other pages still work."
                ).format(key=key[0] + 1),
                detail=repr(exc),
            ) from exc
        cache.put(key, result)
        return result

    @staticmethod
    def _store(cache: PageCache, key: tuple[int, float, int], f: Future[RenderedPage]) -> None:
        if not f.cancelled() and f.exception() is None:
            cache.put(key, f.result())

    def close(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)


def _key(page: int, scale: float, max_pixels: int) -> tuple[int, float, int]:
    # Rounded so that tiny float differences in zoom hit the same cache entry.
    return page, round(scale, 3), max_pixels
