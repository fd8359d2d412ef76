"""Review ▸ Marker Patterns…: one pattern a line, a bad regex named inline, defaults restorable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from backend.review.markers import DEFAULT_PATTERNS
from backend.session.approval import approval_items
from backend.session.document_session import DocumentSession
from gui.aids.markers_dialog import MarkersDialog, parse_patterns
from gui.services.aids_hub import AidsHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner
from tests import pdf_factory


async def _never(_question: str) -> bool:
    return False


@pytest.fixture
def hub(qapp: QApplication, tmp_path: Path) -> Iterator[AidsHub]:
    runner = TaskRunner()
    hub = AidsHub(GuiSettings(tmp_path / "settings.ini"), runner, confirm=_never)
    yield hub
    hub.deleteLater()
    runner.deleteLater()


def markers_approval_asks_about(hub: AidsHub, text: str, tmp_path: Path) -> int:
    """The markers approving a page with ``text`` would ask about: the approval rule
    itself (``backend.session.approval``), with the patterns the hub reviews with."""
    pdf = pdf_factory.text_pdf(tmp_path / "page.pdf", ["a page"])
    session = DocumentSession.open(pdf, store_path=tmp_path / "page.sqlite3")
    try:
        return len(approval_items(session, 0, text, None, hub.aid_settings).markers)
    finally:
        session.close()


@pytest.fixture
def dialog(hub: AidsHub) -> Iterator[MarkersDialog]:
    dialog = MarkersDialog(hub)
    dialog.show()
    yield dialog
    dialog.close()
    dialog.deleteLater()


def test_it_starts_with_the_defaults(dialog: MarkersDialog) -> None:
    assert dialog.editor.toPlainText().splitlines() == list(DEFAULT_PATTERNS)
    assert dialog.ok_button.isEnabled() and dialog.error.text() == ""


def test_a_bad_regex_is_named_inline_and_cannot_be_saved(
    dialog: MarkersDialog, hub: AidsHub
) -> None:
    dialog.editor.setPlainText("【模糊】\n\nre:【[?？\n")
    assert not dialog.ok_button.isEnabled()
    assert dialog.error.text().startswith("Line 3:")
    assert "not a valid regex" in dialog.error.text()
    dialog.accept()  # Enter in the dialog: refused
    assert dialog.isVisible()
    assert hub.gui_settings.marker_patterns is None


def test_good_patterns_are_saved_and_used(
    dialog: MarkersDialog, hub: AidsHub, tmp_path: Path
) -> None:
    dialog.editor.setPlainText("【模糊】\nre:【缺\\d+字】\n")
    assert dialog.ok_button.isEnabled()
    changed: list[bool] = []
    hub.settings_changed.connect(lambda: changed.append(True))
    dialog.ok_button.click()
    assert not dialog.isVisible()
    assert hub.gui_settings.marker_patterns == ["【模糊】", "re:【缺\\d+字】"]
    assert changed == [True]
    # The defaults would ask about 【模糊】 and 【blurry】 (2); these about the other three.
    assert markers_approval_asks_about(hub, "【缺2字】【缺3字】【模糊】【blurry】", tmp_path) == 3


def test_restore_defaults_goes_back_to_the_built_in_set(
    dialog: MarkersDialog, hub: AidsHub, tmp_path: Path
) -> None:
    hub.set_marker_patterns(["XX"])
    dialog.editor.setPlainText("XX")
    dialog.defaults_button.click()
    assert dialog.editor.toPlainText().splitlines() == list(DEFAULT_PATTERNS)
    dialog.ok_button.click()
    assert hub.gui_settings.marker_patterns is None  # the defaults, as they evolve
    assert markers_approval_asks_about(hub, "【模糊】", tmp_path) == 1


def test_a_pattern_matching_empty_text_is_refused() -> None:
    _, line, why = parse_patterns("ok\nre:a*")
    assert line == 2 and "empty" in why
