"""Issue 28, defect 1 on the embedded store: an approved page edited afterwards went on
saying "approved", and an "approved only" export carried the later text. Now new
working text puts a reviewed or approved page back in progress (the team store's rule,
``backend.store.rules``), the approval records the version it approved, and the
export takes that version's text."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from hypothesis import given

from backend.documents.pdf import open_pdf
from backend.export.pages import ExportOptions, collect
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.store import schema
from backend.store.review_store import ReviewStore
from tests.backend.store.approval_walk import Desk, steps, walk
from tests.pdf_factory import text_pdf
from tests.properties import examples

SENTENCE = "他方當事人得定相當期限"


def approved_page(sample_pdf: Path) -> DocumentSession:
    s = DocumentSession.open(sample_pdf)
    s.add_reading(5, SENTENCE, {"engine": "vllm"})
    s.set_status(5, ReviewStatus.APPROVED)
    return s


def test_typing_on_an_approved_page_puts_it_back_in_progress(sample_pdf: Path) -> None:
    s = approved_page(sample_pdf)
    change = s.save_draft(5, SENTENCE.replace("得", "應"))  # the first keystroke's autosave
    assert change.status  # the page list and the status bar redraw the status
    assert s.page_state(5).status is ReviewStatus.IN_PROGRESS
    assert s.statuses()[5] is ReviewStatus.IN_PROGRESS
    s.close()


def test_an_approved_only_export_never_has_later_text(sample_pdf: Path) -> None:
    s = approved_page(sample_pdf)
    s.save_draft(5, SENTENCE.replace("得", "應"))
    s.commit_draft(5)
    exported = collect(s, ExportOptions(approved_only=True))
    assert all("應" not in p.text for p in exported.pages)
    assert 5 in exported.skipped  # no longer approved: left out, and said so
    s.close()


def test_the_approval_records_the_version_it_approved(sample_pdf: Path) -> None:
    s = approved_page(sample_pdf)
    approved = s.store.approved_version(5)
    assert approved is not None and approved.text == SENTENCE
    assert approved.id == s.store.current_version_id(5)
    assert s.store.approved_version(4) is None  # not approved: no approved version
    s.close()


def test_a_reading_that_becomes_the_working_text_reopens_the_page(tmp_path: Path) -> None:
    store = ReviewStore(tmp_path / "r.sqlite3", author="ana")
    store.add_version(0, VersionKind.OCR, SENTENCE, {"engine": "vllm"})
    store.set_status(0, ReviewStatus.APPROVED)
    # Kept in the history only, or a second reading: the approved text stands.
    store.add_version(0, VersionKind.OCR, "別的", {"engine": "vllm"}, history_only=True)
    store.add_version(0, VersionKind.ALTERNATE, "別的", {"engine": "rapidocr"})
    assert store.status(0) is ReviewStatus.APPROVED
    # Over a machine reading, a new one becomes the working text: no longer approved.
    _version, change = store.add_version(0, VersionKind.OCR, "別的", {"engine": "vllm"})
    assert change.text and store.status(0) is ReviewStatus.IN_PROGRESS
    store.close()


def test_a_draft_equal_to_the_approved_text_keeps_the_approval(tmp_path: Path) -> None:
    store = ReviewStore(tmp_path / "r.sqlite3", author="ana")
    store.add_version(0, VersionKind.OCR, SENTENCE, {"engine": "vllm"})
    store.set_status(0, ReviewStatus.APPROVED)
    store.save_draft(0, SENTENCE)  # e.g. typed and undone: the working text is unchanged
    assert store.status(0) is ReviewStatus.APPROVED
    store.close()


def test_a_store_from_before_approved_versions_upgrades(tmp_path: Path) -> None:
    """A version 3 store: an approval whose text was edited afterwards (the defect) is
    taken back to in progress; one whose text stands keeps it, on the working version."""
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for script in schema._MIGRATIONS[:3]:  # the schema as version 3 made it
        for statement in schema._split(script):
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 3")
    for vid, page, text, at in ((1, 0, "得", 1.0), (2, 1, "得", 1.0), (3, 1, "應", 3.0)):
        conn.execute(
            "INSERT INTO versions (id, page, kind, text, created_at, author) "
            "VALUES (?, ?, 'edit', ?, ?, 'ana')",
            (vid, page, text, at),
        )
    conn.execute("INSERT INTO pages (page, current_version) VALUES (0, 1), (1, 3)")
    for page in (0, 1, 2):
        conn.execute(
            "INSERT INTO status_events (page, status, created_at, author) "
            "VALUES (?, 'approved', 2.0, 'ana')",
            (page,),
        )
    conn.execute(  # typing on page 2 after its approval, never saved as a version
        "INSERT INTO drafts (page, text, base_version, updated_at, author) "
        "VALUES (2, '應', NULL, 4.0, 'ana')"
    )
    conn.close()
    store = ReviewStore(path, author="ben")
    assert store.statuses(3) == [
        ReviewStatus.APPROVED,
        ReviewStatus.IN_PROGRESS,
        ReviewStatus.IN_PROGRESS,
    ]
    approved = store.approved_version(0)
    assert approved is not None and approved.id == 1
    assert [h[0] for h in store.status_history(1)] == [
        ReviewStatus.APPROVED,
        ReviewStatus.IN_PROGRESS,
    ]
    store.close()


@examples(60)
@given(plan=steps)
def test_approved_always_means_the_text_that_was_approved(
    plan: list[tuple[object, ...]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        pdf = open_pdf(text_pdf(Path(folder) / "case.pdf", ["page 1"]))
        store = ReviewStore(Path(folder) / "r.sqlite3", author="ana")
        session = DocumentSession(pdf, store, [])
        try:
            walk(Desk(editor=store, approver=store, session=session), plan)
        finally:
            session.close()
