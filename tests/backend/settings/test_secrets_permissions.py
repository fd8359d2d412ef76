"""Secrets and privacy: the store, its backups, the profiles and the documents index are
readable by their owner only (issue 6), even under the usual 022 umask."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.settings.profiles import ProfileStore, ServerProfile

# --- file permissions --------------------------------------------------------------------------


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)  # the usual default: new files 0644 unless created otherwise
    try:
        yield
    finally:
        os.umask(old)


def review_a_document(sample_pdf: Path, store: Path | None = None) -> Path:
    from backend.session.document_session import DocumentSession

    session = DocumentSession.open(sample_pdf, store_path=store)
    try:
        session.set_note(0, "confidential note")
        session.backup()
        return session.store.path
    finally:
        session.close()


def test_the_default_folders_and_copies_are_private(sample_pdf: Path, umask_022: None) -> None:
    store = review_a_document(sample_pdf)
    ProfileStore().save([ServerProfile(name="x", base_url="https://gpu.example/v1")])
    mode = lambda p: p.stat().st_mode & 0o777  # noqa: E731
    assert mode(store.parent) == 0o700  # stores/: the store is reachable only through it
    backups = [p for p in store.parent.joinpath("backups").rglob("*") if p.is_file()]
    assert backups and all(mode(p) == 0o600 for p in backups)
    assert all(mode(p.parent) == 0o700 for p in backups)
    assert mode(ProfileStore().path) == 0o600


def test_a_store_file_is_readable_by_its_owner_only(
    sample_pdf: Path, tmp_path: Path, umask_022: None
) -> None:
    store = review_a_document(sample_pdf, tmp_path / "shared" / "review.sqlite3")
    assert store.stat().st_mode & 0o077 == 0


def test_the_documents_index_is_readable_by_its_owner_only(
    sample_pdf: Path, umask_022: None
) -> None:
    from backend.settings import paths

    review_a_document(sample_pdf)
    index = paths.documents_index_path()
    assert sample_pdf.name in index.read_text("utf-8")
    readable_by_others = index.stat().st_mode & 0o077 and index.parent.stat().st_mode & 0o005
    assert not readable_by_others
