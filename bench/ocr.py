"""OCR upload path: render + encode cost, client CPU, batch throughput, loop stall, upload size.

``run`` is the benchmark (``python -m bench --only ocr``); each figure's knobs
and rows are in a module of its own, and ``bench/ocr_serve.py`` talks to the
fake vLLM for figures 2-4, which share one fake process:

1. Render + encode CPU per page, against one ``pdftoppm`` process per page
   (``bench/ocr_encode.py``).
2. Client CPU per page outside rendering, against a bare ``httpx`` POST
   (``bench/ocr_client.py``).
3. Batch throughput of fixed and adaptive lanes, against the ideal C/S
   (``bench/ocr_throughput.py``).
4. Event-loop stall during a batch that renders its pages, against rendering in
   a thread and against no rendering at all (``bench/ocr_stall.py``).
5. Uploaded pixels and bytes per page (from 4.) vs the pixel budget
   (``bench/ocr_encode.py``).
"""

from __future__ import annotations

import asyncio
import traceback

from backend.models import PageImage
from bench import ocr_serve
from bench.make_doc import Docs
from bench.ocr_client import CLIENT_SERVICE_S, REPLY_CHARS, TOKENS_PER_EVENT, client_part
from bench.ocr_encode import (
    ENCODE_PAGES,
    PDFTOPPM_PAGES,
    encode_cost,
    encode_rows,
    pdftoppm_cost,
    upload_rows,
)
from bench.ocr_stall import stall_part
from bench.ocr_throughput import throughput_part
from bench.table import Row


async def _serve_parts(
    path: str, page_count: int, images: list[PageImage], encode_pace_s: float
) -> tuple[list[Row], list[PageImage]]:
    """Parts 2-4 against one fake vLLM process; also the pages RenderService encoded."""
    knobs = dict(ocr_serve.FAKE_KNOBS, reply_chars=REPLY_CHARS, chunk_tokens=TOKENS_PER_EVENT)
    with ocr_serve.fake_vllm(slots=64, service_time=CLIENT_SERVICE_S, **knobs) as fake:
        rows = await client_part(fake.base_url, images)
        rows += await throughput_part(fake, images)
        stall, uploaded = await stall_part(fake, path, page_count, images, encode_pace_s)
    return rows + stall, uploaded


def run(docs: Docs) -> list[Row]:
    path = str(docs.big)
    jpeg = encode_cost(path, ENCODE_PAGES, "jpeg")
    png = encode_cost(path, PDFTOPPM_PAGES, "png")
    ppm = pdftoppm_cost(path, PDFTOPPM_PAGES)  # before any other child process has ended
    rows = encode_rows(jpeg.first(len(PDFTOPPM_PAGES)), png, ppm)
    try:
        serve, uploaded = asyncio.run(_serve_parts(path, docs.pages, jpeg.images, jpeg.ms / 1000))
    except Exception as exc:  # keep part 1's rows
        traceback.print_exc()
        note = f"error: {type(exc).__name__}: {exc}"[:120]
        return [*rows, Row("ocr: fake vLLM parts", None, None, note=note)]
    return rows + serve + upload_rows(uploaded, ppm)
