"""The Publish dock (issue 25 point 2) in the real window over a real store: the
document's findings listed with their kind, page and context; A and S record a
decision and the count drops; Shift+A decides every occurrence; Enter goes to the
span; a span the detectors missed is marked from the transcript's selection."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest

from backend.publish.model import PersonalKind
from gui.publish.publish_model import CONTEXT_COLUMN, DECISION, KIND, PAGE, TEXT
from tests.gui.conftest import wait_for
from tests.gui.publish.support import FINDINGS, decisions, publishing


def _row(model: Any, row: int) -> list[str]:
    return [model.index(row, c).data() for c in (KIND, PAGE, TEXT, DECISION, CONTEXT_COLUMN)]


def test_the_findings_are_listed_and_a_and_s_decide_one_each(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    dock = publish.dock
    model, view = dock.model, dock.view
    rows = [_row(model, r) for r in range(model.rowCount())]
    assert rows[0][:4] == ["Person", "1", "陳大文", "Unreviewed"]
    assert "原告　[陳大文]" in rows[0][4]  # its context on the page
    assert rows[1][:3] == ["ID number", "1", "A123456789"]
    assert rows[-1][:3] == ["Phone number", "2", "0912-345-678"]
    assert dock.panel.summary.text() == f"{FINDINGS} of {FINDINGS} finding(s) unreviewed."
    view.setCurrentIndex(model.index(0, 0))
    QTest.keyClick(view, Qt.Key.Key_A)  # mask this 陳大文 (this place only)
    arun(w.runner.drain())
    assert [(d["key"], d["decision"], d["scope"]) for d in decisions(w, arun)] == [
        ("陳大文", "accept", "place")
    ]
    assert dock.panel.summary.text() == f"{FINDINGS - 1} of {FINDINGS} finding(s) unreviewed."
    assert view.currentIndex().data() == "ID number"  # on to the next unreviewed
    QTest.keyClick(view, Qt.Key.Key_S)  # keep it
    arun(w.runner.drain())
    assert decisions(w, arun)[-1]["decision"] == "skip"
    assert dock.panel.summary.text().startswith(f"{FINDINGS - 2} of")
    decided = {(r[2], r[3]) for r in map(lambda n: _row(model, n), range(model.rowCount()))}
    assert ("A123456789", "Kept") in decided and ("陳大文", "Masked") in decided
    assert _row(model, 0)[3] == "Unreviewed"  # the unreviewed stay on top


def test_shift_a_masks_every_occurrence(make_window: Any, arun: Any, sample_pdf: Path) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    dock = publish.dock
    model, view = dock.model, dock.view
    view.setCurrentIndex(model.index(0, 0))  # 陳大文: three times, on two pages
    QTest.keyClick(view, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    arun(w.runner.drain())
    assert [(d["key"], d["scope"]) for d in decisions(w, arun)] == [("陳大文", "all")]
    assert model.unreviewed() == FINDINGS - 3
    masked = [r for r in model.rows if r.finding.text == "陳大文"]
    assert len(masked) == 3 and all(r.decision is not None and r.masked for r in masked)
    assert {r.finding.page for r in masked} == {0, 1}


def test_enter_goes_to_the_finding_and_selects_it(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    model, view = publish.dock.model, publish.dock.view
    phone = next(
        n
        for n in range(model.rowCount())
        if model.rows[n].finding.page == 1 and model.rows[n].finding.kind is PersonalKind.PHONE
    )
    view.setCurrentIndex(model.index(phone, 0))
    QTest.keyClick(view, Qt.Key.Key_Return)
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    arun(w.runner.drain())
    assert w.editor.editor.textCursor().selectedText() == "0912-345-678"


def test_a_missed_name_is_marked_from_the_selection(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    w.controller.go_to(1)
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    arun(w.runner.drain())
    editor = w.editor.editor
    at = editor.toPlainText().index("王小明")  # a judge: kept by rule, not found
    cursor = editor.textCursor()
    cursor.setPosition(at)
    cursor.setPosition(at + 3, QTextCursor.MoveMode.KeepAnchor)
    editor.setTextCursor(cursor)
    mark = publish.mark
    task = asyncio.ensure_future(mark.mark())
    arun(wait_for(lambda: mark.dialog is not None and mark.dialog.isVisible(), what="the dialog"))
    assert mark.dialog is not None
    dialog = mark.dialog
    dialog.kind.setCurrentIndex(dialog.kind.findData(PersonalKind.PERSON.value))
    dialog.accept()
    assert arun(task)
    arun(w.runner.drain())
    row = decisions(w, arun)[-1]
    assert (row["key"], row["decision"], row["page"], row["kind"]) == (
        "王小明",
        "mark",
        1,
        "person",
    )
    texts = [r.finding.text for r in publish.dock.model.rows]
    assert "王小明" in texts and len(texts) == FINDINGS + 1


def test_a_save_is_followed_without_being_asked(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w, publish = publishing(make_window, arun, sample_pdf)
    ws = w.controller.workspace
    assert ws is not None
    arun(ws.save_draft(2, "陳大文之電子郵件：chen@example.com"))  # page 3, as the reviewer saves
    arun(ws.commit_draft(2))
    model = publish.dock.model
    arun(wait_for(lambda: model.rowCount() == FINDINGS + 2, what="page 3's findings"))
    arun(w.runner.drain())
    found = {(r.finding.page, r.finding.kind) for r in model.rows}
    assert {(2, PersonalKind.PERSON), (2, PersonalKind.EMAIL)} <= found
    assert publish.dock.panel.summary.text().startswith(f"{FINDINGS + 2} of {FINDINGS + 2}")
