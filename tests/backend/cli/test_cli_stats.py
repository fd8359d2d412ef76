"""``proofdesk stats`` (issue 26 point 1): the table, the JSON, the exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backend.cli.commands import main
from backend.errors import NoReviewError
from backend.session.document_session import DocumentSession
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter

T0 = 1_767_225_600.0  # 2026-01-01 00:00 UTC


def _reviewed(pdf: Path) -> None:
    """Page 1 read by two models and approved; page 2 read, not approved."""
    session = DocumentSession.open(pdf)
    try:
        store = session.store.local()
        assert isinstance(store, ReviewStore)
        with HistoryWriter(store) as w:
            w.reading(0, "本院認為被告之行為事實朋確", at=T0, model="qwen-7b", seconds=3.0)
            w.reading(0, "本院認為被告之行為事實明", at=T0 + 1, model="qwen-72b")
            w.reading(1, "第二頁", at=T0 + 2, model="qwen-7b")
            w.status(0, "in_progress", at=T0 + 100, author="ana")
            w.edit(0, "本院認為被告之行為事實明確", at=T0 + 160, author="ana")
            w.status(0, "approved", at=T0 + 200, author="ana")
    finally:
        session.close()


def test_stats_json_has_every_grouping(
    sample_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _reviewed(sample_pdf)
    assert main(["stats", str(sample_pdf), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"document", "viewer", "model", "prompt", "server", "person", "page"}
    models = {m["model"]: m for m in (row["key"] | row for row in out["model"])}
    assert models["qwen-7b"]["mean_cer"] == pytest.approx(1 / 13)
    assert models["qwen-72b"]["mean_cer"] == pytest.approx(1 / 13)  # one dropped
    assert models["qwen-7b"]["pages_read"] == 2
    assert out["person"] == [
        {
            "person": "ana",
            "pages_timed": 1,
            "seconds": 100.0,
            "seconds_per_page": 100.0,
            "pages_approved": 1,
            "pages_written": 1,
            "chars_corrected": 1,
            "critical_corrections": 0,
            # Approved without the outcomes stored (history written directly): unknown.
            "critical_raised": None,
            "critical_accepted": None,
            "critical_dismissed": None,
            "outcomes_unknown": 1,
        }
    ]
    assert [p["page"] for p in out["page"]] == [1, 2]  # 1-based, as the user counts
    assert out["document"]["approved"] == 1 and out["viewer"] is None


def test_stats_by_person_is_a_table_and_json_only_that(
    sample_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _reviewed(sample_pdf)
    assert main(["stats", str(sample_pdf), "--by", "person"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["reviewer", "pages", "timed"]
    assert lines[1].split() == ["ana", "1", "100", "1", "1", "1", "0", *["unknown"] * 3, "1"]
    assert main(["stats", str(sample_pdf), "--by", "page", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"document", "viewer", "page"}


def test_stats_default_is_progress_and_the_table_by_model(
    sample_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _reviewed(sample_pdf)
    assert main(["stats", str(sample_pdf)]) == 0
    out = capsys.readouterr().out
    pages = DocumentSession.open(sample_pdf)
    count = pages.page_count
    pages.close()
    assert out.startswith(f"{count} pages: 1 approved, {count - 1} to go.\n")
    assert "up to 5 min" in out
    rows = {line.split()[1]: line.split() for line in out.splitlines() if "qwen" in line}
    assert rows["qwen-7b"][2:5] == ["2", "1", "7.69%"]  # pages, compared, mean CER


def test_stats_zh_tw(sample_pdf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _reviewed(sample_pdf)
    assert main(["stats", str(sample_pdf), "--by", "person", "--lang", "zh_TW"]) == 0
    assert capsys.readouterr().out.splitlines()[0].split()[:2] == ["審閱者", "計時頁數"]


def test_stats_of_a_document_never_reviewed_is_empty_and_makes_no_store(
    sample_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", str(sample_pdf), "--json"]) == 0
    said = capsys.readouterr()
    out = json.loads(said.out)
    assert out["model"] == [] and out["person"] == [] and out["document"]["approved"] == 0
    assert "no review" in said.err.lower()
    assert main(["stats", str(sample_pdf), "--by", "model"]) == 0
    assert "No figures yet" in capsys.readouterr().out
    with pytest.raises(NoReviewError):  # still none: nothing was made
        DocumentSession.open(sample_pdf, create=False).close()


def test_stats_bad_grouping_or_missing_file_is_one_line_and_exit_2(
    sample_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", str(sample_pdf), "--by", "weather"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "weather" in err[0]
    assert main(["stats", str(tmp_path / "missing.pdf")]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
