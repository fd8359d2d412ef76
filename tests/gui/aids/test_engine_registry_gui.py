"""The Compare dock, the text-source line and the offline transcript name and offer the
registry's engines (``backend.engines.offline.registry``), not a list of their own."""

from __future__ import annotations

from typing import Any

from backend.engines.offline import engine_names
from backend.engines.offline.registry import ENGINES
from backend.i18n import _
from gui.onboarding.offline_transcript import TRANSCRIBERS
from gui.shell.main_window import MainWindow


def test_the_compare_dock_offers_the_registry_s_engines_by_their_labels(make_window: Any) -> None:
    w: MainWindow = make_window()
    combo = w.review_ui.panel.engine
    assert tuple(combo.itemData(i) for i in range(combo.count())) == engine_names()
    assert [combo.itemText(i) for i in range(combo.count())] == [_(s.label) for s in ENGINES]
    for spec in ENGINES:  # a stored reading of each is named the same way
        assert w.review_ui.panel.alternates_model.engine_name(spec.name) == _(spec.label)
        assert w.source_text("ocr", spec.name, "") == f"text: {_(spec.label)} (offline engine)"


def test_the_offline_transcript_offers_the_engines_that_read_scans() -> None:
    assert tuple(s.name for s in ENGINES if s.reads_scans) == TRANSCRIBERS
    assert TRANSCRIBERS and "textlayer" not in TRANSCRIBERS  # a scan has no text layer
