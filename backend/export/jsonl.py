"""JSONL audit trail: one object per page, as ``resources/schemas/export-page.schema.json``.

Each object carries the final text, the review decision (status, reviewer,
approval time), what is left to check (markers, agreement, critical flags,
whole-page diagnoses as ``status --by-risk --json`` gives them)
and the provenance of every version: engine, server, model, prompt and its
hash, parameters and tokens.
"""

from __future__ import annotations

import json
from typing import Any

from backend.export.format_spec import FormatSpec
from backend.export.monitor import Monitor
from backend.export.page_warnings import page_warnings
from backend.export.pages import ExportDocument, ExportPage, iso_time
from backend.i18n import N_

SCHEMA_ID = "https://proofdesk.invalid/schemas/export-page.schema.json"
FORMAT_VERSION = 1


def page_record(doc: ExportDocument, page: ExportPage) -> dict[str, Any]:
    return {
        "format_version": FORMAT_VERSION,
        "document": {
            "name": doc.display_name,
            "sha256": doc.sha256,
            "title": doc.title,
            "page_count": doc.page_count,
        },
        "contains_unapproved": doc.contains_unapproved,
        "markers_stripped": doc.options.strip_markers,
        "page": page.page + 1,
        "text": page.text,
        "status": page.status.value,
        "reviewer": page.reviewer,
        "approved_at": None if page.approved_at is None else iso_time(page.approved_at),
        "note": page.note,
        "markers_left": page.markers_left,
        "agreement": page.agreement,
        "critical_flags_open": list(page.critical_flags),
        "diagnoses": [d.as_json() for d in page.diagnoses],
        "warnings": page_warnings(page.versions, page.text),
        "versions": list(page.versions),
    }


def render_jsonl(doc: ExportDocument, monitor: Monitor | None = None) -> str:
    lines = []
    for i, page in enumerate(doc.pages):
        if monitor is not None:
            monitor.step(i, len(doc.pages))
        # ensure_ascii=False keeps the Chinese readable. "\n" inside strings is
        # escaped, so each object is one line for readers that split on "\n"
        # (U+2028 stays raw: such readers must not use splitlines()).
        lines.append(json.dumps(page_record(doc, page), ensure_ascii=False, default=str))
    return "".join(line + "\n" for line in lines)


FORMAT = FormatSpec.of_text(
    render_jsonl,
    name="jsonl",
    label=N_("Audit trail (.jsonl)"),
    file_type=N_("JSON Lines files"),
    suffix=".audit.jsonl",
    needs_aids=True,
)
