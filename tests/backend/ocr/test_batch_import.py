"""``proofdesk batch-import``: ``vllm run-batch`` answers become ``ocr`` versions.

The results lines have the shape vLLM 0.32's run-batch writes (copied from a real
run of the CPU build; ``tests/integration/test_real_run_batch.py`` runs it for
real); the folder they sit in is prepared for real from the sample PDF.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from backend.cli.commands import main
from backend.errors import BatchFileError, BatchMismatchError
from backend.models import VersionKind
from backend.ocr.batch_files import layout
from backend.ocr.prompts import default_prompt
from tests.backend.ocr.batch_import_helpers import (
    answer,
    failure,
    ids,
    job,
    ocr_versions,
    prepared,
    run_import,
    session_for,
    write,
)

__all__ = ["job", "prepared"]  # the fixtures


def test_each_answer_becomes_an_ocr_version_with_its_provenance(job: Path) -> None:
    a, b, c = ids(job)
    results = write(
        job / "results.jsonl", answer(a, "第一頁"), answer(b, "第二頁"), answer(c, "三")
    )
    report = run_import(job, results)
    assert (report.stored, report.failed, report.cut_off) == (3, [], [])
    versions = ocr_versions(job)
    assert [v[0].text for v in (versions[0], versions[1], versions[2])] == [
        "第一頁",
        "第二頁",
        "三",
    ]
    prov = versions[0][0].provenance
    assert prov["engine"] == "vllm-batch" and prov["model"] == "tiny-vl"
    assert prov["prompt"] == default_prompt()
    assert prov["prompt_sha256"] == hashlib.sha256(default_prompt().encode()).hexdigest()
    assert prov["usage"] == {"prompt_tokens": 1619, "completion_tokens": 16}
    assert prov["finish_reason"] == "stop" and prov["truncated"] is False
    assert prov["batch"]["custom_id"] == a and prov["batch"]["file"] == "results.jsonl"
    manifest_image = layout.read_manifest(job).pages[0].image
    assert prov["image"]["sha256"] == manifest_image["sha256"]
    assert prov["params"]["max_tokens"] == layout.read_manifest(job).pages[0].max_tokens
    session = session_for(job)
    try:
        assert session.page_state(1).text == "第二頁"  # the working text of an unread page
    finally:
        session.close()


def test_importing_the_same_results_again_adds_nothing(job: Path) -> None:
    a, b, _c = ids(job)
    results = write(job / "results-1-of-2.jsonl", answer(a, "甲"), answer(b, "乙"))
    assert run_import(job, results).stored == 2
    again = run_import(job, results)
    assert (again.stored, again.already) == (0, 2)
    copy = shutil.copy(results, job / "results-copy.jsonl")
    assert run_import(job, Path(copy)).stored == 0  # the same lines under another name
    assert [len(v) for v in ocr_versions(job).values()][:3] == [1, 1, 0]


def test_a_human_edit_is_never_replaced(job: Path) -> None:
    a, _b, _c = ids(job)
    session = session_for(job)
    session.store.add_version(0, VersionKind.EDIT, "審閱者的文字")
    session.close()
    report = run_import(job, write(job / "results.jsonl", answer(a, "機器的文字")))
    assert (report.stored, report.kept_edits) == (1, 1)
    session = session_for(job)
    try:
        assert session.page_state(0).text == "審閱者的文字"
        kinds = [v.kind for v in session.store.versions(0)]
        assert kinds == [VersionKind.EDIT, VersionKind.OCR]
    finally:
        session.close()


def test_failed_and_cut_off_entries_are_listed(job: Path) -> None:
    a, b, c = ids(job)
    results = write(
        job / "results.jsonl",
        failure(a),
        answer(b, "半頁……", finish="length"),
        answer(c, "", finish="length"),
        "not json at all",
    )
    report = run_import(job, results)
    assert report.stored == 1
    assert [p.page for p in report.cut_off] == [1]
    assert [p.page for p in report.failed] == [0, 2, None]
    assert "HTTP 400: Failed to load image" in report.failed[0].reason
    assert "before any text" in report.failed[1].reason
    assert report.failed[2].where == "results.jsonl line 4"
    stored = ocr_versions(job)[1][0]
    assert stored.provenance["truncated"] is True
    assert any("cut off" in w for w in stored.provenance["warnings"])


def test_thinking_is_stripped_and_kept_as_reasoning(job: Path) -> None:
    a, _b, _c = ids(job)
    run_import(job, write(job / "results.jsonl", answer(a, "<think>先看標題</think>判決書")))
    version = ocr_versions(job)[0][0]
    assert version.text == "判決書" and version.provenance["reasoning"] == "先看標題"


def test_results_for_another_document_are_refused_whole(job: Path) -> None:
    a, _b, _c = ids(job)
    other = layout.custom_id("ab" * 32, 7, 1)
    results = write(job / "results.jsonl", answer(a, "好的一頁"), answer(other, "別的文件"))
    with pytest.raises(BatchMismatchError, match="another document"):
        run_import(job, results)
    assert not any(ocr_versions(job).values())  # not even the good line


def test_results_for_another_page_count_are_refused(job: Path) -> None:
    sha = layout.read_manifest(job).document_sha256
    results = write(job / "results.jsonl", answer(layout.custom_id(sha, 8, 0), "x"))
    with pytest.raises(BatchMismatchError, match="document of 8 pages"):
        run_import(job, results)


def test_a_custom_id_proofdesk_did_not_write_is_refused(job: Path) -> None:
    with pytest.raises(BatchMismatchError, match="not a page of a batch ProofDesk prepared"):
        run_import(job, write(job / "results.jsonl", answer("request-1", "x")))


def test_a_batch_prepared_for_another_file_is_refused(job: Path, tmp_path: Path) -> None:
    manifest = json.loads((job / layout.MANIFEST).read_text("utf-8"))
    manifest["document_sha256"] = "cd" * 32
    (job / layout.MANIFEST).write_text(json.dumps(manifest), "utf-8")
    with pytest.raises(BatchMismatchError, match="prepared for another document"):
        run_import(job, write(job / "results.jsonl"))


def test_results_away_from_their_folder_are_a_clear_error(job: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "downloads"
    elsewhere.mkdir()
    with pytest.raises(BatchFileError, match=r"No manifest\.json next to the results"):
        run_import(job, write(elsewhere / "results.jsonl", answer(ids(job)[0], "x")))


def test_the_cli_lists_problems_and_exits_3(job: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b, _c = ids(job)
    results = write(job / "results.jsonl", answer(a, "一"), failure(b, 500, "EngineCore died"))
    pdf, store = job.parent / "legal-sample.pdf", job.parent / "r.db"
    assert main(["batch-import", str(pdf), str(results), "--store", str(store)]) == 3
    out, err = capsys.readouterr()
    assert "Imported 1 page(s)" in out and "1 request(s) failed" in out
    assert "page 2: failed — HTTP 500: EngineCore died (results.jsonl line 2)" in err
    assert main(["batch-import", str(pdf), str(results), "--store", str(store), "--json"]) == 3
    report = json.loads(capsys.readouterr().out)
    assert report["stored"] == 0 and report["already_imported"] == 1
    assert report["failed"][0]["page"] == 2


def test_the_cli_says_how_many_problems_it_did_not_list(
    job: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from backend.ocr.batch_files import importing

    monkeypatch.setattr(importing, "MAX_LISTED", 2)
    a, _b, _c = ids(job)
    results = write(job / "results.jsonl", answer(a, "一"), *(["garbage"] * 5))
    pdf, store = job.parent / "legal-sample.pdf", job.parent / "r.db"
    assert main(["batch-import", str(pdf), str(results), "--store", str(store)]) == 3
    out, err = capsys.readouterr()
    assert "5 request(s) failed" in out
    assert err.count("failed — line") == 2 and "… and 3 more problem(s) not listed." in err
    args = ["batch-import", str(pdf), str(results), "--store", str(store), "--json"]
    assert main(args) == 3
    report = json.loads(capsys.readouterr().out)
    assert (len(report["failed"]), report["failed_count"]) == (2, 5)
