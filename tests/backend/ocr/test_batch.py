"""The batch scheduler against fake servers over real HTTP.

Every page's reply names the SHA-256 of the image it was given, so a test can
check that each page got its own text: none lost, none duplicated, none swapped.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from backend.documents.render_service import RenderService
from backend.engines.base import SamplingParams
from backend.models import ReviewStatus, VersionKind
from backend.ocr.batch import Batch
from backend.ocr.jobs import JobSpec
from backend.session.document_session import DocumentSession
from backend.store.job_rows import JobStore, PageJobState, Selection
from tests.backend.ocr.batch_helpers import (
    FAST,
    Outcome,
    assert_each_page_got_its_own_text,
    lane,
    prepare,
    run_batch,
)
from tests.backend.ocr.job_runner_helpers import fake_job_runner
from tests.fakevllm import FakeVllm


def test_all_pages_done_once_each(fake: FakeVllm) -> None:
    pages = list(range(30))
    out = run_batch(pages, [lane(fake)])
    assert not out.failed
    assert_each_page_got_its_own_text(out, pages)
    assert out.events[-1].stats.done == 30


def test_transient_faults_are_retried_and_succeed(fake: FakeVllm) -> None:
    fake.push_faults(
        "http_503", "http_429", "reset_before", "malformed_json", "http_502", "reset_mid_body"
    )
    pages = list(range(12))
    out = run_batch(pages, [lane(fake, limit=1)])
    assert not out.failed
    assert_each_page_got_its_own_text(out, pages)
    assert sum(e.kind == "retry" for e in out.events) == 6


def test_a_refused_request_fails_at_once_with_the_servers_reason(fake: FakeVllm) -> None:
    fake.push_faults("http_400_too_long")
    out = run_batch([0], [lane(fake)])
    assert list(out.failed) == [0]
    assert "5,621" in out.failed[0] and "max-model-len" in out.failed[0]
    assert len(fake.requests()) == 1  # not retried


def test_pages_that_keep_failing_are_marked_failed_and_the_batch_ends(fake: FakeVllm) -> None:
    fake.configure(default_fault="http_503")
    out = run_batch([0, 1, 2], [lane(fake)])
    assert sorted(out.failed) == [0, 1, 2]
    assert all("HTTP 503" in reason or "busy" in reason for reason in out.failed.values())


def test_a_model_that_thinks_away_its_budget_fails_with_a_remedy(fake: FakeVllm) -> None:
    fake.push_faults("think_only")
    out = run_batch([0], [lane(fake)])
    assert "enable_thinking" in out.failed[0] or "Instruct" in out.failed[0]


def test_truncated_pages_are_stored_with_a_warning(fake: FakeVllm) -> None:
    fake.push_faults("length")
    out = run_batch([0], [lane(fake)])
    assert out.saved[0].truncated
    done = next(e for e in out.events if e.kind == "done")
    assert any("cut off" in w for w in done.warnings)


def test_an_answer_the_server_gave_up_is_tried_again(fake: FakeVllm) -> None:
    # vLLM's finish_reason "abort": the server dropped the request, which says nothing
    # of the page: tried again like a server error, and the whole answer kept.
    fake.push_faults("abort")
    out = run_batch([0], [lane(fake)])
    assert out.saved[0].finish_reason != "abort" and len(fake.requests()) == 2
    (retry,) = [e for e in out.events if e.kind == "retry"]
    assert "ended the answer early" in retry.message and "“abort”" in retry.message


def test_an_answer_the_server_always_gives_up_is_stored_with_a_warning(fake: FakeVllm) -> None:
    # The last try's half answer is kept (a person sees it), with what may be missing said.
    fake.configure(default_fault="abort")
    out = run_batch([0], [lane(fake)])
    assert out.saved[0].finish_reason == "abort" and out.saved[0].text.strip()
    assert len(fake.requests()) == FAST.max_attempts
    done = next(e for e in out.events if e.kind == "done")
    assert any("ended early" in w and "abort" in w for w in done.warnings)


def test_a_repetition_cut_short_is_kept_with_a_warning_and_not_tried_again(
    fake: FakeVllm,
) -> None:
    # At temperature 0 the same loop would come again: one try, the answer kept and said.
    fake.push_faults("repetition")
    out = run_batch([0], [lane(fake)])
    assert out.saved[0].finish_reason == "repetition" and len(fake.requests()) == 1
    assert not [e for e in out.events if e.kind == "retry"]
    done = next(e for e in out.events if e.kind == "done")
    assert any("ended early" in w and "“repetition”" in w for w in done.warnings)


def test_an_answer_always_given_up_before_any_text_fails_the_page(fake: FakeVllm) -> None:
    fake.configure(default_fault="abort_empty")
    out = run_batch([0], [lane(fake)])
    assert 0 not in out.saved
    assert "ended the answer early" in out.failed[0] and "abort" in out.failed[0]


def test_a_server_that_dies_hands_its_pages_to_the_other(fake: FakeVllm, fake2: FakeVllm) -> None:
    fake.configure(service_time=0.05)
    fake2.configure(service_time=0.05)
    pages = list(range(40))

    async def go() -> Outcome:
        out = Outcome()
        lanes = [lane(fake, "a"), lane(fake2, "b")]
        batch = Batch(
            pages,
            lanes,
            prepare=prepare,
            save=out.save,
            fail=out.fail,
            on_event=out.events.append,
            policy=FAST,
        )
        task = asyncio.create_task(batch.run())
        while batch.stats().done < 8:
            await asyncio.sleep(0.01)
        fake.stop()  # server a dies mid-batch ...
        while batch.stats().done < 25:
            await asyncio.sleep(0.01)
        fake.start()  # ... and comes back
        await asyncio.wait_for(task, 60)
        for ln in lanes:
            await ln.engine.aclose()  # type: ignore[attr-defined]
        return out

    out = asyncio.run(go())
    assert not out.failed
    assert_each_page_got_its_own_text(out, pages)
    assert any(e.kind == "lane_down" and e.lane == "a" for e in out.events)


def test_a_wrong_key_disables_that_server_only(fake: FakeVllm, fake2: FakeVllm) -> None:
    fake.configure(api_key="right")
    fake2.configure(api_key="right")
    pages = list(range(10))
    out = run_batch(pages, [lane(fake, "a", key="wrong"), lane(fake2, "b", key="right")])
    assert not out.failed
    assert_each_page_got_its_own_text(out, pages)
    assert any(e.kind == "lane_disabled" and e.lane == "a" for e in out.events)


def test_when_no_server_can_work_every_page_fails_with_the_reason(fake: FakeVllm) -> None:
    fake.configure(api_key="right")
    out = run_batch(list(range(5)), [lane(fake, "a", key="wrong")])
    assert sorted(out.failed) == list(range(5))
    assert all("key" in r.lower() for r in out.failed.values())


def test_pause_holds_new_pages_and_resume_finishes(fake: FakeVllm) -> None:
    fake.configure(service_time=0.05)

    async def go() -> tuple[int, int, Outcome]:
        out = Outcome()
        lanes = [lane(fake, limit=2)]
        batch = Batch(
            list(range(10)), lanes, prepare=prepare, save=out.save, fail=out.fail, policy=FAST
        )
        task = asyncio.create_task(batch.run())
        while batch.stats().done < 2:
            await asyncio.sleep(0.005)
        batch.pause()
        while batch.stats().in_flight:  # in-flight pages finish (however slowly) ...
            await asyncio.sleep(0.005)
        held, sent = batch.stats().done, len(fake.requests())
        await asyncio.sleep(0.5)  # ... and nothing new starts in 10× a page's service time
        still = batch.stats().done
        assert len(fake.requests()) == sent
        batch.resume()
        await asyncio.wait_for(task, 30)
        await lanes[0].engine.aclose()  # type: ignore[attr-defined]
        return held, still, out

    held, still, out = asyncio.run(go())
    assert held == still
    assert held < 10
    assert len(out.saved) == 10


def test_adaptive_limit_grows_while_the_server_has_room(fake: FakeVllm) -> None:
    fake.configure(slots=64, service_time=0.3)
    ln = lane(fake, limit=2, fixed=False)
    run_batch(list(range(60)), [ln])
    assert ln.limit >= 8  # slow start doubles (2 → 4 → 8 …); "> 2" passed on one step of +1


def test_adaptive_limit_backs_off_when_requests_wait(fake: FakeVllm) -> None:
    fake.configure(slots=1, service_time=0.1)
    ln = lane(fake, limit=6, fixed=False)
    run_batch(list(range(20)), [ln])
    assert ln.limit < 6


# -- the whole job: store, rendering, resumption ------------------------------------


def test_a_job_stores_every_page_and_never_replaces_a_human_edit(
    fake: FakeVllm, sample_pdf: Path
) -> None:
    session = DocumentSession.open(sample_pdf)
    session.store.add_version(2, VersionKind.EDIT, "a reviewer's text")
    session.set_status(4, ReviewStatus.APPROVED)
    renderer = RenderService(sample_pdf)
    try:
        jobs = JobStore(session.store)

        async def go() -> int:
            prompt = lambda page: f"prompt for {page}"  # noqa: E731
            async with fake_job_runner(
                fake, session, renderer, jobs, policy=FAST, prompt_for=prompt
            ) as runner:
                job = await runner.create(JobSpec(Selection.ALL))
                await runner.run(job, SamplingParams(max_tokens=256))
                return job

        job = asyncio.run(go())
        states = {p.page: (p.state, p.reason) for p in jobs.pages(job)}
        assert states[2] == (PageJobState.SKIPPED, "has your edits")
        assert states[4] == (PageJobState.SKIPPED, "approved")
        assert all(s is PageJobState.DONE for p, (s, _) in states.items() if p not in (2, 4))
        assert session.page_state(2).text == "a reviewer's text"
        v = session.store.current_version(0)
        assert v is not None and v.kind is VersionKind.OCR and v.text.startswith("FAKE ")
        assert v.provenance["prompt"] == "prompt for 0" and v.provenance["job"] == job
        # A batch asks for whole answers: a token stream costs ~5x the client CPU per page.
        assert all(r["stream"] is False for r in fake.requests())
        sent = fake.requests()[0]["images"][0]
        assert sent["width"] * sent["height"] <= 2_257_920 * 1.1
    finally:
        renderer.close()
        session.close()
