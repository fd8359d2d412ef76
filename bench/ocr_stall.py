"""OCR benchmark, figure 4: event-loop stall while a batch renders and encodes pages.

The stall is measured as in ``bench/stall.py``, during a 32-wide batch whose
pages are rendered and encoded by ``RenderService.encode`` (worker process).
Baseline: the same ``encode_page`` in a thread of this process; and, to
separate rendering from networking, the same batch with no rendering at all.

Separate from ``bench/ocr.py`` (which runs every figure against one fake) so
the figure's knobs and rows sit together; the runs themselves are
``bench/ocr_serve.py``'s. Its RenderService pages feed figure 5.
"""

from __future__ import annotations

from backend.models import PageImage
from bench import ocr_serve
from bench.ocr_client import REPLY_CHARS, TOKENS_PER_EVENT
from bench.table import Row

STALL_WIDTH = 32
STALL_PAGES = 32  # one page per slot: all encodes queue at once
# ~1,000 tokens in 12 s: ~85 tokens/s per request, ~2,700 events/s over 32 (a fast GPU)
STALL_SERVICE_S = 12.0


def stall_rows(
    proc: ocr_serve.StallRun, thread: ocr_serve.StallRun, paced: ocr_serve.StallRun
) -> list[Row]:
    n = proc.batch.pages
    base = "encode_page in a thread"
    where = f"{n} pages, batch {STALL_WIDTH} wide, RenderService.encode"
    rows = [
        Row(
            f"stall p99, {where}",
            proc.stall.p99_ms,
            thread.stall.p99_ms,
            goal="≤ 16 ms",
            baseline_name=base,
        ),
        Row(
            f"stall max, {where}",
            proc.stall.max_ms,
            thread.stall.max_ms,
            goal="≤ 50 ms",
            baseline_name=base,
        ),
        Row(
            "  … time for that batch",
            proc.stall.total_s,
            thread.stall.total_s,
            unit="s",
            baseline_name=base,
        ),
        Row(
            "  … stall p99, same batch, no rendering (pre-encoded pages at that pace)",
            paced.stall.p99_ms,
            None,
            goal="≤ 16 ms",
        ),
        Row(
            "  … stall max, same batch, no rendering",
            paced.stall.max_ms,
            None,
            goal="≤ 50 ms",
        ),
    ]
    failed = proc.batch.failed + thread.batch.failed + paced.batch.failed
    if failed:
        rows.append(Row(f"  … {len(failed)} pages failed: {failed[0][:60]}", None, None))
    return rows


async def stall_part(
    fake: ocr_serve.Fake, path: str, page_count: int, images: list[PageImage], pace_s: float
) -> tuple[list[Row], list[PageImage]]:
    fake.configure(
        slots=STALL_WIDTH,
        service_time=STALL_SERVICE_S,
        reply_chars=REPLY_CHARS,
        chunk_tokens=TOKENS_PER_EVENT,
    )
    url = fake.base_url
    pages = list(range(1, min(page_count, STALL_PAGES + 1)))
    thread = await ocr_serve.stall_thread(path, url, pages, STALL_WIDTH)
    proc = await ocr_serve.stall_render_service(path, url, pages, STALL_WIDTH)
    paced = await ocr_serve.stall_paced(url, pages, STALL_WIDTH, images, pace_s)
    return stall_rows(proc, thread, paced), proc.images
