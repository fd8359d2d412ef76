"""An ``OcrJobRunner`` against the fake vLLM over loopback HTTP, store calls inline.

Shared by the job tests: each builds the same profile, client and runner, and only
the prompt, the retry policy and what it then asks differ.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from backend.documents.render_service import RenderService
from backend.engines.vllm import VllmClient
from backend.ocr.batch import RetryPolicy
from backend.ocr.jobs import OcrJobRunner
from backend.ocr.pipeline import PagePreparer
from backend.session.document_session import DocumentSession
from backend.settings.profiles import ServerProfile
from backend.store.job_rows import JobStore
from tests.fakevllm import FakeVllm


async def inline(fn: Callable[[], Any]) -> Any:
    """``run_in_store`` for a test: the store is used on the loop's own thread."""
    return fn()


@asynccontextmanager
async def fake_job_runner(
    fake: FakeVllm,
    session: DocumentSession,
    renderer: RenderService,
    jobs: JobStore,
    *,
    policy: RetryPolicy,
    prompt_for: Callable[[int], str] = lambda page: "p",
) -> AsyncIterator[OcrJobRunner]:
    profile = ServerProfile(
        name="f", base_url=fake.base_url + "/v1", model="fake-vl", max_model_len=4096
    )
    async with VllmClient(profile) as client:
        yield OcrJobRunner(
            jobs=jobs,
            page_count=session.page_count,
            preparer=PagePreparer(renderer),
            clients=[client],
            prompt_for=prompt_for,
            run_in_store=inline,
            policy=policy,
        )
