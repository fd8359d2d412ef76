"""The critical queue's key and the difference keys act on the item the reviewer is on
(issue 13, point 6; review fix): Alt+Enter after F12 accepts the critical item F12
selected, never the difference an earlier F8 had landed on."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from backend.models import ReviewStatus, VersionKind
from backend.review.values import FlagKind
from gui.shell.main_window import MainWindow
from tests.gui.aids.critical_helpers import _store, texts, window
from tests.gui.aids.review_helpers import accept_answering, press, wait_reviewed
from tests.gui.conftest import wait_for

__all__ = ["texts", "window"]  # the critical-review fixtures, used here as they are


def test_alt_enter_after_f12_accepts_the_item_f12_chose(
    window: MainWindow, arun: Any, dialogs: Any
) -> None:
    w = window
    text = w.editor.text()
    at, critical_at = text.index("電子卷證"), text.index("得以")
    other = text[:at] + "電了" + text[at + 2 :]
    other = other.replace("得以", "應以", 1)
    _store(w).add_version(0, VersionKind.ALTERNATE, other, {"engine": "y"})
    w.aids.refresh()
    wait_reviewed(w, arun)
    press(w, Qt.Key.Key_F8)  # the ordinary misread comes first
    assert w.review_ui.nav.current is not None and w.review_ui.nav.current.replacement == "了"
    queue = w.review_queue
    w.actions_by_name["critical_next"].trigger()  # then the critical queue's key
    arun(w.runner.drain())
    w.activateWindow()
    w.editor.editor.setFocus()
    cursor = w.editor.editor.textCursor()
    assert cursor.selectionStart() <= critical_at < cursor.selectionEnd(), queue.model.items
    accept_answering(w, arun, dialogs, "Yes")
    assert w.editor.text()[critical_at : critical_at + 2] == "應以"  # the item F12 chose
    assert w.editor.text()[at : at + 2] == "電子"  # and not the one F8 had landed on


def test_approving_asks_about_critical_items_whatever_alternate_is_shown(
    window: MainWindow, arun: Any, dialogs: Any, texts: dict[int, str]
) -> None:
    w = window
    # The reviewer shows an imported copy of the transcript (it agrees with itself)...
    imported, _ = _store(w).add_version(
        0, VersionKind.IMPORT, texts[0], {"engine": "import"}, history_only=True
    )
    w.aids.choose_alternate(imported.id)
    wait_reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.same_reading
    # ...while the page's own alternate still reads 應以 where it says 得以.
    dialogs.answers = ["No"]
    press(w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    arun(wait_for(lambda: len(dialogs["question"]) == 1, what="the question"))
    arun(w.runner.drain())
    asked = dialogs["question"][0]
    assert "1 open legal-critical item(s)" in asked and "得以" in asked
    assert _store(w).status(0) is not ReviewStatus.APPROVED


def test_the_own_text_toggle_undoes_even_right_after_typing(
    window: MainWindow, arun: Any, texts: dict[int, str]
) -> None:
    w = window
    marker = texts[0].index("【模糊】")
    cursor = w.editor.editor.textCursor()
    cursor.setPosition(marker + 1)
    w.editor.editor.setTextCursor(cursor)
    w.actions_by_name["own_text"].trigger()
    arun(w.runner.drain())
    wait_reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.count(FlagKind.MARKER) == 0
    cursor = w.editor.editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    cursor.insertText("。")  # typed at the end: the review is being recomputed
    cursor.setPosition(marker + 1)
    w.editor.editor.setTextCursor(cursor)
    w.actions_by_name["own_text"].trigger()  # at once: back to a marker
    arun(w.runner.drain())
    wait_reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.count(FlagKind.MARKER) == 1


def test_f8_after_f12_goes_on_to_the_next_difference(
    window: MainWindow, arun: Any, texts: dict[int, str]
) -> None:
    w = window
    text = w.editor.text()
    other = text.replace("得以", "應以", 1).replace("頁面", "頁而", 1)
    _store(w).add_version(0, VersionKind.ALTERNATE, other, {"engine": "y"})
    w.aids.refresh()
    wait_reviewed(w, arun)
    w.actions_by_name["critical_next"].trigger()  # F12: the critical item 得以
    arun(w.runner.drain())
    w.activateWindow()
    w.editor.editor.setFocus()
    press(w, Qt.Key.Key_F8)  # then F8: on from there, not onto the same item again
    current = w.review_ui.nav.current
    assert current is not None and current.replacement == "而", current


def test_showing_the_transcripts_own_reading_keeps_the_critical_badge_and_queue(
    window: MainWindow, arun: Any, texts: dict[int, str]
) -> None:
    w = window
    queue = w.review_queue
    arun(wait_for(lambda: any(p == 0 for p, _f in queue.model.items), what="the queue"))
    imported, _ = _store(w).add_version(
        0, VersionKind.IMPORT, texts[0], {"engine": "import"}, history_only=True
    )
    w.aids.choose_alternate(imported.id)
    wait_reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.same_reading
    # A reading compared with itself checks nothing: the page's own alternate's 得以 → 應以
    # is still open, in the page list and in the queue.
    assert w.page_list_model.open_critical(0) == 1
    assert [p for p, _f in queue.model.items].count(0) == 1
