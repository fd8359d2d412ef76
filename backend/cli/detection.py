"""The CLI's loop over pages for a per-page detector (``backend.session.page_detections``):
the scan's lines and layout for ``status``/``compare``, the layout for ``proofdesk layout``.

Only the pages not known (cached) yet are detected, with a progress line on stderr per
page when there is more than one; Ctrl+C stops detecting, says so, and the command goes
on with what was found.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from backend.cli.output import PREFIX, warn
from backend.i18n import _

if TYPE_CHECKING:
    from backend.session.page_detections import DetectionSource


def detect_unknown(
    source: DetectionSource[Any],
    pages: Iterable[int],
    *,
    progress: str,
    stopped: str,
    wanted: Callable[[int], bool] | None = None,
) -> bool:
    """Detect those of ``pages`` not known yet (and ``wanted``, asked only of those), in
    order, unless the detector cannot run here (``source.problem``); ``progress`` is the
    template of a progress line (``{done}``, ``{total}``, ``{page}``), ``stopped`` what
    Ctrl+C says. True when Ctrl+C stopped it."""
    if source.problem is not None:
        return False
    todo = [p for p in pages if source.known(p) is None and (wanted is None or wanted(p))]

    def on_progress(done: int, total: int, page: int) -> None:
        warn(progress.format(done=done, total=total, page=page + 1))

    try:
        asyncio.run(source.detect_pages(todo, on_progress if len(todo) > 1 else None))
    except KeyboardInterrupt:
        warn(PREFIX + stopped)
        return True
    return False


def say_problem(source: DetectionSource[Any]) -> None:
    """The detector's first failure (or why it cannot run), once, on stderr."""
    if source.problem is not None:
        warn(PREFIX + _("notice: {notice}").format(notice=source.problem))
