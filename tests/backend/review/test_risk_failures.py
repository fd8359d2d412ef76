"""A whole-page failure outweighs any amount of word-level noise, and weighs by how
much of the page it concerns (issue 22: broken pages among the riskiest k). The
pages are real legal text (the generated corpus's), reviewed by the whole review
as every user gets it, its detectors included; the pages with no diagnosis keep
the scores they had before failures were weighed by size."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from backend.models import AltText, VersionKind
from backend.review.page_aids import review_page
from backend.review.risk import W_CRITICAL, by_risk, page_risk
from backend.review.values import DiagnosisKind, FlagKind, PageReview
from backend.session.document_session import DocumentSession
from tests import pdf_factory
from tests.backend.cli.cli_helpers import run_cli
from tests.backend.review.diagnoses.layout_helpers import corpus_lines, one_column
from tests.backend.review.tables import SETTINGS, TABLES

# Function words: an engine misreading one changes no legal term (no number, party,
# modal word or article), so each is an ordinary one-character difference.
ORDINARY = "其而及以所此該"
MISREAD = "乙"
# Four numbers of four articles of the generated page 0 an engine misread: four
# legal-critical disagreements, each in a line both readings otherwise share.
FOUR_NUMBERS = (
    ("第888條", "第883條"),
    ("十八歲", "十六歲"),
    ("５日內", "７日內"),
    ("之五", "之六"),
)
TABLE_SEED = 8  # the first generated page with a table


def long_page() -> str:
    """Three generated pages' text as one long page (~2,500 characters)."""
    return "\n".join(line for seed in (0, 1, 2) for line in corpus_lines(seed))


def ordinary_misreadings(text: str, n: int) -> str:
    """``text`` with ``n`` function words read as another character, each well apart
    from the last (one difference each, in a line both readings otherwise share)."""
    picked: list[int] = []
    for i, c in enumerate(text):
        if c in ORDINARY and (not picked or i - picked[-1] > 12) and len(picked) < n:
            picked.append(i)
    assert len(picked) == n
    return "".join(MISREAD if i in picked else c for i, c in enumerate(text))


def review(page: int, transcript: str, alternate: AltText | str | None) -> PageReview:
    alt = AltText(alternate, "rapidocr") if isinstance(alternate, str) else alternate
    return review_page(page, transcript, alt, settings=SETTINGS)


def noisy_long_page(page: int) -> tuple[PageReview, str]:
    """A long, true page whose alternate misread 30 ordinary words: 30 flags."""
    text = long_page()
    noisy = review(page, text, ordinary_misreadings(text, 30))
    assert noisy.count(FlagKind.DIFF) == 30 and noisy.count(FlagKind.CRITICAL) == 0
    assert not noisy.diagnoses
    return noisy, text


def cut_off(page: int, kept: float, seed: int = 0) -> tuple[PageReview, str]:
    """A page whose transcript stops after ``kept`` of its lines; the alternate (an
    exact reading of the whole page) reads on."""
    lines = corpus_lines(seed)
    text = "\n".join(lines[: int(len(lines) * kept)])
    cut = review(page, text, one_column(lines, random.Random(seed), 0.0))
    assert [d.kind for d in cut.diagnoses] == [DiagnosisKind.CUT_SHORT]
    return cut, text


def row_out_of_place(page: int, changed: dict[str, str]) -> tuple[PageReview, str]:
    """A page with a table whose one row lost a cell (the cells after it slid left);
    the alternate reads the table right and, outside it, the page with ``changed``."""
    lines = corpus_lines(TABLE_SEED)
    row = next(i for i, ln in enumerate(lines) if ln.startswith("|") and "---" not in ln)
    row = next(i for i in range(row + 1, len(lines)) if "---" not in lines[i])
    cells = lines[row].strip("|").split("|")
    broken = [*lines[:row], "|" + "|".join(cells[:1] + cells[2:]) + "|", *lines[row + 1 :]]
    text = "\n".join(broken)
    alternate = "\n".join(lines)
    for old, new in changed.items():
        assert old in alternate
        alternate = alternate.replace(old, new, 1)
    found = review(page, text, alternate)
    assert DiagnosisKind.TABLE_CELLS in {d.kind for d in found.diagnoses}
    return found, text


def four_numbers_misread(page: int) -> tuple[PageReview, str]:
    text = "\n".join(corpus_lines(0))
    misread = text
    for old, new in FOUR_NUMBERS:
        assert old in misread
        misread = misread.replace(old, new, 1)
    critical = review(page, text, misread)
    assert critical.count(FlagKind.CRITICAL) == 4 and not critical.diagnoses
    return critical, text


def test_a_page_cut_off_before_half_its_text_outranks_a_long_page_with_30_ordinary_flags() -> None:
    cut, cut_text = cut_off(0, 0.55)
    assert len(cut_text) < 0.6 * len("\n".join(corpus_lines(0)))  # over 40% of it gone
    noisy, noisy_text = noisy_long_page(1)
    ranked = by_risk([page_risk(noisy, noisy_text, TABLES), page_risk(cut, cut_text, TABLES)])
    assert [r.page for r in ranked] == [0, 1]


def test_a_table_row_out_of_place_outranks_a_true_page_with_four_critical_disagreements() -> None:
    # A row whose cells slid left puts numbers under the wrong column: wrong numbers,
    # however little of the page the row is.
    row, row_text = row_out_of_place(0, {})
    critical, text = four_numbers_misread(1)
    ranked = by_risk([page_risk(critical, text, TABLES), page_risk(row, row_text, TABLES)])
    assert [r.page for r in ranked] == [0, 1]


def test_a_failure_weighs_by_how_much_of_the_page_it_concerns() -> None:
    # Both pages are diagnosed; the row's page also has two critical disagreements.
    # Half a page gone hides more than one row out of place and two words.
    half, half_text = cut_off(0, 0.5, seed=1)
    row, row_text = row_out_of_place(1, {"新臺幣64,000元": "新臺幣54,000元", "5日內": "3日內"})
    assert row.count(FlagKind.CRITICAL) == 2
    ranked = by_risk([page_risk(row, row_text, TABLES), page_risk(half, half_text, TABLES)])
    assert [r.page for r in ranked] == [0, 1]
    assert ranked[0].score - ranked[1].score > W_CRITICAL


# The scores of pages with no diagnosis, as the risk gave them before failures were
# weighed by size (commit 5a4b97d): weighing failures must not move them.
BEFORE = {"noisy": 55.9, "critical": 35.9, "unchecked": 5.0, "agreeing": 0.0}


@pytest.mark.parametrize("name", list(BEFORE))
def test_a_page_with_no_diagnosis_keeps_its_score(name: str) -> None:
    text = "\n".join(corpus_lines(0))
    pages = {
        "noisy": lambda: noisy_long_page(0),
        "critical": lambda: four_numbers_misread(0),
        "unchecked": lambda: (review(0, text, None), text),
        "agreeing": lambda: (review(0, text, text), text),
    }
    page, transcript = pages[name]()
    assert not page.diagnoses
    assert page_risk(page, transcript, TABLES).score == pytest.approx(BEFORE[name], abs=0.05)


def test_status_by_risk_puts_the_cut_off_page_first_by_the_sessions_own_risk(
    tmp_path: Path,
) -> None:
    # One rule: the CLI's order is the session's risk (the GUI's risk list and the
    # review queue sort the same score).
    lines = corpus_lines(0)
    full = "\n".join(lines)
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two"])
    store = tmp_path / "doc.review"
    s = DocumentSession.open(pdf, store_path=store)
    try:
        noisy_text = long_page()
        for page, text, alternate in (
            (0, noisy_text, ordinary_misreadings(noisy_text, 30)),
            (1, "\n".join(lines[: int(len(lines) * 0.55)]), full),
        ):
            s.add_reading(page, text, {"engine": "vllm", "model": "model-a"})
            s.store.add_version(page, VersionKind.ALTERNATE, alternate, {"engine": "rapidocr"})
        risks = {p: s.reviews.risk(p).score for p in (0, 1)}
    finally:
        s.close()
    out = run_cli("status", pdf, "--store", store, "--by-risk", "--json")
    assert out.returncode == 0, out.stderr
    pages = json.loads(out.stdout)["pages"]
    assert [p["page"] for p in pages] == [2, 1]
    assert [p["diagnoses"][0]["kind"] for p in pages[:1]] == ["cut_short"]
    assert [p["risk"] for p in pages] == [round(risks[1], 2), round(risks[0], 2)]
