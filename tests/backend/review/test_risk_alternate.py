"""``proofdesk status --by-risk`` compares with the alternate the Compare dock and
``proofdesk compare --alternate`` would, and says precisely why a page has none
(issue 13, points 4 and 5): another model's stored reading chosen with
``--alternate``, a reading compared with itself, a selector no reading matches."""

from __future__ import annotations

import json
from pathlib import Path

from backend.models import AltText, VersionKind
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.backend.cli.cli_helpers import assert_one_line_error, run_cli

CLEAN = "第一條\n被告應於本判決確定後給付原告新臺幣十二萬元。\n被告不得再為請求。\n"
FLIPPED = CLEAN.replace("不得", "得")


def _document(tmp_path: Path) -> tuple[Path, Path, int]:
    """Page 1 clean, page 2 flipped (model A's transcripts); model B's reading of each
    in their history; page 3 with an imported alternate that is its own transcript."""
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two", "three"])
    store = tmp_path / "doc.review"
    s = DocumentSession.open(pdf, store_path=store)
    try:
        for page, text in ((0, CLEAN), (1, FLIPPED), (2, CLEAN)):
            s.add_reading(page, text, {"engine": "vllm", "model": "model-a"})
        for page in (0, 1):
            model_b = {"engine": "vllm", "model": "model-b"}
            s.store.add_version(page, VersionKind.OCR, CLEAN, model_b, history_only=True)
        from backend.engines.offline import store_alt_text

        store_alt_text(s.store, 2, AltText(text=CLEAN, engine="import"))
        flipped_b = s.alternates(1)[0].id
    finally:
        s.close()
    return pdf, store, flipped_b


def _ranked(pdf: Path, store: Path, *extra: str) -> list[dict[str, object]]:
    out = run_cli("status", pdf, "--store", store, "--by-risk", "--json", *extra)
    assert out.returncode == 0, out.stderr
    pages: list[dict[str, object]] = json.loads(out.stdout)["pages"]
    return pages


def test_by_risk_with_a_stored_reading_chosen_as_the_alternate(tmp_path: Path) -> None:
    pdf, store, flipped_b = _document(tmp_path)
    compared = run_cli(
        "compare", pdf, "--store", store, "--page", "2", "--alternate", "model:model-b", "--json"
    )
    critical = sum(f["kind"] == "critical" for f in json.loads(compared.stdout)["flags"])
    assert critical >= 1
    pages = _ranked(pdf, store, "--alternate", "model:model-b")
    assert pages[0]["page"] == 2 and pages[0]["critical"] == critical  # as compare says
    assert pages[0]["alternate"] == flipped_b
    by_page = {p["page"]: p for p in pages}
    assert by_page[1]["agreement"] == 1.0 and by_page[1]["critical"] == 0
    # Page 3 has no model-B reading: said so, scored as unchecked.
    assert by_page[3]["agreement"] is None and by_page[3]["alternate"] is None
    text = run_cli("status", pdf, "--store", store, "--by-risk", "--alternate", "model:model-b")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0].startswith("page 2: risk ") and "1 critical disagreement(s)" in lines[0]
    (page3,) = [line for line in lines if line.startswith("page 3:")]
    assert "no reading that matches “model:model-b”" in page3


def test_by_risk_says_why_a_page_has_no_alternate(tmp_path: Path) -> None:
    pdf, store, flipped_b = _document(tmp_path)
    by_page = {p["page"]: p for p in _ranked(pdf, store)}
    assert by_page[3]["same_reading"] is True and by_page[3]["agreement"] is None
    assert not by_page[1].get("same_reading") and by_page[1]["alternate"] is None
    text = run_cli("status", pdf, "--store", store, "--by-risk")
    lines = {line.split(":")[0]: line for line in text.stdout.splitlines()}
    # Compared with itself: not "no alternate reading", but what it is.
    assert "the alternate is the transcript's own reading" in lines["page 3"]
    assert "no alternate reading" not in lines["page 3"]
    # Only another model's reading, not chosen: where it is and how to choose it.
    assert "no alternate reading" in lines["page 2"]
    assert f"--alternate version:{flipped_b}" in lines["page 2"]


def test_by_risk_refuses_an_alternate_that_names_no_stored_reading(tmp_path: Path) -> None:
    pdf, store, _ = _document(tmp_path)
    bad = run_cli("status", pdf, "--store", store, "--by-risk", "--alternate", "nothing.txt")
    line = assert_one_line_error(bad)
    assert "stored reading only" in line and "model:NAME" in line
    # An engine's name is its stored reading; --alternate alone implies --by-risk.
    pages = json.loads(
        run_cli("status", pdf, "--store", store, "--alternate", "rapidocr", "--json").stdout
    )["pages"]
    # No page has a RapidOCR reading (page 3's alternate is an import): none is compared.
    assert [p["alternate"] for p in pages] == [None] * 3
    assert all(p["agreement"] is None and not p["same_reading"] for p in pages)


def test_a_version_selector_no_page_can_match_is_said_once(tmp_path: Path) -> None:
    """Not "no reading that matches" on every page: what is wrong with the selector."""
    pdf, store, _flipped_b = _document(tmp_path)
    cases = {
        "version:abc": "“version:abc”: a version id is a whole number.",
        "version:99999": "“version:99999”: this document has no version 99999.",
    }
    for spec, message in cases.items():
        for extra in ((), ("--json",)):
            out = run_cli("status", pdf, "--store", store, "--by-risk", "--alternate", spec, *extra)
            assert assert_one_line_error(out) == "proofdesk: " + message
    # A person's edit is no reading to compare with: said once too.
    s = DocumentSession.open(pdf, store_path=store)
    try:
        edit = s.store.add_version(0, VersionKind.EDIT, CLEAN + "。", {})[0].id
    finally:
        s.close()
    out = run_cli("status", pdf, "--store", store, "--by-risk", "--alternate", f"version:{edit}")
    assert "is a person's edit" in assert_one_line_error(out)
