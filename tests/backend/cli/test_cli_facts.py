"""``proofdesk facts`` and ``proofdesk glossary`` (issue 24 points 3 and 5)."""

from __future__ import annotations

import json
from pathlib import Path

from backend.facts.model import Fact, FactGroup, FactKind, FactVariant
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from backend.session.facts import DocumentFacts
from tests.backend.cli.cli_helpers import assert_one_line_error, run_cli


def test_glossary_add_remove_export_import_round_trip(sample_pdf: Path, tmp_path: Path) -> None:
    added = run_cli("glossary", sample_pdf, "--add", "林○○", "--add", "某某股份有限公司")
    assert added.returncode == 0, added.stderr
    assert added.stdout.splitlines() == ["林○○", "某某股份有限公司"]
    out = tmp_path / "case.json"
    run_cli("glossary", sample_pdf, "--remove", "林○○", "--add", "臺北市", "--export", out)
    assert json.loads(out.read_text("utf-8")) == {"glossary": ["某某股份有限公司", "臺北市"]}
    listed = tmp_path / "terms.tsv"
    listed.write_text("# from the other file\n王大明\tparty\n臺北市\n", "utf-8")
    both = run_cli("glossary", sample_pdf, "--import", listed, "--json")
    assert json.loads(both.stdout) == {"glossary": ["某某股份有限公司", "臺北市", "王大明"]}
    # Kept with the document: the session reads the same terms back.
    session = DocumentSession.open(sample_pdf)
    try:
        assert DocumentFacts(session.store).glossary() == ("某某股份有限公司", "臺北市", "王大明")
    finally:
        session.close()
    # Exported as text (one a line), imported into another document's review.
    text = tmp_path / "case.txt"
    run_cli("glossary", sample_pdf, "--export", text)
    assert text.read_text("utf-8") == "某某股份有限公司\n臺北市\n王大明\n"


def test_a_glossary_file_that_is_none_is_one_line_and_changes_nothing(
    sample_pdf: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "terms.json"
    bad.write_text('{"terms": 3}', "utf-8")
    line = assert_one_line_error(run_cli("glossary", sample_pdf, "--import", bad))
    assert "holds no glossary" in line
    assert run_cli("glossary", sample_pdf).stdout == ""


def test_facts_of_a_document_with_no_review_is_none_and_makes_no_store(sample_pdf: Path) -> None:
    result = run_cli("facts", sample_pdf, "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"facts": []}
    assert "no review" in result.stderr.lower()


def _group() -> FactGroup:
    def at(value: str, page: int) -> Fact:
        return Fact(FactKind.CASE_NUMBER, value, page, 3, 3 + len(value), key=value)

    right = "一一四年度訴字第五六號"
    wrong = "一一四年度訴字第五八號"
    pages = [*range(0, 6), *range(7, 12)]
    return FactGroup(
        FactKind.CASE_NUMBER,
        "",
        (
            FactVariant(right, right, tuple(at(right, p) for p in pages)),
            FactVariant(wrong, wrong, (at(wrong, 6),)),
        ),
        conflict=True,
    )


def test_a_fact_is_its_value_its_variants_and_their_pages() -> None:
    from backend.cli.facts import group_json, group_lines, page_list

    assert page_list([0, 1, 2, 4, 7, 8]) == "1–3, 5, 8–9"
    lines = group_lines(_group())
    assert lines == [
        "case number: 一一四年度訴字第五六號  pages 1–6, 8–12 (read differently)",
        "    variant 一一四年度訴字第五八號  page 7",
    ]
    data = group_json(_group())
    assert data["kind"] == "case_number" and data["conflict"] is True
    assert data["variants"][1] == {
        "value": "一一四年度訴字第五八號",
        "key": "一一四年度訴字第五八號",
        "pages": [7],
        "places": [{"page": 7, "start": 3, "end": 14}],
    }


def test_facts_reads_the_index_the_session_kept(sample_pdf: Path) -> None:
    session = DocumentSession.open(sample_pdf)
    try:
        session.store.add_version(0, VersionKind.OCR, "一一四年度訴字第五六號", {})
        DocumentFacts(session.store).load()
        rows = session.store.facts_rows()
    finally:
        session.close()
    result = run_cli("facts", sample_pdf, "--json")
    assert result.returncode == 0, result.stderr
    session = DocumentSession.open(sample_pdf)
    try:
        assert session.store.facts_rows() == rows  # read from the index, not again
    finally:
        session.close()
