"""What the review store keeps of a page note and of a version's provenance (issue 21).

A note longer than any remark is refused before anything is written (the note
stays with the caller); provenance of megabytes (a server's or an import's) is
trimmed with a marker, and the reading it came with is kept. The same rules on
the team's PostgreSQL store: tests/team/test_team_store.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.errors import NoteTooLongError
from backend.models import VersionKind
from backend.store.limits import MAX_NOTE_CHARS, MAX_PROVENANCE_BYTES, TRIMMED
from backend.store.review_store import ReviewStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ReviewStore]:
    s = ReviewStore(tmp_path / "review.sqlite3", author="ana")
    yield s
    s.close()


def test_a_note_of_the_limit_is_kept_one_more_character_is_refused(store: ReviewStore) -> None:
    store.set_note(2, "seal illegible")
    store.set_note(2, "字" * MAX_NOTE_CHARS)
    assert store.note(2) == "字" * MAX_NOTE_CHARS
    with pytest.raises(NoteTooLongError) as refused:
        store.set_note(2, "x" * (MAX_NOTE_CHARS + 1))
    assert store.note(2) == "字" * MAX_NOTE_CHARS  # nothing of it was written
    said = str(refused.value)
    assert "page 3" in said and f"{MAX_NOTE_CHARS + 1:,} characters" in said
    assert "still in the note field" in said
    count = store.connection.execute("SELECT count(*) FROM note_events").fetchone()[0]
    assert count == 2


def test_small_provenance_is_kept_as_given(store: ReviewStore) -> None:
    given = {"engine": "vllm", "model": "qwen", "usage": {"completion_tokens": 812}}
    version, _ = store.add_version(0, VersionKind.OCR, "判決", given)
    assert version.provenance == given


def test_huge_provenance_is_trimmed_with_a_marker_and_the_reading_kept(
    store: ReviewStore,
) -> None:
    echo = "x" * (3 * MAX_PROVENANCE_BYTES)  # what a hostile or broken server sends back
    logprobs = [["字", -0.01, [229, 173, 151]]] * 30_000  # a long page's: kept whole
    given = {"engine": "vllm", "model": "qwen", "server_echo": echo, "logprobs": logprobs}
    version, _ = store.add_version(0, VersionKind.OCR, "臺灣高等法院", given)

    kept = version.provenance
    assert version.text == "臺灣高等法院"
    assert kept["engine"] == "vllm" and kept["model"] == "qwen"
    assert kept["logprobs"] == logprobs  # only what had to go went
    assert kept["server_echo"] == {"trimmed_bytes": len(echo) + 2}  # its JSON size, quotes too
    assert kept[TRIMMED]["keys"] == ["server_echo"]
    assert kept[TRIMMED]["bytes"] > 3 * MAX_PROVENANCE_BYTES
    raw = store.connection.execute("SELECT provenance FROM versions WHERE id = ?", (version.id,))
    assert len(raw.fetchone()[0].encode()) <= MAX_PROVENANCE_BYTES


def test_provenance_of_countless_keys_keeps_only_the_marker(store: ReviewStore) -> None:
    name = "k" * 1000  # 5,000 names of 1,000 characters: even the names do not fit
    given = {f"{name}{n}": n for n in range(5_000)}
    version, _ = store.add_version(0, VersionKind.IMPORT, "text", given)
    kept = version.provenance
    assert list(kept) == [TRIMMED] and kept[TRIMMED]["bytes"] == len(json.dumps(given))
