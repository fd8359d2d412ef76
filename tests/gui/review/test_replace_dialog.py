"""Find & replace in the window (issue 24 point 4): the preview lists every match and
changes nothing; only the checked matches are written, one version per page; an
approved page asks first; the page shown, the page list and History follow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.models import ReviewStatus
from gui.review.replace_model import MatchRole
from gui.shell.main_window import MainWindow
from tests.gui.conftest import DialogResponder, type_text, wait_for
from tests.gui.review.replace_support import page_texts, version_counts
from tests.gui.window_support import opened

WRONG, RIGHT = "林ＯＯ", "林○○"


def _preview(w: MainWindow, arun: Any, find: str, replace: str) -> None:
    w.actions_by_name["replace"].trigger()
    dialog = w.replace.dialog
    assert dialog.isVisible() and dialog.focusWidget() is dialog.find_field
    type_text(dialog.find_field, find)
    dialog.replace_field.setFocus()
    type_text(dialog.replace_field, replace)
    QTest.keyClick(dialog.replace_field, Qt.Key.Key_Return)  # Enter in a field: preview
    arun(w.runner.drain())


PAGES = {
    0: f"原告{WRONG}起訴。",
    2: f"原告{WRONG}與被告陳大文，{WRONG}主張。",
    4: f"證人{WRONG}到庭。",
}


def test_the_preview_lists_every_match_and_changes_nothing(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w = opened(make_window, arun, sample_pdf, PAGES)
    texts, counts = page_texts(w), version_counts(w)
    _preview(w, arun, WRONG, RIGHT)
    model = w.replace.dialog.model
    assert [(m.page, m.found, m.replacement) for m in model.matches] == [
        (0, WRONG, RIGHT),
        (2, WRONG, RIGHT),
        (2, WRONG, RIGHT),
        (4, WRONG, RIGHT),
    ]
    assert model.rowCount() == 3  # a row per page, its matches under it
    row = [model.index(0, c, model.index(1, 0)).data() for c in range(4)]
    assert row == ["p. 3", "原告", f"{WRONG} → {RIGHT}", "與被告陳大文，林ＯＯ主張。"]
    assert "4 match(es) on 3 page(s)" in w.replace.dialog.summary.text()
    assert page_texts(w) == texts and version_counts(w) == counts  # nothing written
    assert WRONG in w.editor.text()


def test_accepting_a_subset_writes_only_those(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w = opened(make_window, arun, sample_pdf, PAGES)
    counts = version_counts(w)
    _preview(w, arun, WRONG, RIGHT)
    dialog = w.replace.dialog
    view, model = dialog.view, dialog.model
    assert dialog.focusWidget() is view  # the preview hands the keyboard to the list
    # Space on page 5's row clears its one match; Space on page 3's second match clears it.
    check = Qt.ItemDataRole.CheckStateRole
    view.setCurrentIndex(model.index(2, 0))
    QTest.keyClick(view, Qt.Key.Key_Space)
    second = model.index(1, 0, model.index(1, 0))
    view.setCurrentIndex(second)
    QTest.keyClick(view, Qt.Key.Key_Space)
    assert second.data(check) == Qt.CheckState.Unchecked and second.data(MatchRole) == 2
    assert model.index(1, 0).data(check) == Qt.CheckState.PartiallyChecked
    assert model.checked == [True, True, False, False]
    QTest.keyClick(view, Qt.Key.Key_Return)  # Enter in the list: apply the checked ones
    arun(w.runner.drain())
    texts = page_texts(w)
    assert texts[0] == f"原告{RIGHT}起訴。"
    assert texts[2] == f"原告{RIGHT}與被告陳大文，{WRONG}主張。"  # its second match unticked
    assert texts[4] == PAGES[4]  # unticked: untouched
    after = version_counts(w)
    assert [a - b for a, b in zip(after, counts, strict=True)] == [1, 0, 1, 0, 0, 0, 0]
    # The page shown and its History, as after any new version.
    arun(wait_for(lambda: w.editor.text() == texts[0], what="the page shown reloaded"))
    arun(wait_for(lambda: w.history.model.rowCount() == after[0], what="History"))
    assert "Replaced 2 match(es) on 2 page(s)." in dialog.outcome.text()
    # The preview again: what is left, none ticked, so Enter again writes nothing.
    assert [(m.page, m.start) for m in model.matches] == [(2, 12), (4, 2)]
    assert model.chosen() == [] and not dialog.apply_button.isEnabled()
    QTest.keyClick(view, Qt.Key.Key_Return)
    arun(w.runner.drain())
    assert version_counts(w) == after


def test_an_approved_page_asks_before_it_is_changed(
    make_window: Any, arun: Any, sample_pdf: Path, dialogs: DialogResponder
) -> None:
    w = opened(make_window, arun, sample_pdf, PAGES)
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    arun(w.controller.workspace.set_status(2, ReviewStatus.APPROVED))  # type: ignore[union-attr]
    counts = version_counts(w)
    _preview(w, arun, WRONG, RIGHT)
    model = w.replace.dialog.model
    assert "approved" in model.index(1, 0).data()
    dialogs.answers = ["No"]
    w.replace.dialog.apply_button.click()
    arun(w.runner.drain())
    assert len(dialogs["question"]) == 1 and "3" in dialogs["question"][0]
    assert store.page_state(2).text == PAGES[2]  # No: the approved page as it was
    assert store.status(2) is ReviewStatus.APPROVED
    assert store.page_state(4).text == f"證人{RIGHT}到庭。"  # the others written
    # What is left is shown unticked (applying again needs a choice): tick it, then Yes.
    assert not w.replace.dialog.apply_button.isEnabled()
    w.replace.dialog.check_all.click()
    dialogs.answers = ["Yes"]
    w.replace.dialog.apply_button.click()
    arun(w.runner.drain())
    assert store.page_state(2).text == f"原告{RIGHT}與被告陳大文，{RIGHT}主張。"
    assert store.status(2) is not ReviewStatus.APPROVED  # the approval taken back
    after = version_counts(w)
    assert after[2] == counts[2] + 1
    arun(wait_for(lambda: w.page_list_model.status(2) is not ReviewStatus.APPROVED))


def test_a_preview_is_dropped_when_its_document_closes(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    # Its matches are places in the document that closed: Apply must never reach another.
    w = opened(make_window, arun, sample_pdf, PAGES)
    _preview(w, arun, WRONG, RIGHT)
    dialog = w.replace.dialog
    assert dialog.model.matches and dialog.apply_button.isEnabled()
    other = tmp_path / "other" / "second.pdf"
    other.parent.mkdir()
    other.write_bytes(sample_pdf.read_bytes())
    assert arun(w.opener.open(other))
    arun(wait_for(lambda: w.controller.current == 0, what="the other document"))
    assert not dialog.isVisible() and dialog.model.matches == []
    assert not dialog.apply_button.isEnabled()
    assert dialog.find_field.text() == WRONG  # what was typed stays for the next search


def test_current_page_is_the_page_shown_now_not_when_the_dialogopened(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w = opened(make_window, arun, sample_pdf, PAGES)
    _preview(w, arun, WRONG, RIGHT)  # opened on page 1; the dialog stays open
    w.controller.go_to(2)
    arun(wait_for(lambda: w.controller.current == 2, what="page 3 shown"))
    dialog = w.replace.dialog
    assert dialog.isVisible()
    # The page-loaded signal comes after the move, and a slow load's after the search
    # starts: as it would be then (page 1 as the last one loaded), the page shown wins.
    dialog.set_document(dialog.page_count, 0)
    dialog.this_page.setChecked(True)
    dialog.preview()
    arun(w.runner.drain())
    assert [m.page for m in dialog.model.matches] == [2, 2]  # page 3's, not page 1's
