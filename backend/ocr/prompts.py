"""Prompt presets shipped in ``resources/prompts`` and per-document overrides.

A preset is plain text so a lawyer can read and edit it; ``index.json`` names
them and the default. The prompt actually sent is always stored with the
version it produced (text and hash), so editing a preset later never changes
the record of what was asked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

PROMPTS_DIR = Path(__file__).resolve().parent.parent.parent / "resources" / "prompts"

# Store meta keys: a document-wide override, and per-page overrides.
DOCUMENT_PROMPT_KEY = "prompt.document"


def page_prompt_key(page: int) -> str:
    return f"prompt.page.{page}"


@dataclass(frozen=True)
class Preset:
    id: str
    title: str
    text: str


def load_presets(directory: Path = PROMPTS_DIR) -> tuple[list[Preset], str]:
    """All presets and the default's id."""
    index = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    presets = [
        Preset(p["id"], p["title"], (directory / p["file"]).read_text(encoding="utf-8").strip())
        for p in index["presets"]
    ]
    return presets, str(index["default"])


def default_prompt(directory: Path = PROMPTS_DIR) -> str:
    presets, default = load_presets(directory)
    return next(p.text for p in presets if p.id == default)
