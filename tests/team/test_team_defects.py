"""Reproducers of holes found in review of the team store, each against the real
PostgreSQL, from the app and from plain psql: the "reviewed" status, self-approval
paths, stale replacement of the working version, edits after the final approval,
changes sent twice, a refused replay, unbounded leases."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from backend.models import ReviewStatus
from backend.store.postgres.errors import ApprovalRefusedError, SaveConflictError
from backend.store.postgres.team_store import TeamStore
from tests.team.conftest import PASSWORD
from tests.team.pg_cluster import Cluster

Open = Callable[..., TeamStore]


def psql(pg: Cluster, who: str, sql: str) -> tuple[int, str]:
    done = pg.psql(sql, user=who, password=PASSWORD.format(who))
    return done.returncode, done.stdout + done.stderr


def _edit(store: TeamStore, page: int, text: str) -> None:
    store.page_state(page)
    store.save_draft(page, text)
    store.commit_draft(page)


def test_reviewed_is_a_status_of_its_own(open_store: Open) -> None:
    rita, sam = open_store("rita"), open_store("sam")
    _edit(rita, 3, "rita's reading")
    rita.set_status(3, ReviewStatus.REVIEWED)
    assert rita.team_status(3) == "reviewed"
    assert sam.status(3) is ReviewStatus.REVIEWED  # not shown as "in progress"
    assert sam.statuses(5)[3] is ReviewStatus.REVIEWED
    assert sam.progress()["statuses"]["reviewed"] == 1
    sam.set_status(3, ReviewStatus.APPROVED)
    assert [s for s, _t, _a in sam.status_history(3)] == [
        ReviewStatus.IN_PROGRESS,
        ReviewStatus.REVIEWED,
        ReviewStatus.APPROVED,
    ]


def test_a_stale_save_of_another_does_not_let_the_editor_approve_own_text(
    open_store: Open,
) -> None:
    rita, sam = open_store("rita"), open_store("sam")
    rita.page_state(5)  # rita opens the page, then sam saves it first
    _edit(sam, 5, "sam's reading")
    rita.save_draft(5, "rita's stale reading")  # typed on what she had opened
    with pytest.raises(SaveConflictError):
        rita.commit_draft(5)  # kept in the history; sam's stays the working text
    assert rita.versions(5)[-1].author == "rita"
    # Defect: the rule looked at the latest edit (rita's), not the text approved (sam's).
    with pytest.raises(ApprovalRefusedError, match="edited this page"):
        sam.set_status(5, ReviewStatus.APPROVED)


def test_a_version_of_another_kind_does_not_dodge_the_four_eyes(
    pg: Cluster, doc: tuple[str, int]
) -> None:
    _, doc_id = doc
    code, out = psql(
        pg,
        "sam",
        f"WITH v AS (INSERT INTO proofdesk.versions (document_id, page, kind, text) "
        f"VALUES ({doc_id}, 6, 'ocr', 'sam wrote this') RETURNING id) "
        f"INSERT INTO proofdesk.pages (document_id, page, current_version) "
        f"SELECT {doc_id}, 6, id FROM v",
    )
    assert code == 0, out
    code, out = psql(
        pg,
        "sam",
        f"INSERT INTO proofdesk.status_events (document_id, page, status) "
        f"VALUES ({doc_id}, 6, 'final')",
    )
    assert code != 0 and "second-person approval" in out


def test_the_working_version_is_not_rolled_back_or_forged_by_hand(
    pg: Cluster, open_store: Open, doc: tuple[str, int]
) -> None:
    _, doc_id = doc
    rita, ron = open_store("rita"), open_store("ron")
    _edit(rita, 7, "rita's reading")
    old = rita.current_version_id(7)
    _edit(ron, 7, "ron's newer reading")
    where = f"WHERE document_id = {doc_id} AND page = 7"
    code, out = psql(pg, "rita", f"UPDATE proofdesk.pages SET current_version = {old} {where}")
    assert code != 0 and "not based on the working version" in out
    code, out = psql(pg, "rita", f"UPDATE proofdesk.pages SET text = 'forged' {where}")
    assert code == 0, out
    assert ron.page_state(7).text == "ron's newer reading"
    assert ron.search("forged") == [] and ron.search("newer reading")  # the search text too


def test_new_text_after_the_final_approval_reopens_the_review(open_store: Open) -> None:
    rita, sam, ron = open_store("rita"), open_store("sam"), open_store("ron")
    _edit(rita, 8, "rita's reading")
    sam.set_status(8, ReviewStatus.APPROVED)
    assert sam.status(8) is ReviewStatus.APPROVED
    _edit(ron, 8, "ron changes the approved text")
    # Defect: the page stayed "final" (and in "approved only" exports) with unapproved text.
    assert sam.status(8) is ReviewStatus.IN_PROGRESS
    assert sam.status_history(8)[-1][2] == "ron"


def test_an_administrator_cannot_record_someone_elses_approval(
    pg: Cluster, open_store: Open, doc: tuple[str, int]
) -> None:
    _, doc_id = doc
    ada = open_store("ada")
    _edit(ada, 9, "ada's reading")
    with pytest.raises(ApprovalRefusedError):
        ada.set_status(9, ReviewStatus.APPROVED)
    # "History brought in from elsewhere" was the way around the trigger for her.
    code, out = psql(
        pg,
        "ada",
        f"INSERT INTO proofdesk.status_events (document_id, page, status, origin_author, "
        f"origin_created_at) VALUES ({doc_id}, 9, 'final', 'sam', 0)",
    )
    assert code != 0 and "no history of its own" in out
    assert ada.team_status(9) == "in_progress"


def test_a_status_or_note_sent_twice_is_recorded_once(pg: Cluster, open_store: Open) -> None:
    rita = open_store("rita")
    _edit(rita, 10, "text")
    pg.stop()
    try:
        rita.set_team_status(10, "reviewed")
        rita.set_note(10, "check the seal")
        assert rita.pending == 2
    finally:
        pg.start()
    assert rita.probe()  # back (as the window finds in the background): calls try it again
    # The connection dropped right after the server committed them: the client never
    # heard, so the journal still has both and sends them again.
    for entry in rita.journal.entries():
        rita._apply(entry)
    rita.flush()
    history = rita.status_history(10)
    assert [s for s, _t, _a in history] == [ReviewStatus.IN_PROGRESS, ReviewStatus.REVIEWED]
    # Counted on this test's document only: the cluster (and its other documents'
    # notes) is shared by the whole session, in whatever order the tests run.
    code, out = psql(
        pg,
        "rita",
        f"SELECT count(*) FROM proofdesk.note_events WHERE document_id = {rita.doc} AND page = 10",
    )
    assert code == 0 and int(out.splitlines()[2]) == 1, out


def test_a_refused_step_in_the_journal_does_not_hold_up_the_rest(
    pg: Cluster, open_store: Open
) -> None:
    sam = open_store("sam")
    sam.page_state(11)
    pg.stop()
    try:
        sam.save_draft(11, "sam edits offline")
        sam.commit_draft(11)
        sam.set_status(11, ReviewStatus.APPROVED)  # his own edit: the server will refuse
        sam.set_note(11, "approved offline")
    finally:
        pg.start()
    messages = sam.flush()
    assert any("edited this page" in m for m in messages)
    assert sam.pending == 0  # before: the refusal was raised and the journal never emptied
    assert sam.team_status(11) == "in_progress" and sam.note(11) == "approved offline"


def test_a_lease_cannot_be_taken_for_ever(pg: Cluster, doc: tuple[str, int]) -> None:
    _, doc_id = doc
    code, out = psql(
        pg,
        "rita",
        f"INSERT INTO proofdesk.claims (document_id, page, expires_at) "
        f"VALUES ({doc_id}, 12, 'infinity') RETURNING expires_at < now() + interval '2 hours'",
    )
    assert code == 0 and " t\n" in out, out


def test_listening_tells_nothing_of_a_document_not_given(
    pg: Cluster, open_store: Open, doc: tuple[str, int]
) -> None:
    import psycopg

    from tests.team.conftest import url

    _, doc_id = doc
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        conn.execute("DELETE FROM proofdesk.members WHERE document_id = %s AND person = 'ron'",
                     (doc_id,))  # fmt: skip
    with psycopg.connect(url(pg, "ron"), autocommit=True) as spy:
        # LISTEN has no privileges: the old channel was named by the document's id.
        spy.execute(f"LISTEN proofdesk_doc_{doc_id}")
        assert spy.execute(
            "SELECT count(*) FROM proofdesk.documents WHERE id = %s", (doc_id,)
        ).fetchone() == (0,)  # and the token that names the channel is not his to read
        _edit(open_store("rita"), 13, "a sealed page")
        assert list(spy.notifies(timeout=1.0, stop_after=1)) == []


def test_the_team_functions_are_the_teams_alone(pg: Cluster) -> None:
    pg.psql("DO $$ BEGIN CREATE ROLE stranger LOGIN PASSWORD 'pw-stranger'; "
            "EXCEPTION WHEN duplicate_object THEN NULL; END $$")  # fmt: skip
    done = pg.psql(
        "SELECT p.proname, p.prosecdef, has_function_privilege('stranger', p.oid, 'EXECUTE') "
        "FROM pg_proc p WHERE p.pronamespace = 'proofdesk'::regnamespace "
        "AND (p.prosecdef OR has_function_privilege('stranger', p.oid, 'EXECUTE'))"
    )
    assert done.returncode == 0 and "(0 rows)" in done.stdout, done.stdout
    # Nor may a reviewer make objects that a caller's search_path could pick up.
    done = pg.psql(
        "SELECT has_database_privilege('rita', 'proofdesk', 'CREATE'), "
        "has_schema_privilege('rita', 'public', 'CREATE'), "
        "has_schema_privilege('rita', 'proofdesk', 'CREATE')"
    )
    row = done.stdout.splitlines()[2]
    assert [cell.strip() for cell in row.split("|")] == ["f", "f", "f"], done.stdout


def test_typing_renews_the_lease_and_keeps_its_start(pg: Cluster, open_store: Open) -> None:
    rita = open_store("rita", lease_s=30.0)

    def lease() -> tuple[str, str]:
        out = pg.psql(
            f"SELECT since, expires_at FROM proofdesk.claims WHERE document_id = {rita.doc} "
            "AND page = 14"
        ).stdout.splitlines()[2]
        since, _bar, expires = out.partition("|")
        return since.strip(), expires.strip()

    rita.save_draft(14, "a")
    first = lease()
    rita.save_draft(14, "ab")
    second = lease()
    assert second[0] == first[0]  # the same claim, "since" when it began
    assert second[1] > first[1]  # pushed on by the keystroke


def test_a_restore_over_a_newer_version_keeps_both_and_tells(open_store: Open) -> None:
    rita, ron = open_store("rita"), open_store("ron")
    _edit(rita, 15, "first")
    _edit(rita, 15, "second")
    first = rita.versions(15)[0].id
    _edit(ron, 15, "ron's newer reading")  # rita still has "second" in front of her
    with pytest.raises(SaveConflictError) as told:
        rita.restore(first)
    assert told.value.theirs.text == "ron's newer reading"
    assert rita.page_state(15).text == "ron's newer reading"  # before: silently "first"
    assert [v.text for v in rita.versions(15)][-1] == "first"  # kept in the history
    rita.restore(first)  # now she has seen ron's: her choice stands
    assert ron.page_state(15).text == "first"


def test_approved_only_exports_mean_final_on_the_team_store(pg: Cluster, team_pdf) -> None:  # type: ignore[no-untyped-def]
    import psycopg

    from backend.export.pages import ExportOptions, collect
    from backend.session.document_session import DocumentSession
    from backend.store.postgres import admin
    from tests.team.conftest import url

    ada = DocumentSession.open(team_pdf, store_path=url(pg, "ada"))
    for page in range(3):
        ada.add_reading(page, f"頁{page}", {"engine": "vllm"})
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        for who in ("rita", "sam"):
            admin.give(conn, ada.store.doc, who)  # type: ignore[attr-defined]
    ada.close()
    rita = DocumentSession.open(team_pdf, store_path=url(pg, "rita"))
    for page in (0, 1):
        rita.save_draft(page, f"rita {page}")
        rita.set_status(page, ReviewStatus.REVIEWED)
    rita.close()
    sam = DocumentSession.open(team_pdf, store_path=url(pg, "sam"))
    try:
        sam.set_status(1, ReviewStatus.APPROVED)  # the final approval, by a second person
        exported = collect(sam, ExportOptions(approved_only=True))
        assert [p.page for p in exported.pages] == [1] and exported.skipped == (0, 2)
    finally:
        sam.close()


def test_a_journal_replayed_after_a_newer_save_keeps_both_and_tells(
    pg: Cluster, open_store: Open
) -> None:
    rita, ron = open_store("rita"), open_store("ron")
    _edit(ron, 16, "the reading rita opens")
    rita.page_state(16)
    pg.stop()
    try:
        rita.save_draft(16, "rita, offline")
        rita.commit_draft(16)
    finally:
        pg.start()
    _edit(ron, 16, "ron's newer reading")  # saved while rita's typing waited
    messages = rita.flush()
    assert any("changed by ron" in m for m in messages)
    assert ron.page_state(16).text == "ron's newer reading"
    assert "rita, offline" in [v.text for v in ron.versions(16)]


def test_set_role_is_no_way_round_the_four_eyes(
    pg: Cluster, open_store: Open, doc: tuple[str, int]
) -> None:
    _, doc_id = doc
    _edit(open_store("ada"), 17, "ada's reading")
    # A member of a group role may SET ROLE to it: current_user is then the group's
    # name, not the last editor's, and an administrator's group still reads everything.
    code, out = psql(
        pg,
        "ada",
        "SET ROLE proofdesk_admin; INSERT INTO proofdesk.status_events (document_id, page, "
        f"status) VALUES ({doc_id}, 17, 'final')",
    )
    assert code != 0 and "as yourself" in out, out
    code, out = psql(
        pg,
        "rita",
        "SET ROLE proofdesk_reviewer; INSERT INTO proofdesk.note_events (document_id, page, "
        f"text) VALUES ({doc_id}, 17, 'who wrote this?')",
    )
    assert code != 0 and "as yourself (rita)" in out, out
