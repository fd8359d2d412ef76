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

from backend.errors import ProofDeskError
from backend.i18n import N_, _

PROMPTS_DIR = Path(__file__).resolve().parent.parent.parent / "resources" / "prompts"

# A prompt is a paragraph or two; a file far larger was named by mistake (a PDF, a log).
MAX_PROMPT_BYTES = 1_000_000

# Store meta keys: a document-wide override, and per-page overrides.
DOCUMENT_PROMPT_KEY = "prompt.document"


def page_prompt_key(page: int) -> str:
    return f"prompt.page.{page}"


# The shipped presets' titles, for the catalogue: index.json holds them in English and
# they are shown translated (a title of the user's own stays as written).
SHIPPED_TITLES = (
    N_("Legal OCR (Traditional Chinese instructions)"),
    N_("Legal OCR (English instructions)"),
    N_("Tables as Markdown"),
)


@dataclass(frozen=True)
class Preset:
    id: str
    title: str
    text: str


def load_presets(directory: Path = PROMPTS_DIR) -> tuple[list[Preset], str]:
    """All presets and the default's id."""
    index = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    presets = [
        Preset(p["id"], _(p["title"]), (directory / p["file"]).read_text(encoding="utf-8").strip())
        for p in index["presets"]
    ]
    return presets, str(index["default"])


def default_prompt(directory: Path = PROMPTS_DIR) -> str:
    presets, default = load_presets(directory)
    return next(p.text for p in presets if p.id == default)


def read_prompt_file(path: Path) -> str:
    """A prompt the user wrote in a file (``ocr --prompt``), or a ``ProofDeskError`` saying
    why it cannot be used: missing, unreadable, not UTF-8 text, empty or far too long."""
    name = path.name  # quoted as it is: the CLI and the GUI escape what they show
    try:
        with path.open("rb") as f:
            data = f.read(MAX_PROMPT_BYTES + 1)  # never all of a huge file named by mistake
    except FileNotFoundError:
        raise ProofDeskError(
            _("The prompt file “{name}” was not found.").format(name=name)
        ) from None
    except OSError as exc:
        raise ProofDeskError(
            _("The prompt file “{name}” cannot be read ({value}).").format(
                name=name, value=exc.strerror or exc
            ),
            detail=repr(exc),
        ) from None
    if len(data) > MAX_PROMPT_BYTES:
        raise ProofDeskError(
            _(
                "The prompt file “{name}” is over {max_prompt_bytes:,} bytes; a prompt "
                "is a few lines of text."
            ).format(name=name, max_prompt_bytes=MAX_PROMPT_BYTES)
        )
    try:
        text = data.decode("utf-8-sig").strip()
    except UnicodeDecodeError:
        raise ProofDeskError(
            _("The prompt file “{name}” is not UTF-8 text; save it as UTF-8 and try again.").format(
                name=name
            )
        ) from None
    if not text:
        raise ProofDeskError(
            _("The prompt file “{name}” is empty; write the prompt in it.").format(name=name)
        )
    return text
