"""No label, button, combo box, group box title or tab cuts its text, in either language:
every window and dialog the GUI shows is opened on a 1366×768 screen in a child
process per language (``tests/gui/shell/dialog_fit_probe.py``) and each widget's size is
held against what its text needs (``tests/gui/shell/fit_check.py``); each window fits the
screen too. The checker itself is shown to catch cut widgets of every kind it knows."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tests.gui.shell.fit_check import cut_in_every_tab, cut_widgets, settle
from tests.gui.shell.probe_helpers import run_probe, screen_config

# Every window the probe must reach (a renamed action or a dialog that failed to open
# would otherwise pass by checking nothing).
WINDOWS = {
    "main_window",
    "main_window+ocr_dock",
    "main_window+batch_dock",
    "main_window+compare",
    "main_window+review_queue",
    "main_window+search_dock",
    "export",
    *(f"export/{fmt}" for fmt in ("txt", "md", "docx", "pdf", "jsonl", "report", "report-pdf")),
    "ocr_servers",
    "ocr_servers/message",
    "ocr_servers/unreachable",
    "ocr_local",
    "ocr_local/failed",
    "ocr_planner",
    "marker_patterns",
    "compare_runs",
    "shortcuts",
    "backups",
    "goto",
    "team_server",
    "team_progress",
    "team_conflict",
}


def _describe(row: dict) -> str:  # type: ignore[type-arg]
    return (
        f"{row['where']}: {row['class']} {row['name'] or '(no objectName)'} "
        f"{row['text']!r} is {row['size'][0]}×{row['size'][1]}, "
        f"needs {row['needs'][0]}×{row['needs'][1]} (in {row.get('within', '?')})"
    )


@pytest.mark.parametrize("language", ["en", "zh_TW"])
def test_no_window_cuts_its_text(tmp_path: Path, language: str) -> None:
    rows = run_probe(
        tmp_path,
        "tests.gui.shell.dialog_fit_probe",
        screen_config(tmp_path, 1366, 768),
        str(tmp_path / "review.sqlite3"),
        language,
    )
    (done,) = [r["done"] for r in rows if "done" in r]
    assert set(done) >= WINDOWS, WINDOWS - set(done)
    empty = [r["opened"] for r in rows if "opened" in r and r["widgets"] == 0]
    assert empty == [], f"nothing with text was found in {empty}"
    cut = [_describe(r["cut"]) for r in rows if "cut" in r]
    assert cut == [], "\n".join(cut)
    outside = [r["outside"] for r in rows if "outside" in r]
    assert outside == [], outside


@pytest.fixture
def dialog(qapp: QApplication) -> QDialog:
    box = QDialog()
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return box


def _shown(box: QDialog) -> QDialog:
    box.show()
    settle(box)
    return box


def test_the_checker_finds_a_label_forced_narrower_than_its_text(dialog: QDialog) -> None:
    layout = QVBoxLayout(dialog)
    fine = QLabel("Server address", dialog)
    cut = QLabel("Cannot reach the server: is it running?", dialog)
    cut.setObjectName("cut-label")
    cut.setFixedWidth(20)
    layout.addWidget(fine)
    layout.addWidget(cut)
    rows = cut_widgets(_shown(dialog), "probe")
    assert [(r["class"], r["name"], r["size"][0]) for r in rows] == [("QLabel", "cut-label", 20)]
    assert rows[0]["needs"][0] > 100, rows
    dialog.close()


def test_the_checker_finds_each_kind_of_cut_widget(dialog: QDialog) -> None:
    layout = QVBoxLayout(dialog)
    wrapped = QLabel("A long message that wraps onto several lines at this width. " * 3, dialog)
    wrapped.setWordWrap(True)
    wrapped.setObjectName("wrapped")
    wrapped.setFixedSize(200, 18)  # one line shown of several
    combo = QComboBox(dialog)
    combo.addItems(["Qwen2.5-VL-7B-Instruct", "short"])
    combo.setCurrentIndex(1)  # the widest item is what counts, not the one chosen
    typed = QComboBox(dialog)
    typed.setEditable(True)
    typed.setEditText("Qwen/Qwen2.5-VL-72B-Instruct-AWQ")
    group = QGroupBox("Where the transcripts come from", dialog)
    group.setLayout(QVBoxLayout())
    tabs = QTabWidget(dialog)
    tabs.tabBar().setUsesScrollButtons(False)
    tabs.tabBar().setElideMode(Qt.TextElideMode.ElideRight)
    for title in ("Connection and model", "Image and prompt", "Advanced settings"):
        tabs.addTab(QLabel(title), title)
    row = QHBoxLayout()
    buttons = [QPushButton("Fetch models from the server"), QCheckBox("Use for re-runs")]
    for widget in (wrapped, combo, typed, group, tabs):
        layout.addWidget(widget)
    layout.addLayout(row)
    for button in buttons:
        row.addWidget(button)
    for widget in (combo, typed, group, tabs, *buttons):
        widget.setFixedWidth(40)
    rows = cut_in_every_tab(_shown(dialog), "probe")
    kinds = {r["class"] for r in rows}
    assert kinds == {"QLabel", "QComboBox", "QGroupBox", "QTabBar", "QPushButton", "QCheckBox"}
    assert [r["text"] for r in rows if r["class"] == "QComboBox"] == [
        "short",
        "Qwen/Qwen2.5-VL-72B-Instruct-AWQ",
    ]
    tabs_cut = [r for r in rows if r["class"] == "QTabBar"]
    assert len(tabs_cut) == 3, tabs_cut  # the tab's texts, named
    (label,) = [r for r in rows if r["name"] == "wrapped"]
    assert label["size"][1] == 18 and label["needs"][1] > 18, label
    dialog.close()


def test_the_checker_finds_a_label_its_parent_cuts_off(dialog: QDialog) -> None:
    dialog.resize(100, 50)
    label = QLabel("Accept alternate's reading", dialog)  # no layout: placed by hand
    label.resize(label.sizeHint())
    (row,) = cut_widgets(_shown(dialog), "probe")
    assert row["size"][0] == 100 and row["needs"][0] > 100, row
    dialog.close()


def test_the_checker_passes_a_window_laid_out_by_its_hints(dialog: QDialog) -> None:
    layout = QVBoxLayout(dialog)
    message = QLabel("The server URL must start with http:// or https://. " * 3, dialog)
    message.setWordWrap(True)
    combo = QComboBox(dialog)
    combo.addItems(["Qwen2.5-VL-7B-Instruct", "short"])
    for widget in (message, combo, QPushButton("Fetch models"), QCheckBox("Use for re-runs")):
        layout.addWidget(widget)
    hidden = QWidget(dialog)
    hidden.hide()
    QLabel("not shown, not checked", hidden).setFixedWidth(5)
    assert cut_widgets(_shown(dialog), "probe") == []
    dialog.close()
