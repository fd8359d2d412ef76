"""History's provenance fields (issue 14 review): nested values read as fields, not
as Python or JSON source, and hostile provenance (wrong types, huge, deep) never
crashes the History panel."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from backend.models import Version, VersionKind
from gui.review.provenance_view import ProvenanceWords


def _version(provenance: dict[str, Any]) -> Version:
    return Version(1, 0, VersionKind.OCR, "text", 0.0, "me", provenance)


def test_nested_values_read_as_fields_not_source(qapp: QApplication) -> None:
    words = ProvenanceWords()
    shown = dict(
        words.fields(
            _version(
                {
                    "batch": {"custom_id": "p-0001", "file": "out.jsonl"},
                    "fields": {"meta": {"model": "qwen", "scores": [0.9, 0.8]}},
                }
            )
        )
    )
    everything = " ".join(shown.values())
    for raw in ("{", "}", "'", '"', "[", "]"):
        assert raw not in everything, (raw, shown)
    assert "custom_id" in shown["batch"] and "p-0001" in shown["batch"]
    assert "qwen" in shown["Other fields"] and "0.9" in shown["Other fields"]


def test_hostile_provenance_never_crashes_and_stays_short(qapp: QApplication) -> None:
    words = ProvenanceWords()
    deep: Any = "bottom"
    for _ in range(500):
        deep = {"d": deep}
    hostile = {
        "latency_s": "fast",
        "first_token_s": {"x": 1},
        "warnings": "cut off",
        "notes": 7,
        "usage": {"prompt_tokens": "x" * 10_000},
        "line": "9" * 50_000,
        "params": {str(i): "v" * 1000 for i in range(5000)},
        "nested": deep,
        "huge": ["x" * 1000] * 10_000,
    }
    fields = words.fields(_version(hostile))
    assert all(len(value) <= 400 for _label, value in fields), max(len(v) for _l, v in fields)
    assert dict(fields)["Warnings"] == "cut off"  # one warning, not "c; u; t; …"
    assert words.html(_version(hostile)).startswith("<table>")
