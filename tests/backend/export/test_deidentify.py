"""What a de-identified export keeps of the review (issue 25): the masked text and the
status, nothing that quotes the text as it was (notes, versions, flags, diagnoses), and
the document's title and file name masked as its text (review V, item 7: tests passed
with all of these kept)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from backend.export import ExportOptions, collect
from backend.export.deidentify import deidentify
from backend.models import VersionKind
from backend.publish.decisions import Decision
from backend.publish.detect import _patterns
from backend.session.document_session import DocumentSession
from backend.session.publish import accept_all, decide, mark_region, publish_state
from tests.conftest import SAMPLE_PDF

PAGE = "原　　告　王志明\n原告王志明主張：電話0912-345-678。"


def test_only_masked_text_and_no_quote_of_it_leaves(tmp_path: Path) -> None:
    pdf = tmp_path / "王志明案.pdf"
    pdf.write_bytes(SAMPLE_PDF.read_bytes())
    session = DocumentSession.open(pdf, store_path=tmp_path / "r.review", create=True)
    try:
        session.store.add_version(0, VersionKind.OCR, "原告王志明", {"engine": "vllm"})
        session.store.add_version(0, VersionKind.EDIT, PAGE)
        session.store.set_note(0, "王志明的電話待查")
        accept_all(session.store, publish_state(session.store, session.page_count))
        state = publish_state(session.store, session.page_count)
        document = replace(collect(session, ExportOptions(pages=(0,))), title="王志明損害賠償案")
        assert document.pages[0].versions and document.pages[0].note  # kept by an export
    finally:
        session.close()
    published = deidentify(document, state)
    page = published.pages[0]
    assert page.text == "原　　告　王○○\n原告王○○主張：電話○○○○○○○○○○○○。"
    assert (page.note, page.versions, page.critical_flags, page.diagnoses) == ("", (), (), ())
    assert published.title == "王○○損害賠償案" and published.display_name == "王○○案.pdf"
    assert published.masks == "surname+○○"


def test_accept_all_leaves_the_reviewers_own_decisions(tmp_path: Path) -> None:
    session = DocumentSession.open(SAMPLE_PDF, store_path=tmp_path / "r.review", create=True)
    try:
        session.store.add_version(0, VersionKind.EDIT, PAGE)
        state = publish_state(session.store, session.page_count)
        phone = next(r for r in state.items if r.finding.kind.value == "phone")
        decide(session.store, state, [phone], Decision.SKIP)
        accept_all(session.store, publish_state(session.store, session.page_count))
        after = publish_state(session.store, session.page_count)
        assert [r.decision for r in after.items if r.finding.kind.value == "phone"] == [
            Decision.SKIP
        ]
        assert not after.unreviewed
    finally:
        session.close()


def test_a_region_the_reviewer_marks_places_a_finding_no_reading_places(tmp_path: Path) -> None:
    session = DocumentSession.open(SAMPLE_PDF, store_path=tmp_path / "r.review", create=True)
    try:
        session.store.add_version(0, VersionKind.EDIT, PAGE)  # no alternate: no boxes
        state = publish_state(session.store, session.page_count)
        phone = next(r for r in state.items if r.finding.kind.value == "phone")
        mark_region(session.store, state, phone, (0.2, 0.3, 0.6, 0.35))
        accept_all(session.store, publish_state(session.store, session.page_count))
        state = publish_state(session.store, session.page_count)
        document = collect(session, ExportOptions(pages=(0,)))
    finally:
        session.close()
    page = deidentify(document, state).pages[0]
    assert page.redactions == ((0.2, 0.3, 0.6, 0.35),)
    assert sorted(page.unplaced) == ["person", "person"]  # the phone alone was marked


def test_the_export_reuses_the_pattern_findings_of_its_review_state(tmp_path: Path) -> None:
    # Only the persons can differ between the review state's findings and the export's
    # (the document's names added): the numbers and addresses are not looked for again.
    session = DocumentSession.open(SAMPLE_PDF, store_path=tmp_path / "r.review", create=True)
    try:
        session.store.add_version(0, VersionKind.EDIT, PAGE)
        accept_all(session.store, publish_state(session.store, session.page_count))
        state = publish_state(session.store, session.page_count)
        document = collect(session, ExportOptions(pages=(0,)))
    finally:
        session.close()
    before = _patterns.cache_info()
    page = deidentify(document, state).pages[0]
    after = _patterns.cache_info()
    assert (after.hits, after.misses) == (before.hits + 1, before.misses)
    assert page.text == "原　　告　王○○\n原告王○○主張：電話○○○○○○○○○○○○。"
