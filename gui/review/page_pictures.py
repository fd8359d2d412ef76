"""The pictures of the open document: the page shown and the page list's thumbnails.

Every picture is rendered for one document and shown only if that document is still
the open one (and, for the page, that page is still shown): the same page number of
the document opened since is another scan.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject

from gui.widgets.qimage import to_pixmap

if TYPE_CHECKING:
    from backend.models import ReviewStatus
    from gui.review.page_list_model import PageListModel
    from gui.services.tasks import TaskRunner
    from gui.services.workspace import Workspace
    from gui.widgets.page_view import PageView

MAX_PENDING_THUMBNAILS = 32


class PictureViews(Protocol):
    page_view: PageView
    page_list_model: PageListModel


class PagePictures(QObject):
    def __init__(
        self,
        views: PictureViews,
        runner: TaskRunner,
        where: Callable[[], tuple[Workspace | None, int]],
        tell: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.w, self.runner = views, runner
        self._where = where  # (the open document, the page shown)
        self._tell = tell
        self._thumb_tasks: deque[tuple[int, asyncio.Task[None]]] = deque()
        self._page_shown = False
        self._deferred_thumbs: list[int] = []
        views.page_view.render_wanted.connect(lambda _s: self.request_render())
        views.page_list_model.thumbnail_wanted.connect(self._want_thumbnail)

    def document_opened(self, workspace: Workspace, statuses: list[ReviewStatus]) -> None:
        """Nothing of the previous document stays on screen, whatever its page numbers."""
        self._page_shown = False
        self._deferred_thumbs = []
        self.w.page_view.clear_image()
        self.w.page_list_model.set_document(workspace.key, statuses)

    def document_closing(self) -> None:
        for _, task in self._thumb_tasks:
            task.cancel()
        self._thumb_tasks.clear()

    def request_render(self) -> None:
        ws, page = self._where()
        if ws is not None and page >= 0:
            self.runner.run(self._render(ws, page, self.w.page_view.wanted_scale()), name="render")

    async def _render(self, ws: Workspace, page: int, scale: float) -> None:
        rendered = await ws.render(page, scale)
        if self._where() != (ws, page):
            return  # another page, or the same page number of another document
        dpr = self.w.page_view.devicePixelRatioF()
        self.w.page_view.show_pixmap(to_pixmap(rendered, dpr), rendered.scale)
        if not self._page_shown:
            self._page_shown = True
            deferred, self._deferred_thumbs = self._deferred_thumbs, []
            for wanted in deferred:
                self._want_thumbnail(wanted)
        for warning in rendered.warnings:
            self._tell(warning)
        if page + 1 < ws.page_count:
            ws.renderer.prefetch(page + 1, scale)  # the next flip is usually forward

    def _want_thumbnail(self, page: int) -> None:
        ws, _ = self._where()
        if ws is None:
            return
        if not self._page_shown:  # the page the reviewer reads first; thumbnails after it
            self._deferred_thumbs.append(page)
            return
        while len(self._thumb_tasks) >= MAX_PENDING_THUMBNAILS:
            old_page, old = self._thumb_tasks.popleft()  # scrolled past: drop the oldest
            if not old.done():
                old.cancel()
                self.w.page_list_model.forget_request(old_page)
        self._thumb_tasks.append((page, self.runner.run(self._thumbnail(ws, page))))

    async def _thumbnail(self, ws: Workspace, page: int) -> None:
        rendered = await ws.thumbnail(page)
        self.w.page_list_model.set_thumbnail(page, to_pixmap(rendered), ws.key)
