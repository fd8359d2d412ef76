"""Autosave: typed text is durable within ~2 s, and a failed save is retried.

Saves when typing pauses (``IDLE_MS``) and, during continuous typing, no later
than ``MAX_WAIT_MS`` after the first unsaved keystroke. A failed save keeps
the text in memory, says why in the status bar, and retries every
``RETRY_MS`` until it succeeds. A text the store refuses for good (a page far
longer than any page, ``PageTooLongError``) is not retried: it stays in the
editor, unsaved, the reason is said once, and it is tried again only once it
has been shortened to what the store keeps.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from enum import Enum

from PySide6.QtCore import QObject, QTimer, Signal

from backend.errors import PageTooLongError, ProofDeskError

IDLE_MS = 700
MAX_WAIT_MS = 1500
RETRY_MS = 2000


class SaveState(Enum):
    SAVED = "saved"
    PENDING = "pending"  # typed, not yet written
    SAVING = "saving"
    FAILED = "failed"  # not saved — retrying
    REFUSED = "refused"  # not saved, not retried: too long; kept until shortened


SaveFn = Callable[[int, str], Awaitable[object]]


class Autosave(QObject):
    state_changed = Signal(object, str)  # SaveState, reason ("" unless FAILED)

    def __init__(
        self, save: SaveFn, run: Callable[..., object], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._save = save
        self._run = run  # TaskRunner.run: schedules a coroutine
        # Typed text not yet written, per page: text typed on page A just before
        # the switch to B is still saved to A even if B is typed on at once.
        self._pending: dict[int, str] = {}
        # Pages whose text the store refused for good, with the most it keeps: the
        # same text would be refused again, so only a text that fits is tried.
        self._refused: dict[int, int] = {}
        self.state = SaveState.SAVED
        self.reason = ""
        self.last_saved_at = 0.0
        self._idle = _single_shot(self, IDLE_MS, self._fire)
        self._max_wait = _single_shot(self, MAX_WAIT_MS, self._fire)
        self._retry = _single_shot(self, RETRY_MS, self._fire)
        self._lock = asyncio.Lock()

    def text_changed(self, page: int, text: str) -> None:
        """Call on every edit; cheap."""
        self._pending[page] = text
        if self.state not in (SaveState.FAILED, SaveState.REFUSED):  # said until resolved
            self._set_state(SaveState.PENDING)
        self._idle.start()
        if not self._max_wait.isActive():
            self._max_wait.start()

    @property
    def dirty(self) -> bool:
        return bool(self._pending)

    def discard(self) -> None:
        """Forget unsaved text (only after the reviewer agreed to lose it, or it was saved)."""
        for timer in (self._idle, self._max_wait, self._retry):
            timer.stop()
        self._pending.clear()
        self._refused.clear()
        self._set_state(SaveState.SAVED)

    def _fire(self) -> None:
        self._idle.stop()
        self._max_wait.stop()
        if self._pending:
            self._run(self.flush())

    async def flush(self) -> bool:
        """Write what is pending now. True when nothing is left unsaved."""
        async with self._lock:  # one save at a time, in typing order
            return await self._flush_locked()

    async def _flush_locked(self) -> bool:
        while batch := self._to_save():
            self._set_state(SaveState.SAVING)
            try:
                for page, text in batch:
                    await self._save_or_refuse(page, text)
            except Exception as exc:  # any other failure: keep the text, say why, retry
                reason = str(exc) if isinstance(exc, ProofDeskError) else repr(exc)
                self._set_state(SaveState.FAILED, reason)
                self._retry.start()
                return False
            for page, text in batch:
                if page not in self._refused and self._pending.get(page) == text:
                    del self._pending[page]  # unchanged while we were writing
        self._retry.stop()
        if self._pending:  # only refused text is left: kept in the editor, not retried
            self._set_state(SaveState.REFUSED, self._refusal())
            return False
        self.last_saved_at = time.time()
        self._set_state(SaveState.SAVED)
        return True

    def _to_save(self) -> list[tuple[int, str]]:
        """What is pending, less the refused text that would still be refused."""
        return [
            (page, text)
            for page, text in self._pending.items()
            if len(text) <= self._refused.get(page, sys.maxsize)
        ]

    async def _save_or_refuse(self, page: int, text: str) -> None:
        try:
            await self._save(page, text)
        except PageTooLongError as exc:  # final: the same text is refused every time
            self._refused[page] = min(exc.limit, len(text) - 1)  # never this text again
        else:
            self._refused.pop(page, None)

    def _refusal(self) -> str:
        page, limit = min(self._refused.items())
        return self.tr(
            "page {0}'s text is longer than the {1} characters a page can hold; it stays "
            "in the editor, and is saved once it is shortened"
        ).format(page + 1, f"{limit:,}")

    def _set_state(self, state: SaveState, reason: str = "") -> None:
        if (state, reason) != (self.state, self.reason):
            self.state, self.reason = state, reason
            self.state_changed.emit(state, reason)


def _single_shot(parent: QObject, ms: int, slot: Callable[[], None]) -> QTimer:
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(ms)
    timer.timeout.connect(slot)
    return timer
