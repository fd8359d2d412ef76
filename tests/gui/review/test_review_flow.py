"""Reviewing in the real window with real key events: navigation, status, versions,
history restore, search, import and notes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

import gui.review.opener
import gui.shell.menus
from backend.models import ReviewStatus, VersionKind
from gui.review.autosave import SaveState
from gui.widgets.page_view import ZOOM_STEP
from tests.conftest import DATA
from tests.gui.conftest import type_text, wait_for

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = CTRL | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(make_window, arun, sample_pdf: Path):  # type: ignore[no-untyped-def]
    """The sample document open on page 1, focus in the transcript editor."""
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    w.activateWindow()
    w.editor.editor.setFocus()
    return w


def _key(w, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:  # type: ignore[no-untyped-def]
    QTest.keyClick(w.editor.editor, key, modifiers)


def _on_page(w, arun, page: int) -> None:  # type: ignore[no-untyped-def]
    arun(wait_for(lambda: w.controller.current == page, what=f"page {page + 1}"))
    arun(w.runner.drain())
    assert w.page_label.text() == f"Page {page + 1} / 7"


def _saved(w, arun) -> None:  # type: ignore[no-untyped-def]
    arun(
        wait_for(
            lambda: (
                w.controller.autosave.state is SaveState.SAVED and not w.controller.autosave.dirty
            ),
            what="autosave",
        )
    )


def _store(w):  # type: ignore[no-untyped-def]
    return w.controller.workspace.session.store


def test_keyboard_navigation(window, arun, monkeypatch: pytest.MonkeyPatch) -> None:
    w = window
    _key(w, Qt.Key.Key_Right, ALT)
    _on_page(w, arun, 1)
    _key(w, Qt.Key.Key_Right, ALT)
    _on_page(w, arun, 2)
    _key(w, Qt.Key.Key_Left, ALT)
    _on_page(w, arun, 1)
    asked: list[tuple[int, int, int]] = []

    def get_int(_parent, _title, _label, value, low, high, *_a, **_k):  # type: ignore[no-untyped-def]
        asked.append((value, low, high))
        return 6, True

    monkeypatch.setattr(gui.shell.menus.QInputDialog, "getInt", get_int)
    _key(w, Qt.Key.Key_L, CTRL)  # Go to Page (Ctrl+G is Find Next on GNOME/KDE)
    _on_page(w, arun, 5)
    assert asked == [(2, 1, 7)]  # offers the current page, within the document
    assert w.page_list.currentIndex().row() == 5


def test_zooming_in_redraws_the_page_sharper(window, arun) -> None:
    w = window
    view = w.page_view
    arun(wait_for(lambda: view._has_image, what="the first page image"))
    arun(w.runner.drain())
    before, zoom = view._item.pixmap().width(), view.zoom
    assert abs(view._pixmap_scale - view.wanted_scale()) < 1e-3
    _key(w, Qt.Key.Key_Equal, CTRL)  # Zoom In, twice
    _key(w, Qt.Key.Key_Equal, CTRL)
    assert view.zoom == pytest.approx(zoom * ZOOM_STEP**2)
    wanted = view.wanted_scale()
    arun(wait_for(lambda: abs(view._pixmap_scale - wanted) < 1e-3, what="a sharper render"))
    assert view._item.pixmap().width() > 1.5 * before  # drawn at the new scale, not stretched
    assert w.controller.workspace.renderer.cached(0, wanted) is not None


def test_two_quick_presses_move_two_pages(window, arun) -> None:
    w = window
    _key(w, Qt.Key.Key_Right, ALT)
    _key(w, Qt.Key.Key_Right, ALT)
    arun(w.runner.drain())
    assert w.controller.current == 2


def test_flag_shortcut_sets_the_status(window, arun) -> None:
    w = window
    _key(w, Qt.Key.Key_L, CTRL_SHIFT)
    arun(wait_for(lambda: w.page_list_model.status(0) is ReviewStatus.FLAGGED, what="flagged"))
    arun(w.runner.drain())
    assert w.status_label.text() == "flagged"
    assert _store(w).status(0) is ReviewStatus.FLAGGED
    assert w.controller.current == 0  # flagging does not move on


def test_approve_and_next_on_the_last_page_stays_there(window, arun) -> None:
    w = window
    _key(w, Qt.Key.Key_End, ALT)
    _on_page(w, arun, 6)
    _key(w, Qt.Key.Key_Return, CTRL)
    arun(wait_for(lambda: w.page_list_model.status(6) is ReviewStatus.APPROVED, what="approved"))
    arun(w.runner.drain())
    assert w.controller.current == 6
    assert w.page_label.text() == "Page 7 / 7"
    assert w.status_label.text() == "approved"


def test_leaving_a_page_commits_the_typing_as_an_edit(window, arun) -> None:
    w = window
    type_text(w.editor.editor, "第一條 typed")
    _key(w, Qt.Key.Key_Right, ALT)
    _on_page(w, arun, 1)
    versions = _store(w).versions(0)
    assert [(v.kind, v.text) for v in versions] == [(VersionKind.EDIT, "第一條 typed")]
    assert _store(w).draft(0) is None
    assert w.page_list_model.status(0) is ReviewStatus.IN_PROGRESS
    assert w.editor.text() == ""  # page 2's (empty) transcript, not page 1's


def test_ctrl_s_makes_a_version(window, arun) -> None:
    w = window
    type_text(w.editor.editor, "saved by hand")
    _key(w, Qt.Key.Key_S, CTRL)
    arun(wait_for(lambda: bool(_store(w).versions(0)), what="a version"))
    arun(w.runner.drain())
    [version] = _store(w).versions(0)
    assert (version.kind, version.text) == (VersionKind.EDIT, "saved by hand")
    # the history panel is refreshed by the change announcement: let that land
    arun(wait_for(lambda: w.history.model.rowCount() == 1, what="the history panel"))
    assert [v.id for v in w.history.model.versions] == [version.id]


def test_history_restore_brings_back_an_older_version(window, arun) -> None:
    w = window
    type_text(w.editor.editor, "old")
    _key(w, Qt.Key.Key_S, CTRL)
    arun(wait_for(lambda: w.history.model.rowCount() == 1, what="first version"))
    type_text(w.editor.editor, " then newer")  # autosaved as a draft, never Ctrl+S'd
    _saved(w, arun)
    first = w.history.model.versions[0]
    w.history.list.setCurrentIndex(w.history.model.index(0))
    assert w.history.restore_button.isEnabled()
    QTest.mouseClick(w.history.restore_button, Qt.MouseButton.LeftButton)
    arun(wait_for(lambda: w.editor.text() == "old", what="restored text"))
    arun(w.runner.drain())
    kinds = [(v.kind, v.text) for v in _store(w).versions(0)]
    assert kinds == [
        (VersionKind.EDIT, "old"),
        (VersionKind.EDIT, "old then newer"),  # the typing in between is kept
        (VersionKind.RESTORE, "old"),
    ]
    assert _store(w).versions(0)[-1].provenance["restored_from"] == first.id
    assert w.history.model.rowCount() == 3


def _search_and_activate(w, arun, query: str) -> int:  # type: ignore[no-untyped-def]
    w.search.field.setText(query)
    w.search.search_now()
    arun(wait_for(lambda: w.search.model.rowCount() > 0, what="search results"))
    index = w.search.model.index(0, 0)
    page = int(index.data(Qt.ItemDataRole.UserRole + 1))
    w.search.results.activated.emit(index)
    return page


def test_choosing_a_search_result_shows_the_match(window, arun) -> None:
    w = window
    type_text(w.editor.editor, "訴訟標的 on page one")
    _key(w, Qt.Key.Key_Right, ALT)
    _on_page(w, arun, 1)
    type_text(w.editor.editor, "前言。第二頁之上訴期間為二十日。")
    _key(w, Qt.Key.Key_Right, ALT)
    _on_page(w, arun, 2)
    page = _search_and_activate(w, arun, "上訴期間")
    assert page == 1
    # The default guard, as every other wait here: the move waits on the store's one thread.
    arun(wait_for(lambda: w.controller.current == 1, what="the result's page"))
    arun(w.runner.drain())
    assert w.editor.editor.textCursor().selectedText() == "上訴期間"


def test_search_result_selection_after_a_non_bmp_character(window, arun) -> None:
    w = window
    type_text(w.editor.editor, "被告𠀋○○之上訴期間")
    _saved(w, arun)
    _search_and_activate(w, arun, "上訴期間")
    arun(wait_for(lambda: w.editor.editor.textCursor().hasSelection(), what="the selection"))
    assert w.editor.editor.textCursor().selectedText() == "上訴期間"


def test_import_replaces_machine_text_and_keeps_human_edits(
    window, arun, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = window
    shown: list[str] = []
    _key(w, Qt.Key.Key_Right, ALT)
    _on_page(w, arun, 1)
    type_text(w.editor.editor, "my own page two")
    _key(w, Qt.Key.Key_Left, ALT)
    _on_page(w, arun, 0)
    arun(w.opener.import_from(DATA / "legal-sample.vlm-style.jsonl"))
    arun(w.runner.drain())
    assert w.editor.text().startswith("法院文書掃描辨識校對作業要點")
    assert [v.kind for v in w.history.model.versions] == [VersionKind.IMPORT]
    store = _store(w)
    assert store.working_text(1) == "my own page two"
    assert [v.kind for v in store.versions(1)] == [VersionKind.EDIT, VersionKind.IMPORT]
    bar = getattr(w, "notice_bar", None)  # the result is shown in a box or in the notice bar
    told = "\n".join([*shown, bar.label.text() if bar is not None else ""])
    assert "Imported 7 page(s)" in told and "1 page(s) kept your edits" in told


def test_a_note_is_saved_on_enter(window, arun) -> None:
    w = window
    w.note.setFocus()
    type_text(w.note, "check the seal 印")
    QTest.keyClick(w.note, Qt.Key.Key_Return)
    arun(wait_for(lambda: _store(w).note(0) == "check the seal 印", what="note"))
    w.editor.editor.setFocus()
    arun(w.runner.drain())
    _key(w, Qt.Key.Key_Right, ALT)
    _on_page(w, arun, 1)
    assert w.note.text() == ""
    _key(w, Qt.Key.Key_Left, ALT)
    _on_page(w, arun, 0)
    assert w.note.text() == "check the seal 印"


def test_a_note_is_saved_when_leaving_the_page_without_enter(window, arun) -> None:
    w = window
    w.note.setFocus()
    type_text(w.note, "seal missing")
    QTest.keyClick(w.note, Qt.Key.Key_Right, ALT)  # straight on to the next page
    _on_page(w, arun, 1)
    w.editor.editor.setFocus()  # (a note field left focused would save again at teardown)
    arun(w.runner.drain())
    assert _store(w).note(0) == "seal missing"
    assert w.note.text() == ""
    _key(w, Qt.Key.Key_Left, ALT)
    _on_page(w, arun, 0)
    assert w.note.text() == "seal missing"


def test_importing_page_xml_alto_or_hocr_adds_alternate_readings(
    window, arun, tmp_path: Path
) -> None:
    w = window
    folder = tmp_path / "archive"
    folder.mkdir()
    for file in (DATA / "archive").iterdir():
        if file.suffix != ".md":
            (folder / file.name).write_bytes(file.read_bytes())
    before = w.editor.text()
    arun(w.opener.import_from(folder))
    arun(w.runner.drain())
    assert w.editor.text() == before  # an alternate reading, not the transcript
    store = _store(w)
    for page in (0, 1, 2):
        assert store.versions(page)[-1].kind is VersionKind.ALTERNATE
    assert store.versions(0)[-1].provenance["format"] == "hocr"
    assert "as alternate readings" in w.notice_bar.label.text()
