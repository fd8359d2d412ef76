"""Review round 2 (91ce8bb): an answer vLLM gave up ("abort") in the live batch.

vLLM says "abort" when the engine gave the request up (the client went, the engine
was stopping, the request was preempted and dropped): nothing about the page. A
server error of that kind (HTTP 500) is retried by the batch; an "abort" before any
text fails the page at once, although a second try reads it (olmOCR retries any
answer that did not end with "stop", VLLM-FACTS). Against the fake vLLM over HTTP.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.backend.ocr.batch_helpers import lane, run_batch
from tests.fakevllm import FakeVllm


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.02, slots=8, reply_chars=20) as server:  # ends: "stop"
        yield server


def test_a_transient_server_error_is_retried_and_the_page_read(fake: FakeVllm) -> None:
    # The baseline the abort is compared with: one failed try, then the page is read.
    fake.push_faults("http_500")
    out = run_batch([0], [lane(fake)])
    assert out.failed == {} and out.saved[0].text.strip()
    assert [e.kind for e in out.events].count("retry") == 1


def test_an_answer_aborted_before_any_text_is_tried_again(fake: FakeVllm) -> None:
    fake.push_faults("abort_empty")  # the next try is answered normally
    out = run_batch([0], [lane(fake)])
    assert out.failed == {}
    assert out.saved[0].text.strip() and out.saved[0].finish_reason == "stop"


def test_an_answer_aborted_before_any_text_fails_only_after_the_tries(fake: FakeVllm) -> None:
    # Whatever the retry rule, a page the server always gives up is failed (never stored
    # empty) and says why.
    fake.configure(default_fault="abort_empty")
    out = run_batch([0, 1], [lane(fake)])
    assert out.saved == {}
    assert sorted(out.failed) == [0, 1]
    assert all("“abort”" in why and "before any text" in why for why in out.failed.values())


def test_a_stop_answer_with_text_is_not_called_ended_early(fake: FakeVllm) -> None:
    # The warning must come from the reason, not from any answer: a normal one has none.
    out = run_batch([0], [lane(fake)])
    done = next(e for e in out.events if e.kind == "done")
    assert out.saved[0].finish_reason == "stop"
    assert not any("ended early" in w for w in done.warnings)
