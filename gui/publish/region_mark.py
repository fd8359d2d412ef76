"""**R** in the Publish dock (issue 25 point 3): mark where on the scan a finding stands
that no alternate reading places there, so the redacted PDF removes those pixels too.

The finding's page is shown and its text selected, the page view is put in region mode
as this mark's own (its crosshair; Esc there leaves it; OCR's re-read ignores a region
drawn in it, as this ignores one drawn for OCR) and the region the reviewer drags is
stored with ``mark_region`` on the store's thread, as the dock's other decisions are.
Leaving region mode before a region is drawn (Esc), or a region drawn after moving to
another page, stores nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from backend.publish.decisions import Reviewed
from backend.session.publish import PublishState
from gui.context import Host, Navigator
from gui.publish.source import PublishCalls

if TYPE_CHECKING:
    from gui.services.tasks import TaskRunner
    from gui.widgets.page_view import PageView

Box = tuple[float, float, float, float]


def page_box(region: tuple[float, ...]) -> Box | None:
    """The region as ``mark_region`` takes it (corners in order, inside the page);
    None for one with no area."""
    x0, y0, x1, y1 = (min(max(float(v), 0.0), 1.0) for v in region)
    box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    return box if box[0] < box[2] and box[1] < box[3] else None


class RegionMark(QObject):
    """One finding's region at a time: a new R replaces the one being drawn."""

    def __init__(
        self,
        host: Host,
        navigator: Navigator,
        runner: TaskRunner,
        page_view: PageView,
        calls: Callable[[], PublishCalls | None],
        state: Callable[[], PublishState | None],
        marked: Callable[[], Awaitable[None]],
    ) -> None:
        """``state``: the Publish state the dock's items were read in; ``marked``: awaited
        once a region is stored (the dock reads its list again)."""
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self.page_view = host, navigator, runner, page_view
        self._calls, self._state, self._marked = calls, state, marked
        self.item: Reviewed | None = None  # the finding whose region is being drawn
        self.read_in: PublishState | None = None  # the state its offsets are of
        page_view.region_selected.connect(self._drawn)
        page_view.region_mode_changed.connect(self._mode_changed)

    def start(self, item: Reviewed) -> None:
        self.cancel()
        # The state now, not when the region is drawn: the page may be saved (and the
        # list read again) meanwhile, and the item's offsets are of this one.
        self.runner.run(self._start(item, self._state()), name="publish-region")

    def cancel(self) -> None:
        """Leave region mode if this mark put the view in it (Esc in the list)."""
        if self.item is not None and self.page_view.region_owner is self:
            self.page_view.set_region_mode(False)  # _mode_changed says so

    async def _start(self, item: Reviewed, state: PublishState | None) -> None:
        f = item.finding
        # A newer page move cancels this one, and this task with it.
        await self.nav.move(self.nav.open_hit(f.page, f.start, f.end - f.start))
        if self.nav.current != f.page:
            return
        self.item, self.read_in = item, state
        self.page_view.set_region_mode(True, self)  # it takes the focus: Esc reaches it
        self.host.show_message(
            self.tr("Drag over where “{0}” stands on the scan; Esc cancels.").format(f.text), 0
        )

    def _mode_changed(self, on: bool) -> None:
        if not on and self.item is not None:  # left before a region was drawn
            self.item = None
            self.host.show_message(self.tr("No region marked."), 5000)

    def _drawn(self, region: tuple[float, ...]) -> None:
        if self.page_view.region_owner is not self:
            return  # a region drawn for another feature (OCR's re-read)
        item, self.item = self.item, None  # taken first: leaving region mode is no cancel
        if item is None:
            return
        self.page_view.set_region_mode(False)
        box = page_box(region)
        if self.nav.current != item.finding.page or box is None:
            # The region would be stored against the finding's page: one drawn on
            # another page (moved to meanwhile) would mark the wrong place.
            self.host.show_message(self.tr("No region marked: draw it on the finding's page."))
            return
        # Not named: a new R cancels no store.
        self.runner.run(self._store(item, self.read_in, box))

    async def _store(self, item: Reviewed, state: PublishState | None, box: Box) -> None:
        calls = self._calls()
        if calls is None or state is None:
            return
        await calls.mark_region(state, item, box)
        self.host.show_message(
            self.tr("Region marked: the redacted PDF removes it from the scan."), 5000
        )
        await self._marked()
