"""*File ▸ Publish…* (issue 25 point 2): it refuses while findings are unreviewed,
unless the reviewer says to mask them; once every finding is accepted it writes a
de-identified text file and says where, with the mask rules' name."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from tests.gui.conftest import wait_for
from tests.gui.publish.support import FINDINGS, publishing


def test_publish_refuses_while_unreviewed_then_writes_a_masked_txt(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    w.actions_by_name["publish"].trigger()
    dialog = publish.dialog
    assert dialog is not None and dialog.isVisible()
    dialog.format.setCurrentIndex(dialog.format.findData("txt"))
    target = tmp_path / "published.txt"
    dialog.path.setText(str(target))
    assert arun(dialog.publish()) is None
    assert not target.exists()
    assert f"{FINDINGS} finding(s) are unreviewed" in dialog.message.text()
    # The reviewer accepts everything in the dock: Shift+A on each unreviewed one.
    dock = publish.dock
    while dock.model.unreviewed():
        dock.view.setCurrentIndex(dock.model.index(0, 0))
        QTest.keyClick(dock.view, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
        arun(w.runner.drain())
    result = arun(dialog.publish())
    assert result is not None and result.path == target
    text = target.read_text("utf-8")
    for leak in ("陳大文", "林志明", "A123456789", "0912-345-678"):
        assert leak not in text, leak
    assert "陳○○" in text and "林○○" in text and "王小明" in text  # the judge keeps the name
    assert str(target) in dialog.message.text() and "surname+○○" in dialog.message.text()


def test_publish_masks_the_unreviewed_when_told_to(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    _w, publish = publishing(make_window, arun, sample_pdf)
    dialog = publish.show_dialog()
    assert dialog is not None
    dialog.format.setCurrentIndex(dialog.format.findData("md"))
    dialog.unreviewed.setChecked(True)  # and no file chosen: beside the PDF
    result = arun(dialog.publish())
    assert result is not None
    assert result.path.parent == sample_pdf.parent and result.path.name.endswith(".published.md")
    text = result.path.read_text("utf-8")
    assert "陳大文" not in text and "A123456789" not in text and "陳○○" in text


def test_a_redacted_pdf_asks_first_about_findings_with_no_place_on_the_scan(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    # No alternate reading was run: no line box places any finding on the scan.
    _w, publish = publishing(make_window, arun, sample_pdf)
    dialog = publish.show_dialog()
    assert dialog is not None
    dialog.format.setCurrentIndex(dialog.format.findData("pdf"))
    target = tmp_path / "published.pdf"
    dialog.path.setText(str(target))
    dialog.unreviewed.setChecked(True)
    task = asyncio.ensure_future(dialog.publish())

    def asked() -> QMessageBox | None:
        boxes = [b for b in dialog.findChildren(QMessageBox) if b.isVisible()]
        return boxes[0] if boxes else None

    arun(wait_for(lambda: asked() is not None, what="the question"))
    box = asked()
    assert box is not None
    assert f"{FINDINGS} finding(s) have no place on the scan" in box.text()
    assert "page 2: Phone number" in box.text()
    box.button(QMessageBox.StandardButton.No).click()
    assert arun(task) is None
    assert not target.exists()
    assert "mark those findings" in dialog.message.text()
