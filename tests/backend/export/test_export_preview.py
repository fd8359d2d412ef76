"""A preview is the beginning of the file itself: each format's own writer writes it.

A preview made from the first page alone said ``"contains_unapproved": false`` of an
audit trail whose file says ``true``, and showed a report of one page.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backend.export import ExportFormat, ExportOptions, collect, preview, write_export
from backend.export import report as report_module
from backend.session.document_session import DocumentSession
from tests.backend.export.export_support_helpers import (  # noqa: F401  (fixture)
    reviewed,
)
from tests.backend.export.preview_helpers import assert_preview_begins

PAGES = (2, 3, 4, 5, 6)  # page 3 is approved, the others are not


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # The report says when it was made (to the minute): one clock for preview and file.
    monkeypatch.setattr(report_module, "clock", lambda: 1_790_000_000.0)


def _shown(text: str) -> str:
    return text.removesuffix("…")  # the cut's mark, not the file's


@pytest.mark.parametrize("fmt", list(ExportFormat), ids=lambda f: f.value)
def test_the_preview_is_the_files_beginning(
    fmt: ExportFormat,
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    document = collect(reviewed, ExportOptions(pages=PAGES))
    shown = preview(document, fmt)
    target = tmp_path / ("out" + fmt.spec.extension)
    write_export(document, fmt, target)
    assert_preview_begins(shown, target, fmt)


def test_the_audit_trail_preview_says_what_its_file_says(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    document = collect(reviewed, ExportOptions(pages=PAGES))
    first = json.loads(_shown(preview(document, ExportFormat.JSONL)).split("\n")[0])
    assert first["page"] == 3 and first["status"] == "approved"
    assert first["contains_unapproved"] is True  # pages 4-7 are in the file too


def test_the_report_preview_covers_the_whole_report(
    reviewed: DocumentSession,  # noqa: F811
) -> None:
    document = collect(reviewed, ExportOptions(pages=PAGES))
    shown = preview(document, ExportFormat.REPORT, limit=100_000)
    assert shown.count("<tr><td>") == len(PAGES)  # a row per page, not page 1's alone
    assert "<th>Pages in this report</th><td>5</td>" in shown
