"""The document's glossary in the Facts dock: a term typed and added is the document's
(kept by its DocumentFacts in the store), Delete on it removes it, and a glossary file
imported adds its terms to this document's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from gui.shell.main_window import MainWindow
from tests.gui.conftest import type_text, wait_for


def _terms(w: MainWindow) -> list[str]:
    panel = w.facts.panel.glossary
    return [panel.terms.item(r).text() for r in range(panel.terms.count())]


def test_terms_are_added_removed_and_imported(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    w: MainWindow = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    facts = w.controller.workspace.session.reviews.facts  # type: ignore[union-attr]
    assert facts is not None
    w.actions_by_name["facts_dock"].trigger()
    arun(w.runner.drain())
    panel = w.facts.panel.glossary
    panel.field.setFocus()
    type_text(panel.field, "宏達國際電子股份有限公司")
    QTest.keyClick(panel.field, Qt.Key.Key_Return)
    arun(w.runner.drain())
    assert facts.glossary() == ("宏達國際電子股份有限公司",)
    assert _terms(w) == ["宏達國際電子股份有限公司"] and panel.field.text() == ""
    source = tmp_path / "case.json"
    source.write_text(json.dumps({"glossary": ["林○○", "宏達國際電子股份有限公司"]}), "utf-8")
    arun(w.facts.import_glossary(source))
    arun(w.runner.drain())
    assert facts.glossary() == ("宏達國際電子股份有限公司", "林○○")  # added, once each
    assert _terms(w) == ["宏達國際電子股份有限公司", "林○○"]
    panel.terms.setCurrentRow(0)
    QTest.keyClick(panel.terms, Qt.Key.Key_Delete)
    arun(w.runner.drain())
    assert facts.glossary() == ("林○○",) and _terms(w) == ["林○○"]
