"""Progress and cancelling for a running export, without any threading of its own.

The caller (GUI worker thread, CLI) passes a ``Monitor``; writers call
``step`` once per page, which reports progress and raises
``ExportCancelledError`` once ``cancel`` is set, so the half-written
temporary file is thrown away.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from backend.export.errors import ExportCancelledError
from backend.i18n import _


@dataclass
class Monitor:
    on_progress: Callable[[int, int], None] | None = None  # (done, total)
    cancel: threading.Event = field(default_factory=threading.Event)

    def step(self, done: int, total: int) -> None:
        if self.cancel.is_set():
            raise ExportCancelledError(_("The export was cancelled; nothing was written."))
        if self.on_progress is not None:
            self.on_progress(done, total)
