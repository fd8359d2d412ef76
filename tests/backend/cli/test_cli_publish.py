"""``proofdesk publish`` (issue 25 point 5): the findings listed, accepted in bulk by
whoever ran it, an export refused while findings are unreviewed or (for the redacted
PDF) unplaced, and the masked text written; the pages' versions untouched."""

from __future__ import annotations

import json
from pathlib import Path

from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from tests.backend.cli.cli_helpers import run_cli

PAGE = (
    "原　　告　王志明　住臺中市西屯區台灣大道三段99號5樓\n"
    "被　　告　某某股份有限公司\n"
    "原告王志明主張：電話0912-345-678。\n"
    "法　官　林大華"
)


def _with_text(pdf: Path) -> None:
    session = DocumentSession.open(pdf)
    try:
        session.store.add_version(1, VersionKind.IMPORT, PAGE)
    finally:
        session.close()


def test_review_accept_all_and_export_the_masked_text(sample_pdf: Path, tmp_path: Path) -> None:
    _with_text(sample_pdf)
    listed = run_cli("publish", sample_pdf, "--review", "--json")
    assert listed.returncode == 0, listed.stderr
    found = json.loads(listed.stdout)
    assert found["unreviewed"] == len(found["findings"]) == 4
    assert sorted((f["page"], f["kind"], f["text"]) for f in found["findings"]) == [
        (2, "address", "臺中市西屯區台灣大道三段99號5樓"),
        (2, "person", "王志明"),  # the party line's
        (2, "person", "王志明"),  # found again in the running text
        (2, "phone", "0912-345-678"),
    ]
    out = tmp_path / "published.txt"
    refused = run_cli("publish", sample_pdf, "--format", "txt", "-o", out)
    assert refused.returncode == 2 and not out.exists()
    assert "4" in refused.stderr.splitlines()[0] and "王志明" in refused.stderr
    accepted = run_cli("publish", sample_pdf, "--accept-all")
    assert accepted.returncode == 0, accepted.stderr
    written = run_cli("publish", sample_pdf, "--format", "txt", "-o", out)
    assert written.returncode == 0, written.stderr
    assert "surname+○○" in written.stdout  # the mask rules are named
    text = out.read_text("utf-8")
    assert "王○○" in text and "某某股份有限公司" in text and "林大華" in text
    for secret in ("王志明", "0912-345-678", "台灣大道"):
        assert secret not in text
    session = DocumentSession.open(sample_pdf)
    try:  # an export view: the review's own text is as it was
        assert session.store.page_state(1).text == PAGE
        decisions = session.store.publish_decisions()
        assert len(decisions) == 4 and {d["decision"] for d in decisions} == {"accept"}
    finally:
        session.close()


def test_a_redacted_pdf_is_refused_while_a_finding_has_no_place_on_the_scan(
    sample_pdf: Path, tmp_path: Path
) -> None:
    _with_text(sample_pdf)  # no alternate reading with line boxes: nothing is placed
    run_cli("publish", sample_pdf, "--accept-all")
    out = tmp_path / "published.pdf"
    refused = run_cli("publish", sample_pdf, "--format", "pdf", "-o", out)
    assert refused.returncode == 2 and not out.exists()
    assert refused.stderr.count("\n  2  ") == 4  # each unplaced finding, on page 2
    allowed = run_cli("publish", sample_pdf, "--format", "pdf", "-o", out, "--allow-unplaced")
    assert allowed.returncode == 0, allowed.stderr
    assert out.exists()


def test_publish_needs_one_of_its_modes(sample_pdf: Path) -> None:
    result = run_cli("publish", sample_pdf)
    assert result.returncode == 2 and "Traceback" not in result.stderr
