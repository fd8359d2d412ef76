"""OCR benchmark, figure 2: client CPU per page outside rendering.

``VllmClient.read`` (streamed, one SSE event per token as vLLM sends them) for
pre-encoded pages against the fake vLLM in its own process. Baseline: a bare
``httpx.AsyncClient`` posting the same ``build_body`` JSON with ``stream: false``
and decoding the whole answer. Also: base64 + JSON alone, and TCP connections
opened per page.

Separate from ``bench/ocr.py`` (which runs every figure against one fake) so
each figure's knobs and rows sit together; the measuring itself is
``bench/ocr_serve.py``'s. The fake's answers set here (a page of text, one
event per token) are also what figure 4 streams.
"""

from __future__ import annotations

from backend.models import PageImage
from bench import ocr_serve
from bench.table import Row

CLIENT_REQUESTS = 200
CLIENT_WIDTH = 32
CLIENT_SERVICE_S = 0.2
BODY_REPEATS = 50
REPLY_CHARS = 1500  # about one page of CJK legal text
TOKENS_PER_EVENT = 1  # vLLM streams one SSE event per decoded token (stream_interval 1)


def client_rows(
    ours: ocr_serve.ClientCpu,
    bare: ocr_serve.ClientCpu,
    body_ms: float,
    streamed: ocr_serve.ClientCpu,
) -> list[Row]:
    return [
        Row(
            f"client CPU/page, batch (whole answers), {ours.requests} req × {CLIENT_WIDTH} wide",
            ours.ms_per_page,
            bare.ms_per_page,
            goal="≤ 25 ms",
            baseline_name="bare httpx POST, same JSON, not streamed",
        ),
        Row(
            "  … re-run path (streamed: live progress, cold start told apart)",
            streamed.ms_per_page,
            bare.ms_per_page,
            baseline_name="bare httpx POST, same JSON, not streamed",
        ),
        Row(
            "  … wall time for those requests",
            ours.wall_s,
            bare.wall_s,
            unit="s",
            baseline_name=f"same, bare httpx; answers ≥ {min(ours.answer_chars, bare.answer_chars)}"
            " chars",
        ),
        Row("  … of which base64 + JSON body bytes alone (no I/O)", body_ms, None),
        Row(
            "  … TCP connections opened per page",
            None if ours.connections is None else round(ours.connections / ours.requests, 2),
            None if bare.connections is None else round(bare.connections / bare.requests, 2),
            unit="",
            baseline_name="bare httpx",
            note="n/a (no /proc/net/snmp)",
        ),
    ]


async def client_part(url: str, images: list[PageImage]) -> list[Row]:
    ours = await ocr_serve.client_cpu_vllm(url, images, CLIENT_REQUESTS, CLIENT_WIDTH, stream=False)
    streamed = await ocr_serve.client_cpu_vllm(url, images, CLIENT_REQUESTS, CLIENT_WIDTH)
    bare = await ocr_serve.client_cpu_bare(url, images, CLIENT_REQUESTS, CLIENT_WIDTH)
    return client_rows(ours, bare, ocr_serve.body_cpu_ms(images, BODY_REPEATS), streamed)
