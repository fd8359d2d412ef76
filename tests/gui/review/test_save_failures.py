"""When the store cannot be written: the text stays, the status bar says why, the
save is retried; and closing the window never drops typed text silently."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.errors import StoreError
from backend.models import VersionKind
from backend.store.review_store import ReviewStore
from gui.review.autosave import RETRY_MS, SaveState
from tests.gui.conftest import type_text, wait_for

DISK_FULL = "The disk is full; your text is kept in memory until it can be saved."
GUARD_S = 10 * RETRY_MS / 1000  # a hang guard for a retry, never a measure of its delay


@pytest.fixture
def window(make_window, arun, qapp, sample_pdf: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    # Closing the only window would quit the app's event loop, which the test still runs on.
    qapp.setQuitOnLastWindowClosed(False)
    w = make_window(str(sample_pdf), "--store", str(tmp_path / "review.sqlite3"))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    w.activateWindow()
    w.editor.editor.setFocus()
    yield w
    qapp.setQuitOnLastWindowClosed(True)


class DiskFull:
    """Makes the open session's save_draft fail until ``clear()``."""

    def __init__(self, session, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
        self.attempts = 0
        self._session = session
        self._mp = monkeypatch

        def fail(page: int, text: str) -> object:
            self.attempts += 1
            raise StoreError(DISK_FULL)

        monkeypatch.setattr(session, "save_draft", fail)

    def clear(self) -> None:
        self._mp.undo()


def _failed(w) -> bool:  # type: ignore[no-untyped-def]
    return w.controller.autosave.state is SaveState.FAILED


def test_a_failing_save_says_why_keeps_the_text_and_retries(
    window, arun, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = window
    session = w.controller.workspace.session
    fault = DiskFull(session, monkeypatch)
    type_text(w.editor.editor, "第一條 kept")
    arun(wait_for(lambda: _failed(w), what="the failed save"))
    assert w.save_label.text() == f"not saved — retrying: {DISK_FULL}"
    assert w.editor.text() == "第一條 kept"
    assert session.store.draft(0) is None
    attempts = fault.attempts
    states: list[SaveState] = []
    w.controller.autosave.state_changed.connect(lambda state, _reason: states.append(state))
    # Retried with no one typing: that it comes is asserted, not how soon. The guard is
    # 10x RETRY_MS; 3x was a timing claim that a store thread busy for 6 s (a review
    # pass, a backup, a loaded machine) broke. The retry is over once the window has
    # heard how it went (saving, then a state again): the store thread counts the
    # attempt before that, and the window still says "saving" meanwhile.
    arun(
        wait_for(lambda: states[-1:] not in ([], [SaveState.SAVING]), timeout=GUARD_S, what="retry")
    )
    assert states[0] is SaveState.SAVING and fault.attempts > attempts
    assert _failed(w) and w.editor.text() == "第一條 kept"
    fault.clear()
    arun(
        wait_for(
            lambda: w.save_label.text() == "saved",
            timeout=GUARD_S,
            what="the save after the fault clears",
        )
    )
    assert session.store.draft(0) == "第一條 kept"
    assert not w.controller.autosave.dirty


def test_a_page_with_unsaved_text_is_not_left(
    window, arun, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = window
    session = w.controller.workspace.session
    fault = DiskFull(session, monkeypatch)
    type_text(w.editor.editor, "unsaved")
    arun(wait_for(lambda: _failed(w), what="the failed save"))
    QTest.keyClick(w.editor.editor, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    arun(wait_for(lambda: "staying on this page" in w.statusBar().currentMessage(), what="msg"))
    assert w.controller.current == 0 and w.editor.text() == "unsaved"
    fault.clear()
    QTest.keyClick(w.editor.editor, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    arun(w.runner.drain())
    assert [(v.kind, v.text) for v in session.store.versions(0)] == [(VersionKind.EDIT, "unsaved")]


def test_closing_saves_typing_that_was_not_yet_autosaved(window, arun, tmp_path: Path) -> None:
    w = window
    type_text(w.editor.editor, "typed just before closing")
    assert w.controller.autosave.dirty  # the idle timer has not fired yet
    w.close()
    arun(wait_for(lambda: w.controller.workspace is None, what="the document to close"))
    arun(w.runner.drain())
    assert not w.isVisible()
    store = ReviewStore(tmp_path / "review.sqlite3", author="check")
    try:
        assert not store.was_unclean
        assert [(v.kind, v.text) for v in store.versions(0)] == [
            (VersionKind.EDIT, "typed just before closing")
        ]
        assert store.draft(0) is None
    finally:
        store.close()


def test_closing_while_saves_fail_asks_and_no_keeps_the_window(
    window, arun, monkeypatch: pytest.MonkeyPatch, dialogs
) -> None:
    w = window
    fault = DiskFull(w.controller.workspace.session, monkeypatch)
    type_text(w.editor.editor, "do not lose me")
    dialogs.answers[:] = ["No"]
    asked = dialogs["question"]
    w.close()
    arun(wait_for(lambda: bool(asked), what="the question"))
    arun(w.runner.drain())
    assert "disk is full" in asked[0]
    assert w.isVisible() and w.controller.workspace is not None
    assert w.editor.text() == "do not lose me"
    fault.clear()
    w.close()
    # the document closes first, the window right after it (the detach is awaited)
    arun(
        wait_for(
            lambda: w.controller.workspace is None and not w.isVisible(),
            what="the document and the window to close",
        )
    )
