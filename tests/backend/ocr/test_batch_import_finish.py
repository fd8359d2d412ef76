"""``batch-import`` of answers that did not end normally, or came from another model.

An answer vLLM gave up (finish reason "abort"), cut short in a loop ("repetition")
or stopped for any other reason than its end or the token limit may be missing
the end of the page: it is stored, like an answer cut off at the token limit, and
listed with its reason. Answers from a model other than the one the batch was
prepared for are stored under the model that answered, and the import says how
many and which model. The folder is prepared for real from the sample PDF, the
result lines have run-batch's shape (``tests/backend/ocr/batch_import_helpers.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from backend.cli.commands import main
from backend.models import VersionKind
from backend.ocr.batch_files import importing, layout
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


def from_model(result: dict[str, Any], model: str) -> dict[str, Any]:
    result["response"]["body"]["model"] = model
    return result


def cli(job: Path, results: Path, *extra: str) -> int:
    pdf, store = job.parent / "legal-sample.pdf", job.parent / "r.db"
    return main(["batch-import", str(pdf), str(results), "--store", str(store), *extra])


# -- answers that ended early ---------------------------------------------------------------


def test_an_aborted_answer_is_stored_and_listed_with_its_reason(job: Path) -> None:
    a, b, _c = ids(job)
    results = write(
        job / "results.jsonl", answer(a, "判決書前半", finish="abort"), answer(b, "全頁")
    )
    report = run_import(job, results)
    assert (report.stored, report.failed) == (2, [])
    assert [p.page for p in report.cut_off] == [0]  # listed, beside the cut-off ones
    assert "“abort”" in report.cut_off[0].reason
    assert report.cut_off[0].where == "results.jsonl line 1"
    assert (report.cut_off_count, report.ended_early_count) == (1, 1)
    assert "1 answer(s) ended early" in report.message
    assert "token limit" not in report.message  # not called what it was not
    first = ocr_versions(job)[0]
    assert [v.text for v in first] == ["判決書前半"]  # an ocr version, the text kept
    prov = first[0].provenance
    assert prov["finish_reason"] == "abort" and prov["truncated"] is False
    assert any("“abort”" in w and "may be missing" in w for w in prov["warnings"])
    assert "warnings" not in ocr_versions(job)[1][0].provenance  # the normal one: none


@pytest.mark.parametrize("reason", ["repetition", "error", "content_filter", "tool_calls"])
def test_any_other_unusual_finish_reason_is_listed_too(job: Path, reason: str) -> None:
    a, _b, _c = ids(job)
    report = run_import(job, write(job / "results.jsonl", answer(a, "一段", finish=reason)))
    assert report.stored == 1 and report.ended_early_count == 1
    assert f"“{reason}”" in report.cut_off[0].reason
    assert ocr_versions(job)[0][0].provenance["finish_reason"] == reason


@pytest.mark.parametrize("reason", ["stop", "STOP", "eos_token", "end_turn", None])
def test_a_normal_end_is_not_listed(job: Path, reason: str | None) -> None:
    a, _b, _c = ids(job)
    line = answer(a, "全頁")
    line["response"]["body"]["choices"][0]["finish_reason"] = reason
    report = run_import(job, write(job / "results.jsonl", line))
    assert (report.stored, report.cut_off, report.ended_early_count) == (1, [], 0)
    assert "ended early" not in report.message


def test_an_answer_aborted_before_any_text_is_failed_not_stored(job: Path) -> None:
    a, b, _c = ids(job)
    results = write(
        job / "results.jsonl", answer(a, "", finish="abort"), answer(b, "半", finish="length")
    )
    report = run_import(job, results)
    assert report.stored == 1
    assert [p.page for p in report.failed] == [0]
    assert "“abort”" in report.failed[0].reason and "before any text" in report.failed[0].reason
    assert ocr_versions(job)[0] == []  # the page keeps what it had
    # Both kinds in one summary, each counted under its own name.
    assert [p.page for p in report.cut_off] == [1] and report.ended_early_count == 0
    assert "1 answer(s) were cut off at the token limit" in report.message


def test_the_cli_lists_an_aborted_answer_with_its_reason(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b, _c = ids(job)
    results = write(
        job / "results.jsonl", answer(a, "前半", finish="abort"), answer(b, "半", finish="length")
    )
    assert cli(job, results) == 0  # stored: nothing failed
    out, err = capsys.readouterr()
    assert "1 answer(s) ended early" in out
    assert "page 1: ended early (finish reason “abort”): may be incomplete" in err
    assert "page 2: cut off at the token limit (results.jsonl line 2)" in err
    results2 = write(job / "results-2.jsonl", answer(ids(job)[2], "後", finish="abort"))
    assert cli(job, results2, "--json") == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["cut_off_count"], report["ended_early_count"]) == (1, 1)
    assert report["cut_off"][0]["page"] == 3 and "abort" in report["cut_off"][0]["reason"]


# -- answers from another model ----------------------------------------------------------


def test_answers_from_another_model_are_stored_under_it_with_a_warning(job: Path) -> None:
    a, b, c = ids(job)
    prepared_for = layout.read_manifest(job).model
    results = write(
        job / "results.jsonl",
        from_model(answer(a, "甲"), "other-checkpoint"),
        from_model(answer(b, "乙"), prepared_for),
        from_model(answer(c, "丙"), "other-checkpoint"),
    )
    report = run_import(job, results)
    assert (report.stored, report.failed) == (3, [])  # warned, not refused
    assert report.other_models == {("other-checkpoint", prepared_for): 2}
    assert "2 answer(s) came from another model" in report.message
    [note] = report.model_warnings
    assert "2 answer(s)" in note and "“other-checkpoint”" in note and prepared_for in note
    versions = ocr_versions(job)
    models = [versions[page][0].provenance["model"] for page in range(3)]
    assert models == ["other-checkpoint", prepared_for, "other-checkpoint"]
    assert versions[0][0].provenance["batch"]["prepared_model"] == prepared_for
    again = run_import(job, results)  # nothing stored again: nothing warned again
    assert (again.stored, again.other_models_count, again.model_warnings) == (0, 0, [])


def test_answers_from_the_prepared_model_bring_no_warning(job: Path) -> None:
    prepared_for = layout.read_manifest(job).model
    lines = [from_model(answer(cid, "頁"), prepared_for) for cid in ids(job)]
    report = run_import(job, write(job / "results.jsonl", *lines))
    assert (report.stored, report.other_models, report.model_warnings) == (3, {}, [])
    assert "another model" not in report.message
    stored = ocr_versions(job)[0][0]
    assert stored.provenance["model"] == prepared_for
    assert stored.kind is VersionKind.OCR


def test_the_cli_says_which_model_answered(job: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, _b, _c = ids(job)
    prepared_for = layout.read_manifest(job).model
    results = write(job / "results.jsonl", from_model(answer(a, "甲"), "Qwen3-VL-8B-Instruct"))
    assert cli(job, results) == 0
    out, err = capsys.readouterr()
    assert "1 answer(s) came from another model" in out
    assert "“Qwen3-VL-8B-Instruct”" in err and prepared_for in err
    results2 = write(job / "results-2.jsonl", from_model(answer(ids(job)[1], "乙"), "x-vl"))
    assert cli(job, results2, "--json") == 0
    report = json.loads(capsys.readouterr().out)
    assert report["other_models"] == [{"model": "x-vl", "prepared_for": prepared_for, "answers": 1}]
    assert report["other_models_count"] == 1


def test_many_other_models_are_counted_not_all_named(
    job: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importing, "MAX_MODELS", 1)
    lines = [from_model(answer(cid, "頁"), f"model-{i}") for i, cid in enumerate(ids(job))]
    report = run_import(job, write(job / "results.jsonl", *lines))
    assert report.stored == 3 and report.other_models_count == 3
    assert list(report.other_models) == [("model-0", layout.read_manifest(job).model)]
    assert report.model_warnings[-1] == "2 more answer(s) came from yet other models."
