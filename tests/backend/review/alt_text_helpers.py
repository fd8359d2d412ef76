"""An engine's reading built from (text, score) lines: the shape the review's ghost
masks (low-scored lines as bleed-through) and reading-order checks read."""

from __future__ import annotations

from backend.models import AltLine, AltText


def alt_text(lines: list[tuple[str, float]], engine: str = "rapidocr") -> AltText:
    """An engine reading made of lines (text, score), joined by line breaks."""
    out, pos = [], 0
    for text, score in lines:
        out.append(AltLine(text, pos, pos + len(text), None, score))
        pos += len(text) + 1
    return AltText("\n".join(t for t, _ in lines), engine, tuple(out))
