"""Writing exports safely: bad targets are refused with a clear message, nothing is written
or lost, files are private, names from metadata are made safe."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

import pytest

from backend.export import (
    ExportCancelledError,
    ExportError,
    ExportExistsError,
    ExportFormat,
    Monitor,
    ProtectedTargetError,
    atomic_write,
    check_target,
    collect,
    safe_filename,
    safe_write,
    write_export,
)
from backend.export.safe_write import MAX_STEM_BYTES
from backend.session.document_session import DocumentSession
from tests.backend.export.export_support_helpers import reviewed  # noqa: F401  (fixture)


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


@pytest.mark.parametrize(
    ("raw", "safe"),
    [
        ("判決書 114 年度訴字第 87 號", "判決書 114 年度訴字第 87 號"),
        ("../../etc/passwd", "_.._etc_passwd"),
        ("a/b\\c", "a_b_c"),
        ("tab\there\nnew\x00line\x7f", "tab_here_new_line_"),
        ('what?<>:"|*', "what_______"),
        ("CON", "_CON"),
        ("lpt1.txt", "_lpt1.txt"),
        ("Console", "Console"),
        ("trailing dots...  ", "trailing dots"),
        (".hidden", "hidden"),
        ("", "document"),
        ("   ", "document"),
        ("...", "document"),
    ],
)
def test_safe_filename(raw: str, safe: str) -> None:
    assert safe_filename(raw) == safe


def test_safe_filename_limits_bytes_without_cutting_a_character() -> None:
    name = safe_filename("裁" * 400)
    assert len(name.encode("utf-8")) <= MAX_STEM_BYTES
    assert set(name) == {"裁"} and len(name) == MAX_STEM_BYTES // 3


def test_atomic_write_is_private_and_replaces_only_when_done(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    os.chmod(target, 0o644)

    def fail(out: BinaryIO) -> None:
        out.write(b"half of it")
        raise RuntimeError("disk trouble")

    with pytest.raises(RuntimeError):
        atomic_write(target, fail)
    assert target.read_text() == "old" and _files(tmp_path) == {"out.txt"}

    assert atomic_write(target, lambda out: out.write(b"new")) == 3
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert _files(tmp_path) == {"out.txt"}


def test_check_target_refuses_the_source_and_the_store_even_with_overwrite(
    tmp_path: Path,
) -> None:
    source, store = tmp_path / "doc.pdf", tmp_path / "doc.sqlite3"
    source.write_bytes(b"%PDF")
    store.write_bytes(b"db")
    link = tmp_path / "hard-link.pdf"
    os.link(source, link)
    protected = [source, store, Path(str(store) + "-wal")]
    for target in (source, store, tmp_path / "sub" / ".." / "doc.pdf", link):
        with pytest.raises(ProtectedTargetError, match="choose another name"):
            check_target(target, protected, overwrite=True)
    (tmp_path / "sub").mkdir()
    with pytest.raises(ProtectedTargetError):  # a symlink to the store
        (tmp_path / "sub" / "alias").symlink_to(store)
        check_target(tmp_path / "sub" / "alias", protected, overwrite=True)
    assert check_target(tmp_path / "new.txt", protected, overwrite=False) == tmp_path / "new.txt"


def test_check_target_explains_missing_folders_and_existing_files(tmp_path: Path) -> None:
    existing = tmp_path / "out.txt"
    existing.write_text("keep me")
    with pytest.raises(ExportExistsError, match="already exists"):
        check_target(existing, [], overwrite=False)
    assert check_target(existing, [], overwrite=True) == existing
    with pytest.raises(ExportError, match="does not exist"):
        check_target(tmp_path / "missing" / "out.txt", [], overwrite=False)
    with pytest.raises(ExportError, match="does not exist"):  # a "folder" that is a file
        check_target(existing / "out.txt", [], overwrite=False)
    with pytest.raises(ExportError, match="is a folder"):
        check_target(tmp_path, [], overwrite=True)


@pytest.mark.parametrize("fmt", list(ExportFormat))
def test_bad_targets_write_nothing_and_lose_nothing(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
    fmt: ExportFormat,
) -> None:
    document = collect(reviewed)
    pdf, store = document.source, reviewed.store.path
    before = (pdf.read_bytes(), _files(tmp_path))
    for target in (pdf, store):
        with pytest.raises(ProtectedTargetError):
            write_export(document, fmt, target, overwrite=True)
    with pytest.raises(ExportError, match="does not exist"):
        write_export(document, fmt, tmp_path / "missing" / "x")
    with pytest.raises(ExportError, match="does not exist"):
        write_export(document, fmt, pdf / "x")  # under a regular file
    assert (pdf.read_bytes(), _files(tmp_path)) == before


def test_an_unwritable_folder_gives_a_clear_message(
    reviewed: DocumentSession,  # noqa: F811
) -> None:
    # Root ignores permission bits, but /proc refuses new files to everyone.
    if not Path("/proc/self").is_dir():
        pytest.skip("needs /proc")
    with pytest.raises(ExportError, match=r"could not be written.*Nothing was written"):
        write_export(collect(reviewed), ExportFormat.TXT, Path("/proc/self/proofdesk-export.txt"))


def test_a_cancelled_export_leaves_no_file(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    monitor = Monitor()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done == 3:
            monitor.cancel.set()

    monitor.on_progress = progress
    target = tmp_path / "out.pdf"
    with pytest.raises(ExportCancelledError, match="nothing was written"):
        write_export(collect(reviewed), ExportFormat.PDF, target, monitor=monitor)
    assert seen[:4] == [(0, 7), (1, 7), (2, 7), (3, 7)]
    assert not target.exists() and not [p for p in tmp_path.iterdir() if p.suffix == ".part"]


def test_a_cancel_after_the_file_is_in_place_does_not_claim_nothing_was_written(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monitor = Monitor()
    real_sync = safe_write._sync_folder

    def sync_then_cancel(folder: Path) -> None:  # runs right after the rename
        real_sync(folder)
        monitor.cancel.set()

    monkeypatch.setattr(safe_write, "_sync_folder", sync_then_cancel)
    target = tmp_path / "out.txt"
    result = write_export(collect(reviewed), ExportFormat.TXT, target, monitor=monitor)
    assert target.exists() and result.path == target


def test_a_file_that_appears_while_writing_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"

    def write(out: BinaryIO) -> None:
        target.write_text("saved by another program meanwhile")
        out.write(b"the export")

    with pytest.raises(ExportExistsError, match="already exists"):
        atomic_write(target, write, overwrite=False)
    assert target.read_text() == "saved by another program meanwhile"
    assert _files(tmp_path) == {"out.txt"}


def test_without_hard_links_a_new_file_is_still_checked_then_placed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(safe_write.os, "link", no_links)
    target = tmp_path / "out.txt"
    assert atomic_write(target, lambda out: out.write(b"ok") and None, overwrite=False) == 2
    assert target.read_bytes() == b"ok" and _files(tmp_path) == {"out.txt"}
    with pytest.raises(ExportExistsError):
        atomic_write(target, lambda out: out.write(b"again") and None, overwrite=False)
    assert target.read_bytes() == b"ok" and _files(tmp_path) == {"out.txt"}
