"""OCR batch jobs live in the review store: they survive restarts and never overwrite a person."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.errors import StoreError
from backend.models import ReviewStatus, VersionKind
from backend.store.job_rows import JobStore, PageJobState, Selection
from backend.store.review_store import ReviewStore

SPEC = {"server": "gpu", "model": "qwen", "prompt": "請逐字轉錄"}
PROV = {"engine": "vllm", "model": "qwen"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ReviewStore]:
    s = ReviewStore(tmp_path / "review.sqlite3", author="ana")
    yield s
    s.close()


@pytest.fixture
def jobs(store: ReviewStore) -> JobStore:
    return JobStore(store)


def states(jobs: JobStore, job: int) -> dict[int, PageJobState]:
    return {p.page: p.state for p in jobs.pages(job)}


# --- choosing pages ----------------------------------------------------------------------


def test_all_pages(jobs: JobStore) -> None:
    assert jobs.select_pages(5, Selection.ALL, None) == [0, 1, 2, 3, 4]


def test_no_pages_in_an_empty_document(jobs: JobStore) -> None:
    assert jobs.select_pages(0, Selection.ALL, None) == []


def test_a_range_narrows_the_pages_sorted_and_without_duplicates(jobs: JobStore) -> None:
    assert jobs.select_pages(10, Selection.ALL, [7, 2, 2, 5]) == [2, 5, 7]


def test_out_of_range_pages_are_dropped(jobs: JobStore) -> None:
    assert jobs.select_pages(5, Selection.ALL, [-1, 0, 4, 5, 99]) == [0, 4]


def test_an_empty_range_selects_nothing(jobs: JobStore) -> None:
    assert jobs.select_pages(5, Selection.ALL, []) == []


def test_unprocessed_skips_pages_with_a_machine_reading(store: ReviewStore, jobs: JobStore) -> None:
    store.add_version(1, VersionKind.OCR, "read", PROV)
    store.add_version(2, VersionKind.EDIT, "typed")  # typed by hand: still never read
    store.add_version(3, VersionKind.IMPORT, "imported")
    store.add_version(4, VersionKind.OCR, "read")
    store.add_version(4, VersionKind.EDIT, "corrected")  # read, then corrected
    assert jobs.select_pages(6, Selection.UNPROCESSED, None) == [0, 2, 3, 5]
    assert jobs.select_pages(6, Selection.UNPROCESSED, [1, 2, 3]) == [2, 3]


def test_failed_selects_pages_whose_latest_attempt_failed(jobs: JobStore) -> None:
    first = jobs.create([0, 1, 2, 3], SPEC)
    jobs.record_failure(first, 1, "timeout", 3)
    jobs.record_failure(first, 2, "HTTP 500", 3)
    jobs.record_reading(first, 0, "第一頁", PROV, 1)
    assert jobs.failed_pages() == {1, 2}
    assert jobs.select_pages(4, Selection.FAILED, None) == [1, 2]
    assert jobs.select_pages(4, Selection.FAILED, [2, 3]) == [2]

    # A later job reads page 1: its latest attempt succeeded.
    second = jobs.create([1], SPEC)
    jobs.record_reading(second, 1, "第二頁", PROV, 1)
    assert jobs.select_pages(4, Selection.FAILED, None) == [2]


def test_a_page_that_failed_after_succeeding_counts_as_failed(jobs: JobStore) -> None:
    first = jobs.create([0], SPEC)
    jobs.record_reading(first, 0, "read", PROV, 1)
    second = jobs.create([0], SPEC, force=True)
    jobs.record_failure(second, 0, "timeout", 2)
    assert jobs.select_pages(1, Selection.FAILED, None) == [0]


def test_failed_selection_is_empty_without_failures(jobs: JobStore) -> None:
    jobs.create([0, 1], SPEC)
    assert jobs.select_pages(2, Selection.FAILED, None) == []


# --- creating a job --------------------------------------------------------------------


def test_create_marks_pages_with_a_persons_work_as_skipped(
    store: ReviewStore, jobs: JobStore
) -> None:
    store.add_version(0, VersionKind.OCR, "machine")
    store.set_status(1, ReviewStatus.APPROVED)
    store.save_draft(2, "typing in progress")
    store.add_version(3, VersionKind.EDIT, "corrected by hand")
    store.add_version(5, VersionKind.OCR, "machine")
    store.set_status(5, ReviewStatus.FLAGGED)

    job = jobs.create([0, 1, 2, 3, 4, 5], SPEC)

    reasons = {p.page: (p.state, p.reason) for p in jobs.pages(job)}
    assert reasons == {
        0: (PageJobState.PENDING, ""),
        1: (PageJobState.SKIPPED, "approved"),
        2: (PageJobState.SKIPPED, "has unsaved edits"),
        3: (PageJobState.SKIPPED, "has your edits"),
        4: (PageJobState.PENDING, ""),
        5: (PageJobState.PENDING, ""),
    }
    assert jobs.pending(job) == [0, 4, 5]


def test_a_restored_version_is_a_persons_work(store: ReviewStore, jobs: JobStore) -> None:
    old, _ = store.add_version(0, VersionKind.OCR, "first")
    store.add_version(0, VersionKind.OCR, "second")
    store.restore(old.id)
    job = jobs.create([0], SPEC)
    assert [(p.state, p.reason) for p in jobs.pages(job)] == [
        (PageJobState.SKIPPED, "has your edits")
    ]


def test_force_runs_every_page(store: ReviewStore, jobs: JobStore) -> None:
    store.set_status(0, ReviewStatus.APPROVED)
    store.save_draft(1, "draft")
    store.add_version(2, VersionKind.EDIT, "edit")
    job = jobs.create([0, 1, 2], SPEC, force=True)
    assert jobs.pending(job) == [0, 1, 2]
    assert all(p.reason == "" for p in jobs.pages(job))


def test_a_new_job_is_running_and_keeps_its_spec(jobs: JobStore) -> None:
    job = jobs.create([3, 1], SPEC)
    summary = jobs.summary(job)
    assert summary.id == job
    assert summary.state == "running"
    assert summary.spec == SPEC
    assert [p.page for p in jobs.pages(job)] == [1, 3]
    assert all(p.attempts == 0 for p in jobs.pages(job))


def test_each_job_gets_its_own_id(jobs: JobStore) -> None:
    a, b = jobs.create([0], SPEC), jobs.create([0], SPEC)
    assert a != b
    assert jobs.pending(a) == jobs.pending(b) == [0]


# --- recording results ------------------------------------------------------------------


def test_record_reading_stores_the_version_and_marks_done(
    store: ReviewStore, jobs: JobStore
) -> None:
    job = jobs.create([0, 1], SPEC)
    vid, change = jobs.record_reading(job, 0, "第一條 本契約", PROV, 2)
    assert store.working_text(0) == "第一條 本契約"
    [version] = store.versions(0)
    assert version.id == vid
    assert version.kind is VersionKind.OCR
    assert version.provenance == PROV
    assert change.text and 0 in change.pages
    [done, pending] = jobs.pages(job)
    assert (done.page, done.state, done.attempts, done.reason) == (0, PageJobState.DONE, 2, "")
    assert pending.state is PageJobState.PENDING
    assert jobs.pending(job) == [1]


def test_a_reading_that_cannot_be_stored_leaves_the_page_pending(
    store: ReviewStore, jobs: JobStore
) -> None:
    job = jobs.create([-1, 0], SPEC)  # page -1 breaks the versions table's CHECK
    with pytest.raises(StoreError):
        jobs.record_reading(job, -1, "text", PROV, 1)
    assert states(jobs, job)[-1] is PageJobState.PENDING
    assert jobs.pending(job) == [-1, 0]
    assert store.versions(-1) == []


def test_a_done_mark_that_cannot_be_written_stores_no_version(
    store: ReviewStore, jobs: JobStore
) -> None:
    job = jobs.create([0], SPEC)
    store.connection.execute(
        "CREATE TEMP TRIGGER no_done BEFORE UPDATE ON job_pages "
        "BEGIN SELECT RAISE(ABORT, 'disk I/O trouble'); END"
    )
    with pytest.raises(StoreError):
        jobs.record_reading(job, 0, "machine text", PROV, 1)
    store.connection.execute("DROP TRIGGER no_done")
    assert store.versions(0) == []
    assert store.working_text(0) == ""
    assert store.search("machine") == []
    assert jobs.pending(job) == [0]


def test_a_reading_never_replaces_a_persons_edit(store: ReviewStore, jobs: JobStore) -> None:
    store.add_version(0, VersionKind.OCR, "第一條 得為之")
    store.add_version(0, VersionKind.EDIT, "第一條 應為之")
    job = jobs.create([0], SPEC, force=True)
    _, change = jobs.record_reading(job, 0, "第一條 不得為之", PROV, 1)
    assert store.working_text(0) == "第一條 應為之"
    assert "Kept your edit" in change.message
    assert [v.kind for v in store.versions(0)] == [
        VersionKind.OCR,
        VersionKind.EDIT,
        VersionKind.OCR,
    ]
    assert states(jobs, job)[0] is PageJobState.DONE


def test_a_reading_never_replaces_a_draft(store: ReviewStore, jobs: JobStore) -> None:
    store.save_draft(0, "typing")
    job = jobs.create([0], SPEC, force=True)
    jobs.record_reading(job, 0, "machine", PROV, 1)
    assert store.working_text(0) == "typing"


def test_failures_are_recorded_and_retried(jobs: JobStore) -> None:
    job = jobs.create([0, 1, 2, 3], SPEC)
    jobs.record_failure(job, 3, "The server is busy (HTTP 503)", 4)
    jobs.record_failure(job, 1, "timed out waiting for the first token", 2)
    jobs.record_reading(job, 0, "ok", PROV, 1)
    failed = {p.page: (p.attempts, p.reason) for p in jobs.pages(job) if p.state == "failed"}
    assert failed == {
        1: (2, "timed out waiting for the first token"),
        3: (4, "The server is busy (HTTP 503)"),
    }
    assert jobs.failed_pages() == {1, 3}

    jobs.set_state(job, "paused")
    assert jobs.retry_failed(job) == [1, 3]
    assert jobs.pending(job) == [1, 2, 3]
    assert jobs.failed_pages() == set()
    assert all(p.reason == "" for p in jobs.pages(job))
    assert jobs.summary(job).state == "running"
    assert {p.page: p.attempts for p in jobs.pages(job)}[3] == 4  # the count is kept


def test_retry_failed_only_touches_its_own_job(jobs: JobStore) -> None:
    a = jobs.create([0], SPEC)
    b = jobs.create([1], SPEC)
    jobs.record_failure(a, 0, "x", 1)
    jobs.record_failure(b, 1, "y", 1)
    assert jobs.retry_failed(a) == [0]
    assert jobs.failed_pages() == {1}
    assert states(jobs, b)[1] is PageJobState.FAILED


def test_retry_with_nothing_failed(jobs: JobStore) -> None:
    job = jobs.create([0], SPEC)
    assert jobs.retry_failed(job) == []
    assert jobs.pending(job) == [0]


def test_summary_counts_every_state(store: ReviewStore, jobs: JobStore) -> None:
    store.set_status(4, ReviewStatus.APPROVED)
    job = jobs.create([0, 1, 2, 3, 4], SPEC)
    jobs.record_reading(job, 0, "a", PROV, 1)
    jobs.record_reading(job, 1, "b", PROV, 1)
    jobs.record_failure(job, 2, "x", 3)
    summary = jobs.summary(job)
    assert summary.counts == {
        PageJobState.PENDING: 1,
        PageJobState.DONE: 2,
        PageJobState.FAILED: 1,
        PageJobState.SKIPPED: 1,
    }
    assert summary.total == 5


def test_summary_of_an_empty_job_has_zero_counts(jobs: JobStore) -> None:
    summary = jobs.summary(jobs.create([], {}))
    assert summary.total == 0
    assert set(summary.counts) == set(PageJobState)
    assert summary.spec == {}


def test_summary_of_an_unknown_job(jobs: JobStore) -> None:
    with pytest.raises(KeyError):
        jobs.summary(12345)


def test_unfinished_lists_running_and_paused_jobs_newest_first(jobs: JobStore) -> None:
    running_old = jobs.create([0], SPEC)
    paused = jobs.create([0], SPEC)
    done = jobs.create([0], SPEC)
    cancelled = jobs.create([0], SPEC)
    running_new = jobs.create([0], SPEC)
    jobs.set_state(paused, "paused")
    jobs.set_state(done, "done")
    jobs.set_state(cancelled, "cancelled")
    assert jobs.unfinished() == [running_new, paused, running_old]


def test_an_unknown_job_state_is_refused(jobs: JobStore) -> None:
    job = jobs.create([0], SPEC)
    with pytest.raises(StoreError):
        jobs.set_state(job, "exploded")
    assert jobs.summary(job).state == "running"


def test_a_job_survives_closing_and_reopening_the_store(tmp_path: Path) -> None:
    path = tmp_path / "review.sqlite3"
    store = ReviewStore(path, author="ana")
    jobs = JobStore(store)
    job = jobs.create([0, 1, 2], SPEC)
    jobs.record_reading(job, 0, "第一頁", PROV, 1)
    jobs.record_failure(job, 1, "timeout", 2)
    jobs.set_state(job, "paused")
    store.close()

    again = ReviewStore(path, author="ana")
    try:
        reopened = JobStore(again)
        assert reopened.unfinished() == [job]
        assert reopened.pending(job) == [2]
        assert reopened.failed_pages() == {1}
        summary = reopened.summary(job)
        assert summary.state == "paused"
        assert summary.spec == SPEC  # non-ASCII prompt kept
        assert summary.counts[PageJobState.DONE] == 1
        assert again.working_text(0) == "第一頁"
        # The page that was read is not offered again.
        assert reopened.select_pages(3, Selection.UNPROCESSED, None) == [1, 2]
    finally:
        again.close()
