"""The rough edges a new proofreader hit on a walk through the main flows (issue 14),
each checked on the real window offscreen."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLabel

import gui.review.opener
from gui.export.export_dialog import ExportDialog
from gui.shell.help_dialog import HelpDialog
from gui.shell.main_window import MainWindow
from gui.widgets.rich_text_delegate import HtmlRole
from tests.conftest import DATA
from tests.gui.conftest import wait_for

TRANSCRIPTS = DATA / "legal-sample.vlm-style.jsonl"
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(make_window: Any, arun: Any, sample_pdf: Path) -> MainWindow:
    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    arun(w.opener.import_from(TRANSCRIPTS))
    return w


def _visible_tab(dock: Any) -> bool:
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def test_ctrl_h_brings_history_to_the_front_and_never_hides_it(window: MainWindow) -> None:
    w = window
    w.search_dock.raise_()  # History is a tab behind Search
    QApplication.processEvents()
    assert not _visible_tab(w.history_dock)
    QTest.keyClick(w.editor.editor, Qt.Key.Key_H, CTRL)
    QApplication.processEvents()
    assert _visible_tab(w.history_dock)
    QTest.keyClick(w.editor.editor, Qt.Key.Key_H, CTRL)  # again: it stays
    QApplication.processEvents()
    assert _visible_tab(w.history_dock)


def test_search_lists_every_match_with_context_and_f3_walks_them(
    window: MainWindow, arun: Any
) -> None:
    w = window
    w.actions_by_name["search"].trigger()
    w.search.field.setText("校對")
    w.search.search_now()
    arun(wait_for(lambda: w.search.model.rowCount() > 0, what="the matches"))
    model = w.search.model
    rows = [model.index(r, 0) for r in range(model.rowCount())]
    pages = [int(i.data(Qt.ItemDataRole.UserRole + 1)) for i in rows]
    assert pages.count(0) > 1  # one row per match, not one per page
    texts = [str(i.data()) for i in rows]
    assert all("[" not in t and "校對" in t for t in texts)  # no ASCII brackets
    assert all("background-color" in str(i.data(HtmlRole)) for i in rows)  # highlighted
    assert "match(es) on" in w.search.summary.text()
    offsets = [int(i.data(Qt.ItemDataRole.UserRole + 2)) for i in rows]

    def selected() -> tuple[int, str]:
        return w.controller.current, w.editor.editor.textCursor().selectedText()

    QTest.keyClick(w.editor.editor, Qt.Key.Key_F3)
    arun(wait_for(lambda: selected() == (pages[0], "校對"), what="the first match"))
    start = w.editor.editor.textCursor().selectionStart()
    assert start == offsets[0]
    QTest.keyClick(w.editor.editor, Qt.Key.Key_F3)
    arun(
        wait_for(
            lambda: w.editor.editor.textCursor().selectionStart() == offsets[1],
            what="the second match",
        )
    )
    QTest.keyClick(w.editor.editor, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    arun(
        wait_for(
            lambda: w.editor.editor.textCursor().selectionStart() == offsets[0],
            what="back to the first",
        )
    )


def test_the_import_dialog_opens_beside_the_pdf(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, sample_pdf: Path
) -> None:
    asked: list[str] = []

    def get_open(_parent: Any, _title: str, folder: str, _filter: str) -> tuple[str, str]:
        asked.append(folder)
        return "", ""

    monkeypatch.setattr(gui.review.opener.QFileDialog, "getOpenFileName", get_open)
    window.opener.import_transcripts(folder=False)
    assert asked == [str(sample_pdf.parent)]


def test_the_import_banner_goes_on_the_next_page(window: MainWindow, arun: Any) -> None:
    w = window
    assert w.notice_bar.isVisible() and "Imported 7 page(s)." in w.notice_bar.label.text()
    assert w.notice_bar._timer.isActive()  # and after a while, on its own
    w.controller.go_to(1)
    arun(wait_for(lambda: not w.notice_bar.isVisible(), what="the banner gone on page 2"))
    assert w.controller.current == 1


def test_a_file_for_another_document_is_named_at_import(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    rows = [json.loads(line) for line in TRANSCRIPTS.read_text("utf-8").splitlines()][:3]
    short = tmp_path / "three.jsonl"
    short.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    arun(w.opener.import_from(short))
    text = w.notice_bar.label.text()
    assert "Imported 3 page(s)." in text and "3 of this document's 7 pages" in text
    assert w.notice_bar.isVisible() and not w.notice_bar._timer.isActive()  # no timeout


def test_f1_groups_the_shortcuts_by_menu_and_explains_the_page_list(window: MainWindow) -> None:
    QTest.keyClick(window.editor.editor, Qt.Key.Key_F1)
    QApplication.processEvents()
    (dialog,) = [d for d in QApplication.topLevelWidgets() if isinstance(d, HelpDialog)]
    html = dialog.browser.toHtml()
    text = dialog.browser.toPlainText()
    for heading in ("File", "Edit", "Page", "View", "Review"):
        assert f">{heading}<" in html, heading
    assert "Show History" in text and "Ctrl+H" in text
    assert "Go to Page" in text and "Ctrl+L" in text
    for symbol in ("○", "◐", "✓", "◆2", "92.0%", "‼1"):
        assert symbol in text, symbol
    screen = window.screen().availableGeometry()
    assert dialog.height() <= screen.height() and dialog.width() <= screen.width()
    dialog.close()


def test_server_messages_wrap_and_the_local_dialog_fits_the_screen(
    window: MainWindow, arun: Any
) -> None:
    w = window
    dialog = w.server_tools.show("servers")
    form = dialog.form  # type: ignore[attr-defined]
    form.name.setText("Typo")
    form.url.setText("127.0.0.1:8000")
    dialog.save.click()  # type: ignore[attr-defined]
    QApplication.processEvents()
    message: QLabel = dialog.message  # type: ignore[attr-defined]
    assert "must start with http:// or https://" in message.text()
    assert message.height() >= message.heightForWidth(message.width())  # not clipped
    assert message.geometry().right() <= dialog.width()
    # "Cannot reach … is the server running …": the check's result wraps too.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed once the block ends
    form.url.setText(f"http://127.0.0.1:{port}/v1")
    form.test.click()
    arun(wait_for(lambda: form.test.isEnabled() and form.result.text(), what="the check"))
    QApplication.processEvents()
    result: QLabel = form.result
    assert "Cannot reach" in result.text()
    assert result.height() >= result.heightForWidth(result.width())
    assert result.mapTo(dialog, result.rect().topRight()).x() <= dialog.width()
    screen = w.screen().availableGeometry()
    for name in ("servers", "local"):
        shown = w.server_tools.show(name)
        QApplication.processEvents()
        frame = shown.frameGeometry()
        assert frame.height() <= screen.height() and frame.width() <= screen.width(), name
    dialog.form.load(dialog.form.original)  # type: ignore[attr-defined]
    for shown in w.server_tools.dialogs.values():
        shown.close()


def _mnemonics_have_buddies(dialog: QDialog) -> list[str]:
    return [
        label.text()
        for label in dialog.findChildren(QLabel)
        if "&" in label.text().replace("&&", "")
        and label.textFormat() != Qt.TextFormat.RichText
        and label.buddy() is None
    ]


def _export_dialog() -> ExportDialog:
    (dialog,) = [
        d for d in QApplication.topLevelWidgets() if isinstance(d, ExportDialog) and d.isVisible()
    ]
    return dialog


def test_export_shows_mnemonics_renders_the_report_and_remembers(
    window: MainWindow, arun: Any, tmp_path: Path
) -> None:
    w = window
    w.actions_by_name["export"].trigger()
    dialog = _export_dialog()
    assert _mnemonics_have_buddies(dialog) == []  # "&Save as:" was shown literally
    dialog.format.setCurrentIndex(dialog.format.findData("report"))
    arun(dialog.update_preview())
    shown = dialog.preview.toPlainText()
    assert "Review report" in shown and "<td>" not in shown and "<html" not in shown
    dialog.format.setCurrentIndex(dialog.format.findData("docx"))
    out = tmp_path / "exports" / "mine.docx"
    out.parent.mkdir()
    dialog.path.setText(str(out))
    assert arun(dialog.export()) is not None and out.exists()
    dialog.close()
    w.actions_by_name["export"].trigger()
    again = _export_dialog()
    assert again.chosen_format.value == "docx"
    assert Path(again.path.text()).parent == out.parent
    again.close()


def test_compare_runs_shows_its_mnemonics(window: MainWindow) -> None:
    dialog = window.run_comparison.open_dialog()
    assert dialog is not None
    assert _mnemonics_have_buddies(dialog) == []  # "Run &B (reference):" was literal
    dialog.close()


def test_the_page_list_explains_its_symbols(window: MainWindow) -> None:
    tip = window.page_list_model.data(window.page_list_model.index(0), Qt.ItemDataRole.ToolTipRole)
    for symbol, meaning in (("○", "not reviewed"), ("◆2", "markers"), ("92.0%", "agreement")):
        assert symbol in tip and meaning in tip, (symbol, tip)
    assert "F1" in tip


def test_history_shows_provenance_as_fields_not_json(window: MainWindow, arun: Any) -> None:
    w = window
    arun(w.controller.refresh_history())
    w.history.list.setCurrentIndex(w.history.model.index(0))
    shown = w.history.provenance.text()
    assert "Imported from" in shown and "legal-sample.vlm-style.jsonl" in shown
    assert "Line in the file" in shown
    assert "{" not in shown and '"source"' not in shown
