"""Widgets and their bindings, both directions, offscreen."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QByteArray, QItemSelectionModel

from backend.models import ReviewStatus, Version, VersionKind
from gui.review.history_panel import HistoryPanel
from gui.review.page_list_model import PageListModel, StatusRole
from gui.services.settings import GuiSettings
from gui.widgets.diff_html import diff_html
from gui.widgets.page_view import FitMode, PageView
from gui.widgets.transcript_editor import TranscriptEditor


def _choose(panel: HistoryPanel, row: int) -> None:
    """Select ``row`` alone, as a click does. Not ``QListView.setCurrentIndex``: under
    ExtendedSelection it adds to the selection when the application believes Ctrl or
    Shift is held, which a key test run before this one can leave it believing."""
    panel.list.selectionModel().setCurrentIndex(
        panel.model.index(row), QItemSelectionModel.SelectionFlag.ClearAndSelect
    )


def test_editor_signals_only_the_reviewers_edits(qtbot) -> None:
    editor = TranscriptEditor()
    qtbot.addWidget(editor)
    edits: list[str] = []
    editor.text_edited.connect(edits.append)
    editor.set_text("loaded text")
    assert edits == [] and editor.text() == "loaded text"
    editor.editor.insertPlainText("應")
    assert edits == ["應loaded text"]


def test_find_in_page_wraps_and_counts(qtbot) -> None:
    editor = TranscriptEditor()
    qtbot.addWidget(editor)
    editor.set_text("得為之。不得為之。得")
    editor.show_find()
    editor.find_field.setText("得")
    assert editor.find_next()
    assert editor.editor.textCursor().selectionStart() == 0
    assert editor.find_next() and editor.find_next()
    assert editor.find_next()  # wraps to the start
    assert editor.editor.textCursor().selectionStart() == 0
    assert editor.find_status.text() == "3 match(es)"
    editor.find_field.setText("應")
    assert not editor.find_next() and editor.find_status.text() == "not found"


def test_page_list_asks_for_each_thumbnail_once_and_shows_status(qtbot) -> None:
    model = PageListModel(2000)
    wanted: list[int] = []
    model.thumbnail_wanted.connect(wanted.append)
    index = model.index(5)
    model.data(index, 1)  # DecorationRole
    model.data(index, 1)
    assert wanted == [5]
    assert model.rowCount() == 2000
    model.set_status(5, ReviewStatus.APPROVED)
    assert model.data(index, StatusRole) is ReviewStatus.APPROVED
    assert "✓" in model.data(index, 0)
    model.forget_request(5)
    model.data(index, 1)
    assert wanted == [5, 5]


def test_page_view_asks_for_a_sharper_render_when_zoomed(qtbot) -> None:
    view = PageView()
    qtbot.addWidget(view)
    view.resize(600, 800)
    view.show()
    view.set_page_size(595, 842)
    with qtbot.waitSignal(view.render_wanted) as blocker:
        view.set_fit(FitMode.WIDTH)
    width_scale = blocker.args[0]
    assert abs(width_scale - view.zoom * view.devicePixelRatioF()) < 1e-6
    with qtbot.waitSignal(view.render_wanted) as blocker:
        view.zoom_by(2.0)
    assert abs(blocker.args[0] - 2 * width_scale) < 1e-3
    assert view.fit_mode is FitMode.CUSTOM


def test_history_diff_marks_the_flipped_character() -> None:
    html = diff_html("當事人得上訴", "當事人應上訴")
    assert "line-through" in html and ">得<" in html
    assert "underline" in html and ">應<" in html


def test_history_panel_shows_the_diff_of_the_selected_versions(qtbot) -> None:
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    versions = [
        Version(1, 0, VersionKind.OCR, "當事人得上訴", 1.0, "vlm"),
        Version(2, 0, VersionKind.EDIT, "當事人應上訴", 2.0, "ana"),
        Version(3, 0, VersionKind.EDIT, "當事人應上訴。", 3.0, "ana"),
    ]
    panel.set_versions(versions, current_id=3)
    _choose(panel, 1)  # version 2, against version 1
    assert panel.caption.text() == "#2 compared with #1"
    shown = panel.diff.toHtml()
    assert re.search(r"line-through[^>]*>得<", shown), shown
    assert re.search(r"underline[^>]*>應<", shown), shown
    assert panel.diff.toPlainText() == "當事人得應上訴"
    _choose(panel, 0)  # version 3, against version 2
    assert panel.caption.text() == "#3 compared with #2"
    assert panel.diff.toPlainText() == "當事人應上訴。"
    assert re.search(r"underline[^>]*>。<", panel.diff.toHtml())
    selection = panel.list.selectionModel()
    selection.select(panel.model.index(2), selection.SelectionFlag.Select)
    assert panel.caption.text() == "#3 compared with #1"  # two chosen: one against the other
    assert panel.diff.toPlainText() == "當事人得應上訴。"
    _choose(panel, 2)  # the first version: all of it is new
    assert panel.caption.text() == "#1, the first version"
    assert re.search(r"underline[^>]*>當事人得上訴<", panel.diff.toHtml())


def test_history_restore_button_emits_the_selected_version(qtbot) -> None:
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    versions = [
        Version(1, 0, VersionKind.OCR, "得", 1.0, "vlm", {"model": "m"}),
        Version(2, 0, VersionKind.EDIT, "應", 2.0, "ana"),
    ]
    panel.set_versions(versions, current_id=2)
    assert not panel.restore_button.isEnabled()
    _choose(panel, 1)  # newest first: row 1 is version 1
    assert panel.restore_button.isEnabled()
    assert "<b>Model</b>" in panel.provenance.text() and ">m<" in panel.provenance.text()
    with qtbot.waitSignal(panel.restore_requested) as blocker:
        panel.restore_button.click()
    assert blocker.args == [1]


def test_settings_remember_layout_and_recent_files(tmp_path: Path, sample_pdf: Path) -> None:
    ini = tmp_path / "settings.ini"
    s = GuiSettings(ini)
    s.set_splitter_state("main", QByteArray(b"\x01\x02"))
    s.add_recent_file(str(sample_pdf))
    s.add_recent_file(str(tmp_path / "gone.pdf"))  # no longer exists: not offered
    s.sync()
    again = GuiSettings(ini)
    assert bytes(again.splitter_state("main") or b"") == b"\x01\x02"
    assert again.recent_files() == [str(sample_pdf)]
