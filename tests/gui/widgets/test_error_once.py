"""One cause, one error box: identical failures that arrive together raise the box
already open instead of stacking copies (a login the team server refuses fails every
background read of the window at once)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QApplication, QMessageBox

from backend.errors import ProofDeskError
from gui.shell.main_window import MainWindow


def _open_boxes(window: MainWindow, text: str) -> list[QMessageBox]:
    QApplication.processEvents()
    return [b for b in window.findChildren(QMessageBox) if b.isVisible() and b.text() == text]


def test_the_same_failure_twice_shows_one_box_and_another_failure_its_own(
    make_window: Callable[..., MainWindow],
) -> None:
    window = make_window()
    refused = "The team server refused the login."
    for _ in range(3):  # three background reads failing on one cause
        window.runner.report(ProofDeskError(refused))
    assert len(_open_boxes(window, refused)) == 1

    other = "The page could not be read."
    window.runner.report(ProofDeskError(other))
    assert len(_open_boxes(window, other)) == 1
    assert len(_open_boxes(window, refused)) == 1

    # Once dismissed, the same failure says itself again: nothing is swallowed for good.
    # The closed box lingers until Qt deletes it later: it must not count as open.
    _open_boxes(window, refused)[0].close()
    window.runner.report(ProofDeskError(refused))
    assert len(_open_boxes(window, refused)) == 1
