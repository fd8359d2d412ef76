"""The export page schema (``SCHEMA``) and ``errors``, a small validator for the subset of
JSON Schema it uses (no jsonschema package is installed); test_export_jsonl tests that
it rejects what it should."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.conftest import ROOT

SCHEMA = json.loads((ROOT / "resources" / "schemas" / "export-page.schema.json").read_text())
_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
    "integer": int,
    "number": (int, float),
}


def errors(value: Any, schema: dict[str, Any], where: str = "$") -> list[str]:
    """Every way ``value`` breaks ``schema`` (the subset the export schema uses)."""
    out: list[str] = []
    types = schema.get("type")
    if types is not None:
        allowed = [types] if isinstance(types, str) else types
        if not any(_is(value, t) for t in allowed):
            return [f"{where}: {type(value).__name__} is not {types}"]
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{where}: {value!r} not in {schema['enum']}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            out.append(f"{where}: {value} < {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            out.append(f"{where}: {value} > {schema['maximum']}")
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        out.append(f"{where}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, dict):
        out += _object_errors(value, schema, where)
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            out += errors(item, schema["items"], f"{where}[{i}]")
    return out


def _is(value: Any, name: str) -> bool:
    if isinstance(value, bool) and name in ("integer", "number"):
        return False
    return isinstance(value, _TYPES[name])


def _object_errors(value: dict[str, Any], schema: dict[str, Any], where: str) -> list[str]:
    out = [f"{where}: missing {k}" for k in schema.get("required", []) if k not in value]
    props = schema.get("properties", {})
    if schema.get("additionalProperties") is False:
        out += [f"{where}: unexpected {k}" for k in value if k not in props]
    for key, sub in props.items():
        if key in value:
            out += errors(value[key], sub, f"{where}.{key}")
    return out
