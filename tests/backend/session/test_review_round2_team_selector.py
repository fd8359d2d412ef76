"""Review round 2 (f249229): ``check_document_wide`` on the team (PostgreSQL) store.

``status --by-risk --alternate version:ID`` checks the id once for the whole
document through ``store.version(id)``. On the team server a version of another
document, or of one the reviewer was never given (row-level security hides it),
must be "this document has no version ID" as in a file store: a KeyError there,
not a database error or another document's reading. A real PostgreSQL
(``tests/team/conftest.py``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import psycopg
import pytest

from backend.models import VersionKind
from backend.session.readings import MAX_ID, ReadingNotFound, check_document_wide, find_reading
from backend.store.postgres import admin
from backend.store.postgres.team_store import TeamStore
from tests.team.conftest import doc, open_store, pg, url  # noqa: F401  (fixtures)
from tests.team.pg_cluster import Cluster

Open = Callable[..., TeamStore]


def other_document(pg: Cluster, name: str, *given: str) -> str:  # noqa: F811
    """A second document on the server, given to ``given`` only; its sha256."""
    sha = hashlib.sha256(f"round2-{name}".encode()).hexdigest()
    with psycopg.connect(url(pg, "ada"), autocommit=True) as conn:
        doc_id = admin.add_document(conn, sha, f"{name}.pdf", 50)
        for person in given:
            admin.give(conn, doc_id, person)
    return sha


def no_version(spec: str) -> str:
    return f"“{spec}”: this document has no version {spec.partition(':')[2]}."


def test_a_version_of_another_document_is_no_version_of_this_one(
    pg: Cluster,  # noqa: F811
    open_store: Open,  # noqa: F811
) -> None:
    rita = open_store("rita")
    mine = rita.add_version(0, VersionKind.OCR, "轉錄", {"engine": "vllm", "model": "m"})[0].id
    check_document_wide(rita, f"version:{mine}")  # this document's reading: fine
    shared = other_document(pg, "shared", "ada", "rita")
    theirs = open_store("ada", sha=shared)
    other = theirs.add_version(0, VersionKind.OCR, "別案", {"engine": "vllm", "model": "m"})[0]
    spec = f"version:{other.id}"
    with pytest.raises(ReadingNotFound) as said:
        check_document_wide(rita, spec)
    assert str(said.value) == no_version(spec)
    with pytest.raises(ReadingNotFound):  # and never compared, page by page
        find_reading(rita, 0, spec)


def test_a_version_of_a_document_the_reviewer_cannot_see_is_no_version(
    pg: Cluster,  # noqa: F811
    open_store: Open,  # noqa: F811
) -> None:
    rita = open_store("rita")
    rita.add_version(0, VersionKind.OCR, "轉錄", {"engine": "vllm", "model": "m"})
    hidden = other_document(pg, "hidden", "ada")  # not given to rita
    secret = open_store("ada", sha=hidden)
    vid = secret.add_version(0, VersionKind.OCR, "密件", {"engine": "vllm", "model": "m"})[0].id
    for spec in (f"version:{vid}", f"version:{MAX_ID - 1}"):  # bigint's largest too
        with pytest.raises(ReadingNotFound) as said:
            check_document_wide(rita, spec)
        assert str(said.value) == no_version(spec)  # the hidden text is never named


def test_a_persons_edit_on_the_team_store_is_said_at_once(open_store: Open) -> None:  # noqa: F811
    rita = open_store("rita")
    rita.add_version(0, VersionKind.OCR, "轉錄", {"engine": "vllm", "model": "m"})
    edit = rita.add_version(0, VersionKind.EDIT, "轉錄。", {})[0].id
    with pytest.raises(ReadingNotFound, match="is a person's edit"):
        check_document_wide(rita, f"version:{edit}")
