"""A malformed answer is a failed page with a reason, or a good page with a warning: never
an empty "done" page, never a traceback.

Against ``tests/hostile`` over loopback HTTP, whole and streamed. Hypothesis chooses the
wrong type ``content`` has, the logprob or token count that is not a finite number, where
lone surrogates and escape codes go, and finally any JSON at all for the whole answer or
for each stream event: the client must give a ``Reading`` (whose text and provenance can
be written as UTF-8 JSON) or raise a ``ServerError`` — nothing else.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backend.engines.base import OcrRequest, Reading, SamplingParams
from backend.engines.vllm import VllmClient
from backend.errors import BadResponseError, ServerError
from backend.models import PageImage
from backend.ocr.batch import Batch, BatchEvent, RetryPolicy
from backend.ocr.jobs import BatchEngine
from backend.ocr.lanes import Lane
from backend.settings.profiles import ServerProfile
from tests.hostile import HostileServer, Request
from tests.hostile import server as h
from tests.properties import examples

IMAGE = PageImage(0, b"\xff\xd8\xff\xe0 not really a jpeg", "image/jpeg", 100, 140)
SETTINGS = settings(
    examples(40), suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


class Switchboard:
    """One hostile server for a whole hypothesis run: each example sets the chat answer."""

    def __init__(self) -> None:
        self.body: bytes = b""
        self.stream = False
        self.server = HostileServer(chat=self._answer)

    def _answer(self, reply: h.Reply, req: Request) -> None:
        if self.stream:
            reply.stream(200, [self.body])
        else:
            reply.send(200, self.body)

    def read(self, body: bytes, *, stream: bool = False, logprobs: bool = False) -> Any:
        """The Reading, or the ServerError raised."""
        self.body, self.stream = body, stream
        profile = ServerProfile(name="h", base_url=self.server.base_url + "/v1", model="m")
        params = SamplingParams(max_tokens=256, logprobs=logprobs)

        async def go() -> Any:
            async with VllmClient(profile, "sk-answers-key-0123456789") as client:
                try:
                    return await client.read(OcrRequest(IMAGE, "Transcribe.", params))
                except ServerError as exc:
                    return exc

        return asyncio.run(go())


@pytest.fixture(scope="module")
def board() -> Iterator[Switchboard]:
    switchboard = Switchboard()
    yield switchboard
    switchboard.server.close()


def events(*objects: Any, done: bool = True) -> bytes:
    out = b"".join(h.event(o) for o in objects)
    return out + (h.DONE if done else b"")


def delta_event(delta: Any, finish: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"choices": [{"index": 0, "delta": delta, "finish_reason": finish, **extra}]}


# --- content must be text ------------------------------------------------------------------

NOT_TEXT = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=3),
    st.lists(st.one_of(st.integers(), st.text(max_size=5), st.none()), max_size=3),
    st.lists(st.fixed_dictionaries({"type": st.just("image_url"), "url": st.text()}), min_size=1),
)


def assert_a_failed_page(outcome: Any) -> None:
    assert isinstance(outcome, BadResponseError), outcome
    assert "content" in str(outcome) or "no choices" in str(outcome)
    assert "run the page again" in str(outcome) or "no choices" in str(outcome)


def test_content_that_is_not_text_fails_the_page(board: Switchboard) -> None:
    @SETTINGS
    @given(content=NOT_TEXT)
    def check(content: Any) -> None:
        body = h.completion({"role": "assistant", "content": content})
        assert_a_failed_page(board.read(body))
        stream = events(
            delta_event({"role": "assistant"}), delta_event({"content": content}, "stop")
        )
        assert_a_failed_page(board.read(stream, stream=True))

    check()


def test_content_as_a_list_of_text_parts_is_joined(board: Switchboard) -> None:
    parts = [{"type": "text", "text": "第一條 "}, {"type": "text", "text": "本契約"}]
    reading = board.read(h.completion({"content": parts}))
    assert isinstance(reading, Reading) and reading.text == "第一條 本契約"


def test_a_null_content_with_reasoning_is_still_a_reading(board: Switchboard) -> None:
    # vLLM's reasoning parser: the budget ran out while thinking. Not an error: a warning.
    message = {"content": None, "reasoning": "Looking at the seal..."}
    reading = board.read(h.completion(message, choice={"finish_reason": "length"}))
    assert isinstance(reading, Reading) and reading.text == "" and reading.truncated


def test_a_refusal_says_so(board: Switchboard) -> None:
    outcome = board.read(h.completion({"content": None, "refusal": "I cannot read this."}))
    assert isinstance(outcome, BadResponseError) and "refused" in str(outcome)


# --- numbers that are not numbers --------------------------------------------------------

NOT_A_NUMBER = st.one_of(
    st.sampled_from(["1e999", "-1e999", "NaN", "Infinity", "-Infinity", "1" + "0" * 400]),
    st.sampled_from(['"abc"', '"-0.5"', "true", "null", "[]", "{}", '{"a": 1}', "[1, 2]"]),
)


BAD_LOGPROB_PARTS = {
    "logprob": [
        "1e999",
        "-1e999",
        "NaN",
        "Infinity",
        "1" + "0" * 400,
        '"abc"',
        "true",
        "null",
        "[]",
    ],
    "bytes": ['"abc"', "true", "1e999", "{}", "[256]", "[-1]", "[1.5]", "[true]", '["a"]', "NaN"],
    "token": ["1", "true", "null", "[]", "{}", "1e999"],
    "entry": ["1", "null", '"x"', "[]", "true"],
}


def test_logprobs_that_are_not_numbers_are_dropped_with_a_warning(board: Switchboard) -> None:
    @SETTINGS
    @given(st.sampled_from(list(BAD_LOGPROB_PARTS)).flatmap(
        lambda part: st.tuples(st.just(part), st.sampled_from(BAD_LOGPROB_PARTS[part]))
    ))  # fmt: skip
    def check(bad_part: tuple[str, str]) -> None:
        where, bad = bad_part
        good = '{"token": "第", "logprob": -0.25, "bytes": [231, 172, 172]}'
        bad_entry = {
            "logprob": f'{{"token": "x", "logprob": {bad}}}',
            "bytes": f'{{"token": "x", "logprob": -1, "bytes": {bad}}}',
            "token": f'{{"token": {bad}, "logprob": -1}}',
            "entry": bad,
        }[where]
        body = (
            '{"choices": [{"index": 0, "message": {"content": "第一條"}, "finish_reason": "stop", '
            f'"logprobs": {{"content": [{good}, {bad_entry}]}}}}]}}'
        ).encode()
        reading = board.read(body, logprobs=True)
        assert isinstance(reading, Reading), reading
        assert reading.text == "第一條" and reading.logprobs == ()
        assert any("confidences" in w for w in reading.warnings), reading.warnings
        json.dumps(reading.provenance().to_dict(), allow_nan=False)

    check()


def test_token_counts_that_are_not_numbers_are_dropped_with_a_warning(board: Switchboard) -> None:
    @SETTINGS
    @given(bad=NOT_A_NUMBER, which=st.sampled_from(["prompt_tokens", "completion_tokens"]))
    def check(bad: str, which: str) -> None:
        if bad == "null":
            bad = "-5"  # null is "no count", and allowed; a negative count is not
        other = "completion_tokens" if which == "prompt_tokens" else "prompt_tokens"
        usage = f'{{"{which}": {bad}, "{other}": 7}}'
        body = (
            '{"choices": [{"index": 0, "message": {"content": "x"}, "finish_reason": "stop"}], '
            f'"usage": {usage}}}'
        ).encode()
        for stream in (False, True):
            if stream:
                body = (
                    b"data: "
                    + json.dumps(delta_event({"content": "x"}, "stop")).encode()
                    + b"\n\ndata: "
                    + f'{{"choices": [], "usage": {usage}}}'.encode()
                    + b"\n\n"
                    + h.DONE
                )
            reading = board.read(body, stream=stream)
            assert isinstance(reading, Reading), reading
            assert getattr(reading, which) is None and getattr(reading, other) == 7
            assert any("token counts" in w for w in reading.warnings), reading.warnings
            json.dumps(reading.provenance().to_dict(), allow_nan=False)

    check()


# --- lone surrogates and escape codes ------------------------------------------------------

ODD_TEXT = st.text(
    alphabet=st.one_of(
        st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
        st.sampled_from(["\x1b", "\x07", "\x9b", "\u202e", "\r", "\x00", "第", "a"]),
    ),
    min_size=1,
    max_size=30,
)


ODD_PLACES = ["content", "reasoning", "finish", "error", "token"]


def test_lone_surrogates_and_escape_codes_never_raise(board: Switchboard) -> None:
    @SETTINGS
    @given(
        odd=ODD_TEXT, where=st.sampled_from(["content", "reasoning", "finish", "error", "token"])
    )
    def check(odd: str, where: str) -> None:
        message: dict[str, Any] = {"content": "第一條 " + (odd if where == "content" else "")}
        choice: dict[str, Any] = {}
        if where == "reasoning":
            message["reasoning"] = odd
        if where == "finish":
            choice["finish_reason"] = odd
        if where == "token":
            choice["logprobs"] = {"content": [{"token": odd, "logprob": -1.0}]}
        body = h.completion(message, choice=choice)  # json.dumps writes them as \\u escapes
        if where == "error":
            body = json.dumps({"error": {"message": odd}}).encode()
            body = b"data: " + body + b"\n\n"
        outcome = board.read(body, stream=where == "error", logprobs=where == "token")
        if isinstance(outcome, ServerError):
            assert where == "error", outcome
            (str(outcome) + outcome.detail).encode("utf-8")
        else:
            outcome.text.encode("utf-8")
            json.dumps(outcome.provenance().to_dict(), ensure_ascii=False).encode("utf-8")

    check()


# --- any JSON at all ---------------------------------------------------------------------

# The values that broke readers before, drawn as often as all the others together.
TRICKY = st.sampled_from(
    [float("inf"), float("-inf"), float("nan"), 1e300, -1, 10**400, True, None, "", "\ud800"]
)
JSON_VALUES = st.recursive(
    TRICKY
    | TRICKY
    | st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats()
    | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
FIELDS = ["choices", "index", "message", "delta", "content", "reasoning", "finish_reason",
          "logprobs", "usage", "prompt_tokens", "completion_tokens", "token", "logprob",
          "bytes", "error", "refusal", "type", "text"]  # fmt: skip
SOME_JSON = st.recursive(
    JSON_VALUES,
    lambda inner: (
        st.dictionaries(st.sampled_from(FIELDS), inner, max_size=5) | st.lists(inner, max_size=3)
    ),
    max_leaves=25,
)


def maybe(shape: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """The right shape (with wrong values inside), mostly, or any JSON in its place."""
    return shape | shape | JSON_VALUES


ENTRY = st.fixed_dictionaries(
    {"token": JSON_VALUES, "logprob": JSON_VALUES}, optional={"bytes": JSON_VALUES}
)
PART = st.fixed_dictionaries(
    {},
    optional={
        "content": JSON_VALUES | st.lists(maybe(st.fixed_dictionaries(
            {"type": st.just("text") | JSON_VALUES, "text": JSON_VALUES}
        )), max_size=2),
        "reasoning": JSON_VALUES,
        "reasoning_content": JSON_VALUES,
        "refusal": JSON_VALUES,
    },
)  # fmt: skip
CHOICE = st.fixed_dictionaries(
    {"index": st.just(0) | JSON_VALUES},
    optional={
        "message": maybe(PART),
        "delta": maybe(PART),
        "finish_reason": JSON_VALUES,
        "logprobs": maybe(st.fixed_dictionaries({"content": maybe(st.lists(maybe(ENTRY)))})),
    },
)
USAGE = st.fixed_dictionaries({"prompt_tokens": JSON_VALUES, "completion_tokens": JSON_VALUES})
ANSWER = st.fixed_dictionaries(
    {"choices": maybe(st.lists(maybe(CHOICE), max_size=2)), "usage": maybe(USAGE)},
    optional={"error": SOME_JSON},
)


def test_any_json_at_all_gives_a_reading_or_a_server_error(board: Switchboard) -> None:
    @settings(SETTINGS, max_examples=examples(300).max_examples)
    @given(answer=ANSWER | SOME_JSON, stream=st.booleans())
    def check(answer: Any, stream: bool) -> None:
        text = json.dumps(answer)  # NaN and Infinity included: Python's json reads them
        body = b"data: " + text.encode() + b"\n\n" + h.DONE if stream else text.encode()
        outcome = board.read(body, stream=stream, logprobs=True)
        if isinstance(outcome, Reading):
            outcome.text.encode("utf-8")
            json.dumps(outcome.provenance().to_dict(), allow_nan=False).encode("utf-8")
        else:
            assert isinstance(outcome, ServerError), outcome
            (str(outcome) + outcome.detail).encode("utf-8")

    check()


# --- warnings reach the batch --------------------------------------------------------------


def test_the_reading_s_warnings_reach_the_batch_and_the_stored_version(board: Switchboard) -> None:
    body = (
        b'{"choices": [{"index": 0, "message": {"content": "page"}, "finish_reason": "stop", '
        b'"logprobs": {"content": [{"token": "p", "logprob": NaN}]}}], '
        b'"usage": {"prompt_tokens": 1e999, "completion_tokens": 3}}'
    )
    board.body, board.stream = body, False
    saved: dict[int, tuple[Reading, tuple[str, ...]]] = {}
    seen: list[BatchEvent] = []

    async def save(page: int, reading: Reading, attempts: int, warnings: tuple[str, ...]) -> None:
        saved[page] = (reading, warnings)

    async def fail(page: int, reason: str, attempts: int) -> None:
        raise AssertionError(f"page {page} failed: {reason}")

    async def prepare(page: int, lane: Lane) -> OcrRequest:
        params = SamplingParams(max_tokens=64, logprobs=True)
        return OcrRequest(IMAGE, "Transcribe.", params)

    async def go() -> None:
        profile = ServerProfile(name="h", base_url=board.server.base_url + "/v1", model="m")
        engine = BatchEngine(VllmClient(profile))
        lane = Lane("h", engine, limit=1, fixed=True)
        batch = Batch([0], [lane], prepare=prepare, save=save, fail=fail,
                      on_event=seen.append, policy=RetryPolicy(max_attempts=1))  # fmt: skip
        try:
            await asyncio.wait_for(batch.run(), 30)
        finally:
            await engine.aclose()

    asyncio.run(go())
    reading, warnings = saved[0]
    assert reading.text == "page" and reading.prompt_tokens is None and reading.logprobs == ()
    for words in ("confidences", "token counts"):
        assert any(words in w for w in warnings), warnings
        assert any(words in w for w in reading.provenance().to_dict()["warnings"])
    done = [e for e in seen if e.kind == "done"]
    assert done and done[0].warnings == warnings
