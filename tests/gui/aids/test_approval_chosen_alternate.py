"""Approving asks about the page's open critical items whichever reading the Compare
dock compares with (issue 13, point 6): choosing another model's reading that happens
to agree must not hide the page's own alternate's 得以 → 應以, which the page list
badges and the export names as open on an approved page."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from backend.models import ReviewStatus, VersionKind
from gui.shell.main_window import MainWindow
from tests.gui.aids.critical_helpers import texts, window
from tests.gui.aids.review_helpers import press, wait_reviewed

__all__ = ["texts", "window"]  # the critical-review fixtures, used as they are

CTRL = Qt.KeyboardModifier.ControlModifier


def test_a_chosen_agreeing_reading_does_not_hide_the_open_critical_item(
    window: MainWindow, arun: Any, dialogs: Any, texts: dict[int, str]
) -> None:
    from tests.gui.conftest import wait_for

    w = window
    ws = w.controller.workspace
    assert ws is not None
    store = ws.session.store
    # Another model read page 1 exactly as the transcript does (得以): a real agreement.
    version, _change = store.add_version(
        0, VersionKind.OCR, texts[0], {"engine": "vllm", "model": "model-b"}, history_only=True
    )
    w.aids.choose_alternate(version.id)
    wait_reviewed(w, arun)
    assert w.aids.review is not None and not w.aids.review.same_reading
    dialogs.answers = ["No"]
    press(w, Qt.Key.Key_Return, CTRL)
    arun(wait_for(lambda: len(dialogs["question"]) == 1, what="the question"))
    arun(w.runner.drain())
    asked = dialogs["question"][0]
    assert "1 open legal-critical item(s)" in asked and "得以" in asked
    assert store.status(0) is not ReviewStatus.APPROVED


def test_a_chosen_agreeing_reading_leaves_the_page_lists_critical_badge(
    window: MainWindow, arun: Any, texts: dict[int, str]
) -> None:
    # Before: the badge counted only the chosen reading's items, so it went from ‼1 to
    # nothing while approval still asked about the page's own alternate's 得以 → 應以.
    from tests.gui.conftest import wait_for

    w = window
    model = w.page_list_model
    ws = w.controller.workspace
    assert ws is not None
    wait_reviewed(w, arun)
    arun(wait_for(lambda: model.open_critical(0) == 1, what="the badge of the page's own"))
    version, _change = ws.session.store.add_version(
        0, VersionKind.OCR, texts[0], {"engine": "vllm", "model": "model-b"}, history_only=True
    )
    w.aids.choose_alternate(version.id)
    wait_reviewed(w, arun)
    review = w.aids.review
    assert review is not None and review.agreement == 1.0  # the chosen reading agrees
    assert model.open_critical(0) == 1
    assert "‼1" in str(model.data(model.index(0, 0)))
    # Back to the page's own alternate: the same item, counted once.
    w.aids.choose_alternate(None)
    wait_reviewed(w, arun)
    assert model.open_critical(0) == 1
