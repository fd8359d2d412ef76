"""Search All Pages rows (issue 14 review): document text in a row is text, never
markup, and F3 never walks the rows of a document that is no longer open."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from gui.shell.finding import find_next
from gui.shell.main_window import MainWindow
from gui.widgets.rich_text_delegate import HtmlRole
from tests.gui.conftest import wait_for

HOSTILE = '<b>粗</b> &amp; <img src="x"> 【模糊】「原告」，<a href="x">連結</a> (a|b)* 原告'


def test_a_row_shows_the_documents_markup_as_text(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    from PySide6.QtGui import QTextDocument

    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    ws = w.controller.workspace
    assert ws is not None
    arun(ws.save_draft(2, HOSTILE))
    arun(w.search._do_search("原告"))
    assert w.search.model.rowCount() == 2  # one row per match, not per page
    for row in range(2):
        doc = QTextDocument()
        doc.setHtml(w.search.model.item(row).data(HtmlRole))
        shown = doc.toPlainText()
        # What the reviewer reads is the page's own characters, tags and all.
        assert shown == w.search.model.item(row).text()
        assert "<" in shown and "&amp;" in HOSTILE  # the tags were there to be drawn as text
        assert shown.startswith("p. 3: ")


def test_f3_does_not_walk_the_hits_of_the_document_closed_before(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path
) -> None:
    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    ws = w.controller.workspace
    assert ws is not None
    arun(ws.save_draft(5, "前文關鍵字後文"))
    arun(w.search._do_search("關鍵字"))
    assert w.search.has_hits
    other = tmp_path / "other" / "second.pdf"
    other.parent.mkdir()
    shutil.copy(sample_pdf, other)
    assert arun(w.opener.open(other))
    arun(wait_for(lambda: w.controller.current == 0, what="the other document"))
    assert not w.search.has_hits  # the rows were the other document's
    find_next(w, +1)
    arun(w.runner.drain())
    assert w.controller.current == 0


def test_a_row_selects_its_own_match_even_after_the_field_changed(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    # Review fix: the selection's length came from the field as it is now, not from
    # the match the row shows (typing on before the next search selected too much).
    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    ws = w.controller.workspace
    assert ws is not None
    arun(ws.save_draft(4, "前文Court後文"))
    w.search.field.blockSignals(True)  # no debounced search of its own meanwhile
    w.search.field.setText("court")
    arun(w.search._do_search("court"))
    w.search.field.setText("court of appeal")  # typed on; no new search yet
    w.search.field.blockSignals(False)
    chosen: list[tuple[int, int, int]] = []
    w.search.hit_chosen.connect(lambda *args: chosen.append(args))
    w.search.step(+1)
    assert chosen == [(4, 2, 5)]
    arun(
        wait_for(
            lambda: (
                w.controller.current == 4 and w.editor.editor.textCursor().selectedText() == "Court"
            ),
            what="the match selected on page 5",
        )
    )
