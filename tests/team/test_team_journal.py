"""The offline journal's entries are typed: one the replay does not know stops it loudly,
and the journal is kept (the old replay skipped it, then deleted the file)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from backend.store.postgres.journal import JournalEntryError
from backend.store.postgres.team_store import TeamStore

Open = Callable[..., TeamStore]


def _journal(tmp_path: Path, sha: str, who: str) -> Path:
    return tmp_path / "journal" / who / f"{sha[:16]}-{who}.jsonl"


def test_an_unknown_op_fails_loudly_and_keeps_the_journal(
    open_store: Open, doc: tuple[str, int], tmp_path: Path
) -> None:
    lines = [
        {"op": "draft", "page": 2, "text": "離線打的字", "base": None, "empty": False},
        {"op": "stamp", "page": 2, "seal": "court"},  # written by a newer ProofDesk, say
    ]
    path = _journal(tmp_path, doc[0], "rita")
    path.parent.mkdir(parents=True)
    written = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    path.write_text(written, "utf-8")
    with pytest.raises(JournalEntryError, match="stamp"):
        open_store("rita")  # opening replays the journal
    assert path.read_text("utf-8") == written  # kept, every line
    assert open_store("ron").page_state(2).text != "離線打的字"  # and nothing half-sent


@pytest.mark.parametrize(
    "bad",
    [
        {"op": "draft", "page": 2, "text": None},  # parsed, then failed only when sent
        {"op": "status", "page": 2, "status": "final", "seen": True},
        {"op": "note", "page": "2", "text": "n"},
    ],
)
def test_a_line_with_a_field_of_the_wrong_type_fails_before_anything_is_sent(
    open_store: Open, doc: tuple[str, int], tmp_path: Path, bad: dict[str, object]
) -> None:
    lines = [{"op": "draft", "page": 3, "text": "離線打的字"}, bad]
    path = _journal(tmp_path, doc[0], "rita")
    path.parent.mkdir(parents=True)
    written = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    path.write_text(written, "utf-8")
    with pytest.raises(JournalEntryError):
        open_store("rita")
    assert path.read_text("utf-8") == written
    assert open_store("ron").page_state(3).text != "離線打的字"  # the first line not sent


def test_each_kind_of_entry_is_replayed_from_the_file(
    open_store: Open, doc: tuple[str, int], tmp_path: Path
) -> None:
    """The typed entries read the lines older ProofDesks wrote (same JSON)."""
    lines = [
        {"op": "draft", "page": 4, "text": "甲", "base": None, "empty": False, "held": False},
        {"op": "draft", "page": 4, "text": "甲乙", "base": None, "empty": False, "held": False},
        {"op": "commit", "page": 4},
        {"op": "status", "page": 4, "status": "reviewed", "key": "k-status"},
        {"op": "note", "page": 4, "text": "查印章", "key": "k-note"},
    ]
    path = _journal(tmp_path, doc[0], "rita")
    path.parent.mkdir(parents=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    rita = open_store("rita")
    assert rita.pending == 0 and not path.exists()
    ron = open_store("ron")
    assert [v.text for v in ron.versions(4)] == ["甲乙"]
    assert ron.note(4) == "查印章"
    assert ron.status_history(4)[-1][0].value == "reviewed"
