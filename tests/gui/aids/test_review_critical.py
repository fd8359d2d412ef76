"""The review flow never lets a critical item slip by (issue 13, point 6), in the real
window offscreen: approval names open critical items, the page list badges them,
Alt+Enter asks before a risky change, the critical queue and F8 share one item per
error, the document's own 【模糊】 stops blocking, a reading compared with itself says
so, and the riskiest pages come first on request."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from backend.models import ReviewStatus, VersionKind
from backend.review.values import FlagKind
from gui.shell.main_window import MainWindow
from tests.gui.aids.critical_helpers import PARTY_LINES, _store, texts, window
from tests.gui.aids.review_helpers import accept_answering, press, wait_reviewed
from tests.gui.conftest import wait_for

__all__ = ["texts", "window"]  # the fixtures

CTRL = Qt.KeyboardModifier.ControlModifier


def _go(w: MainWindow, arun: Any, page: int) -> None:
    w.controller.go_to(page)
    arun(wait_for(lambda: w.controller.current == page, what=f"page {page + 1}"))
    wait_reviewed(w, arun)
    w.activateWindow()
    w.editor.editor.setFocus()


def test_approving_names_the_open_critical_items_and_asks(
    window: MainWindow, arun: Any, dialogs: Any
) -> None:
    w = window
    dialogs.answers = ["No"]
    press(w, Qt.Key.Key_Return, CTRL)
    arun(wait_for(lambda: len(dialogs["question"]) == 1, what="the question"))
    arun(w.runner.drain())
    asked = dialogs["question"][0]
    assert "1 open legal-critical item(s)" in asked and "得以" in asked and "應" in asked
    assert "【模糊】" in asked  # the marker is named in the same question
    assert _store(w).status(0) is not ReviewStatus.APPROVED
    dialogs.answers = ["Yes"]
    w.actions_by_name["approve_next"].trigger()
    arun(wait_for(lambda: w.controller.current == 1, what="the next page"))
    assert _store(w).status(0) is ReviewStatus.APPROVED


def test_the_page_list_shows_a_critical_badge(window: MainWindow, arun: Any) -> None:
    model = window.page_list_model
    arun(wait_for(lambda: "‼1" in model.data(model.index(0)), what="the critical badge"))
    assert "‼" not in model.data(model.index(1))  # no alternate, nothing critical
    tip = model.data(model.index(0), Qt.ItemDataRole.ToolTipRole)
    assert "1 legal-critical item(s) open" in tip
    assert model.open_critical(0) == 1
    assert model.data(model.index(0), Qt.ItemDataRole.ForegroundRole).name() == "#b71c1c"


def test_accepting_a_deletion_of_unread_lines_asks_first(
    window: MainWindow, arun: Any, dialogs: Any, texts: dict[int, str]
) -> None:
    w = window
    _go(w, arun, 4)
    press(w, Qt.Key.Key_F8)
    flag = w.review_ui.nav.current
    assert flag is not None and flag.replacement == ""  # "the alternate has nothing here"
    accept_answering(w, arun, dialogs, "No")
    asked = dialogs["question"][-1]
    assert "deletes" in asked and "no text at this place" in asked and "marker" in asked
    assert w.editor.text() == texts[4]  # the party's lines are still there
    accept_answering(w, arun, dialogs, "Yes")  # the reviewer decides: then it is done
    assert PARTY_LINES[0].strip() not in w.editor.text()


def test_an_ordinary_misread_is_accepted_without_a_question(
    window: MainWindow, arun: Any, dialogs: Any, sample_pdf: Path
) -> None:
    w = window
    text = w.editor.text()
    at = text.index("電子卷證")
    _store(w).add_version(
        0, VersionKind.ALTERNATE, text[:at] + "電了" + text[at + 2 :], {"engine": "y"}
    )
    w.aids.refresh()
    wait_reviewed(w, arun)
    press(w, Qt.Key.Key_F8)
    assert w.review_ui.nav.current is not None and w.review_ui.nav.current.replacement == "了"
    accept_answering(w, arun, dialogs, "No")
    assert dialogs["question"] == []
    assert w.editor.text()[at : at + 2] == "電了"


def test_the_critical_queue_and_f8_share_one_item(
    window: MainWindow, arun: Any, dialogs: Any, texts: dict[int, str]
) -> None:
    w = window
    queue = w.review_queue
    arun(wait_for(lambda: bool(queue.model.items), what="the queue"))
    at = texts[0].index("得以")
    rows = [(p, f) for p, f in queue.model.items if p == 0]
    assert len(rows) == 1 and rows[0][1].also_diff  # one error, one row
    assert "Difference" in queue.model.data(queue.model.index(0, 1))  # with both kinds
    review = w.aids.review
    assert review is not None
    touching = [f for f in review.flags if f.start <= at < f.end and f.kind is not FlagKind.MARKER]
    assert len(touching) == 1  # and one entry in the Compare dock's list
    assert "Critical · Difference" in w.review_ui.panel.flags_model.data(
        w.review_ui.panel.flags_model.index(list(review.flags).index(touching[0]))
    )
    w.editor.editor.setFocus()
    w.actions_by_name["critical_next"].trigger()  # the queue's key, then Alt+Enter
    arun(w.runner.drain())
    w.activateWindow()
    w.editor.editor.setFocus()
    accept_answering(w, arun, dialogs, "Yes")
    assert w.editor.text()[at : at + 2] == "應以"


def test_the_documents_own_marker_text_stops_blocking_approval(
    window: MainWindow, arun: Any, dialogs: Any, texts: dict[int, str]
) -> None:
    w = window
    text = texts[0]
    marker = text.index("【模糊】")
    cursor = w.editor.editor.textCursor()
    cursor.setPosition(marker + 1)
    w.editor.editor.setTextCursor(cursor)
    w.actions_by_name["own_text"].trigger()
    arun(w.runner.drain())
    wait_reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.count(FlagKind.MARKER) == 0
    assert _store(w).get_meta("own_text:0")  # kept in the store
    dialogs.answers = ["No"]
    press(w, Qt.Key.Key_Return, CTRL)
    arun(wait_for(lambda: len(dialogs["question"]) == 1, what="the question"))
    arun(w.runner.drain())
    assert "marker" not in dialogs["question"][0]  # only the critical item is left
    w.activateWindow()
    w.editor.editor.setFocus()
    w.actions_by_name["own_text"].trigger()  # and back: a marker again
    arun(w.runner.drain())
    wait_reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.count(FlagKind.MARKER) == 1


def test_a_reading_compared_with_itself_says_so(
    window: MainWindow, arun: Any, texts: dict[int, str]
) -> None:
    w = window
    _store(w).add_version(1, VersionKind.IMPORT, texts[1], {"engine": "import"}, history_only=True)
    _go(w, arun, 1)
    panel = w.review_ui.panel
    rows = [
        panel.alternates_model.index(r).data() for r in range(panel.alternates_model.rowCount())
    ]
    assert any("Imported" in row for row in rows)
    imported = panel.alternates_model.index(0).data(Qt.ItemDataRole.UserRole + 1)
    w.aids.choose_alternate(imported)
    wait_reviewed(w, arun)
    assert w.aids.review is not None and w.aids.review.same_reading
    assert "own reading" in panel.agreement.text() and "100" not in panel.agreement.text()


def test_riskiest_pages_first_orders_the_page_list_and_the_queue(
    window: MainWindow, arun: Any
) -> None:
    w = window
    model = w.page_list_model
    arun(wait_for(lambda: model.open_critical(0) == 1, what="the summaries"))
    _go(w, arun, 2)
    w.actions_by_name["by_risk"].trigger()
    assert model.by_risk
    risks = {s.page: s.risk for s in w.aids.summaries}
    rows = [model.page_at(r) for r in range(model.rowCount())]
    assert [risks[p] for p in rows] == sorted(risks.values(), reverse=True)
    # The page with the open critical item and the one with two unread party lines.
    assert set(rows[:2]) == {0, 4}
    assert w.page_list.currentIndex().row() == model.row_of(2)  # the page shown stays selected
    w.page_list.setCurrentIndex(model.index(0))  # a click on the top row opens that page
    arun(wait_for(lambda: w.controller.current == rows[0], what="the riskiest page"))
    assert w.review_queue.model.ranks is not None
    w.actions_by_name["by_risk"].trigger()
    assert not model.by_risk and model.page_at(3) == 3


def test_another_models_reading_can_be_chosen_in_the_compare_dock(
    window: MainWindow, arun: Any, texts: dict[int, str]
) -> None:
    w = window
    other = texts[2].replace("一", "二", 1)  # another model read one numeral otherwise
    version, _ = _store(w).add_version(
        2, VersionKind.OCR, other, {"engine": "vllm", "model": "other-vl"}, history_only=True
    )
    _go(w, arun, 2)
    panel = w.review_ui.panel
    assert w.aids.review is not None and w.aids.review.alternate is None  # none by default
    assert panel.alternate_choice.currentIndex() == -1  # nothing chosen: a placeholder
    labels = [
        panel.alternates_model.index(r).data() for r in range(panel.alternates_model.rowCount())
    ]
    row = next(r for r, label in enumerate(labels) if "other-vl" in label)
    panel.alternate_choice.setCurrentIndex(row)
    panel.alternate_choice.activated.emit(row)  # as a reviewer's pick
    wait_reviewed(w, arun)
    review = w.aids.review
    assert review is not None and review.alternate is not None
    assert review.alternate.text == other and not review.same_reading
    assert review.count(FlagKind.CRITICAL) >= 1 and review.agreement is not None
    assert w.aids.alternate_id == version.id
