"""A version's provenance as labelled fields a reviewer reads (who read it, with
what, how), not the raw JSON the store keeps; every value quoted from outside is
shown with its control characters made visible."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import QObject

from backend.models import Version
from backend.safe_text import placeholders

SHOWN_PROMPT = 80  # characters of the prompt; the whole of it is in the JSONL export


MAX_DEPTH = 3  # nested values deeper than this read as "…"


def _short(value: object, limit: int = 120) -> str:
    """``value`` as words: nested objects and lists as "key value, …" (never Python or
    JSON source), cut at ``limit`` characters without walking all of a huge value."""
    parts: list[str] = []
    room = [limit + 1]  # characters still worth producing

    def emit(text: str) -> None:
        parts.append(text[: room[0]])
        room[0] -= len(parts[-1])

    def walk(item: object, depth: int) -> None:
        if isinstance(item, dict | list | tuple):
            if depth >= MAX_DEPTH:
                emit("…")
                return
            pairs = item.items() if isinstance(item, dict) else ((None, x) for x in item)
            for n, (key, inner) in enumerate(pairs):
                if room[0] <= 0:
                    return
                emit(", " if n else "")
                if key is not None:
                    emit(f"{key} ")
                nested = isinstance(inner, dict | list | tuple) and bool(inner) and depth > 0
                emit("(" if nested else "")
                walk(inner, depth + 1)
                emit(")" if nested else "")
        elif isinstance(item, str):
            emit(item)
        else:
            try:
                emit(str(item))
            except ValueError:  # an integer too long to print
                emit("…")

    walk(value, 0)
    text = placeholders("".join(parts))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _seconds(value: object) -> str:
    try:
        return f"{float(value):.1f} s"  # type: ignore[arg-type]
    except (TypeError, ValueError):  # a hostile or broken provenance: shown as it is
        return _short(value)


def _joined(items: object) -> str:
    if isinstance(items, list | tuple):
        return "; ".join(_short(item) for item in items[:20])
    return _short(items)


class ProvenanceWords(QObject):
    """``fields(version)``: (label, value) pairs; ``html(version)`` the same as a table."""

    def fields(self, v: Version) -> list[tuple[str, str]]:
        p: dict[str, Any] = dict(v.provenance or {})
        out: list[tuple[str, str]] = []
        for key, label, show in self._table():
            value = p.pop(key, None)
            if value not in (None, "", [], {}) and (text := show(value)) != "":
                out.append((label, text))
        for key in ("logprobs", "lines", "reasoning", "render", "prompt_sha256"):
            p.pop(key, None)  # kept for the aids and the export; not for reading here
        out += [(_short(k, 40), _short(v)) for k, v in sorted(p.items(), key=lambda kv: str(kv[0]))]
        return out

    def _table(self) -> list[tuple[str, str, Callable[[Any], str]]]:
        return [
            ("engine", self.tr("Engine"), _short),
            ("engine_version", self.tr("Engine version"), _short),
            ("model", self.tr("Model"), _short),
            ("server", self.tr("Server"), _short),
            ("source", self.tr("Imported from"), _short),
            ("line", self.tr("Line in the file"), _short),
            ("offline", self.tr("Offline engine"), lambda on: self.tr("yes") if on else ""),
            ("finish_reason", self.tr("Ended"), self._finish),
            ("truncated", self.tr("Cut off"), lambda on: self.tr("yes") if on else ""),
            ("usage", self.tr("Tokens"), self._usage),
            ("latency_s", self.tr("Time"), _seconds),
            ("first_token_s", self.tr("First token after"), _seconds),
            ("prompt", self.tr("Prompt"), lambda t: _short(t, SHOWN_PROMPT)),
            ("params", self.tr("Parameters"), self._params),
            ("image", self.tr("Image sent"), self._params),
            ("warnings", self.tr("Warnings"), _joined),
            ("notes", self.tr("Notes"), _joined),
            ("note", self.tr("Note"), _short),
            ("fields", self.tr("Other fields"), self._params),
        ]

    def _finish(self, reason: object) -> str:
        return {
            "stop": self.tr("the model finished"),
            "length": self.tr("at the token limit"),
        }.get(str(reason), _short(reason))

    def _usage(self, usage: object) -> str:
        if not isinstance(usage, dict):
            return _short(usage)
        return self.tr("prompt {0}, answer {1}").format(
            _short(usage.get("prompt_tokens", "—"), 20),
            _short(usage.get("completion_tokens", "—"), 20),
        )

    def _params(self, params: object) -> str:
        return _short(params, 240)

    def html(self, v: Version) -> str:
        rows = "".join(
            f"<tr><td><b>{escape(label)}</b>&nbsp;&nbsp;</td><td>{escape(value)}</td></tr>"
            for label, value in self.fields(v)
        )
        return f"<table>{rows}</table>" if rows else ""
