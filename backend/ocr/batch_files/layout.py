"""What an offline batch folder holds, and the ``custom_id`` that ties an answer to a page.

    DIR/manifest.json          the document, model, parameters, prompts and pages
    DIR/requests.jsonl         one OpenAI Batch line per page (Chat Completions)
    DIR/shards/requests-K-of-N.jsonl   the same lines split N ways, one file per node
    DIR/images/p000001.jpg     each page at the model's pixel budget
    DIR/README.md              the exact ``vllm run-batch`` commands

A ``custom_id`` names the document's SHA-256, its page count and the page
(``pd1-<sha256>-n<pages>-p<page>``, the page 1-based), so a results file says
for itself which document it belongs to: an import checks that before it
stores anything.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from backend.errors import BatchFileError
from backend.i18n import _

FORMAT = 1
MANIFEST = "manifest.json"
REQUESTS = "requests.jsonl"
README = "README.md"
IMAGES = "images"
SHARDS = "shards"
MAX_MANIFEST_BYTES = 1 << 30  # 100k pages take ~40 MB; a GB is a wrong file

_CUSTOM_ID = re.compile(r"pd1-([0-9a-f]{64})-n([0-9]{1,9})-p([0-9]{1,9})")


@dataclass(frozen=True)
class PageKey:
    """What a ``custom_id`` says: the document, its page count and the page (0-based)."""

    sha256: str
    page_count: int
    page: int


def custom_id(sha256: str, page_count: int, page: int) -> str:
    return f"pd1-{sha256}-n{page_count}-p{page + 1:06d}"


def parse_custom_id(text: object) -> PageKey | None:
    """The key a ``custom_id`` names, or None when it is not one of ours."""
    m = _CUSTOM_ID.fullmatch(text) if isinstance(text, str) else None
    if m is None or int(m.group(3)) < 1:
        return None
    return PageKey(m.group(1), int(m.group(2)), int(m.group(3)) - 1)


def image_name(page: int, mime: str) -> str:
    return f"p{page + 1:06d}." + ("png" if mime == "image/png" else "jpg")


def shard_name(index: int, count: int) -> str:
    width = len(str(count))
    return f"requests-{index + 1:0{width}d}-of-{count}.jsonl"


def results_name(index: int, count: int) -> str:
    width = len(str(count))
    return f"results-{index + 1:0{width}d}-of-{count}.jsonl"


@dataclass(frozen=True)
class PageEntry:
    page: int  # 0-based
    custom_id: str
    prompt_sha256: str
    image: dict[str, Any]  # file (relative), width, height, bytes, mime, sha256
    max_tokens: int
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Manifest:
    document_sha256: str
    document_name: str
    page_count: int
    model: str  # the name in each request's body: run-batch's --served-model-name
    max_model_len: int
    max_pixels: int
    params: dict[str, Any]
    prompts: dict[str, str]  # sha256 -> prompt text
    pages: tuple[PageEntry, ...]
    shards: int = 1
    media_root: str = ""  # the folder the file:// URLs point into
    created_at: float = 0.0
    format: int = FORMAT
    extra: dict[str, Any] = field(default_factory=dict)

    def page_entry(self, page: int) -> PageEntry | None:
        return self._by_page.get(page)

    @cached_property
    def _by_page(self) -> dict[int, PageEntry]:
        # An import looks up every answer's page: a scan would be quadratic in 100k pages.
        return {p.page: p for p in self.pages}

    def to_json(self) -> str:
        data = asdict(self)
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Manifest:
        data = json.loads(text)
        pages = tuple(
            PageEntry(**{**p, "notes": tuple(p.get("notes", ()))}) for p in data.pop("pages")
        )
        manifest = cls(**data, pages=pages)
        _check_types(manifest)
        return manifest


def _check_types(m: Manifest) -> None:
    """A ``TypeError`` for a field of the wrong type (a hand-edited manifest), so an
    import refuses it up front instead of failing half-way."""
    fields: list[tuple[object, type | tuple[type, ...]]] = [
        (m.document_sha256, str),
        (m.document_name, str),
        (m.page_count, int),
        (m.model, str),
        (m.params, dict),
        (m.prompts, dict),
        (m.created_at, (int, float)),
        (m.media_root, str),
    ]
    fields += [(text, str) for text in m.prompts.values()] if isinstance(m.prompts, dict) else []
    for p in m.pages:
        fields += [(p.page, int), (p.custom_id, str), (p.prompt_sha256, str), (p.image, dict)]
        fields += [(p.max_tokens, int), *((note, str) for note in p.notes)]
    for value, kind in fields:
        if not isinstance(value, kind) or isinstance(value, bool):
            raise TypeError(f"{value!r:.40} is not {kind}")


def folder_label(folder: Path) -> str:
    """The folder's name for a message ("results.jsonl" given alone lies in ".")."""
    return folder.absolute().name or str(folder)


def read_manifest(folder: Path) -> Manifest:
    """The manifest of a batch folder, or a ``BatchFileError`` saying what is wrong."""
    path = folder / MANIFEST
    try:
        size = path.stat().st_size
        if size > MAX_MANIFEST_BYTES:
            raise BatchFileError(
                _("{name} is far too large to be a batch manifest.").format(name=MANIFEST)
            )
        manifest = Manifest.from_json(path.read_text("utf-8"))
    except FileNotFoundError:
        raise BatchFileError(
            _(
                "No {manifest} next to the results in “{folder}”: keep the results in the "
                "folder that batch-prepare wrote (copy them back into it)."
            ).format(manifest=MANIFEST, folder=folder_label(folder))
        ) from None
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        # Not an object, nested past any manifest, a field of the wrong type: damaged.
        raise BatchFileError(
            _("The batch manifest in “{folder}” is damaged; prepare the batch again.").format(
                folder=folder_label(folder)
            ),
            detail=repr(exc),
        ) from None
    except OSError as exc:  # a folder named manifest.json, no permission, an I/O error
        raise BatchFileError(
            _("The batch manifest in “{folder}” cannot be read ({reason}).").format(
                folder=folder_label(folder), reason=exc.strerror or exc
            )
        ) from None
    if manifest.format != FORMAT:
        raise BatchFileError(
            _("The batch folder “{folder}” was written by another version of ProofDesk.").format(
                folder=folder_label(folder)
            )
        )
    return manifest
