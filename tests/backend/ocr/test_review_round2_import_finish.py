"""Review round 2 (f0e195c, 91ce8bb): finish reasons of every shape in a results file.

A results file is anybody's JSON: a ``finish_reason`` that is a number, an object,
a list or blank is no reason, and must neither fail the import nor be called an
early end; a stored reading's ``finish_reason`` is then absent, not the odd value.
An answer that failed for ending before any text is stored when a later results
file brings the page's full answer. The folder is prepared for real
(``tests/backend/ocr/batch_import_helpers.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from backend.export.page_warnings import page_warnings
from tests.backend.ocr.batch_import_helpers import (
    answer,
    ids,
    job,
    ocr_versions,
    prepared,
    run_import,
    write,
)

__all__ = ["job", "prepared"]  # the fixtures


@pytest.mark.parametrize("odd", [7, {"type": "abort"}, ["abort"], "", True])
def test_a_finish_reason_that_is_no_text_is_no_reason(job: Path, odd: Any) -> None:
    a, _b, _c = ids(job)
    line = answer(a, "全頁")
    line["response"]["body"]["choices"][0]["finish_reason"] = odd
    report = run_import(job, write(job / "results.jsonl", line))
    assert (report.stored, report.failed, report.cut_off) == (1, [], [])
    assert report.ended_early_count == 0 and "ended early" not in report.message
    stored = ocr_versions(job)[0][0]
    assert stored.provenance.get("finish_reason") is None
    assert "warnings" not in stored.provenance
    # What the export says of it: nothing, the text being there.
    assert page_warnings([{**stored.provenance, "kind": "ocr", "current": True}], "全頁") == []


def test_an_aborted_empty_answer_is_stored_once_its_page_is_read_again(
    job: Path,
) -> None:
    a, b, _c = ids(job)
    first = write(job / "results-1.jsonl", answer(a, "", finish="abort"), answer(b, "乙"))
    report = run_import(job, first)
    assert [p.page for p in report.failed] == [0] and report.stored == 1
    again = run_import(job, first)  # the failed line is not stored by a second look
    assert (again.stored, [p.page for p in again.failed]) == (0, [0])
    retried = write(job / "results-2.jsonl", answer(a, "甲頁全文"))
    later = run_import(job, retried)
    assert (later.stored, later.failed, later.cut_off) == (1, [], [])
    assert [v.text for v in ocr_versions(job)[0]] == ["甲頁全文"]


def test_an_answer_cut_short_in_a_loop_is_stored_with_its_reason_and_exported(
    job: Path,
) -> None:
    # The warning stored with it is what the export shows (the stored warnings win).
    a, _b, _c = ids(job)
    report = run_import(job, write(job / "r.jsonl", answer(a, "重複重複", finish="repetition")))
    assert report.ended_early_count == 1 and report.cut_off_count == 1
    stored = ocr_versions(job)[0][0]
    said = page_warnings([{**stored.provenance, "kind": "ocr", "current": True}], "重複重複")
    assert len(said) == 1 and "“repetition”" in said[0] and "may be missing" in said[0]
