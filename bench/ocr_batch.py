"""Offline batch preparation (``proofdesk batch-prepare``): time and folder size per 1,000 pages.

``prepare_batch`` on the first ``BATCH_PAGES`` pages of the big scanned document
(the profile's default pixel budget, JPEG q85, a Qwen2.5-VL model name), scaled
to 1,000 pages. Baselines from the same run:

- time and CPU (this process plus its encode workers, from ``/proc``):
  ``RenderService.encode`` of the same pages with the same workers and nothing
  written: what any OCR of those pages costs, so the ratio is the price of
  writing the folder. The CPU figure is the one to trust on a shared machine;
  the wall time moves with the load;
- size: the same requests with the page inline as base64 (what ``run-batch``
  would need without ``file://`` URLs): ``requests.jsonl`` grows by the images'
  base64, and the images are not on disk on their own.

The bench document reuses 7 scan images, so MuPDF decodes each once per worker;
a real scan decodes every page (see ``flip.py``'s "new image" row).
"""

from __future__ import annotations

import asyncio
import base64
import os
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from backend.documents.render_service import RenderService
from backend.documents.vision import spec_for_model_id
from backend.engines.openai_chat import data_url
from backend.ocr.batch_files import layout
from backend.ocr.batch_files.prepare import (
    CHUNK,
    DEFAULT_MODEL,
    Document,
    PrepareOptions,
    encode_workers,
    prepare_batch,
)
from backend.ocr.prompts import default_prompt
from backend.settings.profiles import DEFAULT_MAX_PIXELS
from bench.make_doc import Docs
from bench.ocr_ramp import process_cpu_s
from bench.table import Row

BATCH_PAGES = 100
ROUNDS = 2  # the best of two, alternating: the machine is shared
PER = 1000


@dataclass(frozen=True)
class Cost:
    wall_s: float
    cpu_s: float | None  # this process and its encode workers


def _cpu(service: RenderService) -> float | None:
    """CPU seconds so far of this process and the service's upload workers (Linux)."""
    pool = service._pools.get("upload")  # a benchmark may look inside: the worker pids
    pids = list(getattr(pool, "_processes", {}) or {})
    workers = [process_cpu_s(pid) for pid in pids]
    if not pids or None in workers:
        return None
    return time.process_time() + sum(w for w in workers if w is not None)


async def _measured(path: Path, work: Callable[[RenderService], Awaitable[None]]) -> Cost:
    service = RenderService(path, upload_workers=encode_workers())
    spec = spec_for_model_id(DEFAULT_MODEL)
    try:
        await asyncio.gather(  # every worker up, the document open in each
            *(service.encode(0, spec=spec, max_pixels=DEFAULT_MAX_PIXELS) for _ in range(8))
        )
        cpu0, t0 = _cpu(service), time.perf_counter()
        await work(service)
        wall, cpu1 = time.perf_counter() - t0, _cpu(service)
        return Cost(wall, None if cpu0 is None or cpu1 is None else cpu1 - cpu0)
    finally:
        service.close()


def _encode_only(pages: int) -> Callable[[RenderService], Awaitable[None]]:
    spec = spec_for_model_id(DEFAULT_MODEL)

    async def work(service: RenderService) -> None:
        for start in range(0, pages, CHUNK):
            await asyncio.gather(
                *(
                    service.encode(p, spec=spec, max_pixels=DEFAULT_MAX_PIXELS)
                    for p in range(start, min(pages, start + CHUNK))
                )
            )

    return work


def _prepare(path: Path, out: Path, pages: int) -> Callable[[RenderService], Awaitable[None]]:
    doc = Document(path, None, "0" * 64, pages, path.name)
    prompt = default_prompt()

    async def work(service: RenderService) -> None:
        options = PrepareOptions(pages=tuple(range(pages)))
        await prepare_batch(doc, out, options, lambda page: prompt, renderer=service)

    return work


def _best(a: Cost | None, b: Cost) -> Cost:
    if a is None:
        return b
    cpu = b.cpu_s if a.cpu_s is None else a.cpu_s if b.cpu_s is None else min(a.cpu_s, b.cpu_s)
    return Cost(min(a.wall_s, b.wall_s), cpu)


def _inline_bytes(folder: Path) -> int:
    """requests.jsonl with each file:// URL replaced by the image's data URL."""
    requests = (folder / layout.REQUESTS).stat().st_size
    extra = 0
    for image in (folder / layout.IMAGES).iterdir():
        url = f"file://{image}"
        data = data_url("image/jpeg", base64.b64encode(image.read_bytes()).decode())
        extra += len(data) - len(url)
    return requests + extra


def run(docs: Docs) -> list[Row]:
    pages = min(BATCH_PAGES, docs.pages)
    scale = PER / pages
    with tempfile.TemporaryDirectory(prefix="proofdesk-batch-") as tmp:
        prepared: Cost | None = None
        encoded: Cost | None = None
        for i in range(ROUNDS):
            out = Path(tmp) / f"job{i}"
            encoded = _best(encoded, asyncio.run(_measured(docs.big, _encode_only(pages))))
            prepared = _best(
                prepared, asyncio.run(_measured(docs.big, _prepare(docs.big, out, pages)))
            )
        files = [p for p in out.rglob("*") if p.is_file()]
        folder = sum(p.stat().st_size for p in files)
        inline = _inline_bytes(out)
        requests = (out / layout.REQUESTS).stat().st_size
    assert prepared is not None and encoded is not None
    workers = encode_workers()
    return [
        Row(
            f"batch-prepare: wall time per {PER:,} pages ({pages} pages measured, best of "
            f"{ROUNDS}; {workers} encode workers on {os.cpu_count()} CPUs)",
            round(prepared.wall_s * scale, 1),
            round(encoded.wall_s * scale, 1),
            "s",
            baseline_name="RenderService.encode of the same pages, nothing written",
        ),
        Row(
            f"  … CPU per {PER:,} pages (this process + its encode workers)",
            None if prepared.cpu_s is None else round(prepared.cpu_s * scale, 1),
            None if encoded.cpu_s is None else round(encoded.cpu_s * scale, 1),
            "s",
            baseline_name="the same for RenderService.encode alone",
            note="n/a (no /proc)",
        ),
        Row(
            f"  … folder size per {PER:,} pages (images + requests.jsonl + manifest)",
            round(folder * scale / 1e6, 1),
            round(inline * scale / 1e6, 1),
            "MB",
            baseline_name="requests.jsonl with the pages inline as base64",
        ),
        Row(
            f"  … of which requests.jsonl per {PER:,} pages",
            round(requests * scale / 1e6, 2),
            None,
            "MB",
        ),
    ]
