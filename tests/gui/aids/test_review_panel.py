"""The Compare dock in the real window: highlights in both panes, F8/F7, accepting the
alternate's reading with one key, approving a page with markers, the page-list badge."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from backend.models import ReviewStatus, VersionKind
from backend.review.values import FlagKind
from backend.session.document_session import DocumentSession
from gui.aids.diff_highlight import CRITICAL_BG, CURRENT_BG, MARKER_BG
from gui.review.autosave import SaveState
from gui.shell.main_window import MainWindow
from tests.conftest import DATA
from tests.gui.aids.review_helpers import accept_answering
from tests.gui.aids.review_helpers import press as _key
from tests.gui.aids.review_helpers import wait_reviewed as _reviewed
from tests.gui.conftest import wait_for

ALT = Qt.KeyboardModifier.AltModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def seeded(sample_pdf: Path) -> tuple[Path, str, str]:
    """The sample with the VLM-style transcripts imported and, for page 1, an alternate
    reading that differs in one modal word (得 → 應)."""
    session = DocumentSession.open(sample_pdf)
    session.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    text = session.page_state(0).text
    alternate = text.replace("得以", "應以", 1)
    session.store.add_version(0, VersionKind.ALTERNATE, alternate, {"engine": "tesseract"})
    session.close()
    return sample_pdf, text, alternate


@pytest.fixture
def window(make_window: Any, arun: Any, seeded: tuple[Path, str, str]) -> MainWindow:
    w: MainWindow = make_window()
    assert arun(w.opener.open(seeded[0]))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    _reviewed(w, arun)
    w.activateWindow()
    w.editor.editor.setFocus()
    return w


def _spans(selections: list[Any]) -> list[tuple[int, int, Any]]:
    return [(s.cursor.selectionStart(), s.cursor.selectionEnd(), s.format) for s in selections]


def test_the_difference_and_the_marker_are_highlighted_in_both_panes(
    window: MainWindow, seeded: tuple[Path, str, str]
) -> None:
    w, (_, text, alternate) = window, seeded
    at = text.index("得以")
    review = w.aids.review
    assert review is not None and review.agreement is not None and review.agreement < 1
    kinds = {f.kind for f in review.flags if f.start == at}
    assert FlagKind.CRITICAL in kinds
    spans = w.editor.highlights("review")
    critical = [s for s in spans if s[2].background().color() == CRITICAL_BG]
    assert (at, at + 2) in [(s, e) for s, e, _ in critical]  # the modal word 得以
    marker = text.index("【模糊】")
    markers = [(s, e) for s, e, f in spans if f.background().color() == MARKER_BG]
    assert (marker, marker + len("【模糊】")) in markers
    alt_spans = _spans(w.review_ui.panel.alt_view.extraSelections())
    assert (at, at + 2) in [(s, e) for s, e, _ in alt_spans]  # 應以 in the alternate (one item)
    assert w.review_ui.panel.alt_view.toPlainText() == alternate
    assert "%" in w.review_ui.panel.agreement.text()


def test_f8_goes_to_the_difference_in_both_panes_and_shift_f8_back(
    window: MainWindow, seeded: tuple[Path, str, str]
) -> None:
    w, text = window, seeded[1]
    at = text.index("得以")
    _key(w, Qt.Key.Key_F8)
    cursor = w.editor.editor.textCursor()
    # One stop for the critical 得以 and the diff under its 得.
    assert (cursor.selectionStart(), cursor.selectionEnd()) == (at, at + 2)
    assert w.review_ui.panel.alt_view.textCursor().position() == at
    current = [s for s in w.editor.highlights("review") if s[2].background().color() == CURRENT_BG]
    assert [(s, e) for s, e, _ in current] == [(at, at + 2)]
    alt_current = _spans(w.review_ui.panel.alt_view.extraSelections())[-1]
    assert (alt_current[0], alt_current[1]) == (at, at + 2)
    assert "1 of 1" in w.review_ui.panel.current.text()
    _key(w, Qt.Key.Key_Home, CTRL)
    _key(w, Qt.Key.Key_F8, SHIFT)  # nothing before the start, and no earlier page
    assert w.editor.editor.textCursor().position() == 0
    assert "No earlier differences" in w.statusBar().currentMessage()


def test_f7_visits_the_marker(window: MainWindow, seeded: tuple[Path, str, str]) -> None:
    w, text = window, seeded[1]
    marker = text.index("【模糊】")
    _key(w, Qt.Key.Key_F7)
    cursor = w.editor.editor.textCursor()
    assert (cursor.selectionStart(), cursor.selectionEnd()) == (marker, marker + 4)


def test_accepting_replaces_the_text_is_undoable_and_is_saved(
    window: MainWindow, arun: Any, seeded: tuple[Path, str, str], dialogs: Any
) -> None:
    w, text = window, seeded[1]
    at = text.index("得以")
    _key(w, Qt.Key.Key_F8)
    accept_answering(w, arun, dialogs)  # a modal word: asked first
    assert "legal-critical" in dialogs["question"][-1]
    assert w.editor.text()[at : at + 2] == "應以"
    _key(w, Qt.Key.Key_Z, CTRL)
    assert w.editor.text() == text  # an ordinary edit: Ctrl+Z takes it back
    _reviewed(w, arun)
    _key(w, Qt.Key.Key_F8, SHIFT)  # the undo left the cursor after it: back to it
    dialogs.answers.append("Yes")
    w.review_ui.panel.accept_button.click()
    arun(w.runner.drain())
    assert w.editor.text()[at : at + 2] == "應以"
    arun(
        wait_for(
            lambda: (
                w.controller.autosave.state is SaveState.SAVED and not w.controller.autosave.dirty
            ),
            what="autosave",
        )
    )
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    assert store.working_text(0) == text.replace("得以", "應以", 1)
    _reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.agreement == 1.0


def test_approving_a_page_with_markers_asks_first(
    window: MainWindow, arun: Any, dialogs: Any
) -> None:
    w = window
    dialogs.answers = ["No"]
    _key(w, Qt.Key.Key_Return, CTRL)
    arun(wait_for(lambda: len(dialogs["question"]) == 1, what="the question"))
    arun(w.runner.drain())
    assert "marker" in dialogs["question"][0]
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    assert store.status(0) is not ReviewStatus.APPROVED
    assert w.controller.current == 0
    dialogs.answers = ["Yes"]
    w.actions_by_name["approve_next"].trigger()  # offscreen, the closed box keeps the focus
    arun(wait_for(lambda: w.controller.current == 1, what="the next page"))
    arun(w.runner.drain())
    assert store.status(0) is ReviewStatus.APPROVED
    assert len(dialogs["question"]) == 2


def test_approving_a_page_without_markers_does_not_ask(
    window: MainWindow, arun: Any, dialogs: Any
) -> None:
    w = window
    w.controller.go_to(1)  # page 2 has no marker
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    arun(w.runner.drain())
    _key(w, Qt.Key.Key_Return, CTRL)
    arun(wait_for(lambda: w.controller.current == 2, what="page 3"))
    arun(w.runner.drain())
    assert dialogs["question"] == []


def test_the_page_list_shows_agreement_and_markers(window: MainWindow, arun: Any) -> None:
    w = window
    model = w.page_list_model
    arun(wait_for(lambda: "%" in model.data(model.index(0)), what="the badge"))
    label = model.data(model.index(0))
    assert "◆1" in label
    assert "%" not in model.data(model.index(1))  # no alternate for page 2
    tip = model.data(model.index(0), Qt.ItemDataRole.ToolTipRole)
    assert "alternate reading" in tip and "marker" in tip
    summary = w.review_ui.panel.summary.text()
    assert "1 of 7 page(s) compared" in summary


def test_ctrl_d_shows_the_dock_and_an_option_changes_the_comparison(
    window: MainWindow, arun: Any
) -> None:
    w = window
    assert not w.review_ui.dock.isVisible()
    w.actions_by_name["compare"].trigger()
    assert w.review_ui.dock.isVisible()
    panel = w.review_ui.panel
    box = panel.option_box("ignore_whitespace")
    assert box.isChecked()
    box.setChecked(False)
    assert w.aids.gui_settings.compare_options["ignore_whitespace"] is False
    assert w.aids.settings.compare.ignore_whitespace is False
    _reviewed(w, arun)
    w.actions_by_name["compare"].trigger()
    assert not w.review_ui.dock.isVisible()
