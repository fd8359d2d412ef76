"""Regressions from the review-aids code review: an accepted reading lands only where
its review says, in the text the review was computed for; closing a document stops
the whole-document passes before its store closes; slow checks stay off the UI thread."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.models import AltText, VersionKind
from backend.review.values import FlagKind
from backend.session.document_session import DocumentSession
from gui.aids.compare_nav import MARKER_KINDS
from gui.services import workspace
from gui.shell.main_window import MainWindow
from tests.conftest import DATA
from tests.gui.aids.review_helpers import accept_answering
from tests.gui.aids.review_helpers import press as _key
from tests.gui.aids.review_helpers import wait_reviewed as _reviewed
from tests.gui.conftest import wait_for

ALT = Qt.KeyboardModifier.AltModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def _open(make_window: Any, arun: Any, pdf: Path, alternate: Any) -> tuple[MainWindow, str]:
    """The sample with its transcripts, page 1 with an alternate made by ``alternate``."""
    session = DocumentSession.open(pdf)
    session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    text = session.page_state(0).text
    session.store.add_version(0, VersionKind.ALTERNATE, alternate(text), {"engine": "tesseract"})
    session.close()
    w: MainWindow = make_window()
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    _reviewed(w, arun)
    w.activateWindow()
    w.editor.editor.setFocus()
    return w, text


def _errors(w: MainWindow) -> list[str]:
    errors: list[str] = []
    w.runner.error.disconnect()  # read the messages here rather than in a box
    w.runner.error.connect(errors.append)
    return errors


# -- findings 1-3: accepting only into the text reviewed ----------------------------------


def test_accept_after_a_page_turn_does_not_write_the_last_pages_reading(
    make_window: Any, arun: Any, sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w, _ = _open(make_window, arun, sample_pdf, lambda t: t.replace("得以", "應以", 1))

    async def slow_review() -> None:  # page 2's review has not come yet
        return None

    monkeypatch.setattr(w.aids, "_compute", slow_review)
    w.controller.go_to(1)
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    arun(w.runner.drain())
    page2 = w.editor.text()
    assert w.review_ui.nav.review is not None and w.review_ui.nav.review.page == 0
    w.editor.editor.setFocus()
    _key(w, Qt.Key.Key_Home, CTRL)
    messages: list[str] = []
    w.review_ui.nav.message.connect(messages.append)
    _key(w, Qt.Key.Key_F8)
    _key(w, Qt.Key.Key_Return, ALT)
    assert w.editor.text() == page2  # page 1's 應以 went nowhere
    assert any("being updated" in m for m in messages)


def test_accept_right_after_typing_waits_for_the_review_of_the_typed_text(
    make_window: Any, arun: Any, sample_pdf: Path, dialogs: Any
) -> None:
    w, text = _open(make_window, arun, sample_pdf, lambda t: t.replace("得以", "應以", 1))
    _key(w, Qt.Key.Key_Home, CTRL)
    QTest.keyClicks(w.editor.editor, "X")  # every offset after it moves by one
    messages: list[str] = []
    w.review_ui.nav.message.connect(messages.append)
    _key(w, Qt.Key.Key_F8)  # at once: the review is still the one of the text before
    _key(w, Qt.Key.Key_Return, ALT)
    assert w.editor.text() == "X" + text  # not "，得以" → "應以以"
    assert any("being updated" in m for m in messages)
    _reviewed(w, arun)  # asked for at once, no typing pause
    _key(w, Qt.Key.Key_F8)
    accept_answering(w, arun, dialogs)  # a modal word: asked first
    assert w.editor.text() == "X" + text.replace("得以", "應以", 1)


def test_an_omitted_word_is_accepted_once(
    make_window: Any, arun: Any, sample_pdf: Path, dialogs: Any
) -> None:
    w, text = _open(make_window, arun, sample_pdf, lambda t: t.replace("得以", "不得以", 1))
    at = text.index("得以")
    flags = w.aids.review.flags if w.aids.review else ()
    # The omission (zero-width) and the modal word it changes (得以 → 不得以): one item.
    assert [(f.start, f.end, f.replacement) for f in flags if f.also_diff] == [
        (at, at + 2, "不得以")
    ]
    _key(w, Qt.Key.Key_F8)
    cursor = w.editor.editor.textCursor()
    assert (cursor.selectionStart(), cursor.selectionEnd()) == (at, at + 2)
    accept_answering(w, arun, dialogs)  # a negation inserted: asked first
    assert w.editor.text() == text.replace("得以", "不得以", 1)
    _key(w, Qt.Key.Key_F8, SHIFT)  # back: the zero-width flag at ``at`` must be gone
    accept_answering(w, arun, dialogs)  # and once more
    assert w.editor.text() == text.replace("得以", "不得以", 1)
    assert all(
        not (f.start <= at + 3 and f.end >= at)
        for f in w.review_ui.nav.review_flags()
        if f.kind is not FlagKind.MARKER  # the 【模糊】 right after it stays
    )  # nothing left at the accepted span in the review shifted by the edit
    _reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.agreement == 1.0


def test_a_failed_page_jump_leaves_no_pending_step(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, _ = _open(make_window, arun, sample_pdf, lambda t: t)
    nav = w.review_ui.nav
    nav._pending = (5, MARKER_KINDS, 1)  # going on to page 6 ...
    nav.page_loaded(0)  # ... but page 1 was loaded again (the jump failed)
    assert nav._pending is None


# -- finding 4: closing during a whole-document pass --------------------------------------


def test_closing_during_the_summaries_and_queue_passes_stops_them(
    make_window: Any, arun: Any, sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w, _ = _open(make_window, arun, sample_pdf, lambda t: t.replace("得以", "應以", 1))
    errors = _errors(w)
    monkeypatch.setattr(workspace, "REVIEW_CHUNK_PAGES", 1)
    ws = w.controller.workspace
    assert ws is not None
    session = ws.session
    calls: list[str] = []

    def slow(name: str, fn: Any) -> Any:
        def call(*args: Any) -> Any:
            calls.append(name)
            time.sleep(0.05)
            return fn(*args)

        return call

    monkeypatch.setattr(session, "review_summaries", slow("summaries", session.review_summaries))
    monkeypatch.setattr(session, "review_queue", slow("queue", session.review_queue))
    w.aids.refresh_summaries()
    w.review_queue.request_refresh()  # type: ignore[attr-defined]
    arun(wait_for(lambda: {"summaries", "queue"} <= set(calls), what="both passes"))
    assert arun(w.controller.detach())
    arun(w.runner.drain())
    assert errors == []
    assert len(calls) < 2 * 7  # they stopped part-way
    assert w.review_queue.model.items == []  # type: ignore[attr-defined]


# -- finding 6: a failed store write still ends the run -----------------------------------


def test_a_failed_store_write_still_ends_the_run(
    make_window: Any, arun: Any, sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backend.engines.offline import AltOcrRunner
    from backend.engines.offline.base import AltReading

    w, _ = _open(make_window, arun, sample_pdf, lambda t: t)
    errors = _errors(w)
    panel = w.review_ui.panel

    async def no_problem(engine: str) -> str | None:
        return None

    async def one_page(
        self: Any, path: Any, pages: Any, engine: Any, progress: Any, **k: Any
    ) -> Any:
        k["on_result"](AltReading(text="甲乙", engine="tesseract", page=0))
        return []

    async def disk_full(page: int, alt: Any) -> Any:
        raise OSError("disk full")

    monkeypatch.setattr(w.aids, "engine_problem", no_problem)
    monkeypatch.setattr(AltOcrRunner, "run_pages", one_page)
    monkeypatch.setattr(w.controller.workspace, "store_alternate", disk_full)
    panel.run()
    arun(wait_for(lambda: panel.run_button.isEnabled(), what="the run to end"))
    arun(w.runner.drain())
    assert not w.aids.running and not panel.cancel_button.isEnabled()
    assert "could not be stored" in panel.run_message.text()
    assert "disk full" in panel.run_message.text()
    assert "c62828" in panel.run_message.styleSheet()  # in red
    assert errors == []
    arun(w.aids.aclose())


# -- finding 8: the export dialog follows the document ------------------------------------


def test_the_export_dialog_closes_with_its_document(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    from gui.export.export_dialog import ExportDialog

    w, _ = _open(make_window, arun, sample_pdf, lambda t: t)
    w.actions_by_name["export"].trigger()
    dialog = w.findChild(ExportDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.runner is w.runner  # its failures reach the reviewer
    arun(w.runner.drain())
    assert arun(w.controller.detach())
    assert dialog.closed


# -- finding 9: engine checks off the UI thread, once -------------------------------------


def test_engine_checks_run_off_the_ui_thread_once_per_engine(
    make_window: Any, arun: Any, sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backend.engines.offline import runner

    threads: list[tuple[str, bool]] = []

    def check(engine: str) -> str | None:
        threads.append((engine, threading.current_thread() is threading.main_thread()))
        return None

    monkeypatch.setattr(runner, "engine_problem", check)
    w, _ = _open(make_window, arun, sample_pdf, lambda t: t)
    panel = w.review_ui.panel
    for engine in ("tesseract", "rapidocr", "tesseract", "rapidocr"):
        panel.engine.setCurrentIndex(panel.engine.findData(engine))
        arun(w.runner.drain())
    panel.set_document(7)
    arun(w.runner.drain())
    assert threads, "the engines were checked"
    assert not any(on_ui for _e, on_ui in threads)
    engines = [e for e, _ in threads]
    assert len(engines) == len(set(engines))  # once per engine


# -- finding 10: small ones ----------------------------------------------------------------


def test_the_alternate_pane_keeps_its_place_for_text_with_crlf(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, _ = _open(make_window, arun, sample_pdf, lambda t: t)
    panel = w.review_ui.panel
    review = w.aids.review
    assert review is not None
    review = replace(review, alternate=AltText("第一行\r\n第二行\u2028第三行", "tesseract"))
    panel.show_review(review, [])
    cursor = panel.alt_view.textCursor()
    cursor.setPosition(5)
    panel.alt_view.setTextCursor(cursor)
    panel.show_review(review, [])  # a recompute of the same reading
    assert panel.alt_view.textCursor().position() == 5


def test_saved_empty_marker_patterns_stay_empty(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, _ = _open(make_window, arun, sample_pdf, lambda t: t)
    w.aids.gui_settings.marker_patterns = []
    assert w.aids.marker_patterns() == []
