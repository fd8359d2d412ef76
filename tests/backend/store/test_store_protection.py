"""A review store that was emptied, cut short, swapped for something else, or deleted while
open is refused or reported, never silently started again (issue "Hostile servers and
broken files"). Each case names the backup that holds the review and how to restore it."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from backend.errors import StoreCorruptError, StoreError
from backend.session.document_session import DocumentSession
from backend.settings import paths
from backend.store.review_store import ReviewStore
from tests.conftest import ROOT

TEXT = "第一條 本契約自簽訂日起生效。"


def reviewed(pdf: Path, store: Path, *, text: str = TEXT) -> list[Path]:
    """Review page 1 through the session and close it (which takes a backup); the backups."""
    s = DocumentSession.open(pdf, store_path=store, author="ana")
    s.save_draft(0, text)
    s.commit_draft(0)
    s.close()
    return sorted(paths.backup_dir_for(store).glob("*.sqlite3"))


def empty_it(store: Path) -> None:
    """What a crashed file system or a sync tool leaves: the file, with no bytes in it."""
    os.truncate(store, 0)
    for leftover in (store.with_name(store.name + "-wal"), store.with_name(store.name + "-shm")):
        leftover.unlink(missing_ok=True)


def texts_in(db: Path) -> list[str]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as c:
        return [r[0] for r in c.execute("SELECT text FROM versions")]


# -- an empty store where a review was kept -----------------------------------------------


def test_a_zero_byte_store_with_a_backup_is_refused_naming_the_backup(
    sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    (backup,) = reviewed(sample_pdf, store)
    empty_it(store)
    # The thirteen opens: each is refused, none takes a backup that thins the good one.
    for _ in range(13):
        with pytest.raises(StoreCorruptError) as caught:
            DocumentSession.open(sample_pdf, store_path=store)
        assert type(caught.value).__name__ == "StoreEmptyError"
        message = str(caught.value)
        assert str(store) in message and str(backup) in message
        assert "copy the backup" in message and "empty" in message
        assert caught.value.backup == str(backup)  # type: ignore[attr-defined]
        assert store.stat().st_size == 0  # refused without writing a byte
    assert sorted(paths.backup_dir_for(store).glob("*.sqlite3")) == [backup]
    assert texts_in(backup) == [TEXT]


def test_following_the_refusals_advice_brings_the_review_back(
    sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    reviewed(sample_pdf, store)
    empty_it(store)
    with pytest.raises(StoreError) as caught:
        DocumentSession.open(sample_pdf, store_path=store)
    named = Path(caught.value.backup)  # type: ignore[attr-defined]
    shutil.copy(named, store)  # "copy the backup … over the store"
    s = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert s.page_state(0).text == TEXT
    finally:
        s.close()


def test_a_store_opened_before_is_protected_even_without_a_backup(
    sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "kept" / "review.sqlite3"
    reviewed(sample_pdf, store)
    shutil.rmtree(paths.backup_dir_for(store).parent)  # no backup is left to say so
    empty_it(store)
    with pytest.raises(StoreError) as caught:
        DocumentSession.open(sample_pdf, store_path=store)
    message = str(caught.value)
    assert "empty" in message and "no backup" in message and "delete" in message
    assert store.stat().st_size == 0
    store.unlink()  # what the message says to do to start over
    s = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert s.page_state(0).text == "" and s.store.owner
    finally:
        s.close()


def test_the_default_store_is_protected_too(sample_pdf: Path) -> None:
    s = DocumentSession.open(sample_pdf)
    s.save_draft(0, TEXT)
    store = s.store.path
    s.close()
    empty_it(store)
    with pytest.raises(StoreError, match="empty"):
        DocumentSession.open(sample_pdf)
    with pytest.raises(StoreError, match="empty"):
        ReviewStore(store, author="ana")  # the store alone finds the backups beside it


def test_a_zero_byte_store_with_its_wal_beside_it_is_refused_and_the_wal_kept(
    tmp_path: Path,
) -> None:
    store = tmp_path / "review.sqlite3"
    live = sqlite3.connect(tmp_path / "live.sqlite3", isolation_level=None)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("PRAGMA wal_autocheckpoint=0")
    live.execute("CREATE TABLE versions (id INTEGER PRIMARY KEY, text TEXT)")
    live.execute("INSERT INTO versions (text) VALUES ('only in the WAL')")
    wal = store.with_name(store.name + "-wal")
    shutil.copy(tmp_path / "live.sqlite3-wal", wal)  # the main file lost, its WAL not
    live.close()
    store.write_bytes(b"")
    size = wal.stat().st_size
    # No backup, no record of an earlier open: only the WAL says a database lived here.
    with pytest.raises(StoreCorruptError, match="empty"):
        ReviewStore(store, author="ana")
    assert store.stat().st_size == 0 and wal.stat().st_size == size  # SQLite never saw it


def test_a_store_swapped_for_an_empty_database_is_refused(sample_pdf: Path, tmp_path: Path) -> None:
    store = tmp_path / "review.sqlite3"
    (backup,) = reviewed(sample_pdf, store)
    fresh = tmp_path / "fresh.sqlite3"
    with sqlite3.connect(fresh) as c:  # a valid header, no tables: what a new database is
        c.execute("PRAGMA journal_mode=WAL")
    os.replace(fresh, store)
    before = store.read_bytes()
    with pytest.raises(StoreCorruptError, match="empty database") as caught:
        DocumentSession.open(sample_pdf, store_path=store)
    assert str(backup) in str(caught.value)
    assert store.read_bytes() == before


def test_a_deleted_store_starts_again_but_says_where_the_old_review_is(
    sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    (backup,) = reviewed(sample_pdf, store)
    store.unlink()
    s = DocumentSession.open(sample_pdf, store_path=store)
    try:
        assert s.page_state(0).text == ""
        (notice,) = [n for n in s.notices if "No review file was found" in n]
        assert str(backup) in notice and "copy the backup" in notice
    finally:
        s.close()


# -- files cut short, zeroed, or not a store at all -----------------------------------------


def _prefix(n: int) -> Callable[[bytes], bytes]:
    return lambda whole: whole[:n]


@pytest.mark.parametrize(
    "cut",
    [
        _prefix(1),  # one byte of the header
        _prefix(16),  # the magic string only
        _prefix(57),  # half a header
        _prefix(100),  # the header, no page
        _prefix(3000),  # less than one page
        lambda whole: b"\0" * len(whole),  # the right size, all zero bytes
        lambda whole: b"\0" * 100,
    ],
    ids=["1-byte", "magic", "half-header", "header", "part-page", "zeroed", "100-zeros"],
)
def test_a_store_cut_short_is_refused_untouched_naming_the_backup(
    sample_pdf: Path, tmp_path: Path, cut: Callable[[bytes], bytes]
) -> None:
    store = tmp_path / "review.sqlite3"
    (backup,) = reviewed(sample_pdf, store)
    damaged = cut(store.read_bytes())
    store.write_bytes(damaged)
    with pytest.raises(StoreCorruptError) as caught:
        DocumentSession.open(sample_pdf, store_path=store)
    assert str(backup) in str(caught.value) and "copy the backup" in str(caught.value)
    assert store.read_bytes() == damaged
    assert sorted(paths.backup_dir_for(store).glob("*.sqlite3")) == [backup]


def test_a_file_that_is_not_a_store_is_refused_and_never_called_deletable(
    sample_pdf: Path, tmp_path: Path
) -> None:
    not_a_store = tmp_path / "notes.sqlite3"
    content = sample_pdf.read_bytes()[:5000]  # a PDF given as the store by mistake
    not_a_store.write_bytes(content)
    with pytest.raises(StoreCorruptError) as caught:
        DocumentSession.open(sample_pdf, store_path=not_a_store)
    assert "not a review store" in str(caught.value)
    assert "delete" not in str(caught.value)
    assert not_a_store.read_bytes() == content


# -- paths that are not regular files ---------------------------------------------------------


def _open_in_child(store: Path, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """Open a store in a child process: a hang is a timeout here, not a stuck test run."""
    code = (
        "import sys\n"
        "from backend.errors import StoreError\n"
        "from backend.store.review_store import ReviewStore\n"
        "try:\n"
        f"    ReviewStore({str(store)!r}, author='ana')\n"
        "except StoreError as exc:\n"
        "    print(exc)\n"
        "    sys.exit(3)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    path = tmp_path / "review.sqlite3"
    os.mkfifo(path)
    yield path


def test_a_fifo_as_the_store_is_refused_at_once(fifo: Path) -> None:
    result = _open_in_child(fifo)
    assert result.returncode == 3, result.stderr
    assert "pipe" in result.stdout and "not a file" in result.stdout
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_fifo_given_to_the_cli_as_store_is_one_line_and_no_hang(
    fifo: Path, sample_pdf: Path
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "backend", "status", str(sample_pdf), "--store", str(fifo)],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "pipe" in lines[0], result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", ["folder", "device"])
def test_a_folder_or_a_device_as_the_store_is_refused(tmp_path: Path, kind: str) -> None:
    if kind == "folder":
        store = tmp_path / "review.sqlite3"
        store.mkdir()
    else:
        store = Path(os.devnull)
        if not Path(store).exists() or not stat.S_ISCHR(store.stat().st_mode):
            pytest.skip("no character device to try")
    with pytest.raises(StoreError, match=kind) as caught:
        ReviewStore(store, author="ana")
    assert "not a file" in str(caught.value)
    if kind == "folder":
        assert list(store.iterdir()) == []
    else:
        assert not Path(os.devnull + ".lock").exists()  # nothing made beside the device


# -- deleted, moved or replaced while open -------------------------------------------------


@pytest.mark.parametrize("how", ["deleted", "moved", "replaced"])
def test_a_store_gone_while_open_is_reported_at_the_next_save(
    sample_pdf: Path, tmp_path: Path, how: str
) -> None:
    store = tmp_path / "review.sqlite3"
    s = DocumentSession.open(sample_pdf, store_path=store)
    s.save_draft(0, "saved before")
    s.commit_draft(0)
    if how == "deleted":
        store.unlink()
    elif how == "moved":
        store.rename(tmp_path / "elsewhere.sqlite3")
    else:
        other = tmp_path / "other.sqlite3"
        sqlite3.connect(other).close()
        os.replace(other, store)
    for save in (
        lambda: s.save_draft(0, "typed after"),
        lambda: s.set_note(0, "a note"),
        lambda: s.add_reading(1, "a reading", {"engine": "vllm"}),
    ):
        with pytest.raises(StoreError) as caught:
            save()
        assert "deleted or moved" in str(caught.value) and "not saved" in str(caught.value)
    s.close()  # nothing unsaved is left behind in it: the close itself is quiet
    # What was saved before is in the backup taken on close, not lost with the file.
    backups = sorted(paths.backup_dir_for(store).glob("*.sqlite3"))
    assert backups and "saved before" in texts_in(backups[-1])


def test_a_store_deleted_with_typing_not_yet_a_version_says_so_on_close(
    sample_pdf: Path, tmp_path: Path
) -> None:
    store = tmp_path / "review.sqlite3"
    s = DocumentSession.open(sample_pdf, store_path=store)
    s.save_draft(0, "typed, not yet a version")
    store.unlink()
    with pytest.raises(StoreError, match="deleted or moved"):
        s.close()
    s.close()  # safe to call twice


# -- private folders ------------------------------------------------------------------------


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)  # the usual default: new folders 0755 unless made otherwise
    try:
        yield
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_folders_made_for_a_store_and_its_backups_are_private(
    sample_pdf: Path, tmp_path: Path, umask_022: None, isolated_data_dir: Path
) -> None:
    store = tmp_path / "new" / "nested" / "review.sqlite3"
    reviewed(sample_pdf, store)  # a genuinely new store: created as before
    assert _mode(tmp_path / "new") == 0o700
    assert _mode(tmp_path / "new" / "nested") == 0o700
    assert _mode(store.parent / "backups") == 0o700
    assert _mode(paths.backup_dir_for(store)) == 0o700
    assert _mode(isolated_data_dir) == 0o700  # the record that the store was opened


def test_the_default_folders_are_private_all_the_way_down(
    sample_pdf: Path, umask_022: None, isolated_data_dir: Path
) -> None:
    s = DocumentSession.open(sample_pdf)
    store = s.store.path
    s.close()
    backups = paths.backup_dir_for(store)
    for folder in (isolated_data_dir, store.parent, backups.parent, backups):
        assert _mode(folder) == 0o700, folder
    assert _mode(store) == 0o600


def test_the_store_and_the_settings_agree_on_where_backups_go(tmp_path: Path) -> None:
    from backend.store.backup import default_backup_dir

    for store in (tmp_path / "review.sqlite3", tmp_path / "a b" / "x.y.sqlite3", Path("r.db")):
        assert default_backup_dir(store) == paths.backup_dir_for(store)
