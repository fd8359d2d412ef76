"""The batch panel pausing, cancelling and resuming a batch, and offering to resume or
discard an unfinished job from the store, on a real window reading from a real HTTP
fake vLLM."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for
from tests.gui.ocr.batch_panel_helpers import PAGES, Setup, fake, setup

__all__ = ["fake", "setup"]  # the batch panel's fixtures, used here as they are


# --- pausing, cancelling and resuming -----------------------------------------------------


def test_pause_holds_new_pages_and_resume_finishes(setup: Setup, fake: FakeVllm) -> None:
    async def scenario() -> None:
        panel = setup.panel
        one_at_a_time = setup.w.ocr.profile("gpu").with_(max_concurrency=1)  # type: ignore[union-attr]
        setup.w.ocr.save_profile(one_at_a_time)
        fake.configure(service_time=0.2)
        setup.click(panel.start_button)
        await wait_for(lambda: panel.progress.value() >= 1, what="a first page")
        setup.click(panel.pause_button)
        assert panel.pause_button.text() == "Resume"
        await wait_for(lambda: "0 in flight" in panel.stats_label.text(), what="in flight done")
        assert panel.stats_label.text().endswith("· paused")
        held, sent = panel.progress.value(), len(fake.requests())
        assert held < PAGES
        await asyncio.sleep(1.0)
        assert (panel.progress.value(), len(fake.requests())) == (held, sent)
        assert panel._running()
        setup.click(panel.pause_button)
        assert panel.pause_button.text() == "Pause"
        await setup.finished()
        assert panel.progress.value() == PAGES
        assert await setup.ocr_versions() == dict.fromkeys(range(PAGES), 1)

    setup.arun(scenario())


def test_pause_clicked_while_preparing_takes_effect(setup: Setup, fake: FakeVllm) -> None:
    async def scenario() -> None:
        panel = setup.panel
        one_at_a_time = setup.w.ocr.profile("gpu").with_(max_concurrency=1)  # type: ignore[union-attr]
        setup.w.ocr.save_profile(one_at_a_time)
        fake.configure(service_time=0.5)
        setup.click(panel.start_button)
        setup.click(panel.pause_button)  # before the batch even exists
        assert panel.pause_button.text() == "Resume"
        await wait_for(lambda: panel.stats_label.text().endswith("· paused"), what="paused")
        # Applied as the batch began, before any page went out. (It used to wait for the
        # first page's answer, and a second page could be taken meanwhile: under load it
        # was still read while "0 in flight · paused" was shown, and the count moved.)
        # A page taken counts as in flight from that moment, so this says none was taken.
        assert "0 done · 0 failed · 0 in flight" in panel.stats_label.text()
        batch = setup.w.ocr.batch
        assert batch.paused and batch.stats().in_flight == 0 and fake.requests() == []
        setup.click(panel.pause_button)
        await setup.finished()
        assert panel.progress.value() == PAGES
        assert await setup.ocr_versions() == dict.fromkeys(range(PAGES), 1)

    setup.arun(scenario())


def test_cancel_asks_keeps_finished_pages_and_offers_to_resume(
    setup: Setup, fake: FakeVllm, dialogs: Any
) -> None:
    async def scenario() -> None:
        panel = setup.panel
        # Two pages are read; every later request hangs until the cancel drops it. The
        # batch is still running at both questions however long they take to answer (it
        # read the last pages at 0.4 s a page, and a responder late by ~1 s found it done).
        fake.configure(default_fault="hang")
        fake.push_faults("ok", "ok")
        setup.click(panel.start_button)
        await wait_for(lambda: panel.progress.value() >= 2, what="two pages")
        dialogs.answers = ["No", "Yes"]
        setup.click(panel.cancel_button)
        await wait_for(lambda: len(dialogs["question"]) == 1, what="the question")
        assert "already read stay stored" in dialogs["question"][0]
        await asyncio.sleep(0.1)
        assert panel._running()  # "No" let it run on
        setup.click(panel.cancel_button)
        await wait_for(lambda: not panel._running(), what="cancelled")
        assert len(dialogs["question"]) == 2
        await wait_for(lambda: panel.message.text().startswith("Cancelled."), what="said so")
        words = panel.message.text().split()  # "Cancelled. N pages read are stored; M can..."
        done, left = int(words[1]), int(words[6])
        counts = await setup.ocr_versions()
        assert sum(counts.values()) == done >= 2
        assert done + left == PAGES
        await wait_for(lambda: panel.resume_bar.isVisible(), what="the resume offer")
        assert f"({left} pages left)" in panel.resume_bar.label.text()

        fake.configure(default_fault="ok")  # the server answers again
        setup.click(panel.resume_bar.resume_button)
        await setup.finished("the resumed batch")
        assert not panel.resume_bar.isVisible()
        assert panel.progress.text() == f"{left} / {left} pages"
        assert await setup.ocr_versions() == dict.fromkeys(range(PAGES), 1)  # none read twice

    setup.arun(scenario())


def test_an_unfinished_job_in_the_store_is_offered_after_reopening(
    setup: Setup, fake: FakeVllm, sample_pdf: Path
) -> None:
    async def scenario() -> None:
        ws = setup.ws
        session = ws.session

        def half_done_job() -> int:
            jobs = session.jobs
            job = jobs.create(list(range(PAGES)), {"params": {"max_tokens": 1500}})
            for page in (0, 1, 2):
                jobs.record_reading(job, page, f"page {page}", {"engine": "vllm"}, 1)
            return job

        job = await ws.run_in_store(half_done_job)
        assert await setup.w.controller.detach()
        setup.panel.clear_document()
        assert await setup.w.opener.open(sample_pdf)
        setup.panel.set_document(PAGES, list, lambda: 0)
        panel = setup.panel
        await wait_for(lambda: panel.resume_bar.isVisible(), what="the resume offer")
        assert panel.resume_bar.label.text() == "Resume the unfinished batch (4 pages left)?"
        setup.click(panel.resume_bar.resume_button)
        await setup.finished("the resumed job")
        assert panel.message.text() == "Finished: 4 pages read, 0 failed."
        requests = fake.requests()
        assert len(requests) == 4
        assert {r["body"]["max_completion_tokens"] for r in requests} == {1500}  # as the job asked
        summary = await setup.ws.run_in_store(lambda: setup.ws.session.jobs.summary(job))
        assert summary.state == "done"
        assert await setup.ocr_versions() == dict.fromkeys(range(PAGES), 1)

    setup.arun(scenario())


def test_an_unfinished_job_can_be_discarded(setup: Setup, fake: FakeVllm) -> None:
    async def scenario() -> None:
        ws = setup.ws
        session = ws.session
        job = await ws.run_in_store(lambda: session.jobs.create([0, 1], {}))
        setup.panel.set_document(PAGES, list, lambda: 0)
        panel = setup.panel
        await wait_for(lambda: panel.resume_bar.isVisible(), what="the resume offer")
        setup.click(panel.resume_bar.discard_button)
        await wait_for(lambda: "discarded" in panel.message.text(), what="discarded")
        assert not panel.resume_bar.isVisible()
        summary = await ws.run_in_store(lambda: session.jobs.summary(job))
        assert summary.state == "cancelled"
        assert fake.requests() == []

    setup.arun(scenario())
