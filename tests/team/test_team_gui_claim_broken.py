"""An administrator breaks a reviewer's claim, two real windows (offscreen Qt, a real
PostgreSQL): the holder's window says so, naming who and which page; her typing is a
version in the history and the editor shows the page's text; the page stays read-only
(her keystrokes do not take it back) until she chooses "Edit This Page Again"; meanwhile
a claim of someone else's shows as "being edited by …"."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from backend.models import VersionKind
from backend.store.postgres.team_store import TeamStore
from tests.gui.conftest import type_text, wait_for
from tests.team.conftest import url
from tests.team.gui_helpers import claim_holder, shared_document
from tests.team.pg_cluster import Cluster


def _rita_types_on_page_2(pg: Cluster, ron: TeamStore, pdf: Path, make_window, arun):  # type: ignore[no-untyped-def]
    """Rita's window on page 2, where she typed 校 and so holds the page's claim."""
    rita = make_window("--store", url(pg, "rita"))
    assert arun(rita.opener.open(pdf))
    rita.controller.go_to(1)
    arun(wait_for(lambda: rita.controller.current == 1, what="page 2"))
    rita.editor.editor.setFocus()
    rita.editor.editor.moveCursor(rita.editor.editor.textCursor().MoveOperation.End)
    type_text(rita.editor.editor, "校")
    arun(rita.controller.flush_edits())
    arun(wait_for(lambda: claim_holder(pg, ron, 1) == "rita", what="rita's claim"))
    return rita


def test_the_holder_is_told_keeps_her_typing_and_does_not_take_the_page_back(  # type: ignore[no-untyped-def]
    pg: Cluster, team_pdf: Path, tmp_path: Path, make_window, arun
) -> None:
    ron = shared_document(pg, team_pdf, tmp_path, given=("rita", "ron"))
    try:
        rita = _rita_types_on_page_2(pg, ron, team_pdf, make_window, arun)
        # Ada, an administrator, breaks it from her window.
        ada = make_window("--store", url(pg, "ada"))
        assert arun(ada.opener.open(team_pdf))
        ada.controller.go_to(1)
        arun(wait_for(lambda: ada.team.claim_label.isVisible(), what="rita's claim, for ada"))
        ada.actions_by_name["break_claim"].trigger()
        # A claim check meanwhile (rita's autosave renews her claim: a live update for
        # ada's page) must not cancel the break (before: both tasks were named "claim").
        ada.team._page_loaded(1)
        arun(wait_for(lambda: "was broken" in ada.statusBar().currentMessage(), what="broken"))
        # Rita's window is told, names who and which page, and keeps her typing.
        said = rita.statusBar()
        arun(wait_for(lambda: "broken by ada" in said.currentMessage(), what="rita is told"))
        assert "page 2" in said.currentMessage()
        arun(wait_for(lambda: "broken by ada" in rita.team.claim_label.text(), what="the label"))
        assert rita.team.claim_label.isVisible() and rita.editor.editor.isReadOnly()
        store = rita.controller.workspace.session.store  # type: ignore[union-attr]
        kept = store.versions(1)[-1]
        assert (kept.kind, kept.author, kept.text) == (VersionKind.EDIT, "rita", "第2頁校")
        arun(wait_for(lambda: rita.editor.text() == "第2頁校", what="the page's text shown"))
        # Her next keystroke neither changes the text nor claims the page again.
        rita.editor.editor.setFocus()
        type_text(rita.editor.editor, "x")
        arun(rita.controller.flush_edits())
        assert rita.editor.text() == "第2頁校" and claim_holder(pg, ron, 1) == ""
        # Ron claims it meanwhile: "being edited by ron since …"; when he lets go, rita's
        # page is still hers to reopen deliberately.
        ron.claim(1)
        arun(wait_for(lambda: rita.team.claim_label.text().startswith("being edited by ron since "),
                      what="ron's claim shown"))  # fmt: skip
        ron.release(1)
        arun(wait_for(lambda: "broken by ada" in rita.team.claim_label.text(), what="broken again"))
        assert rita.editor.editor.isReadOnly()
        # Away and back: still read-only, from the end of the page load on (the
        # controller's read_only hook; no keystroke gets in before check_claim runs).
        rita.controller.go_to(0)
        arun(wait_for(lambda: rita.controller.current == 0, what="page 1"))
        arun(wait_for(lambda: not rita.editor.editor.isReadOnly(), what="page 1 editable"))
        arun(wait_for(lambda: not rita.team.claim_label.isVisible(), what="no label on page 1"))
        rita.controller.go_to(1)
        arun(wait_for(lambda: rita.controller.current == 1, what="page 2 again"))
        arun(wait_for(lambda: rita.team.claim_label.isVisible(), what="the label back"))
        assert "broken by ada" in rita.team.claim_label.text() and rita.editor.editor.isReadOnly()

        async def transition_ends_read_only() -> bool:
            async with rita.controller.page_transition():
                pass
            return rita.editor.editor.isReadOnly()

        assert arun(transition_ends_read_only())
        rita.actions_by_name["edit_again"].trigger()
        arun(wait_for(lambda: not rita.editor.editor.isReadOnly(), what="editable again"))
        # The label goes after the claim check that follows the reload (a store call
        # later): waited for, not assumed gone with the read-only (failed under load).
        arun(wait_for(lambda: not rita.team.claim_label.isVisible(), what="the label gone"))
        rita.editor.editor.setFocus()
        rita.editor.editor.moveCursor(rita.editor.editor.textCursor().MoveOperation.End)
        type_text(rita.editor.editor, "對")
        arun(rita.controller.flush_edits())
        assert claim_holder(pg, ron, 1) == "rita"  # typing claims it again, now she chose to
    finally:
        ron.close_connection()  # also when a step fails: no connection left to the GC


def test_a_journal_sent_after_the_break_tells_and_leaves_the_page_read_only(  # type: ignore[no-untyped-def]
    pg: Cluster, team_pdf: Path, tmp_path: Path, make_window, arun
) -> None:
    ron = shared_document(pg, team_pdf, tmp_path, given=("rita", "ron"))
    try:
        rita = _rita_types_on_page_2(pg, ron, team_pdf, make_window, arun)
        pg.stop()
        try:
            type_text(rita.editor.editor, "對")
            arun(rita.controller.flush_edits())
            arun(wait_for(lambda: rita.team.offline_label.isVisible(), what="offline"))
            rita.team._timer.stop()  # the journal waits until the claim is broken
        finally:
            pg.start()
        pg.psql(f"DELETE FROM proofdesk.claims WHERE document_id = {ron.doc} AND page = 1")
        rita.team._timer.start()
        said = rita.statusBar()
        arun(wait_for(lambda: "page 2" in said.currentMessage(), what="rita is told"), 60)
        arun(wait_for(lambda: rita.team.claim_label.isVisible(), what="the label"))
        assert "your claim is gone" in rita.team.claim_label.text()
        assert rita.editor.editor.isReadOnly() and claim_holder(pg, ron, 1) == ""
        store = rita.controller.workspace.session.store  # type: ignore[union-attr]
        assert store.versions(1)[-1].text == "第2頁校對"
    finally:
        ron.close_connection()
