"""Every answer is bounded: in bytes after decompression, and by a wall-clock deadline.

Against ``tests/hostile`` over loopback HTTP. The size tests run the client in a fresh
process (``tests/hostile/rss_probe.py``) and compare its peak memory with the same probe
reading a normal page; the server counts what it put on the wire, so a client that stops
early is seen to stop early (a 1 GB answer is never transferred). The deadline tests assert
which deadline ended a call, never how long it took: each trickle sends a byte every tenth
of the deadline (so no silence limit can race it), lasts longer than the call's hang guard
(``GUARD_S``, 20× the deadlines or more): a call the trickle held fails on that guard.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import subprocess
import sys
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.bounded_body import answer_limit, body_chunks, read_body, read_capped
from backend.engines.vllm import VllmClient
from backend.errors import BadResponseError, ServerError, ServerTimeoutError
from backend.models import PageImage
from backend.settings.profiles import ServerProfile
from tests.conftest import ROOT
from tests.hostile import HostileServer
from tests.hostile import server as h

KEY = "sk-limits-key-0123456789abcdef"
IMAGE = PageImage(0, b"\xff\xd8\xff\xe0 not really a jpeg", "image/jpeg", 100, 140)
PAGE = "第一條 本契約由甲乙雙方訂立，雙方同意遵守下列條款。\n" * 120  # ~3,600 characters
TENS_OF_MB = 40.0  # what a hostile answer may add to the peak of a normal page, at most


def profile(server: HostileServer, **changes: Any) -> ServerProfile:
    base = ServerProfile(name="hostile", base_url=server.base_url + "/v1", model="hostile-vl")
    return base.with_(**changes)


def request(max_tokens: int = 4096, **params: Any) -> OcrRequest:
    return OcrRequest(IMAGE, "Transcribe.", SamplingParams(max_tokens=max_tokens, **params))


# --- peak memory, in a fresh process ----------------------------------------------------


def probe(server: HostileServer, what: str) -> dict[str, Any]:
    """The probe's outcome and peak RSS; it runs with 1.5 GiB of address space at most, so
    a client that buffers a 1 GB answer fails here instead of taking the machine's memory."""
    code = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (3 << 29, 3 << 29)); "
        "from tests.hostile.rss_probe import main; sys.exit(main(sys.argv[1:]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, server.base_url, what],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0 and done.stdout.strip(), done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def normal_stream() -> list[bytes]:
    events = [h.chunk({"role": "assistant", "content": ""})]
    events += [h.chunk({"content": PAGE[i : i + 4]}) for i in range(0, len(PAGE), 4)]
    return [*events, h.chunk({}, "stop"), h.DONE]


@pytest.fixture(scope="module")
def normal_peaks() -> dict[str, float]:
    """The probe's peak for a normal page (whole and streamed) and a normal model list."""
    peaks = {}
    with HostileServer(chat=[h.whole({"content": PAGE}), h.sse(normal_stream())]) as server:
        for what in ("read", "read-stream", "models"):
            result = probe(server, what)
            assert result["outcome"] == "ok", result
            peaks[what] = result["maxrss_mb"]
    return peaks


HOSTILE_ANSWERS: dict[str, tuple[str, Callable[[], h.Behaviour], str]] = {
    # what: (route, behaviour, probe call)
    "1 GB JSON answer": ("chat", lambda: h.huge_body(h.GIB), "read"),
    "1 GB stream without [DONE]": ("chat", h.endless_stream, "read-stream"),
    "gzip bomb on a streamed answer": ("chat", lambda: h.bomb(h.EVENT_STREAM), "read-stream"),
    "gzip bomb on a whole answer": ("chat", h.bomb, "read"),
    "gzip bomb on /v1/models": ("models", h.bomb, "models"),
}


@pytest.mark.parametrize("case", list(HOSTILE_ANSWERS))
def test_a_hostile_answer_costs_what_a_normal_page_costs(
    case: str, normal_peaks: dict[str, float]
) -> None:
    route, behaviour, what = HOSTILE_ANSWERS[case]
    h.gzip_bomb(h.GIB)  # made before the clock starts: it is the server's work, not the client's
    with HostileServer.on(route, behaviour()) as server:
        result = probe(server, what)
        sent = server.sent_bytes
    print(f"\n{case}: peak {result['maxrss_mb']:.1f} MB (normal {normal_peaks[what]:.1f} MB)")
    assert result["outcome"] == "BadResponseError", result
    assert "more than" in result["message"] and "MB" in result["message"], result
    assert result["maxrss_mb"] - normal_peaks[what] < TENS_OF_MB, (result, normal_peaks)
    assert sent < 64 << 20, f"{sent:,} bytes were sent: the client did not stop early"


# --- deadlines that trickling bytes cannot extend ---------------------------------------

# Long enough (~600 bytes) that trickled it outlasts every hang guard here.
MODEL = {"id": "hostile-vl", "root": "hostile-vl " * 40}
MODELS = h.http_answer(200, json.dumps({"object": "list", "data": [MODEL]}).encode())
CHAT = h.http_answer(200, h.completion({"role": "assistant", "content": PAGE[:200]}))
SSE_HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
ROLE = h.chunk({"role": "assistant", "content": ""})
FIRST_TOKEN = 2.0
STEP = FIRST_TOKEN / 10  # the trickles' byte interval: a tenth of the silence allowed
GUARD_S = 60.0  # 20× the longest deadline here; every trickle below takes longer


def within(call: Callable[[], Awaitable[Any]]) -> Any:
    """Run ``call``: its result or ``ServerError``. A call still running after ``GUARD_S``
    was held by the trickle, and fails the test."""

    async def go() -> Any:
        try:
            return await asyncio.wait_for(call(), GUARD_S)
        except TimeoutError:
            pytest.fail(f"still waiting {GUARD_S:.0f} s later: the trickle held the call")
        except ServerError as exc:
            return exc

    return asyncio.run(go())


async def in_client(p: ServerProfile, use: Callable[[VllmClient], Awaitable[Any]]) -> Any:
    async with VllmClient(p, KEY) as client:
        return await use(client)


KEEP_ALIVES = b": keep-alive\n\n" * 50

# A first-token timeout of N with total_timeout_s left at 1,800 s: only a deadline that
# trickling cannot extend ends these calls.
TRICKLES = {
    "models": ("models", MODELS, 0, lambda c: c.models()),
    "read, whole": ("chat", CHAT, 0, lambda c: c.read(request(), stream=False)),
    "read, whole, after the headers": (
        "chat",
        CHAT,
        CHAT.index(b"\r\n\r\n") + 4,
        lambda c: c.read(request(), stream=False),
    ),
    "read, streamed": ("chat", SSE_HEAD + KEEP_ALIVES, 0, lambda c: c.read(request())),
    "read, streamed, comments only": (
        "chat",
        SSE_HEAD + KEEP_ALIVES,
        len(SSE_HEAD),
        lambda c: c.read(request()),
    ),
    # The role event (content "") is not a token: after it the first-token clock still runs.
    "read, streamed, after an empty first event": (
        "chat",
        SSE_HEAD + ROLE + KEEP_ALIVES,
        len(SSE_HEAD + ROLE),
        lambda c: c.read(request()),
    ),
}


@pytest.mark.parametrize("case", list(TRICKLES))
def test_a_trickle_cannot_hold_a_call_past_its_deadline(case: str) -> None:
    route, answer, from_byte, call = TRICKLES[case]
    assert (len(answer) - from_byte) * STEP > GUARD_S  # held by it, the call fails the guard
    # A whole answer (a batch's) is bounded by the total deadline alone: it comes only
    # when generation ends. The CLI's --timeout N sets both to N.
    total = FIRST_TOKEN if case.startswith("read, whole") else 1800.0
    with HostileServer.on(route, h.trickle(answer, STEP, from_byte=from_byte)) as server:
        p = profile(server, first_token_timeout_s=FIRST_TOKEN, total_timeout_s=total)
        outcome = within(lambda: in_client(p, call))
    assert isinstance(outcome, ServerTimeoutError), outcome
    assert f"{FIRST_TOKEN:g} s" in str(outcome)  # names the deadline that ended it


def test_a_slow_whole_answer_within_the_total_deadline_is_read() -> None:
    # A batch page that takes longer than the first-token timeout to generate is not a
    # cold start: its whole answer arrives at the end, within the total deadline. Here
    # the answer's last two bytes each come after 10× the first-token timeout of silence,
    # and the total deadline is 30× the 2 s the answer takes.
    first_token = 0.1
    with HostileServer(chat=h.trickle(CHAT, 10 * first_token, from_byte=len(CHAT) - 2)) as server:
        p = profile(server, first_token_timeout_s=first_token, total_timeout_s=GUARD_S)
        outcome = within(lambda: in_client(p, lambda c: c.read(request(), stream=False)))
    assert not isinstance(outcome, ServerError), outcome
    assert outcome.text


def test_health_and_load_keep_the_deadline_too() -> None:
    trickle = h.trickle(MODELS, STEP)
    assert len(MODELS) * STEP > GUARD_S
    with HostileServer(health=trickle, metrics=trickle) as server:
        p = profile(server, first_token_timeout_s=FIRST_TOKEN)
        health = within(lambda: in_client(p, lambda c: c.health()))
        load = within(lambda: in_client(p, lambda c: c.load()))
    assert not health.ok and health.status is None and "within 2 s" in health.message
    assert load is None


def test_a_first_token_then_a_trickle_ends_at_the_total_deadline() -> None:
    # After the first token only the total deadline (3 s) applies; the trickle's bytes
    # come every 0.2 s, a tenth of the 2 s of silence a stream may keep.
    start = SSE_HEAD + ROLE + h.chunk({"content": "第"})
    answer = start + KEEP_ALIVES * 2
    assert (len(answer) - len(start)) * STEP > GUARD_S
    with HostileServer(chat=h.trickle(answer, STEP, from_byte=len(start))) as server:
        p = profile(server, first_token_timeout_s=FIRST_TOKEN, total_timeout_s=3.0)
        outcome = within(lambda: in_client(p, lambda c: c.read(request())))
    assert isinstance(outcome, ServerTimeoutError) and outcome.phase == "total", outcome
    assert "3 s allowed" in str(outcome)


def test_the_cli_with_timeout_is_not_held_by_a_trickling_server(
    tmp_path: Path, sample_pdf: Path
) -> None:
    # --timeout 3; a byte every 0.3 s (a tenth of it): the model list would take 180 s.
    # The run's guard is 90 s: the decision (which deadline, which exit) is what is asserted.
    models, chat = h.trickle(MODELS, 0.3), h.trickle(CHAT, 0.3)
    with HostileServer(models=models, chat=chat) as server:
        done = subprocess.run(
            [sys.executable, "-m", "backend", "ocr", str(sample_pdf), "--server",
             server.base_url + "/v1", "--store", str(tmp_path / "s.sqlite3"), "--timeout", "3"],
            cwd=ROOT, capture_output=True, text=True, timeout=90,
        )  # fmt: skip
        chats = [r for r in server.requests if r.path.startswith("/v1/chat")]
    assert done.returncode == 2, done.stderr[-2000:]
    assert "/v1/models within 3 s" in done.stderr
    assert not chats  # it stopped at the model list: no page was sent


# --- the byte budget, without a server ---------------------------------------------------


class Chunks(httpx.AsyncByteStream):
    """A body as the network gives it: in 64 KiB pieces, not read yet."""

    def __init__(self, body: bytes) -> None:
        self.body = body

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for i in range(0, len(self.body), 64 * 1024):
            yield self.body[i : i + 64 * 1024]


def response(body: bytes, encoding: str = "") -> httpx.Response:
    headers = {"Content-Encoding": encoding} if encoding else {}
    return httpx.Response(200, headers=headers, stream=Chunks(body))


def too_large(limit: int) -> ServerError:
    return BadResponseError(f"more than {limit}")


def read(resp: httpx.Response, limit: int) -> bytes:
    return asyncio.run(read_body(resp, limit, too_large))


def raw_deflate(data: bytes) -> bytes:
    """Deflate without zlib's wrapper: what some servers send as "deflate"."""
    packer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush()


@pytest.mark.parametrize(
    ("encoding", "pack"),
    [
        ("gzip", gzip.compress),
        ("deflate", zlib.compress),
        ("deflate", raw_deflate),
        ("gzip, gzip", lambda b: gzip.compress(gzip.compress(b))),
        ("identity", lambda b: b),
    ],
)
def test_what_a_server_may_compress_is_read(encoding: str, pack: Callable[[bytes], bytes]) -> None:
    body = json.dumps({"text": PAGE}).encode()
    assert read(response(pack(body), encoding), len(body)) == body


def test_a_gzip_file_of_several_members_is_read_whole() -> None:
    assert read(response(gzip.compress(b"ab") + gzip.compress(b"cd"), "gzip"), 10) == b"abcd"


def test_a_bomb_stops_one_slice_past_the_limit() -> None:
    seen = 0

    async def count() -> None:
        nonlocal seen
        async for piece in body_chunks(response(h.gzip_bomb(h.GIB), "gzip"), 1 << 20, too_large):
            seen += len(piece)

    with pytest.raises(BadResponseError, match="more than"):
        asyncio.run(count())
    assert seen <= 1 << 20


@pytest.mark.parametrize("encoding", ["br", "zstd", "compress", "gzip, deflate, gzip"])
def test_an_encoding_that_cannot_be_bounded_is_refused(encoding: str) -> None:
    with pytest.raises(BadResponseError, match="does not read"):
        read(response(b"\x00" * 100, encoding), 1000)


def test_a_damaged_compressed_body_is_a_bad_response() -> None:
    with pytest.raises(BadResponseError, match="damaged"):
        read(response(b"\x1f\x8b not gzip at all", "gzip"), 1000)


def test_an_error_body_is_cut_at_its_cap_and_says_so() -> None:
    body, cut = asyncio.run(read_capped(response(h.gzip_bomb(h.GIB), "gzip"), 1000))
    assert len(body) == 1000 and cut
    body, cut = asyncio.run(read_capped(response(b'{"error": "short"}'), 1000))
    assert body == b'{"error": "short"}' and not cut


def test_the_answer_budget_grows_with_max_tokens_and_logprobs() -> None:
    plain = answer_limit(SamplingParams(max_tokens=4096))
    assert 4 << 20 < plain < 8 << 20  # ~5 MB for a default page
    assert answer_limit(SamplingParams(max_tokens=8192)) > plain
    with_logprobs = answer_limit(SamplingParams(max_tokens=4096, logprobs=True, top_logprobs=5))
    assert with_logprobs > 3 * plain
