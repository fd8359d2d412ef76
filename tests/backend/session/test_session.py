"""The session facade: opening, moves and replacements, recovery, import, search."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from backend.errors import StoreMismatchError
from backend.models import ReviewStatus, VersionKind
from backend.review.compare import CompareOptions
from backend.review.page_aids import AidSettings
from backend.review.tables import TableFiles
from backend.review.values import FlagKind
from backend.session.document_session import DocumentSession
from backend.session.review_tables import NORMALISE, current_tables
from backend.settings import paths
from backend.store import review_store as store_module
from tests import pdf_factory
from tests.backend.review.tables import with_user_variants
from tests.conftest import DATA, ROOT


def test_store_is_keyed_by_content_so_a_rename_keeps_the_review(sample_pdf: Path) -> None:
    s = DocumentSession.open(sample_pdf, author="ana")
    s.save_draft(0, "我的校對")
    s.close()
    moved = sample_pdf.with_name("renamed.pdf")
    sample_pdf.rename(moved)
    again = DocumentSession.open(moved, author="ana")
    assert again.page_state(0).text == "我的校對"
    assert any("moved or renamed" in n for n in again.notices)
    assert again.store.path == paths.store_path_for(again.pdf.info.sha256)
    again.close()


def test_replaced_pdf_at_the_same_path_is_reported(tmp_path: Path) -> None:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one"])
    DocumentSession.open(pdf).close()
    pdf_factory.text_pdf(pdf, ["one, but changed"])
    s = DocumentSession.open(pdf)
    assert any("has changed since it was last reviewed" in n for n in s.notices)
    s.close()


def test_explicit_store_for_another_pdf_is_refused_unless_allowed(tmp_path: Path) -> None:
    a = pdf_factory.text_pdf(tmp_path / "a.pdf", ["a"])
    b = pdf_factory.text_pdf(tmp_path / "b.pdf", ["b"])
    store = tmp_path / "review.sqlite3"
    DocumentSession.open(a, store_path=store).close()
    with pytest.raises(StoreMismatchError, match="different PDF"):
        DocumentSession.open(b, store_path=store)
    s = DocumentSession.open(b, store_path=store, allow_mismatch=True)
    assert any("differs" in n for n in s.notices)
    s.close()


def test_crash_recovers_autosaved_typing_as_a_version(sample_pdf: Path) -> None:
    # A real process saves a draft and is killed with SIGKILL: no close(), no cleanup.
    script = (
        "import os, signal, sys; from backend.session.document_session import DocumentSession; "
        "s = DocumentSession.open(sys.argv[1], author='ana'); "
        "s.save_draft(4, 'typed just before the crash'); "
        "os.kill(os.getpid(), signal.SIGKILL)"
    )
    proc = subprocess.run([sys.executable, "-c", script, str(sample_pdf)], cwd=ROOT, check=False)
    assert proc.returncode == -signal.SIGKILL
    again = DocumentSession.open(sample_pdf, author="ana")
    assert any("did not close normally" in n and "recovered" in n for n in again.notices)
    versions = again.store.versions(4)
    assert [v.kind for v in versions] == [VersionKind.EDIT]
    assert versions[0].text == "typed just before the crash"
    again.close()


def test_refused_store_is_left_as_it_was(tmp_path: Path) -> None:
    a = pdf_factory.text_pdf(tmp_path / "a.pdf", ["a"])
    b = pdf_factory.text_pdf(tmp_path / "b.pdf", ["b"])
    store = tmp_path / "review.sqlite3"
    DocumentSession.open(a, store_path=store).close()
    with pytest.raises(StoreMismatchError):
        DocumentSession.open(b, store_path=store)
    s = DocumentSession.open(a, store_path=store)
    assert not any("did not close normally" in n for n in s.notices)
    s.close()


def test_import_jsonl_keeps_extra_keys_as_provenance(sample_pdf: Path) -> None:
    s = DocumentSession.open(sample_pdf)
    change = s.import_transcripts(DATA / "legal-sample.vlm-style.jsonl")
    assert change.message.startswith("Imported 7 page(s)")
    v = s.store.current_version(0)
    assert v is not None and v.kind is VersionKind.IMPORT
    assert v.provenance["source"] == "legal-sample.vlm-style.jsonl"
    assert s.page_state(0).text.startswith("法院文書掃描辨識校對作業要點")
    assert [h.page for h in s.search("校對人員")][:1] == [0]
    s.close()


def test_import_never_overwrites_an_edit(sample_pdf: Path, tmp_path: Path) -> None:
    s = DocumentSession.open(sample_pdf)
    s.save_draft(1, "hand-corrected")
    s.commit_draft(1)
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text(json.dumps({"page": 2, "text": "machine"}) + "\n", "utf-8")
    change = s.import_transcripts(jsonl)
    assert "kept your edits" in change.message
    assert s.page_state(1).text == "hand-corrected"
    s.close()


def test_status_change_commits_typing_first(sample_pdf: Path) -> None:
    s = DocumentSession.open(sample_pdf)
    s.save_draft(0, "final")
    change = s.set_status(0, ReviewStatus.APPROVED)
    assert change.versions and change.status  # the window's history is read again
    assert not s.set_status(0, ReviewStatus.APPROVED).versions  # nothing typed since
    state = s.page_state(0)
    assert state.status is ReviewStatus.APPROVED and not state.has_draft
    assert state.text == "final" and state.version_count == 1
    assert s.status_summary()[ReviewStatus.APPROVED] == 1
    s.close()


def test_search_hits_carry_a_snippet(sample_pdf: Path) -> None:
    s = DocumentSession.open(sample_pdf)
    s.save_draft(2, "前文" * 20 + "關鍵字" + "後文" * 20)
    (hit,) = s.search("關鍵字")
    assert hit.page == 2 and hit.offset == 40
    assert "[關鍵字]" in hit.snippet and hit.snippet.startswith("…")
    s.close()


def test_close_takes_a_backup(sample_pdf: Path) -> None:
    s = DocumentSession.open(sample_pdf)
    s.save_draft(0, "x")
    store_path = s.store.path
    s.close()
    backups = list(paths.backup_dir_for(store_path).glob("*.sqlite3"))
    assert len(backups) == 1
    copy = backups[0]
    shutil.copy(copy, copy.with_name("check.db"))
    import sqlite3

    conn = sqlite3.connect(copy.with_name("check.db"))
    assert conn.execute("SELECT text FROM versions").fetchall() == [("x",)]
    conn.close()


def test_a_failed_backup_does_not_stop_the_close(
    sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = DocumentSession.open(sample_pdf)
    s.save_draft(0, "kept")

    def no_space(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("backend.session.document_session.take_backup", no_space)
    s.close()
    assert "backup failed" in s.backup_error
    again = DocumentSession.open(sample_pdf)
    assert again.page_state(0).text == "kept"
    assert not any("did not close normally" in n for n in again.notices)
    again.close()


def _review_session(sample_pdf: Path, tmp_path: Path) -> DocumentSession:
    s = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    logprobs = [["被", -0.01]] * 20_000
    s.store.add_version(
        0, VersionKind.OCR, "被告應給付甯", {"engine": "vllm", "logprobs": logprobs}
    )
    s.store.add_version(0, VersionKind.ALTERNATE, "被告得給付寧", {"engine": "import"})
    return s


def test_a_review_cache_hit_reads_no_version(
    sample_pdf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = _review_session(sample_pdf, tmp_path)
    try:
        first = s.review(0)
        assert first.count(FlagKind.CRITICAL) == 1

        def no_decoding(row: object) -> None:
            raise AssertionError("a cache hit decoded a version")

        monkeypatch.setattr(store_module, "version_row", no_decoding)
        assert s.review(0) is first
        monkeypatch.undo()
        s.save_draft(0, "被告得給付甯")  # typing: a new review
        assert s.review(0).count(FlagKind.CRITICAL) == 0
        newer, _ = s.store.add_version(
            0, VersionKind.ALTERNATE, "被告不得給付甯", {"engine": "import"}
        )
        assert s.review(0).alternate.version_id == newer.id  # type: ignore[union-attr]
    finally:
        s.close()


def test_an_edited_variant_file_is_read_again(sample_pdf: Path, tmp_path: Path) -> None:
    s = _review_session(sample_pdf, tmp_path)
    extra = tmp_path / "mine.tsv"
    extra.write_text("甯\t寧\n", "utf-8")
    settings = AidSettings(compare=with_user_variants(extra))
    try:
        before = [f.replacement for f in s.review(0, settings=settings).flags]
        assert "寧" not in before  # folded: no difference there
        extra.write_text("# nothing folded any more\n", "utf-8")
        after = [f.replacement for f in s.review(0, settings=settings).flags]
        assert "寧" in after
    finally:
        s.close()


def test_an_edited_rule_table_is_read_again_between_two_reviews(
    sample_pdf: Path, tmp_path: Path
) -> None:
    """A legal user adds the modal words to their rule table: the next review the
    session is asked for flags 應 read as 得, with the same settings object."""
    s = _review_session(sample_pdf, tmp_path)
    table = tmp_path / "critical-terms.tsv"
    table.write_text("party\t原告\tplaintiff\n", "utf-8")
    files = TableFiles(table, NORMALISE)
    settings = AidSettings(compare=CompareOptions(tables=current_tables(files)))
    try:
        assert s.review(0, settings=settings).count(FlagKind.CRITICAL) == 0  # no modal words
        before = table.stat().st_mtime_ns
        table.write_text("party\t原告\tplaintiff\ndeontic\t應\tmust\ndeontic\t得\tmay\n", "utf-8")
        os.utime(table, ns=(before + 10**9, before + 10**9))  # a later edit, no waiting
        review = s.review(0, settings=settings)
        assert [f.category for f in review.flags if f.kind is FlagKind.CRITICAL] == ["modal"]
    finally:
        s.close()
