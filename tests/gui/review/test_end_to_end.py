"""The real main window: open → edit → approve → reopen finds the edit and its history."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.models import ReviewStatus, VersionKind
from gui.review.autosave import SaveState
from tests.gui.conftest import type_text, wait_for


def test_open_edit_approve_reopen(make_window, arun, sample_pdf: Path, tmp_path: Path) -> None:
    store = tmp_path / "review.sqlite3"
    w = make_window(str(sample_pdf), "--store", str(store))

    async def first_session() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.page_view._has_image, what="page image")
        assert w.page_label.text() == "Page 1 / 7"
        w.editor.editor.setFocus()
        type_text(w.editor.editor, "第一條 ok 校對")
        await wait_for(
            lambda: (
                w.controller.autosave.state is SaveState.SAVED and not w.controller.autosave.dirty
            ),
            what="autosave",
        )
        assert w.save_label.text() == "saved"
        QTest.keyClick(w.editor.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        await wait_for(lambda: w.controller.current == 1, what="approve and next")
        assert w.page_list_model.status(0) is ReviewStatus.APPROVED
        assert w.page_label.text() == "Page 2 / 7"
        assert await w.controller.detach()

    arun(first_session())

    w2 = make_window(str(sample_pdf), "--store", str(store))

    async def second_session() -> None:
        assert await w2.opener.open(sample_pdf)
        await wait_for(lambda: w2.controller.current == 0, what="first page")
        assert w2.editor.text() == "第一條 ok 校對"
        assert w2.page_list_model.status(0) is ReviewStatus.APPROVED
        versions = w2.history.model.versions
        assert [v.kind for v in versions] == [VersionKind.EDIT]
        assert versions[0].text == "第一條 ok 校對"

    arun(second_session())
