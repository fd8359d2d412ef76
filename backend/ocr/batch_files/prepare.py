"""Write an offline batch folder for ``vllm run-batch`` (see ``layout`` for what it holds).

Each page goes through the same steps as a live request: the model family's
image budget, fitting image + prompt + answer into the context
(``request_fit``), rendering and encoding in a worker process at exactly that
size, and the same body (``build_body``) with the same prompt and sampling.
Only two things differ: the image is a ``file://`` URL into the folder's
``images/`` (admitted by run-batch's ``--allowed-local-media-path``) instead of
inline base64, which would make 100,000 pages a 40 GB file; and answers are
whole, not streamed (run-batch refuses streams).

The manifest is written last: a folder without one is an unfinished
preparation, which may be prepared again; a folder with one is a batch, and is
never overwritten.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO

from backend.documents.render_service import RenderService
from backend.documents.vision import spec_for_model_id
from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.openai_chat import build_body
from backend.errors import BatchFileError, RenderError
from backend.i18n import _
from backend.ocr.batch_files import layout
from backend.ocr.batch_files.readme import readme_text
from backend.ocr.request_fit import fit_request
from backend.settings.profiles import DEFAULT_MAX_PIXELS

DEFAULT_MODEL = "Qwen/Qwen2.5-VL-7B-Instruct"
DEFAULT_MAX_MODEL_LEN = 16_384
MAX_SHARDS = 1024
PREPARING = ".proofdesk-preparing"  # present while a preparation is unfinished
CHUNK = 32  # pages rendered at once: the encoders stay busy, memory stays small


@dataclass(frozen=True)
class Document:
    path: Path
    password: str | None
    sha256: str
    page_count: int
    name: str


@dataclass(frozen=True)
class PrepareOptions:
    model: str = DEFAULT_MODEL
    max_model_len: int = DEFAULT_MAX_MODEL_LEN
    max_pixels: int = DEFAULT_MAX_PIXELS
    params: SamplingParams = field(default_factory=SamplingParams)
    pages: tuple[int, ...] | None = None  # None: every page
    shards: int = 1
    media_root: Path | None = None  # where the folder will be on the nodes (default: here)
    image_format: str = "jpeg"
    jpeg_quality: int = 85


@dataclass(frozen=True)
class Prepared:
    folder: Path
    pages: int
    shards: int
    bytes: int  # the whole folder
    seconds: float
    skipped: tuple[tuple[int, str], ...] = ()  # (page, why): pages that could not be drawn


Progress = Callable[[int, int], None]  # pages written, pages in all


async def prepare_batch(
    doc: Document,
    out: Path,
    options: PrepareOptions,
    prompt_for: Callable[[int], str],
    *,
    renderer: RenderService | None = None,
    on_progress: Progress | None = None,
) -> Prepared:
    """Write the batch folder ``out`` for ``doc``. Raises ``BatchFileError`` (folder),
    ``ContextTooLongError`` (a page cannot fit the context). A page that cannot be
    drawn (a damaged file) is left out and listed in ``skipped``, as a live batch
    fails that page and goes on."""
    t0 = time.perf_counter()
    pages = list(range(doc.page_count)) if options.pages is None else sorted(set(options.pages))
    shards = max(1, min(options.shards, MAX_SHARDS, len(pages) or 1))
    _claim(out)
    # The nodes' path to the folder, as given (it need not exist here), else this one.
    media = Path(os.path.abspath(options.media_root)) if options.media_root else out.resolve()
    own = renderer is None
    service = renderer or RenderService(doc.path, doc.password, upload_workers=encode_workers())
    prompts: dict[str, str] = {}
    entries: list[layout.PageEntry] = []
    skipped: list[tuple[int, str]] = []
    try:
        with ExitStack() as files:
            main = files.enter_context(_open(out / layout.REQUESTS))
            parts = _shard_files(files, out, shards)
            for start in range(0, len(pages), CHUNK):
                chunk = pages[start : start + CHUNK]
                lines = await asyncio.gather(
                    *(
                        _page(doc, service, page, options, prompt_for(page), out, media)
                        for page in chunk
                    )
                )
                for i, written in enumerate(lines, start):
                    if isinstance(written, RenderError):
                        skipped.append((pages[i], str(written)))
                        continue
                    line, entry, prompt = written
                    main.write(line)
                    if parts:
                        parts[i * shards // len(pages)].write(line)
                    entries.append(entry)
                    prompts[entry.prompt_sha256] = prompt
                if on_progress is not None:
                    on_progress(start + len(chunk), len(pages))
    finally:
        if own:
            service.close()
    manifest = layout.Manifest(
        document_sha256=doc.sha256,
        document_name=doc.name,
        page_count=doc.page_count,
        model=options.model,
        max_model_len=options.max_model_len,
        max_pixels=options.max_pixels,
        params=options.params.as_dict(),
        prompts=prompts,
        pages=tuple(entries),
        shards=shards,
        media_root=str(media),
        created_at=time.time(),
        extra={"skipped": [{"page": page, "reason": why} for page, why in skipped]},
    )
    (out / layout.README).write_text(
        readme_text(manifest, doc.path.name, str(out.resolve())), "utf-8"
    )
    (out / layout.MANIFEST).write_text(manifest.to_json(), "utf-8")
    (out / PREPARING).unlink(missing_ok=True)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return Prepared(out, len(entries), shards, size, time.perf_counter() - t0, tuple(skipped))


async def _page(
    doc: Document,
    service: RenderService,
    page: int,
    options: PrepareOptions,
    prompt: str,
    out: Path,
    media: Path,
) -> tuple[str, layout.PageEntry, str] | RenderError:
    spec = spec_for_model_id(options.model)
    fitted = fit_request(
        spec=spec,
        max_pixels=options.max_pixels,
        prompt=prompt,
        max_tokens=options.params.max_tokens,
        max_model_len=options.max_model_len or None,
    )
    try:
        image = await service.encode(
            page,
            spec=spec,
            max_pixels=fitted.max_pixels,
            fmt=options.image_format,
            quality=options.jpeg_quality,
        )
    except RenderError as exc:
        return exc
    name = layout.image_name(page, image.mime)
    (out / layout.IMAGES / name).write_bytes(image.data)
    params = replace(options.params, max_tokens=fitted.max_tokens)
    request = OcrRequest(image=image, prompt=prompt, params=params, notes=fitted.notes)
    url = (media / layout.IMAGES / name).as_uri()
    cid = layout.custom_id(doc.sha256, doc.page_count, page)
    body = build_body(request, options.model, stream=False, image_url=url)
    line = {"custom_id": cid, "method": "POST", "url": "/v1/chat/completions", "body": body}
    prompt_sha = hashlib.sha256(prompt.encode()).hexdigest()
    entry = layout.PageEntry(
        page=page,
        custom_id=cid,
        prompt_sha256=prompt_sha,
        image={
            "file": f"{layout.IMAGES}/{name}",
            "width": image.width,
            "height": image.height,
            "bytes": len(image.data),
            "mime": image.mime,
            "sha256": image.sha256,
        },
        max_tokens=fitted.max_tokens,
        notes=fitted.notes,
    )
    return json.dumps(line, ensure_ascii=False) + "\n", entry, prompt


def _claim(out: Path) -> None:
    """Make ``out`` ours: new, empty, or an unfinished preparation — never a batch."""
    if (out / layout.MANIFEST).exists():
        raise BatchFileError(
            _(
                "“{folder}” already holds a prepared batch; choose a new folder "
                "(its results would no longer match)."
            ).format(folder=out.name)
        )
    if out.exists() and not out.is_dir():
        raise BatchFileError(_("“{folder}” is a file, not a folder.").format(folder=out.name))
    if out.is_dir() and any(out.iterdir()) and not (out / PREPARING).exists():
        raise BatchFileError(
            _("“{folder}” is not empty; choose an empty or new folder for the batch.").format(
                folder=out.name
            )
        )
    (out / layout.IMAGES).mkdir(parents=True, exist_ok=True)
    (out / PREPARING).touch()
    for old in (out / layout.SHARDS).glob("requests-*.jsonl"):
        old.unlink()  # an earlier, interrupted split may have had another count


def _open(path: Path) -> IO[str]:
    return path.open("w", encoding="utf-8", newline="\n")


def _shard_files(files: ExitStack, out: Path, shards: int) -> list[IO[str]]:
    if shards == 1:
        return []
    (out / layout.SHARDS).mkdir(exist_ok=True)
    return [
        files.enter_context(_open(out / layout.SHARDS / layout.shard_name(i, shards)))
        for i in range(shards)
    ]


def encode_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 1)))
