"""Claims, queues and "reviewed" in the real window (offscreen Qt, a real PostgreSQL):
a reviewer releases her own claim but cannot break another's, an administrator can;
each person's queue shows in the progress view; "Mark Reviewed" sets the status."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from backend.models import ReviewStatus
from tests.gui.conftest import type_text, wait_for
from tests.team.conftest import url
from tests.team.gui_helpers import claim_holder, shared_document
from tests.team.pg_cluster import Cluster


def test_release_break_queue_and_reviewed(  # type: ignore[no-untyped-def]
    pg: Cluster, team_pdf: Path, tmp_path: Path, make_window, arun
) -> None:
    ron = shared_document(pg, team_pdf, tmp_path, given=("ron",), assigned=(1, 2, "rita"))
    ron.claim(0)
    rita = make_window("--store", url(pg, "rita"))
    assert arun(rita.opener.open(team_pdf))
    arun(wait_for(lambda: rita.team.claim_label.isVisible(), what="ron's claim shown"))
    # A reviewer cannot break ron's claim (the window says so; the database would refuse).
    rita.actions_by_name["break_claim"].trigger()
    arun(wait_for(lambda: "Only an administrator" in rita.statusBar().currentMessage(),
                  what="the refusal"))  # fmt: skip
    assert claim_holder(pg, ron, 0) == "ron" and rita.editor.editor.isReadOnly()
    # Her own claim: typing on page 2 takes it, "Release" gives it back (typing saved).
    rita.controller.go_to(1)
    arun(wait_for(lambda: rita.controller.current == 1, what="page 2"))
    rita.editor.editor.setFocus()
    type_text(rita.editor.editor, "校")
    arun(rita.controller.flush_edits())
    arun(wait_for(lambda: claim_holder(pg, ron, 1) == "rita", what="rita's claim"))
    rita.actions_by_name["release_claim"].trigger()
    arun(wait_for(lambda: claim_holder(pg, ron, 1) == "", what="rita's claim released"))
    arun(wait_for(lambda: "free for others" in rita.statusBar().currentMessage(), what="said"))
    assert ron.versions(1)[-1].author == "rita"  # her typing was saved too
    # "Mark Reviewed": the status of its own, in the page list and on the server.
    rita.actions_by_name["reviewed"].trigger()
    arun(wait_for(lambda: ron.team_status(1) == "reviewed", what="reviewed on the server"))
    arun(wait_for(lambda: rita.page_list_model.status(1) is ReviewStatus.REVIEWED,
                  what="reviewed in the page list"))  # fmt: skip
    # Her queue in the progress view: pages 2-3, not final yet.
    rita.actions_by_name["team_progress"].trigger()
    view = rita.team
    arun(wait_for(lambda: view.progress_view is not None and view.progress_view.isVisible(),
                  what="the progress view"))  # fmt: skip
    table = view.progress_view.people  # type: ignore[union-attr]
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount())}
    assert table.item(rows["rita"], 6).text() == "2–3"
    # An administrator breaks ron's claim on page 1, and can edit it then.
    ada = make_window("--store", url(pg, "ada"))
    assert arun(ada.opener.open(team_pdf))
    arun(wait_for(lambda: ada.team.claim_label.isVisible(), what="ron's claim, for ada"))
    ada.actions_by_name["break_claim"].trigger()
    arun(wait_for(lambda: "ron" in ada.statusBar().currentMessage(), what="claim broken"))
    assert "was broken" in ada.statusBar().currentMessage()
    assert claim_holder(pg, ron, 0) == ""
    arun(wait_for(lambda: not ada.team.claim_label.isVisible(), what="the notice gone"))
    arun(wait_for(lambda: not ada.editor.editor.isReadOnly(), what="page 1 editable for ada"))
    ron.close_connection()


def test_a_password_typed_into_the_server_address_goes_to_the_keyring(qapp) -> None:  # type: ignore[no-untyped-def]
    from backend.settings.keys import KeyStore
    from backend.store.postgres.connection import key_id
    from gui.team.server_dialog import TeamServerDialog

    keys = KeyStore()
    dialog = TeamServerDialog("", keys)
    dialog.url.setText("postgresql://rita:s%40cret@db.example.org/proofdesk")
    dialog._accept()
    assert dialog.result()
    assert dialog.chosen_url() == "postgresql://rita@db.example.org/proofdesk"  # to settings
    assert keys.get(key_id(dialog.chosen_url())) == "s@cret"
