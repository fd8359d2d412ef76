"""The GUI's handle on one open document: the backend session, made awaitable.

The review store is not thread-safe and its commits wait for the disk
(``synchronous=FULL``), so every session call runs on one serial worker thread
(SQLite releases the GIL while it waits). Rendering goes to the render
service's worker processes. The UI thread only awaits.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal

from backend.documents.render_service import RenderService
from backend.models import Change, PageState, RenderedPage, ReviewStatus, SearchHit, Version
from backend.provenance import ProvenanceLike
from backend.session.archive_readings import import_any
from gui.services.prewarm import take_prewarmed

if TYPE_CHECKING:
    from backend.models import AltText
    from backend.review.page_aids import AidSettings
    from backend.session.document_review import PageSummary, QueueItem
    from backend.session.document_session import DocumentSession

T = TypeVar("T")

# Pages per store call for whole-document review work: ~10-30 ms a page, so a
# save waits at most a few hundred milliseconds behind one chunk.
REVIEW_CHUNK_PAGES = 16

# Each opened document's identity in this process: caches of pictures and reviews are
# keyed by it, so the same page number of another (or a reopened) document never hits.
_OPENED = itertools.count(1)


class Workspace(QObject):
    """Emits ``changed`` after every mutation with the backend's change record."""

    changed = Signal(object)  # backend.models.Change

    def __init__(
        self,
        session: DocumentSession,
        renderer: RenderService,
        executor: ThreadPoolExecutor,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.key = next(_OPENED)
        self.renderer = renderer
        self._executor = executor
        # The loop the document was opened on. Not asyncio.get_running_loop() at each
        # call: Qt may run a step of one of our tasks while that loop is between two
        # run_until_complete calls (tests), and the call would then fail.
        self._loop = asyncio.get_running_loop()  # made by open(), on the loop
        self.page_count = session.page_count
        self.path = Path(session.pdf.info.path)
        self.notices = list(session.notices)
        self.closed = False
        self.password: str | None = None  # the PDF's, when it has one (kept in memory only)
        # Set before the close is queued: store work still coming (the next chunk
        # of a whole-document pass) stops instead of running on a closed store.
        self.closing = False

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        password: str | None = None,
        store_path: str | Path | None = None,
        allow_mismatch: bool = False,
        parent: QObject | None = None,
    ) -> Workspace:
        executor = ThreadPoolExecutor(1, thread_name_prefix="proofdesk-store")
        # Start the render workers while the session opens: spawning them and
        # importing PyMuPDF there is most of the time to the first page.
        renderer = take_prewarmed(path, password) or RenderService(path, password)
        renderer.warm_up()
        loop = asyncio.get_running_loop()
        try:
            session = await loop.run_in_executor(
                executor,
                lambda: _open_session(
                    path, password=password, store_path=store_path, allow_mismatch=allow_mismatch
                ),
            )
        except BaseException:
            executor.shutdown(wait=False)
            renderer.close()
            raise
        workspace = cls(session, renderer, executor, parent)
        # The searchable-PDF export reopens the file: it needs the password too.
        workspace.password = password
        return workspace

    async def run_in_store(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the store's thread (the only thread that may use the store).

        Once the document is closing, read work for it is dropped: the caller's
        task is cancelled (quietly) rather than failing on the closed store.
        """
        self._stop_if_closing()
        return await self._call(fn)

    def _stop_if_closing(self) -> None:
        if self.closing or self.closed:
            raise asyncio.CancelledError("the document is closing")

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._loop.run_in_executor(self._executor, fn, *args)

    async def _mutate(self, fn: Callable[..., Change], *args: Any) -> Change:
        future = self._loop.run_in_executor(self._executor, fn, *args)
        # A write that started always finishes and is announced, even if the task
        # that asked for it is cancelled (a newer page move): the views stay true.
        future.add_done_callback(self._announce)
        return await asyncio.shield(future)

    def _announce(self, future: asyncio.Future[Change]) -> None:
        if not future.cancelled() and future.exception() is None:
            self.changed.emit(future.result())

    # -- reads ------------------------------------------------------------------

    async def page_state(self, page: int) -> PageState:
        return await self._call(self.session.page_state, page)

    async def page_size(self, page: int) -> tuple[float, float]:
        return await self._call(self.session.pdf.page_size, page)

    async def statuses(self) -> list[ReviewStatus]:
        return await self._call(self.session.statuses)

    async def versions(self, page: int) -> list[Version]:
        return await self._call(self.session.store.versions, page)

    async def search(self, query: str) -> list[SearchHit]:
        return await self._call(self.session.search, query)

    async def render(self, page: int, scale: float) -> RenderedPage:
        return await self.renderer.render(page, scale)

    async def thumbnail(self, page: int) -> RenderedPage:
        return await self.renderer.thumbnail(page)

    # -- writes -------------------------------------------------------------------

    async def save_draft(self, page: int, text: str) -> Change:
        return await self._mutate(self.session.save_draft, page, text)

    async def commit_draft(self, page: int) -> Change:
        return await self._mutate(self.session.commit_draft, page)

    async def set_status(self, page: int, status: ReviewStatus) -> Change:
        return await self._mutate(self.session.set_status, page, status)

    async def restore(self, version_id: int) -> Change:
        return await self._mutate(self.session.restore, version_id)

    async def set_note(self, page: int, text: str) -> Change:
        return await self._mutate(self.session.set_note, page, text)

    async def import_transcripts(self, source: str | Path) -> Change:
        """Text transcripts; PAGE XML, ALTO or hOCR pages become alternate readings."""
        return await self._mutate(import_any, self.session, source)

    async def prompt_for(self, page: int) -> tuple[str, str]:
        """(prompt, scope) for a page; scope is "page", "document" or "default"."""
        return await self._call(
            lambda: (self.session.prompt_for(page), self.session.prompt_scope(page))
        )

    async def set_prompt(self, text: str, *, page: int | None = None) -> None:
        await self._call(lambda: self.session.set_prompt(text, page=page))

    async def add_reading(
        self, page: int, text: str, provenance: ProvenanceLike, *, history_only: bool = False
    ) -> tuple[int, Change]:
        future = self._loop.run_in_executor(
            self._executor,
            lambda: self.session.add_reading(page, text, provenance, history_only=history_only),
        )
        future.add_done_callback(self._announce_pair)
        return await asyncio.shield(future)

    def _announce_pair(self, future: asyncio.Future[tuple[int, Change]]) -> None:
        if not future.cancelled() and future.exception() is None:
            self.changed.emit(future.result()[1])

    # -- review aids --------------------------------------------------------------

    async def alternates(self, page: int) -> list[Version]:
        """The page's alternate readings, newest first."""
        return await self._call(self.session.alternates, page)

    async def review_summaries(self, settings: AidSettings) -> list[PageSummary]:
        return await self._in_chunks(lambda pages: self.session.review_summaries(settings, pages))

    async def review_queue(self, settings: AidSettings | None) -> list[QueueItem]:
        return await self._in_chunks(lambda pages: self.session.review_queue(settings, pages))

    async def _in_chunks(self, fn: Callable[[range], list[T]]) -> list[T]:
        """Whole-document review work, a few pages per store call: a diff per page
        would otherwise hold the store thread for seconds on a long document, and
        the reviewer's typing waits behind it to be saved."""
        out: list[T] = []
        for start in range(0, self.page_count, REVIEW_CHUNK_PAGES):
            pages = range(start, min(start + REVIEW_CHUNK_PAGES, self.page_count))
            self._stop_if_closing()  # between chunks: the close is queued behind this one
            out += await self._call(fn, pages)
        return out

    async def store_alternate(
        self, page: int, alt: AltText, *, as_transcript: bool = False
    ) -> tuple[int, Change]:
        """Keep an offline reading as an ``alternate`` version, or (``as_transcript``) as
        the working transcript, never over a person's edit; (version id, change)."""
        from backend.engines.offline import store_alt_text

        def store() -> tuple[int, Change]:
            return store_alt_text(self.session.store, page, alt, as_transcript=as_transcript)

        future = self._loop.run_in_executor(self._executor, store)
        future.add_done_callback(self._announce_pair)
        return await asyncio.shield(future)

    async def backup_if_due(self) -> None:
        await self._call(self.session.backup_if_due)

    async def close(self) -> None:
        """Commit drafts, back up and close; the render workers stop too."""
        if self.closed:
            return
        self.closing = True
        try:
            await self._call(self.session.close)
        finally:
            self.closed = True
            self.renderer.close()
            self._executor.shutdown(wait=False)  # its queue is empty: close ran last


def page_chunks(pages: Sequence[int]) -> list[tuple[int, ...]]:
    """``pages`` a few at a time, for whole-document work done one store call per chunk."""
    size = REVIEW_CHUNK_PAGES
    return [tuple(pages[i : i + size]) for i in range(0, len(pages), size)]


def _open_session(path: str | Path, **kwargs: Any) -> DocumentSession:
    # Imported here, on the store thread: PyMuPDF's import (~0.25 s) then overlaps
    # with the window appearing instead of delaying it.
    from backend.session.document_session import DocumentSession

    return DocumentSession.open(path, **kwargs)
