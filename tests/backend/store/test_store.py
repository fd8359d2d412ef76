"""The review store keeps every reading and edit, and never lets a machine overwrite a person."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from backend.errors import StoreCorruptError, StoreError
from backend.models import ReviewStatus, VersionKind
from backend.store.review_store import ReviewStore
from backend.store.schema import SCHEMA_VERSION


def die(s: ReviewStore) -> None:
    """What the kernel does when the process dies: connection and file lock gone, no close()."""
    s.connection.close()
    s._lock.release()


def test_a_second_opener_does_not_own_the_store_nor_mistake_it_for_a_crash(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.sqlite3"
    first = ReviewStore(path, author="ana")
    second = ReviewStore(path, author="ben")
    assert first.owner and not second.owner
    assert not second.was_unclean
    second.save_draft(0, "from the CLI")
    second.close()
    assert first.get_meta("open_state") == "open"  # the non-owner left the marker alone
    assert first.working_text(0) == "from the CLI"
    first.close()
    again = ReviewStore(path, author="ana")
    assert again.owner and not again.was_unclean
    again.close()


@pytest.fixture
def store(tmp_path: Path) -> ReviewStore:
    return ReviewStore(tmp_path / "review.sqlite3", author="ana")


def test_pragmas_are_the_durable_ones(store: ReviewStore) -> None:
    c = store.connection
    assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert c.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_ocr_then_edit_then_ocr_keeps_the_edit(store: ReviewStore) -> None:
    store.add_version(0, VersionKind.OCR, "第一條 得為之", {"engine": "vllm", "model": "m"})
    store.save_draft(0, "第一條 應為之")
    store.commit_draft(0)
    _, change = store.add_version(0, VersionKind.OCR, "第一條 不得為之", {"engine": "vllm"})
    assert "Kept your edit" in change.message and not change.text
    assert store.working_text(0) == "第一條 應為之"
    kinds = [v.kind for v in store.versions(0)]
    assert kinds == [VersionKind.OCR, VersionKind.EDIT, VersionKind.OCR]
    assert store.versions(0)[0].provenance == {"engine": "vllm", "model": "m"}


def test_ocr_does_not_displace_an_unsaved_draft(store: ReviewStore) -> None:
    store.save_draft(3, "typed by hand")
    ocr, change = store.add_version(3, VersionKind.OCR, "machine text")
    assert "Kept your edit" in change.message and not change.text
    assert store.working_text(3) == "typed by hand"
    assert store.current_version(3) is None  # the reading went to history only
    assert [p for p, _ in store.search("typed by")] == [3]  # search still sees the typing
    assert store.search("machine") == []
    assert store.versions(3) == [ocr]


def test_ocr_replaces_earlier_machine_text(store: ReviewStore) -> None:
    store.add_version(1, VersionKind.OCR, "first run")
    store.add_version(1, VersionKind.OCR, "second run")
    assert store.working_text(1) == "second run"


def test_alternate_never_becomes_the_working_text(store: ReviewStore) -> None:
    store.add_version(1, VersionKind.OCR, "vlm text")
    store.add_version(1, VersionKind.ALTERNATE, "tesseract text", {"engine": "tesseract"})
    assert store.working_text(1) == "vlm text"


def test_restore_adds_a_version_and_keeps_the_draft_in_history(store: ReviewStore) -> None:
    v1, _ = store.add_version(0, VersionKind.OCR, "old")
    store.save_draft(0, "half-typed")
    restored, _ = store.restore(v1.id)
    assert restored.kind is VersionKind.RESTORE and restored.provenance["restored_from"] == v1.id
    assert [v.text for v in store.versions(0)] == ["old", "half-typed", "old"]
    assert store.working_text(0) == "old"


def test_history_is_append_only_even_for_raw_sql(store: ReviewStore) -> None:
    store.add_version(0, VersionKind.OCR, "x")
    store.set_status(0, ReviewStatus.APPROVED)
    for sql in (
        "UPDATE versions SET text = 'y'",
        "DELETE FROM versions",
        "DELETE FROM status_events",
        "UPDATE status_events SET status = 'flagged'",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            store.connection.execute(sql)


def test_draft_is_durable_and_unchanged_draft_adds_no_version(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    s = ReviewStore(path, author="ana")
    s.add_version(0, VersionKind.OCR, "same")
    s.save_draft(0, "same")
    s.commit_draft(0)
    assert len(s.versions(0)) == 1
    s.save_draft(0, "changed")
    die(s)
    again = ReviewStore(path, author="ana")
    assert again.was_unclean
    assert again.draft(0) == "changed"


def test_status_is_an_event_log_and_editing_starts_progress(store: ReviewStore) -> None:
    assert store.status(2) is ReviewStatus.UNREVIEWED
    store.save_draft(2, "x")
    store.set_status(2, ReviewStatus.APPROVED)
    store.set_status(2, ReviewStatus.FLAGGED)
    history = store.status_history(2)
    assert [h[0] for h in history] == [
        ReviewStatus.IN_PROGRESS,
        ReviewStatus.APPROVED,
        ReviewStatus.FLAGGED,
    ]
    assert all(h[2] == "ana" for h in history)
    assert store.statuses(4) == [ReviewStatus.UNREVIEWED] * 2 + [
        ReviewStatus.FLAGGED,
        ReviewStatus.UNREVIEWED,
    ]


def test_notes_keep_the_latest(store: ReviewStore) -> None:
    store.set_note(0, "check article 3")
    store.set_note(0, "checked")
    assert store.note(0) == "checked"
    assert store.note(1) == ""


def test_search_finds_chinese_of_any_length(store: ReviewStore) -> None:
    store.add_version(0, VersionKind.OCR, "當事人得於期間內提起上訴")
    store.add_version(1, VersionKind.OCR, "被告應給付原告新臺幣壹萬元")
    store.save_draft(2, "本件上訴駁回")
    assert [p for p, _ in store.search("提起上訴")] == [0]
    assert [p for p, _ in store.search("上訴")] == [0, 2]  # two characters: below trigram size
    assert [p for p, _ in store.search("應")] == [1]
    assert store.search("   ") == []
    assert store.search('a"b') == []  # quotes are escaped, not a syntax error


def test_search_follows_the_working_text(store: ReviewStore) -> None:
    store.add_version(0, VersionKind.OCR, "舊的文字內容")
    store.save_draft(0, "新的文字內容")
    assert store.search("舊的文") == []
    assert [p for p, _ in store.search("新的文")] == [0]


def test_integrity_check_after_unclean_exit_reports_damage(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    s = ReviewStore(path, author="ana")
    for i in range(200):
        s.add_version(i, VersionKind.OCR, "x" * 2000)
    s.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    die(s)
    data = bytearray(path.read_bytes())
    data[8192:12288] = b"\xff" * 4096  # smash a page in the middle
    path.write_bytes(bytes(data))
    with pytest.raises(StoreCorruptError, match="damaged"):
        ReviewStore(path, author="ana")


def test_many_versions_are_added_all_or_nothing(store: ReviewStore) -> None:
    with pytest.raises(StoreError):
        store.add_versions([(0, VersionKind.IMPORT, "a", {}), (-1, VersionKind.IMPORT, "b", {})])
    assert store.versions(0) == []
    changes = store.add_versions([(0, VersionKind.IMPORT, "a", {}), (1, VersionKind.OCR, "b", {})])
    assert [c.text for c in changes] == [True, True]
    assert store.working_text(1) == "b"
