"""The rules the database keeps, from the app and from plain psql as each role:
second-person approval, row-level security, append-only history, identity."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import psycopg
import pytest

from backend.models import ReviewStatus, VersionKind
from backend.store.postgres import admin
from backend.store.postgres.errors import (
    ApprovalRefusedError,
    NotGivenError,
)
from backend.store.postgres.team_store import TeamStore
from tests.team.conftest import PASSWORD, url
from tests.team.pg_cluster import Cluster

Open = Callable[..., TeamStore]


def psql(pg: Cluster, who: str, sql: str) -> tuple[int, str]:
    done = pg.psql(sql, user=who, password=PASSWORD.format(who))
    return done.returncode, done.stdout + done.stderr


def test_final_approval_needs_a_senior_who_did_not_edit_last(open_store: Open) -> None:
    sam, rita = open_store("sam"), open_store("rita")
    sam.save_draft(1, "sam's correction")
    sam.commit_draft(1)
    with pytest.raises(ApprovalRefusedError, match="edited this page"):
        sam.set_status(1, ReviewStatus.APPROVED)  # self-approval
    with pytest.raises(ApprovalRefusedError, match="senior"):
        rita.set_status(1, ReviewStatus.APPROVED)  # a reviewer is not a senior
    rita.set_team_status(1, "reviewed")
    rita.save_draft(1, "rita's correction")
    rita.commit_draft(1)
    assert sam.page_state(1).text == "rita's correction"  # approved as shown (schema_3.sql)
    sam.set_status(1, ReviewStatus.APPROVED)  # now someone else edited last: allowed
    assert sam.team_status(1) == "final"
    history = sam.status_history(1)
    assert history[-1][2] == "sam" and history[-1][0] is ReviewStatus.APPROVED


def test_self_approval_is_refused_from_plain_psql(
    pg: Cluster, open_store: Open, doc: tuple[str, int]
) -> None:
    _, doc_id = doc
    sam = open_store("sam")
    sam.save_draft(2, "sam edits")
    sam.commit_draft(2)
    code, out = psql(
        pg,
        "sam",
        f"INSERT INTO proofdesk.status_events (document_id, page, status) "
        f"VALUES ({doc_id}, 2, 'final')",
    )
    assert code != 0 and "second-person approval" in out
    # Spoofing the author, or claiming the history came from elsewhere, does not help.
    code, out = psql(
        pg,
        "sam",
        f"INSERT INTO proofdesk.status_events (document_id, page, status, author, "
        f"origin_author) VALUES ({doc_id}, 2, 'final', 'rita', 'rita')",
    )
    assert code != 0 and "only an administrator" in out
    code, out = psql(
        pg,
        "rita",
        f"INSERT INTO proofdesk.versions (document_id, page, kind, text, author) "
        f"VALUES ({doc_id}, 2, 'edit', 'x', 'sam') RETURNING author",
    )
    assert code == 0 and "rita" in out and " sam" not in out  # the database says who
    final = (
        f"INSERT INTO proofdesk.status_events (document_id, page, status) "
        f"VALUES ({doc_id}, 2, 'final')"
    )
    # Rita's version is only in the history: the working text is still sam's own.
    code, out = psql(pg, "sam", final)
    assert code != 0 and "second-person approval" in out
    rita = open_store("rita")
    rita.page_state(2)
    rita.save_draft(2, "rita's reading")
    rita.commit_draft(2)  # now rita's text is the one to approve
    assert psql(pg, "sam", final)[0] == 0


def test_history_is_append_only_for_everyone(pg: Cluster, open_store: Open, doc: tuple) -> None:
    _, doc_id = doc
    open_store("rita").add_version(4, VersionKind.OCR, "text")
    for who in ("rita", "ada"):
        for sql in (
            f"UPDATE proofdesk.versions SET text = 'x' WHERE document_id = {doc_id}",
            f"DELETE FROM proofdesk.versions WHERE document_id = {doc_id}",
            f"DELETE FROM proofdesk.status_events WHERE document_id = {doc_id}",
        ):
            code, out = psql(pg, who, sql)
            assert code != 0 and "permission denied" in out, (who, sql)


def test_a_reviewer_cannot_read_a_document_not_given(pg: Cluster, open_store: Open) -> None:
    sha = hashlib.sha256(b"secret file").hexdigest()
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        secret = admin.add_document(conn, sha, "sealed.pdf", 10)
        admin.give(conn, secret, "rita")
    rita = open_store("rita", sha=sha)
    rita.save_draft(0, "sealed text")
    rita.commit_draft(0)
    with pytest.raises(NotGivenError):
        open_store("ron", sha=sha)
    for sql in (
        f"SELECT count(*) FROM proofdesk.versions WHERE document_id = {secret}",
        f"SELECT count(*) FROM proofdesk.pages WHERE document_id = {secret}",
        f"SELECT count(*) FROM proofdesk.documents WHERE id = {secret}",
    ):
        code, out = psql(pg, "ron", sql)
        assert code == 0 and " 0\n" in out, out  # row-level security: nothing there for ron
    code, out = psql(
        pg,
        "ron",
        f"INSERT INTO proofdesk.versions (document_id, page, kind, text) "
        f"VALUES ({secret}, 0, 'edit', 'x')",
    )
    assert code != 0 and "row-level security" in out
    code, out = psql(pg, "ron", f"INSERT INTO proofdesk.members VALUES ({secret}, 'ron')")
    assert code != 0 and "permission denied" in out  # cannot give it to himself
    seen = psql(pg, "ada", f"SELECT count(*) FROM proofdesk.versions WHERE document_id = {secret}")
    assert " 1\n" in seen[1]  # an administrator sees every document


def test_only_an_administrator_adds_documents_and_breaks_claims(
    pg: Cluster, open_store: Open, doc: tuple
) -> None:
    code, out = psql(
        pg, "sam", "INSERT INTO proofdesk.documents (sha256, name, page_count) VALUES ('x', 'x', 1)"
    )
    assert code != 0 and "permission denied" in out
    rita, ron, ada = open_store("rita"), open_store("ron"), open_store("ada")
    rita.claim(7)
    ron.release(7, force=True)  # deletes nothing: the restrictive policy hides rita's row
    assert ada.claim_holder(7) is not None
    # Taking over rita's lease by hand: the row is not ron's to change.
    code, out = psql(
        pg, "ron", f"UPDATE proofdesk.claims SET holder = 'ron' WHERE document_id = {doc[1]}"
    )
    assert code == 0 and "UPDATE 0" in out
    assert ada.claim_holder(7) == (rita.author, pytest.approx(ada.claim_holder(7)[1]))  # type: ignore[index]
    ada.release(7, force=True)
    assert ada.claim_holder(7) is None
