"""Autosave: durable within ~2 s even while typing non-stop; failures keep the text and retry."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.errors import StoreError
from backend.store import sql
from gui.review.autosave import MAX_WAIT_MS, Autosave, SaveState
from gui.services.tasks import TaskRunner
from tests.gui.conftest import wait_for


class RecordingStore:
    """A save function that records what reached 'disk', and can be told to fail."""

    def __init__(self, failures: int = 0) -> None:
        self.saved: list[tuple[int, str, float]] = []
        self.failures = failures

    async def save(self, page: int, text: str) -> None:
        await asyncio.sleep(0.01)
        if self.failures:
            self.failures -= 1
            raise StoreError("The disk is full; your text is kept in memory until it can be saved.")
        self.saved.append((page, text, asyncio.get_running_loop().time()))


def test_continuous_typing_is_saved_before_it_stops(arun) -> None:
    store = RecordingStore()
    runner = TaskRunner()
    autosave = Autosave(store.save, runner.run)

    async def type_until_saved() -> str:
        # Typing never pauses as long as the idle delay, so only the longest wait can
        # save; that it does is the decision asserted, not how soon (a loaded machine
        # delays timers). The typing stops at the save, or at 10× the longest wait.
        loop = asyncio.get_running_loop()
        give_up = loop.time() + 10 * MAX_WAIT_MS / 1000
        text = ""
        while not store.saved and loop.time() < give_up:
            text += "字"
            autosave.text_changed(0, text)
            await asyncio.sleep(0.1)  # faster than the idle delay: never a pause
        return text

    typed = arun(type_until_saved())
    assert store.saved, "nothing was saved during continuous typing"
    arun(autosave.flush())
    assert store.saved[-1][:2] == (0, typed)  # every keystroke reached the store
    assert autosave.state is SaveState.SAVED and not autosave.dirty


def test_failed_save_keeps_text_reports_reason_and_retries(arun) -> None:
    store = RecordingStore(failures=2)
    runner = TaskRunner()
    autosave = Autosave(store.save, runner.run)
    states: list[tuple[SaveState, str]] = []
    autosave.state_changed.connect(lambda s, r: states.append((s, r)))

    async def scenario() -> None:
        autosave.text_changed(3, "第三頁")
        await wait_for(lambda: autosave.state is SaveState.FAILED, what="first failure")
        assert "disk is full" in autosave.reason
        assert autosave.dirty  # the text is still held in memory
        autosave.text_changed(3, "第三頁改")  # typing goes on while it retries
        await wait_for(lambda: autosave.state is SaveState.SAVED, timeout=15, what="retry")

    arun(scenario())
    assert store.saved[-1][:2] == (3, "第三頁改")
    assert any(s is SaveState.FAILED and "disk is full" in r for s, r in states)
    assert not autosave.dirty


def test_text_for_two_pages_pending_at_once_is_all_saved(arun) -> None:
    store = RecordingStore()
    autosave = Autosave(store.save, TaskRunner().run)
    autosave.text_changed(0, "end of page one")
    autosave.text_changed(1, "start of page two")
    assert arun(autosave.flush())
    assert sorted((p, t) for p, t, _ in store.saved) == [
        (0, "end of page one"),
        (1, "start of page two"),
    ]


def test_typing_during_a_save_is_saved_too(arun) -> None:
    """A keystroke that arrives while the previous text is being written is not lost."""
    written: list[str] = []
    writing = asyncio.Event()

    async def slow_save(page: int, text: str) -> None:
        writing.set()
        await asyncio.sleep(0.2)
        written.append(text)

    autosave = Autosave(slow_save, TaskRunner().run)

    async def scenario() -> bool:
        autosave.text_changed(0, "第一")
        flushing = asyncio.ensure_future(autosave.flush())
        await writing.wait()  # "第一" is on its way to the disk
        autosave.text_changed(0, "第一條")
        return await flushing

    assert arun(scenario())
    assert written[-1] == "第一條"
    assert not autosave.dirty and autosave.state is SaveState.SAVED


# -- a text the store refuses for good (issue 21) -------------------------------------


def test_a_refused_long_text_is_said_once_kept_and_not_retried_until_shortened(
    make_window: Any, arun: Any, sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real window on a real store whose page limit is the text's length plus 3:
    typing 10 more characters makes a text the store refuses (PageTooLongError)."""
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    arun(w.runner.drain())
    ws, autosave = w.controller.workspace, w.controller.autosave
    assert ws is not None
    saved_text = w.editor.text()
    monkeypatch.setattr(sql, "MAX_PAGE_CHARS", len(saved_text) + 3)
    attempts: list[str] = []
    real_save = ws.save_draft

    async def counted(page: int, text: str) -> Any:
        attempts.append(text)
        return await real_save(page, text)

    monkeypatch.setattr(ws, "save_draft", counted)
    told: list[str] = []
    autosave.state_changed.connect(lambda s, r: told.append(r) if s is SaveState.REFUSED else None)
    w.activateWindow()
    w.editor.editor.setFocus()
    QTest.keyClick(w.editor.editor, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(w.editor.editor, "0123456789")
    typed = w.editor.text()

    assert not arun(autosave.flush())  # not saved...
    assert len(attempts) == 1 and autosave.state is SaveState.REFUSED
    assert not autosave._retry.isActive()  # ...and no retry waits to write it again
    assert "characters a page can hold" in w.save_label.text()
    assert "retrying" not in w.save_label.text()
    assert not arun(autosave.flush())  # as leaving the page or approving would ask
    w.controller.go_to(1)
    arun(w.runner.drain())
    QTest.keyClicks(w.editor.editor, "more")  # still too long: nothing to try
    arun(w.runner.drain())
    assert not arun(autosave.flush())
    assert len(attempts) == 1
    assert w.controller.current == 0 and w.editor.text() == typed + "more"  # nothing lost
    assert autosave.dirty and len(told) == 1  # said once
    assert ws.session.store.draft(0) is None  # the store holds nothing of it

    for _ in range(12):  # the reviewer shortens it: 2 characters over the saved text
        QTest.keyClick(w.editor.editor, Qt.Key.Key_Backspace)
    assert arun(autosave.flush())
    assert len(attempts) == 2 and autosave.state is SaveState.SAVED and not autosave.dirty
    assert ws.session.store.draft(0) == saved_text + "01"
