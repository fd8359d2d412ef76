"""The team store against a real PostgreSQL: the interface, conflicts, claims."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from backend.models import ReviewStatus, VersionKind
from backend.store.postgres.errors import PageClaimedError, SaveConflictError
from backend.store.postgres.team_store import TeamStore

Open = Callable[..., TeamStore]


def test_versions_drafts_status_notes_search(open_store: Open) -> None:
    rita = open_store("rita")
    assert rita.author == "rita"
    rita.add_version(0, VersionKind.OCR, "臺灣高等法院刑事判決", {"engine": "vllm"})
    assert rita.page_state(0).text == "臺灣高等法院刑事判決"
    change = rita.save_draft(0, "臺灣高等法院民事判決")
    assert change.status  # typing started the review
    assert rita.status(0) is ReviewStatus.IN_PROGRESS
    rita.commit_draft(0)
    versions = rita.versions(0)
    assert [v.kind for v in versions] == [VersionKind.OCR, VersionKind.EDIT]
    assert versions[-1].author == "rita"
    rita.set_note(0, "check the case number")
    assert rita.note(0) == "check the case number"
    assert [p for p, _ in rita.search("民事判決")] == [0]
    assert [p for p, _ in rita.search("刑事")] == []
    rita.set_meta("prompt", "read it")
    assert rita.get_meta("prompt") == "read it"
    # A machine reading never displaces a person's edit.
    _, change = rita.add_version(0, VersionKind.OCR, "again")
    assert not change.text and rita.page_state(0).text == "臺灣高等法院民事判決"


def test_racing_saves_keep_both_and_tell_the_later_writer(open_store: Open) -> None:
    one, two = open_store("rita"), open_store("rita")  # one person, two windows
    one.add_version(3, VersionKind.OCR, "original")
    base = one.page_state(3).version_id
    assert two.page_state(3).version_id == base
    one.save_draft(3, "first writer")
    two.save_draft(3, "second writer")
    one.commit_draft(3)
    with pytest.raises(SaveConflictError) as told:
        two.commit_draft(3)
    assert told.value.theirs.text == "first writer"
    assert told.value.mine.text == "second writer"
    texts = [v.text for v in one.versions(3)]
    assert texts == ["original", "first writer", "second writer"]  # both kept
    assert one.page_state(3).text == "first writer"  # the older base never replaces it


def test_a_page_claimed_by_someone_else_refuses_edits(open_store: Open) -> None:
    rita, ron = open_store("rita"), open_store("ron")
    rita.save_draft(5, "rita types")
    assert ron.claim_holder(5) is not None and ron.claim_holder(5)[0] == "rita"  # type: ignore[index]
    with pytest.raises(PageClaimedError) as refused:
        ron.save_draft(5, "ron types")
    assert "rita" in str(refused.value)
    rita.release(5)
    ron.save_draft(5, "ron types")
    assert ron.page_state(5).text == "ron types"


def test_ocr_jobs_live_on_the_server_and_spare_claimed_pages(open_store: Open) -> None:
    from backend.store.job_rows import PageJobState, Selection

    rita, ron = open_store("rita"), open_store("ron")
    ron.save_draft(2, "ron is typing")  # claims page 3
    jobs = rita.jobs()
    pages = jobs.select_pages(50, Selection.UNPROCESSED, [0, 1, 2])
    job = jobs.create(pages, {"model": "m"})
    assert jobs.unfinished() == [job]
    assert {p.page: p.state for p in jobs.pages(job)}[2] is PageJobState.SKIPPED
    jobs.record_reading(job, 0, "讀到的字", {"engine": "vllm"}, 1)
    jobs.record_failure(job, 1, "timeout", 2)
    assert jobs.failed_pages() == {1}
    assert jobs.retry_failed(job) == [1]
    jobs.set_state(job, "done")
    summary = jobs.summary(job)
    assert summary.state == "done" and summary.counts[PageJobState.DONE] == 1
    assert rita.page_state(0).text == "讀到的字"
    assert jobs.select_pages(50, Selection.UNPROCESSED, [0, 1]) == [1]


def test_note_and_provenance_limits_as_in_the_embedded_store(open_store: Open) -> None:
    """issue 21: a note too long is refused before the journal or the server keeps it;
    provenance of megabytes is trimmed with the same marker as in SQLite."""
    from backend.errors import NoteTooLongError
    from backend.store.limits import MAX_NOTE_CHARS, MAX_PROVENANCE_BYTES, TRIMMED

    rita = open_store("rita")
    rita.set_note(4, "字" * MAX_NOTE_CHARS)
    with pytest.raises(NoteTooLongError, match="page 5"):
        rita.set_note(4, "x" * (MAX_NOTE_CHARS + 1))
    assert rita.note(4) == "字" * MAX_NOTE_CHARS
    assert rita.journal.entries() == []  # not queued to be sent later either

    echo = "x" * (3 * MAX_PROVENANCE_BYTES)
    version, _ = rita.add_version(4, VersionKind.OCR, "判決", {"engine": "vllm", "echo": echo})
    kept = rita.versions(4)[-1].provenance
    assert version.text == "判決" and kept["engine"] == "vllm"
    assert kept["echo"] == {"trimmed_bytes": len(echo) + 2}
    assert kept[TRIMMED]["keys"] == ["echo"]
