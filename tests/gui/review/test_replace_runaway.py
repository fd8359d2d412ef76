"""Find & replace with a regex that runs away (issue 24 point 4), in the real window: the
preview names the page where the pattern took too long instead of freezing, and
Cancel ends a search that is still going, with nothing written.

``re`` held the GIL for as long as ``(a|a)+$`` backtracked (2**60 steps on the line
below), so the window could not even take the Cancel click: these tests hung."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for
from tests.gui.review.replace_support import page_texts, version_counts
from tests.gui.window_support import opened

RUNAWAY = r"(a|a)+$"
PAGES = {0: "原告林ＯＯ起訴。", 2: "附表：" + "a" * 60 + "b", 4: "證人林ＯＯ到庭。"}


def _start(w: MainWindow, find: str, *, regex: bool) -> None:
    w.actions_by_name["replace"].trigger()
    dialog = w.replace.dialog
    dialog.find_field.setText(find)
    dialog.replace_field.setText("x")
    dialog.regex.setChecked(regex)
    dialog.preview_button.click()


def test_a_runaway_regex_is_named_by_its_page_and_writes_nothing(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w = opened(make_window, arun, sample_pdf, PAGES)
    texts, counts = page_texts(w), version_counts(w)
    # Seconds on one page: only the runaway page reaches it (2**60 steps; the others
    # take microseconds, so only a stall of half a second inside one of those could
    # reach it too: no race a busy machine loses).
    w.replace.time_limit = 0.5
    _start(w, RUNAWAY, regex=True)
    arun(w.runner.drain())
    dialog = w.replace.dialog
    assert dialog.summary.text() == (
        "The regular expression took too long on page 3; simplify it. Nothing was changed."
    )
    assert not dialog.searching and dialog.model.matches == []
    assert not dialog.apply_button.isEnabled()
    assert page_texts(w) == texts and version_counts(w) == counts


def test_cancel_ends_a_runaway_search_and_writes_nothing(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w = opened(make_window, arun, sample_pdf, PAGES)
    texts, counts = page_texts(w), version_counts(w)
    # Far longer than the click below takes to come (no wait between: milliseconds, and
    # seconds on a machine at its busiest); the store's thread is free again after it
    # at the latest, so the search after the cancel waits for it (the test's cost).
    w.replace.time_limit = 15.0
    _start(w, RUNAWAY, regex=True)
    dialog = w.replace.dialog
    # The progress bar's length is set just before the pages go to the store's thread.
    arun(wait_for(lambda: dialog.progress.maximum() == len(texts), what="the search"))
    assert dialog.searching and dialog.cancel_button.isVisible()
    dialog.cancel_button.click()
    assert not dialog.searching and not dialog.cancel_button.isVisible()
    assert dialog.summary.text() == "Search cancelled."
    arun(w.runner.drain())
    assert dialog.model.matches == [] and dialog.summary.text() == "Search cancelled."
    # The next search runs (the store's thread was let go) and sees nothing written.
    _start(w, "林ＯＯ", regex=False)
    arun(w.runner.drain())
    assert [m.page for m in dialog.model.matches] == [0, 4]
    assert page_texts(w) == texts and version_counts(w) == counts
