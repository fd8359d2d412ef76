"""The process the kill test (tests/backend/store/test_kill.py) SIGKILLs, over and over.

    python -m tests.backend.store.kill_workers PDF STORE SERVER_URL ACK_FILE ROUND EDIT_PAGES

It does what ``proofdesk ocr --resume`` does (resume the unfinished job, else
start a new one; when a job ends it starts another, so a batch is always under
way) and, interleaved on the same store thread, what a reviewer does through
the backend API: ``save_draft`` every few tens of milliseconds, now and then
``commit_draft``. After each write the store acknowledged (its call returned),
a line goes to ACK_FILE, written with one ``write()`` on an O_APPEND descriptor
and fsync'd::

    ready <t>
    job <job> <resumed 0|1> <pending>
    page-done <job> <page> <version_id> <sha256 of the text> <t>
    edit <page> <seq> <t>            (text: edit_text(round, page, seq))
    commit <page> <t>

The parent kills the process at a random moment and checks every
acknowledged write against the store.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from backend.documents.render_service import RenderService
from backend.engines.base import SamplingParams
from backend.engines.vllm import VllmClient
from backend.models import Change
from backend.ocr.jobs import JobSpec, OcrJobRunner, stored_params
from backend.ocr.pipeline import PagePreparer
from backend.session.document_session import DocumentSession
from backend.settings.profiles import ServerProfile
from backend.store.job_rows import JobStore, Selection

EDIT_MARK = "KILLTEST-EDIT"


def edit_text(round_no: int, page: int, seq: int) -> str:
    """A unique edit text; ``parse_edit`` reads (round, page, seq) back from the store."""
    return f"{EDIT_MARK} r{round_no} p{page} s{seq}\nDer Beklagte wird verurteilt … 第{seq}條"


def parse_edit(text: str) -> tuple[int, int, int] | None:
    if not text.startswith(EDIT_MARK + " "):
        return None
    r, p, s = text.split("\n", 1)[0].split(" ")[1:4]
    return int(r[1:]), int(p[1:]), int(s[1:])


def text_sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Acks:
    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self._lock = threading.Lock()

    def write(self, *fields: object) -> None:
        line = (" ".join(str(f) for f in fields) + "\n").encode("utf-8")
        with self._lock:
            os.write(self._fd, line)
            os.fsync(self._fd)


class AckingJobStore(JobStore):
    """A JobStore that acknowledges each reading once its transaction returned."""

    def __init__(self, store: Any, acks: Acks) -> None:
        super().__init__(store)
        self.acks = acks

    def record_reading(
        self, job: int, page: int, text: str, provenance: dict[str, Any], attempts: int
    ) -> tuple[int, Change]:
        vid, change = super().record_reading(job, page, text, provenance, attempts)
        self.acks.write("page-done", job, page, vid, text_sha(text), repr(time.time()))
        return vid, change


async def _connect(url: str) -> VllmClient:
    profile = ServerProfile(name="fake", base_url=url, max_concurrency=3)
    client = VllmClient(profile, None)
    models = await client.models()
    client.profile = profile.with_(model=models[0].id, max_model_len=models[0].max_model_len or 0)
    return client


async def _batches(runner: OcrJobRunner, acks: Acks, page_count: int) -> None:
    params = SamplingParams(max_tokens=256)
    first = True
    while True:
        unfinished = await runner._in_store(runner.jobs.unfinished) if first else []
        first = False
        if unfinished:
            job = unfinished[0]
            summary = await runner._in_store(partial(runner.jobs.summary, job))
            params = stored_params(summary.spec)
        else:
            job = await runner.create(JobSpec(Selection.ALL, None, False, params, None))
        pending = await runner._in_store(partial(runner.jobs.pending, job))
        acks.write("job", job, int(bool(unfinished)), len(pending))
        await runner.run(job, params)


async def _edits(
    session: DocumentSession, in_store: Any, acks: Acks, round_no: int, pages: list[int]
) -> None:
    rng = random.Random(round_no * 7919 + os.getpid())
    seq = 0
    while True:
        await asyncio.sleep(rng.uniform(0.01, 0.06))
        page = rng.choice(pages)
        seq += 1
        text = edit_text(round_no, page, seq)
        await in_store(partial(session.save_draft, page, text))
        acks.write("edit", page, seq, repr(time.time()))
        if rng.random() < 0.25:  # leaving the page: the draft becomes an edit version
            await in_store(partial(session.commit_draft, page))
            acks.write("commit", page, repr(time.time()))


async def main(pdf: str, store: str, url: str, ack_path: str, round_no: int, pages: str) -> None:
    acks = Acks(ack_path)
    session = DocumentSession.open(pdf, store_path=store, author="kill-test")
    store_thread = ThreadPoolExecutor(1, thread_name_prefix="store")
    renderer = RenderService(pdf, None, upload_workers=1)
    loop = asyncio.get_running_loop()

    def in_store(fn: Any) -> Any:
        return loop.run_in_executor(store_thread, fn)

    client = await _connect(url)
    runner = OcrJobRunner(
        jobs=AckingJobStore(session.store, acks),
        page_count=session.page_count,
        preparer=PagePreparer(renderer),
        clients=[client],
        prompt_for=session.prompt_for,
        run_in_store=in_store,
    )
    acks.write("ready", repr(time.time()))
    edit_pages = [int(p) for p in pages.split(",")]
    # Runs until SIGKILL: neither task ends by itself. An exception ends the
    # process with a traceback, which the parent reports.
    await asyncio.gather(
        _batches(runner, acks, session.page_count),
        _edits(session, in_store, acks, round_no, edit_pages),
    )


if __name__ == "__main__":
    a = sys.argv[1:]
    asyncio.run(main(a[0], a[1], a[2], a[3], int(a[4]), a[5]))
