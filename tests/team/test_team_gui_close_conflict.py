"""Typing kept as a conflict when the window closes the document (closing it, or
quitting: the window's own paths) reaches the reviewer: the next open of the document
says so in its notice bar, once (offscreen Qt, a real PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from backend.store.postgres.team_store import TeamStore
from tests.gui.conftest import type_text, wait_for
from tests.team.conftest import url
from tests.team.gui_helpers import shared_document
from tests.team.pg_cluster import Cluster


@pytest.mark.parametrize("how", ["close document", "quit"])
def test_a_conflict_on_closing_is_told_when_the_document_opens_again(  # type: ignore[no-untyped-def]
    pg: Cluster, team_pdf: Path, tmp_path: Path, make_window, arun, how: str
) -> None:
    shared_document(pg, team_pdf, tmp_path, given=("rita", "ron")).close_connection()
    w = make_window("--store", url(pg, "rita"))
    assert arun(w.opener.open(team_pdf))
    w.controller.go_to(2)
    arun(wait_for(lambda: w.controller.current == 2, what="page 3"))
    w.editor.editor.setFocus()
    w.editor.editor.moveCursor(w.editor.editor.textCursor().MoveOperation.End)
    type_text(w.editor.editor, "甲")
    assert arun(w.controller.flush_edits())  # her draft on the server, not a version yet
    sha = str(w.controller.workspace.session.pdf.info.sha256)  # type: ignore[union-attr]
    # Meanwhile rita's other window saves the same page first.
    other = TeamStore(
        url(pg, "rita"), sha256=sha, name="x", page_count=3, journal_dir=tmp_path / "other"
    )
    other.page_state(2)
    other.save_draft(2, "第3頁：另一個視窗")
    other.commit_draft(2)
    if how == "quit":
        assert arun(w.shutdown())  # what closing the window runs before it goes
        w = make_window("--store", url(pg, "rita"))  # the next start
    else:
        assert arun(w.controller.detach())
    texts = [v.text for v in other.versions(2)]
    assert texts[-2:] == ["第3頁：另一個視窗", "第3頁甲"]  # both kept
    other.close_connection()
    assert arun(w.opener.open(team_pdf))
    arun(wait_for(lambda: w.notice_bar.isVisible(), what="the notice bar"))
    told = w.notice_bar.label.text()
    assert "When this document was last closed" in told and "Page 3" in told, told
    assert arun(w.controller.detach())
    assert arun(w.opener.open(team_pdf))  # told once
    shown = w.notice_bar.label.text() if w.notice_bar.isVisible() else ""
    assert "When this document was last closed" not in shown
