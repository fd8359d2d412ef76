"""A real full disk under the store (a small tmpfs, as in tests/gui/review/test_disk_full.py):
one true message, nothing written half way, and the review intact once there is room."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.errors import StoreError
from backend.session.document_session import DocumentSession
from backend.store.review_store import ReviewStore
from tests.backend.cli.cli_helpers import run_cli

PAGE = "第一條 本契約自簽訂日起生效,雙方應誠信履行。" * 4000  # ~100,000 characters


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "small-disk"
    mount.mkdir()
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path, *, leave: int = 0) -> Path:
    """Take the disk's free space with one file, leaving about ``leave`` bytes."""
    filler = disk / "filler"
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    with open(filler, "wb", buffering=0) as f:
        if leave:
            f.write(b"\0" * max(0, free - leave))
            return filler
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    f.write(b"\0" * size)
    return filler


def transcripts(path: Path) -> Path:
    rows = [{"page": p, "text": f"{p} {PAGE}"} for p in (1, 2, 3)]  # ~900 KB with its index
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


def versions_in(store: Path) -> int:
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return int(c.execute("SELECT count(*) FROM versions").fetchone()[0])


def test_a_full_disk_during_a_cli_import_is_one_true_line_and_writes_nothing(
    sample_pdf: Path, small_disk: Path, tmp_path: Path
) -> None:
    store = small_disk / "review.sqlite3"
    DocumentSession.open(sample_pdf, store_path=store).close()  # made while there was room
    source = transcripts(tmp_path / "t.jsonl")
    filler = fill(small_disk, leave=300_000)  # room to open, not to import
    result = run_cli("import", sample_pdf, "--store", store, "--from", source)
    assert result.returncode != 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr  # not a second, contradictory line
    assert "full" in lines[0] and "not saved" in lines[0]
    assert "memory" not in lines[0] and "Traceback" not in result.stderr
    filler.unlink()
    assert versions_in(store) == 0  # all or nothing: no page of the import was kept


def test_a_full_disk_in_the_session_is_reported_once_and_the_close_adds_nothing(
    sample_pdf: Path, small_disk: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = small_disk / "review.sqlite3"
    s = DocumentSession.open(sample_pdf, store_path=store)
    s.save_draft(0, "typed while there was room")
    s.commit_draft(0)
    filler = fill(small_disk, leave=300_000)
    with pytest.raises(StoreError) as caught:
        s.import_transcripts(transcripts(tmp_path / "t.jsonl"))
    assert "full" in str(caught.value) and "memory" not in str(caught.value)
    assert type(caught.value).__name__ == "StoreFullError" and s.store.disk_full
    with caplog.at_level(logging.INFO), contextlib.suppress(StoreError):
        s.close()  # (the clean-exit mark may not fit either: that is the same one message)
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert "disk is full" in s.backup_error
    filler.unlink()
    assert versions_in(store) == 1  # the page typed before; nothing of the import


def test_typing_on_a_full_disk_fails_clearly_then_saves_once_there_is_room(
    small_disk: Path,
) -> None:
    store = ReviewStore(small_disk / "review.sqlite3", author="ana")
    try:
        filler = fill(small_disk)
        with pytest.raises(StoreError, match="full") as caught:
            store.save_draft(0, PAGE)
        assert "not saved" in str(caught.value) and "memory" not in str(caught.value)
        assert type(caught.value).__name__ == "StoreFullError" and store.disk_full
        filler.unlink()
        store.save_draft(0, PAGE)
        assert not store.disk_full and store.draft(0) == PAGE
    finally:
        store.close()


@pytest.mark.parametrize("existing", [True, False], ids=["existing-store", "new-store"])
def test_opening_on_a_full_disk_says_the_disk_is_full(
    sample_pdf: Path, small_disk: Path, existing: bool
) -> None:
    store = small_disk / "review.sqlite3"
    if existing:
        DocumentSession.open(sample_pdf, store_path=store).close()
    filler = fill(small_disk)
    with pytest.raises(StoreError, match="full") as caught:
        DocumentSession.open(sample_pdf, store_path=store)
    assert type(caught.value).__name__ == "StoreFullError"
    assert "could not be opened" in str(caught.value)
    filler.unlink()
    # With room again it opens, as the review it was (or as a new one, not a "lost" one).
    s = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert s.page_state(0).text == ""
        assert not any("No review file was found" in n for n in s.notices)
    finally:
        s.close()


def test_a_disk_filling_while_the_session_opens_is_one_message_and_closes_the_pdf(
    sample_pdf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Injected: the store opened, then the session's first write met a full disk (and so
    did putting the store back); a real disk cannot be made to fill at exactly that point."""
    from backend.session import document_session
    from backend.store.sql import store_error

    store = tmp_path / "review.sqlite3"
    DocumentSession.open(sample_pdf, store_path=store).close()
    full = sqlite3.OperationalError("database or disk is full")
    opened: list[object] = []

    def reconcile(*args: object, **kwargs: object) -> list[str]:
        raise store_error(full, store)

    def abandon(self: ReviewStore) -> None:
        opened.append(self)
        self.connection.close()
        self._lock.release()
        raise store_error(full, store)

    from backend.documents.pdf import PdfDocument

    real_close = PdfDocument.close
    closed: list[object] = []

    def close(self: PdfDocument) -> None:
        closed.append(self)
        real_close(self)

    monkeypatch.setattr(document_session, "_reconcile", reconcile)
    monkeypatch.setattr(ReviewStore, "abandon", abandon)
    monkeypatch.setattr(PdfDocument, "close", close)
    with pytest.raises(StoreError) as caught:
        DocumentSession.open(sample_pdf, store_path=store)
    assert "could not be opened" in str(caught.value) and "memory" not in str(caught.value)
    assert len(opened) == 1 and len(closed) == 1  # the store put back, the PDF closed
