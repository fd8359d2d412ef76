"""The JSONL audit trail validates against its schema and carries each version's provenance.

No jsonschema package is installed, so a small validator covers the subset
of JSON Schema the export schema uses (type, enum, required, properties,
additionalProperties false, items, minimum, maximum, pattern); its own tests
make sure it rejects what it should.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from backend.export import ExportFormat, ExportOptions, collect, write_export
from backend.review.values import Flag, FlagKind
from backend.session.document_session import DocumentSession
from tests.backend.export.export_support_helpers import (  # noqa: F401  (fixture)
    APPROVED,
    ocr_reading,
    reviewed,
    transcripts,
)
from tests.backend.export.schema_helpers import SCHEMA, errors


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").split("\n") if line]


def test_the_validator_rejects_what_it_should() -> None:
    good = {"format_version": 1, "page": 1}
    sub = {k: SCHEMA["properties"][k] for k in good}
    schema = {"type": "object", "properties": sub, "required": ["page"]}
    assert errors(good, schema) == []
    assert errors({"page": 0}, schema) == ["$.page: 0 < 1"]
    assert errors({"page": True}, schema) == ["$.page: bool is not integer"]
    assert errors({}, schema) == ["$: missing page"]
    assert errors({"page": 1, "format_version": 2}, schema) == ["$.format_version: 2 not in [1]"]
    assert errors({"x": 1}, {**schema, "additionalProperties": False, "required": []}) == [
        "$: unexpected x"
    ]
    assert errors("ab", {"type": "string", "pattern": "^[0-9a-f]{64}$"}) != []


def test_every_page_validates_and_carries_provenance(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    aids = {0: {"agreement": 0.97, "critical_flags": [{"kind": "critical", "detail": "得/應"}]}}
    document = collect(reviewed, aids=lambda p: aids.get(p, {}))
    write_export(document, ExportFormat.JSONL, tmp_path / "audit.jsonl")
    records = _records(tmp_path / "audit.jsonl")
    assert [r["page"] for r in records] == [1, 2, 3, 4, 5, 6, 7]
    for record in records:
        assert errors(record, SCHEMA) == [], record["page"]
        assert record["text"] == transcripts()[record["page"] - 1]
        assert record["contains_unapproved"] is True
    first = records[0]
    assert first["status"] == "approved" and first["reviewer"] == reviewed.store.author
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", first["approved_at"])
    assert first["agreement"] == 0.97 and first["critical_flags_open"][0]["detail"] == "得/應"
    imported, ocr = first["versions"]
    assert imported["kind"] == "import" and imported["source"] == "legal-sample.vlm-style.jsonl"
    reading = ocr_reading(first["text"])
    assert ocr["current"] and not imported["current"]
    assert ocr["engine"] == "vllm" and ocr["model"] == reading.model
    assert ocr["server"] == reading.server and ocr["prompt"] == reading.prompt
    assert ocr["prompt_sha256"] == hashlib.sha256(reading.prompt.encode()).hexdigest()
    assert ocr["params"] == reading.params
    assert ocr["usage"] == {"prompt_tokens": 1530, "completion_tokens": 412}
    second = records[1]
    assert second["status"] == "unreviewed" and second["approved_at"] is None
    assert second["agreement"] is None and second["critical_flags_open"] == []
    assert [r["markers_left"] for r in records] == [
        sum(t.count(m) for m in ("【blurry】", "【模糊】", "【?】", "【？】"))
        for t in transcripts().values()
    ]


def test_approved_only_export_is_not_marked_unapproved(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    document = collect(reviewed, ExportOptions(approved_only=True))
    write_export(document, ExportFormat.JSONL, tmp_path / "audit.jsonl")
    records = _records(tmp_path / "audit.jsonl")
    assert [r["page"] - 1 for r in records] == list(APPROVED)
    assert not any(r["contains_unapproved"] for r in records)
    assert all(errors(r, SCHEMA) == [] for r in records)


@pytest.mark.parametrize("bad", [{"status": "done"}, {"agreement": 1.5}, {"extra": 1}])
def test_the_schema_rejects_a_broken_record(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
    bad: dict[str, Any],
) -> None:
    write_export(collect(reviewed), ExportFormat.JSONL, tmp_path / "audit.jsonl")
    record = {**_records(tmp_path / "audit.jsonl")[0], **bad}
    assert errors(record, SCHEMA) != []


def test_critical_flags_point_into_the_exported_text_with_markers_stripped(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    text = transcripts()[4]
    word = text[60:64]  # after both of the page's 【blurry】 markers
    inside = text.index("【blurry】") + 2
    flags = [
        Flag(60, 64, FlagKind.CRITICAL, "after the markers"),
        Flag(inside, inside + 2, FlagKind.CRITICAL, "inside a marker"),
        Flag(0, 3, FlagKind.CRITICAL, "before them"),
    ]
    aids = {4: {"critical_flags": flags}}
    document = collect(
        reviewed, ExportOptions(pages=(4,), strip_markers=True), aids=lambda p: aids.get(p, {})
    )
    write_export(document, ExportFormat.JSONL, tmp_path / "audit.jsonl")
    [record] = _records(tmp_path / "audit.jsonl")
    assert "【blurry】" not in record["text"]
    after, inside_flag, before = record["critical_flags_open"]
    assert record["text"][after["start"] : after["end"]] == word
    assert inside_flag["start"] == inside_flag["end"] == text.index("【blurry】")
    assert record["text"][before["start"] : before["end"]] == text[0:3]
