"""The live status line of a re-run: what the server is doing, and for how long.

The elapsed time ticks every half second on its own, so a silent server (a
queue, a cold start) never looks like a frozen window.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from backend.engines.base import Progress
from backend.errors import ProofDeskError, ServerError
from backend.safe_text import placeholders
from gui.widgets.theme import ALERT, WARNING, set_color

TICK_MS = 500
# Gateways in front of serverless endpoints (and vLLM's own queue, through some
# proxies) send no response headers until the first token, so a "connect" that
# lasts more than a moment is really the wait for the first token.
CONNECT_GRACE_S = 2.0
COLD_START_HINT_S = 10.0  # from then on, say that the server may be starting


class RunStatus(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        # What the server said is shown as it is: never markup, escapes made visible.
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setAccessibleName(self.tr("OCR status"))
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._show)
        self._t0 = 0.0
        self._phase = "connecting"
        self._phase_t0 = 0.0
        self._tokens = 0
        self.prefix = ""  # e.g. "Page 3: " while another page is shown

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def start(self) -> None:
        self._t0 = self._phase_t0 = time.monotonic()
        self._phase, self._tokens, self.prefix = "connecting", 0, ""
        set_color(self, None)  # and not red again when the theme changes
        self._timer.start()
        self._show()

    def progress(self, progress: Progress) -> None:
        """A report from the engine; the clock is ours (it includes preparing the page)."""
        if not self.running:
            return
        if progress.phase != self._phase:
            self._phase, self._phase_t0 = progress.phase, time.monotonic()
        self._tokens = progress.tokens
        self._show()

    def _show(self) -> None:
        now = time.monotonic()
        elapsed = now - self._t0
        waiting = self._phase == "waiting" or (
            self._phase == "connecting" and now - self._phase_t0 >= CONNECT_GRACE_S
        )
        if self._phase == "reading":
            text = self.tr("Reading — about {0:,} tokens — {1:.1f} s").format(self._tokens, elapsed)
        elif self._phase == "loading":  # an in-process model, on its first page
            text = self.tr("Loading the model… {0:.0f} s").format(elapsed)
        elif waiting:
            text = self.tr("Waiting for the first token — {0:.0f} s").format(elapsed)
            if elapsed >= COLD_START_HINT_S:
                text += " " + self.tr("(the server may be starting: cold start)")
        else:
            text = self.tr("Connecting… {0:.1f} s").format(elapsed)
        self.setText(self.prefix + text)

    def finish(self, text: str, *, warning: bool = False) -> None:
        self._timer.stop()
        set_color(self, WARNING if warning else None)
        self.setText(placeholders(text))

    def show_error(self, error: ProofDeskError | str) -> None:
        """In red: the message written for the user, and what the server itself said."""
        self._timer.stop()
        text = str(error)
        if isinstance(error, ServerError) and error.status is not None and error.detail:
            text += "\n" + self.tr("The server said: {0}").format(error.detail)
        set_color(self, ALERT)
        self.setText(placeholders(text))
