"""Issue 28, defect 1 in the window: editing an approved page said nothing, and the
page list and the status bar went on saying "approved". Now the first keystroke shows
a notice bar above the transcript (no dialog: typing goes on), and once the typing is
saved the page list and the status bar say "in progress"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.models import ReviewStatus
from tests.gui.conftest import type_text, wait_for


def test_the_first_keystroke_on_an_approved_page_says_so(
    make_window,  # type: ignore[no-untyped-def]
    arun,
    sample_pdf: Path,
) -> None:
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    arun(w.controller.set_status(ReviewStatus.APPROVED))
    arun(w.runner.drain())
    model = w.page_list_model
    assert model.status_name(ReviewStatus.APPROVED) in w.status_label.text()
    assert not w.editor.notice.isVisible()

    w.activateWindow()
    w.editor.editor.setFocus()
    QTest.keyClick(w.editor.editor, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    type_text(w.editor.editor, "應")
    # At once, before any save: a bar above the text, not a dialog (typing goes on).
    assert w.editor.notice.isVisible()
    assert "approv" in w.editor.notice.label.text()
    assert w.editor.editor.toPlainText().endswith("應") and not w.editor.editor.isReadOnly()

    assert arun(w.controller.autosave.flush())
    arun(w.runner.drain())
    assert w.controller.workspace.session.store.status(0) is ReviewStatus.IN_PROGRESS
    assert model.status_name(ReviewStatus.IN_PROGRESS) in w.status_label.text()
    assert model.status(0) is ReviewStatus.IN_PROGRESS

    type_text(w.editor.editor, "定")  # not approved any more: nothing more to say
    w.editor.notice.hide()
    type_text(w.editor.editor, "之")
    assert not w.editor.notice.isVisible()
