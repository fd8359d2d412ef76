""" "Use the offline engine" says how many pages and roughly how long, and asks first;
Enter says yes (issue 28: it started an all-pages run at once)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from gui.onboarding.offline_transcript import ASSUMED_SECONDS_PER_PAGE
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for

PAGES = 7  # the sample's pages, none with a transcript in this copy


def _question() -> QMessageBox | None:
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)]
    return next((b for b in boxes if b.isVisible()), None)


def _ask(w: MainWindow, arun: Any) -> QMessageBox:
    w.onboarding.panel.use_offline.click()
    arun(wait_for(lambda: _question() is not None, what="the question"))
    box = _question()
    assert box is not None
    return box


def test_it_asks_with_the_pages_and_the_time_and_no_reads_nothing(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w: MainWindow = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    box = _ask(w, arun)
    minutes = -(-PAGES * int(ASSUMED_SECONDS_PER_PAGE) // 60)
    assert f"{PAGES} page(s)" in box.text() and f"roughly {minutes} minute(s)" in box.text()
    assert f"about {ASSUMED_SECONDS_PER_PAGE:.0f} s a page" in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Yes)  # Enter: yes
    assert not w.aids.running  # nothing starts before the answer
    box.button(QMessageBox.StandardButton.No).click()
    arun(w.runner.drain())
    assert not w.aids.running

    w.onboarding.offline.seconds_per_page = 95.0  # a run here measured 95 s a page
    box = _ask(w, arun)
    assert "roughly 12 minute(s)" in box.text() and "as measured on the last run" in box.text()
    QTest.keyClick(box, Qt.Key.Key_Return)  # the keyboard answers: Enter starts it
    arun(wait_for(lambda: w.aids.running, what="the run to start"))
    w.actions_by_name["offline_stop"].trigger()
    arun(wait_for(lambda: not w.aids.running, timeout=120, what="the run to stop"))


def test_a_run_measures_the_time_a_page_for_the_next_question(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w: MainWindow = make_window()
    offline = w.onboarding.offline
    now = [100.0]
    offline.clock = lambda: now[0]  # the test's clock: the run takes what it says
    offline._ours, offline._started = True, offline.clock()
    now[0] += 60.0
    offline._progress(3, 7)
    offline._finished("done", False)
    assert offline.seconds_per_page == 20.0
