"""The OCR menu's offline batch entries in the real window: prepare, then import."""

from __future__ import annotations

import json
from pathlib import Path

from backend.models import VersionKind
from backend.ocr.batch_files import layout
from gui.ocr.offline_batch import OfflineBatch
from tests.backend.ocr.batch_import_helpers import answer, failure
from tests.gui.conftest import wait_for


def test_prepare_and_import_from_the_window(make_window, arun, sample_pdf: Path, tmp_path: Path):
    w = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="page 1"))
    assert {"ocr_offline_prepare", "ocr_offline_import"} <= set(w.actions_by_name)
    batch = OfflineBatch(w, w.runner, w.controller, w.ocr)
    arun(w.controller.workspace.set_prompt("只轉錄第二頁。", page=1))

    done = arun(batch.prepare(tmp_path / "job", shards=2), timeout=120)
    assert (done.pages, done.shards) == (7, 2)
    requests = [
        json.loads(line)
        for line in (tmp_path / "job" / layout.REQUESTS).read_text("utf-8").splitlines()
    ]
    assert requests[1]["body"]["messages"][0]["content"][1]["text"] == "只轉錄第二頁。"

    first, second = (p.custom_id for p in layout.read_manifest(tmp_path / "job").pages[:2])
    results = tmp_path / "job" / "results-1-of-2.jsonl"
    lines = [answer(first, "批次讀出的第一頁"), failure(second)]
    results.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    report = arun(batch.import_files([results]))
    assert report.stored == 1 and [p.page for p in report.failed] == [1]
    # The page on screen redraws from the change record.
    arun(wait_for(lambda: w.editor.editor.toPlainText() == "批次讀出的第一頁", what="the text"))
    versions = arun(w.controller.workspace.versions(0))
    ocr = [v for v in versions if v.kind is VersionKind.OCR]
    assert len(ocr) == 1 and ocr[0].provenance["batch"]["custom_id"] == first
    arun(w.runner.drain())


def test_the_import_summary_lists_cut_off_pages_too(
    make_window, arun, sample_pdf: Path, tmp_path: Path, monkeypatch
):
    # Before: only failed pages were listed; a page cut off at the token limit was a
    # count in a status-bar note that vanished after 15 s.
    w = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    shown: list[str] = []
    monkeypatch.setattr(w, "show_error", shown.append)
    batch = OfflineBatch(w, w.runner, w.controller, w.ocr)
    arun(batch.prepare(tmp_path / "job"), timeout=120)
    first, second, third = (p.custom_id for p in layout.read_manifest(tmp_path / "job").pages[:3])
    results = tmp_path / "job" / "results.jsonl"
    lines = [answer(first, "全頁"), answer(second, "半頁", finish="length"), failure(third)]
    results.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    arun(batch._report_import([results]))
    assert len(shown) == 1
    assert "Page 3: HTTP 400: Failed to load image" in shown[0]
    assert "Page 2: cut off at the token limit (results.jsonl line 2)" in shown[0]
    arun(w.runner.drain())


def test_pages_left_out_of_a_prepared_batch_are_listed(make_window, arun, tmp_path, monkeypatch):
    # Before: "Prepared 2 page(s)" in the status bar, and page 2 silently not in the batch.
    import pymupdf

    pdf = tmp_path / "thin.pdf"
    with pymupdf.open() as doc:
        doc.new_page(width=595, height=842).insert_text((72, 72), "第一頁")
        doc.new_page(width=4, height=2000)  # too long and narrow for any image processor
        doc.new_page(width=595, height=842).insert_text((72, 72), "第三頁")
        doc.save(pdf)
    w = make_window(str(pdf))
    assert arun(w.opener.open(pdf))
    shown: list[str] = []
    monkeypatch.setattr(w, "show_error", shown.append)
    batch = OfflineBatch(w, w.runner, w.controller, w.ocr)
    arun(batch._report_prepare(tmp_path / "job", 1), timeout=120)
    assert len(shown) == 1 and "Prepared 2 page(s)" in shown[0]
    assert "Page 2: left out — Page 2 cannot be sent to the model" in shown[0]
    arun(w.runner.drain())
