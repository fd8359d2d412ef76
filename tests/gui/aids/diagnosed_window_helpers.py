"""``Rig``: a real window whose page ``SICK`` (page 2) the review diagnoses as a loop; waits,
steps to a page and reads the editor's selection in code points."""

from __future__ import annotations

from typing import Any

from backend.review.values import Diagnosis, DiagnosisKind
from gui.aids.image_link import utf16_to_code_points
from gui.shell.main_window import MainWindow
from tests.gui.aids.review_helpers import wait_reviewed
from tests.gui.conftest import wait_for

SICK = 1  # 0-based: page 2 is the looped one


class Rig:
    def __init__(self, w: MainWindow, arun: Any) -> None:
        self.w, self.arun = w, arun

    def wait(self, condition: Any, what: str) -> None:
        async def whole() -> None:
            try:
                await wait_for(condition, 60, what)
            finally:
                await self.w.runner.drain()

        self.arun(whole())

    def selection(self) -> tuple[int, int]:
        editor = self.w.editor.editor
        cursor, text = editor.textCursor(), editor.toPlainText()
        return (
            utf16_to_code_points(text, cursor.selectionStart()),
            utf16_to_code_points(text, cursor.selectionEnd()),
        )

    def go(self, page: int) -> None:
        self.w.controller.go_to(page)
        self.wait(lambda: self.w.controller.current == page, f"page {page + 1}")
        wait_reviewed(self.w, self.arun)
        self.w.activateWindow()
        self.w.editor.editor.setFocus()

    def loop(self) -> Diagnosis:
        review = self.w.aids.review
        assert review is not None and review.page == SICK
        (found,) = review.diagnoses
        assert found.kind is DiagnosisKind.REPETITION
        return found
