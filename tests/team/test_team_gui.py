"""The team server in the real window (offscreen Qt, a real PostgreSQL): a page
someone else claimed opens read-only and says who, their save arrives live,
"offline — N edits waiting" while the server is away, the supervisor's view."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from backend.models import VersionKind
from backend.store.postgres.team_store import TeamStore
from tests.gui.conftest import type_text, wait_for
from tests.team.conftest import url
from tests.team.gui_helpers import shared_document
from tests.team.pg_cluster import Cluster


def _ron_claiming_page_1(pg: Cluster, pdf: Path, tmp_path: Path) -> TeamStore:
    """The document on the server, given to rita and ron; ron's store, claiming page 1."""
    ron = shared_document(
        pg, pdf, tmp_path, ocr_suffix="的機器辨識", given=("rita", "ron"), journal="ron-journal"
    )
    ron.claim(0)
    return ron


def test_claimed_page_live_updates_offline_and_progress(  # type: ignore[no-untyped-def]
    pg: Cluster, team_pdf: Path, tmp_path: Path, make_window, arun
) -> None:
    ron = _ron_claiming_page_1(pg, team_pdf, tmp_path)
    w = make_window("--store", url(pg, "rita"))
    assert arun(w.opener.open(team_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    # Ron has page 1: it opens read-only, saying who and since when.
    arun(wait_for(lambda: w.team.claim_label.isVisible(), what="the claim notice"))
    assert w.team.claim_label.text().startswith("being edited by ron since ")
    assert w.editor.editor.isReadOnly()
    # His save arrives without reopening the page; his claim goes with it.
    ron.save_draft(0, "第1頁：羅先生的校對")
    ron.commit_draft(0)
    arun(wait_for(lambda: w.editor.text() == "第1頁：羅先生的校對", what="ron's text, live"))
    arun(wait_for(lambda: not w.team.claim_label.isVisible(), what="the claim notice to go"))
    arun(wait_for(lambda: not w.editor.editor.isReadOnly(), what="the page editable again"))
    # The supervisor's view.
    w.actions_by_name["team_progress"].trigger()
    arun(
        wait_for(
            lambda: w.team.progress_view is not None and w.team.progress_view.isVisible(),
            what="the progress view",
        )
    )
    table = w.team.progress_view.people  # type: ignore[union-attr]
    names = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert "ron" in names
    assert "No page is being edited." in w.team.progress_view.claims.text()  # type: ignore[union-attr]
    # The server goes away while rita types: her typing waits, and is said to wait.
    w.controller.go_to(1)
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    pg.stop()
    try:
        w.editor.editor.setFocus()
        w.editor.editor.moveCursor(w.editor.editor.textCursor().MoveOperation.End)
        type_text(w.editor.editor, "補")
        arun(w.controller.flush_edits())
        arun(wait_for(lambda: w.team.offline_label.isVisible(), what="the offline notice"))
        assert w.team.offline_label.text().startswith("offline — ")
        assert w.team.offline_label.text().endswith(" edits waiting")
    finally:
        pg.start()
    arun(wait_for(lambda: not w.team.offline_label.isVisible(), what="the journal sent"), 60)
    rita = w.controller.workspace.session.store  # type: ignore[union-attr]
    assert rita.pending == 0 and rita.draft(1) == "第2頁的機器辨識補"  # on the server now
    ron.close_connection()
    assert w.controller.workspace is not None
    assert w.controller.workspace.session.store.versions(0)[-1].author == "ron"
    assert VersionKind.EDIT in {v.kind for v in w.controller.workspace.session.store.versions(0)}


def test_a_save_over_a_newer_version_shows_the_diff(  # type: ignore[no-untyped-def]
    pg: Cluster, team_pdf: Path, tmp_path: Path, make_window, arun
) -> None:
    ron = _ron_claiming_page_1(pg, team_pdf, tmp_path)
    ron.close_connection()
    w = make_window("--store", url(pg, "rita"))
    assert arun(w.opener.open(team_pdf))
    w.controller.go_to(2)
    arun(wait_for(lambda: w.controller.current == 2, what="page 3"))
    w.editor.editor.setFocus()
    w.editor.editor.moveCursor(w.editor.editor.textCursor().MoveOperation.End)
    type_text(w.editor.editor, "甲")
    # Meanwhile rita's other window saves the same page first.
    store = w.controller.workspace.session.store  # type: ignore[union-attr]
    other = TeamStore(
        url(pg, "rita"), sha256=_sha(w), name="x", page_count=3, journal_dir=tmp_path / "other"
    )
    other.page_state(2)
    other.save_draft(2, "第3頁：另一個視窗")
    other.commit_draft(2)
    other.close_connection()
    w.controller.go_to(0)  # saving the typing meets the newer version
    arun(wait_for(lambda: w.team.conflict_view is not None, what="the conflict view"))
    shown = w.team.conflict_view.diff.toPlainText()  # type: ignore[union-attr]
    assert "另一個視窗" in shown and "甲" in shown
    texts = [v.text for v in store.versions(2)]
    assert "第3頁：另一個視窗" in texts and "第3頁的機器辨識甲" in texts  # both kept


def _sha(w) -> str:  # type: ignore[no-untyped-def]
    return str(w.controller.workspace.session.pdf.info.sha256)


def test_the_team_server_setting(  # type: ignore[no-untyped-def]
    pg: Cluster, make_window, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backend.settings.keys import KeyStore
    from backend.store.postgres.connection import key_id
    from gui.services.settings import GuiSettings
    from gui.team.server_dialog import TeamServerDialog

    keys = KeyStore()
    dialog = TeamServerDialog("", keys)
    dialog.url.setText("https://not-a-database")
    dialog._accept()
    assert not dialog.result() and "postgresql://" in dialog.problem.text()
    address = f"postgresql://rita@127.0.0.1:{pg.port}/proofdesk"
    dialog.url.setText(address)
    dialog.password.setText("pw-rita")
    dialog._accept()
    assert dialog.result() and keys.get(key_id(address)) == "pw-rita"  # never in settings
    settings = GuiSettings()
    settings.team_url = address
    settings.sync()
    w = make_window()  # the next window opens documents on the team server
    assert w.opener.store_path == address
