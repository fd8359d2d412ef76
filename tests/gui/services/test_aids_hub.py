"""The aids hub in the real window: reviews follow typing (debounced, latest wins),
alternate OCR runs in the worker with progress, and its failures are shown plainly."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.engines.offline import AltOcrRunner, EngineMissingError
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from gui.shell.main_window import MainWindow
from tests.conftest import DATA
from tests.gui.conftest import type_text, wait_for


def _seed(pdf: Path, *, alternate: bool) -> str:
    session = DocumentSession.open(pdf)
    session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    text = session.page_state(0).text
    if alternate:
        session.store.add_version(0, VersionKind.ALTERNATE, text, {"engine": "tesseract"})
    session.close()
    return text


def _open(make_window: Any, arun: Any, pdf: Path) -> MainWindow:
    w: MainWindow = make_window()
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    arun(wait_for(lambda: w.aids.review is not None, what="the first review"))
    arun(w.runner.drain())
    return w


def test_review_fresh_says_when_the_flags_match_the_text_on_screen(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    _seed(sample_pdf, alternate=True)
    w = _open(make_window, arun, sample_pdf)
    arun(wait_for(w.aids.review_is_fresh, what="the first review, fresh"))
    fresh: list[bool] = []
    w.aids.review_fresh.connect(lambda: fresh.append(w.aids.review_is_fresh()))
    w.editor.editor.setFocus()
    type_text(w.editor.editor, "新")
    assert not w.aids.review_is_fresh()  # the review shown is of the text before typing
    arun(wait_for(lambda: bool(fresh), what="the fresh signal"))
    assert fresh == [True]
    assert w.aids.review_text == w.editor.text()


def test_the_review_follows_typing_after_a_pause(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    text = _seed(sample_pdf, alternate=True)
    w = _open(make_window, arun, sample_pdf)
    assert w.aids.review is not None and w.aids.review.agreement == 1.0
    reviews: list[Any] = []
    w.aids.review_changed.connect(reviews.append)
    w.editor.editor.setFocus()
    QTest.keyClick(w.editor.editor, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    type_text(w.editor.editor, "多餘")  # two characters the alternate does not have
    assert reviews == []  # nothing recomputed per keystroke
    arun(wait_for(lambda: bool(reviews), what="the review of the typed text"))
    arun(w.runner.drain())
    review = reviews[-1]
    assert review.agreement is not None and review.agreement < 1.0
    assert any(f.start == len(text) for f in review.flags)  # the two added characters
    assert len(reviews) == 1  # one computation for the burst of typing


def test_an_alternate_read_from_the_text_layer_is_stored_and_compared(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    pdf = tmp_path / "digital.pdf"
    shutil.copy(DATA / "legal-sample.digital.pdf", pdf)
    _seed(pdf, alternate=False)
    w = _open(make_window, arun, pdf)
    panel = w.review_ui.panel
    assert w.aids.review is not None and w.aids.review.agreement is None
    w.actions_by_name["compare"].trigger()
    panel.engine.setCurrentIndex(panel.engine.findData("textlayer"))
    panel.scope.setCurrentIndex(panel.scope.findData("all"))
    progress: list[tuple[int, int]] = []
    w.aids.run_progress.connect(lambda done, total: progress.append((done, total)))
    try:
        QTest.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
        assert not panel.run_button.isEnabled()  # at once: no second click
        arun(wait_for(lambda: w.aids.running or bool(progress), what="the run to start"))
        if w.aids.running:
            assert not panel.run_button.isEnabled() and panel.cancel_button.isEnabled()
        arun(wait_for(lambda: not w.aids.running, timeout=120, what="the text-layer run"))
        arun(wait_for(lambda: w.aids.alternates != [], what="the stored alternate"))
        arun(w.runner.drain())
    finally:
        arun(w.aids.aclose())
    assert progress[-1] == (7, 7)
    assert panel.run_message.text() == "7 page(s) read."
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    assert all(any(v.kind is VersionKind.ALTERNATE for v in store.versions(p)) for p in range(7))
    review = w.aids.review
    assert review is not None and review.agreement is not None
    assert review.alternate is not None and review.alternate.engine == "textlayer"
    assert panel.alt_view.toPlainText() == review.alternate.text
    assert panel.alternate_choice.count() == 1 and "Text layer" in panel.alternate_choice.itemText(
        0
    )
    arun(wait_for(lambda: "7 of 7 page(s) compared" in panel.summary.text(), what="the summary"))


def test_a_missing_engine_is_named_before_and_during_a_run(
    make_window: Any, arun: Any, sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _seed(sample_pdf, alternate=False)
    w = _open(make_window, arun, sample_pdf)
    panel = w.review_ui.panel
    hint = "Tesseract is not installed. Install it with: sudo apt-get install tesseract-ocr"

    async def problem(engine: str) -> str | None:
        return hint

    async def no_problem(engine: str) -> str | None:
        return None

    monkeypatch.setattr(w.aids, "engine_problem", problem)
    panel.run()
    assert not panel.run_button.isEnabled()  # no second click while the engine is checked
    arun(w.runner.drain())
    assert panel.run_message.text() == hint
    assert panel.run_button.isEnabled()
    assert "c62828" in panel.run_message.styleSheet()  # in red
    assert not w.aids.running

    async def missing(*_a: Any, **_k: Any) -> list[Any]:
        raise EngineMissingError(hint)

    monkeypatch.setattr(w.aids, "engine_problem", no_problem)
    monkeypatch.setattr(AltOcrRunner, "run_pages", missing)
    panel.run()
    arun(wait_for(lambda: not w.aids.running, what="the run to fail"))
    arun(w.runner.drain())
    assert panel.run_message.text() == hint
    assert panel.run_button.isEnabled() and not panel.progress.isVisible()
    arun(w.aids.aclose())


def test_choosing_an_older_alternate_compares_with_it(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    text = _seed(sample_pdf, alternate=True)  # identical to the transcript
    w = _open(make_window, arun, sample_pdf)
    ws = w.controller.workspace
    assert ws is not None
    changed = text.replace("得以", "應以", 1)
    arun(
        ws.run_in_store(
            lambda: ws.session.store.add_version(
                0, VersionKind.ALTERNATE, changed, {"engine": "rapidocr"}
            )
        )
    )
    w.aids.refresh()
    arun(wait_for(lambda: len(w.aids.alternates) == 2, what="both alternates"))
    arun(w.runner.drain())
    review = w.aids.review
    assert review is not None and review.agreement is not None and review.agreement < 1.0
    panel = w.review_ui.panel
    assert panel.alternate_choice.count() == 2
    panel.alternate_choice.activated.emit(1)  # the older, identical one
    arun(
        wait_for(
            lambda: w.aids.review is not None and w.aids.review.agreement == 1.0,
            what="the older alternate's review",
        )
    )
    assert panel.alt_view.toPlainText() == text
