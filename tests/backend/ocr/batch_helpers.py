"""A batch over fake vLLM servers, for the batch tests: pages with images of their own,
the outcome collected, a lane per server (the fake servers are fixtures: conftest.py)."""

from __future__ import annotations

import asyncio

import pymupdf

from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.engines.vllm import VllmClient
from backend.models import PageImage
from backend.ocr.batch import Batch, BatchEvent, RetryPolicy
from backend.ocr.lanes import Lane
from backend.settings.profiles import ServerProfile
from tests.fakevllm import FakeVllm

FAST = RetryPolicy(max_attempts=4, base_delay_s=0.02, max_delay_s=0.2, lane_cooldown_s=0.2)


def image_for(page: int) -> PageImage:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 56, 84), 0)
    pix.set_rect(pix.irect, (page % 256, (page * 7) % 256, 90))
    return PageImage(page, pix.tobytes("jpeg"), "image/jpeg", 56, 84)


class Outcome:
    def __init__(self) -> None:
        self.saved: dict[int, Reading] = {}
        self.failed: dict[int, str] = {}
        self.events: list[BatchEvent] = []

    async def save(
        self, page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]
    ) -> None:
        assert page not in self.saved, f"page {page} saved twice"
        self.saved[page] = reading

    async def fail(self, page: int, reason: str, attempts: int) -> None:
        self.failed[page] = reason


async def prepare(page: int, lane: Lane) -> OcrRequest:
    return OcrRequest(image_for(page), "Transcribe.", SamplingParams(max_tokens=128))


def make_batch(pages: list[int], lanes: list[Lane], out: Outcome, policy: RetryPolicy) -> Batch:
    """A batch over ``pages`` whose outcomes go to ``out``."""
    return Batch(
        pages,
        lanes,
        prepare=prepare,
        save=out.save,
        fail=out.fail,
        on_event=out.events.append,
        policy=policy,
        poll_interval_s=0.05,
    )


def run_batch(pages: list[int], lanes: list[Lane], policy: RetryPolicy = FAST) -> Outcome:
    out = Outcome()
    batch = make_batch(pages, lanes, out, policy)
    asyncio.run(_run_closing(batch, lanes))
    return out


async def _run_closing(batch: Batch, lanes: list[Lane]) -> None:
    try:
        await asyncio.wait_for(batch.run(), 60)
    finally:
        for lane in lanes:
            await lane.engine.aclose()  # type: ignore[attr-defined]


def lane(
    fake: FakeVllm, name: str = "a", *, key: str | None = None, limit: int = 4, fixed: bool = True
) -> Lane:
    profile = ServerProfile(name=name, base_url=fake.base_url + "/v1", model="fake-vl")
    client = VllmClient(profile, key)
    return Lane(name, client, limit=limit, fixed=fixed, load=client.load)  # type: ignore[arg-type]


def assert_each_page_got_its_own_text(out: Outcome, pages: list[int]) -> None:
    assert sorted(out.saved) == sorted(pages)
    for page, reading in out.saved.items():
        assert reading.text.startswith(f"FAKE {image_for(page).sha256[:16]}"), page
