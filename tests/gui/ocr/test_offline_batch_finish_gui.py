"""The window's import summary names an answer that ended early, and another model.

Both used to be missing from what the reviewer saw: an "abort" was stored like a
normal answer, and results from another checkpoint than the batch was prepared
for went in without a word. The summary stays on screen (an error box, not a
status-bar note that vanishes after 15 s).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from backend.ocr.batch_files import layout
from gui.ocr.offline_batch import OfflineBatch
from tests.backend.ocr.batch_import_helpers import answer


def test_the_summary_names_an_early_end_and_the_model_that_answered(
    make_window: Any, arun: Any, sample_pdf: Path, tmp_path: Path, monkeypatch: Any
) -> None:
    w = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    shown: list[str] = []
    monkeypatch.setattr(w, "show_error", shown.append)
    batch = OfflineBatch(w, w.runner, w.controller, w.ocr)
    arun(batch.prepare(tmp_path / "job"), timeout=120)
    manifest = layout.read_manifest(tmp_path / "job")
    first, second = (p.custom_id for p in manifest.pages[:2])
    lines = [answer(first, "半頁", finish="abort"), answer(second, "全頁")]
    for line in lines:
        line["response"]["body"]["model"] = "another-checkpoint"
    results = tmp_path / "job" / "results.jsonl"
    results.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    arun(batch._report_import([results]))
    assert len(shown) == 1
    summary = shown[0]
    assert "1 answer(s) ended early" in summary
    assert "Page 1: ended early (finish reason “abort”): may be incomplete" in summary
    assert "2 answer(s) came from the model “another-checkpoint”" in summary
    assert f"not “{manifest.model}”" in summary
    arun(w.runner.drain())
