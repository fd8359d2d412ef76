"""Typing saved as a version on closing, kept as a conflict because a colleague saved the
page meanwhile: the closing window cannot tell it (the GUI closes the document, opens
another, or quits), so the next open of the document does, once (real PostgreSQL)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from backend.documents.pdf import open_pdf
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from backend.store.postgres.team_store import TeamStore
from tests.pdf_factory import text_pdf

READ = "被告應給付原告新臺幣三萬元整。"
MINE = READ.replace("三", "五")
THEIRS = READ + "（sam）"


@pytest.mark.parametrize("closed_by", ["session", "store"])
def test_a_conflict_kept_on_closing_is_told_at_the_next_open(
    open_store: Callable[..., TeamStore], tmp_path: Path, closed_by: str
) -> None:
    open_store("ron").add_version(0, VersionKind.OCR, READ, {"engine": "vllm"})
    rita = open_store("rita", lease_s=0.0)  # her claim lapses at once: sam may take the page
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), rita, [])
    assert session.page_state(0).text == READ
    session.save_draft(0, MINE)
    sam = open_store("sam")
    sam.page_state(0)
    sam.save_draft(0, THEIRS)
    sam.commit_draft(0)
    if closed_by == "session":
        session.close()  # what the window does on closing the document, or quitting
    else:
        rita.close()
    assert [v.text for v in sam.versions(0)] == [READ, THEIRS, MINE]  # both kept
    again = open_store("rita")
    told = [m for m in again.notices if "was changed by sam" in m]
    assert len(told) == 1, again.notices
    assert "version" in told[0] and "Page 1" in told[0]
    assert not any("was changed by" in m for m in open_store("rita").notices)  # told once


def test_a_damaged_note_is_dropped_and_the_others_told(
    open_store: Callable[..., TeamStore], doc: tuple[str, int], tmp_path: Path
) -> None:
    """The note is a file on the reviewer's disk: a line cut short or edited by hand
    neither stops the open nor stays for ever; the readable one is told."""
    sam = open_store("sam")
    sam.page_state(2)
    mine, _change = sam.add_version(2, VersionKind.EDIT, MINE)
    theirs, _change = sam.add_version(2, VersionKind.EDIT, THEIRS)
    path = tmp_path / "journal" / "rita" / f"{doc[0][:16]}-rita.untold.jsonl"
    path.parent.mkdir(parents=True)
    lines = [
        "7",
        json.dumps({"page": True, "mine": mine.id, "theirs": theirs.id}),
        json.dumps({"page": 2, "mine": 10**9, "theirs": theirs.id}),  # no such version
        json.dumps({"page": 2, "mine": mine.id, "theirs": theirs.id}),
        '{"page": 2, "mi',
    ]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    told = [m for m in open_store("rita").notices if "was changed by sam" in m]
    assert len(told) == 1 and "Page 3" in told[0], told
    assert not path.exists()


@pytest.mark.parametrize("closed_by", ["session", "store"])
def test_closing_with_a_conflict_whose_note_cannot_be_written_closes_and_says_it(
    open_store: Callable[..., TeamStore],
    doc: tuple[str, int],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    closed_by: str,
) -> None:
    """The note is a file on the reviewer's disk: one that cannot be written (a full
    disk; here its path taken by a folder) does not make closing fail (reviewer R):
    the conflict is logged and said now, its both versions on the server."""
    open_store("ron").add_version(0, VersionKind.OCR, READ, {"engine": "vllm"})
    rita = open_store("rita", lease_s=0.0)
    session = DocumentSession(open_pdf(text_pdf(tmp_path / "a.pdf", ["p"])), rita, [])
    rita.page_state(0)
    rita.save_draft(0, MINE)
    sam = open_store("sam")
    sam.page_state(0)
    sam.save_draft(0, THEIRS)
    sam.commit_draft(0)
    (tmp_path / "journal" / "rita" / f"{doc[0][:16]}-rita.untold.jsonl").mkdir(parents=True)
    if closed_by == "session":
        session.close()  # the window's (and the CLI's) close: what it says is shown
        said = session.backup_error
    else:
        rita.close()
        said = rita.notices[-1]
    assert [v.text for v in sam.versions(0)] == [READ, THEIRS, MINE]
    assert "could not be noted" in said and "was changed by sam" in said, said
    assert "not noted for the next open" in caplog.text
