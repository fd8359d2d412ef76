"""The API key never comes back out of the client, whatever a server echoes and wherever.

Against ``tests/hostile`` over loopback HTTP: a server (or a proxy before it) echoes the
request's ``Authorization`` header — or the key in another spelling: capitals, JSON
``\\u`` escapes, URL-encoded, base64 — into an error body (400, 401, 500, 404 from
``/v1/models``), a stream's error event, the model list, the metrics page, the page
text, the reasoning, the finish reason, the logprob tokens, a redirect's Location, and a
response header and reason phrase (which httpx and httpcore log). Hypothesis chooses the
key, the spelling, the place and the text around it (long enough to straddle every cut
the client makes). Then everything a caller can see — the error's message, detail and
repr, the reading and its provenance as stored, model ids, health, the log records at
DEBUG of every logger — must hold none of the key's spellings.

The end-to-end test runs the real CLI against a server echoing the canary everywhere,
with DEBUG logging, and greps the data folder (store, backups), the whole tmp folder and
the CLI's output for the canary in every spelling.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import json
import logging
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.vllm import VllmClient
from backend.errors import ServerError
from backend.models import PageImage
from backend.safe_text import REDACTED
from backend.settings.profiles import ServerProfile
from tests.backend.secret_leaks import assert_clean, spellings
from tests.conftest import ROOT
from tests.hostile import HostileServer, Request
from tests.hostile import server as h
from tests.properties import examples

IMAGE = PageImage(0, b"\xff\xd8\xff\xe0 not really a jpeg", "image/jpeg", 100, 140)
KEY_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=!$%*"\\'


# --- where and how the server echoes -------------------------------------------------------


def escaped(text: str, every_char: bool) -> str:
    """``text`` as a JSON string literal; ``every_char`` writes each one as a \\u escape."""
    if not every_char:
        return json.dumps(text)
    units = text.encode("utf-16-be", "surrogatepass")
    return '"' + "".join(f"\\u{units[i : i + 2].hex()}" for i in range(0, len(units), 2)) + '"'


def obj(**fields: str) -> str:
    """A JSON object of values already written as JSON (so they may use any escapes)."""
    return "{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in fields.items()) + "}"


def completion(message: str, finish: str = '"stop"', **extra: str) -> str:
    choice = obj(index="0", message=message, finish_reason=finish, **extra)
    return obj(choices=f"[{choice}]", usage='{"prompt_tokens": 1, "completion_tokens": 2}')


FORMS: dict[str, Callable[[Request], str]] = {
    "the key": lambda r: r.key,
    "its header": lambda r: f"Authorization: {r.key_header}",
    "all the headers": Request.header_dump,
    "in capitals": lambda r: r.key.upper(),
    "bearer": lambda r: f"bearer {r.key}",
    "base64 of the header": lambda r: base64.b64encode(r.key_header.encode()).decode(),
    "base64 of the headers": lambda r: base64.b64encode(r.header_dump().encode()).decode(),
    "URL-encoded": lambda r: "token=" + quote(r.key, safe=""),
}


def answer_for(place: str, said: str, every_char: bool) -> h.Behaviour:
    """The hostile answer putting ``said`` at ``place``."""
    lit = escaped(said, every_char)

    def send(status: int, body: str, content_type: str = h.JSON) -> h.Behaviour:
        data = body.encode("utf-8", "surrogatepass")
        return lambda reply, req: reply.send(status, data, {"Content-Type": content_type})

    def sse_of(*events: str) -> h.Behaviour:
        data = b"".join(b"data: " + e.encode("utf-8", "surrogatepass") + b"\n\n" for e in events)
        return lambda reply, req: reply.stream(200, [data])

    plain = json.dumps({"content": "第一條"})
    tokens = [said[i : i + 3] for i in range(0, len(said), 3)]
    logprobs = json.dumps(
        {"content": [{"token": t, "logprob": -0.5, "bytes": list(t.encode())} for t in tokens]}
    )
    think = escaped(f"<think>{said}</think>ok", every_char)
    answers: dict[str, h.Behaviour] = {
        "400": send(400, obj(error=obj(message=lit, code="400"))),
        "401": send(401, obj(error=obj(message=lit))),
        "500 as text": send(500, said, "text/plain"),
        "404 from /v1/models": send(404, obj(detail=lit)),
        "an error event": sse_of(
            json.dumps({"choices": [{"index": 0, "delta": {"content": "第"}}]}),
            obj(error=obj(message=lit, code="500")),
        ),
        "a model id": send(200, obj(data=f"[{obj(id=lit, max_model_len='4096')}]")),
        "the metrics": send(200, f"# HELP {said}\nvllm:num_requests_running 1\n", "text/plain"),
        "the page text": send(200, completion(obj(content=lit))),
        "the reasoning": send(200, completion(obj(content='"x"', reasoning=lit))),
        "a think block": send(200, completion(obj(content=think))),
        "the finish reason": send(200, completion(plain, lit)),
        "the logprob tokens": send(200, completion(plain, logprobs=logprobs)),
        "a redirect": lambda reply, req: reply.send(307, b"", {"Location": said}),
        "a header and the reason phrase": lambda reply, req: reply.send(
            200, completion(plain).encode(), {"X-Echo": said}, reason=said
        ),
    }
    return answers[place]


PLACES = [
    "400",
    "401",
    "500 as text",
    "404 from /v1/models",
    "an error event",
    "a model id",
    "the metrics",
    "the page text",
    "the reasoning",
    "a think block",
    "the finish reason",
    "the logprob tokens",
    "a redirect",
    "a header and the reason phrase",
]


async def everything_seen(server: HostileServer, key: str) -> list[tuple[str, str]]:
    """(where, text) for all a caller sees from each client call."""
    profile = ServerProfile(name="h", base_url=server.base_url + "/v1", model="hostile-vl")
    request = OcrRequest(IMAGE, "Transcribe.", SamplingParams(max_tokens=256))
    seen: list[tuple[str, str]] = []
    async with VllmClient(profile, key) as client:
        for name, call in (
            ("models", client.models),
            ("health", client.health),
            ("load", client.load),
            ("read", lambda: client.read(request)),
            ("read whole", lambda: client.read(request, stream=False)),
        ):
            try:
                result: Any = await call()
            except ServerError as exc:
                seen += [(f"{name}: message", str(exc)), (f"{name}: detail", exc.detail)]
                seen.append((f"{name}: repr", repr(exc)))
                continue
            if hasattr(result, "provenance"):
                prov = result.provenance().to_dict()
                seen.append((f"{name}: text", result.text))
                seen.append((f"{name}: stored", json.dumps(prov, ensure_ascii=False)))
                seen.append((f"{name}: stored (ascii)", json.dumps(prov)))
                seen.append((f"{name}: warnings", " ".join(result.warnings)))
            else:
                seen.append((name, repr(result)))
    return seen


def test_an_echoed_key_comes_out_nowhere(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    for name in ("httpx", "httpcore", "backend"):
        caplog.set_level(logging.DEBUG, logger=name)
    current: dict[str, h.Behaviour] = {}
    route = lambda reply, req: current["answer"](reply, req)  # noqa: E731
    with HostileServer(models=route, chat=route, metrics=route, health=route) as server:

        @settings(
            examples(60), suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
        )
        @given(
            key=st.text(KEY_CHARS, min_size=16, max_size=40).map(lambda s: "sk-" + s),
            place=st.sampled_from(PLACES),
            form=st.sampled_from(list(FORMS)),
            before=st.one_of(st.text(max_size=20), st.text(min_size=250, max_size=700)),
            after=st.text(max_size=50),
            every_char=st.booleans(),
        )
        def check(
            key: str, place: str, form: str, before: str, after: str, every_char: bool
        ) -> None:
            def answer(reply: h.Reply, req: Request) -> None:
                said = before + FORMS[form](req) + after
                answer_for(place, said, every_char)(reply, req)

            current["answer"] = answer
            caplog.clear()
            seen = asyncio.run(everything_seen(server, key))
            assert key in server.keys_sent()  # the key really went out (and came back)
            for where, text in seen:
                assert_clean(f"{where} ({place}, {form})", text, key)
            assert_clean(f"the log ({place}, {form})", caplog.text, key)

        check()
    assert "receive_response_headers" in caplog.text  # httpcore's DEBUG log was captured


# (text before the echo, what is echoed): the headers' dump puts the key ~120 characters
# in, so 200 to 400 characters before it straddle the client's 300 and 500 cuts.
CUTS = [("", "its header")] + [
    (c * n, "all the headers") for c, n in (("x", 200), ("y", 290), ("z", 390))
]


@pytest.mark.parametrize("every_char", [False, True], ids=["plain", "escaped"])
@pytest.mark.parametrize("place", PLACES)
def test_each_place_with_the_key_across_every_cut(
    place: str, every_char: bool, caplog: pytest.LogCaptureFixture
) -> None:
    # The hypothesis test's check, each place once and deterministically, at each cut.
    caplog.set_level(logging.DEBUG)
    key = "sk-" + uuid.uuid4().hex
    echo: dict[str, Callable[[Request], str]] = {}

    def answer(reply: h.Reply, req: Request) -> None:
        answer_for(place, echo["said"](req), every_char)(reply, req)

    with HostileServer(models=answer, chat=answer, metrics=answer, health=answer) as server:
        for before, form in CUTS:
            echo["said"] = functools.partial(lambda b, f, req: b + FORMS[f](req), before, form)
            for where, text in asyncio.run(everything_seen(server, key)):
                assert_clean(f"{where} ({place}, {form}, {len(before)} before)", text, key)
        assert server.keys_sent() == {key}
    assert_clean(f"the log ({place})", caplog.text, key)


# --- end to end: the real CLI --------------------------------------------------------------


def files_with(root: Path, key: str) -> list[str]:
    """Files under ``root`` holding the key in any spelling, as UTF-8 or UTF-16."""
    found = []
    forms = [f.encode() for f in spellings(key).values()] + [key.encode("utf-16-le")]
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes().lower()
            if any(f.lower() in data for f in forms):
                found.append(str(path.relative_to(root)))
    return found


def everywhere(req: Request) -> str:
    """The echo of a proxy that shows everything: headers, the key re-encoded, escapes."""
    auth = req.key_header
    return (
        f"{req.header_dump()} | key={req.key} | b64={base64.b64encode(auth.encode()).decode()}"
        f" | url={quote(auth, safe='')} | \x1b]0;pwned\x07\x1b[2J | lone \ud800 surrogate"
    )


def success(req: Request) -> bytes:
    key = req.key
    tokens = [key[i : i + 4] for i in range(0, len(key), 4)]
    message = {
        "role": "assistant",
        "content": f"第一條 {key}\nAuthorization: Bearer {key}\n{everywhere(req)}",
        "reasoning": f"The key is {key}.",
    }
    lp = [{"token": t, "logprob": -0.1, "bytes": list(t.encode())} for t in tokens]
    return h.completion(message, choice={"finish_reason": key, "logprobs": {"content": lp}})


def run_cli(tmp_path: Path, key: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m backend ...`` with every logger at DEBUG, as a user debugging it would."""
    code = (
        "import logging, sys; logging.basicConfig(level=logging.DEBUG, "
        "format='LOG %(levelname)s %(name)s: %(message)s'); "
        "from backend.cli.commands import main; sys.exit(main(sys.argv[1:]))"
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path / "home"),
        "PROOFDESK_DATA_DIR": str(tmp_path / "proofdesk-data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "XDG_CACHE_HOME": str(tmp_path / "xdg-cache"),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        "PROOFDESK_API_KEY": key,
    }
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=120,
    )


def test_the_cli_leaks_the_canary_nowhere(tmp_path: Path, sample_pdf: Path) -> None:
    key = f"sk-canary-{uuid.uuid4().hex}"
    chat = [
        h.echo_error(400, everywhere),  # a page fails at once: its reason is stored
        h.echo_error(500, everywhere, as_json=False),  # retried ...
        h.echo_error_event(everywhere),  # ... and retried
        h.raw_json(success),  # then every page reads, the key all over its answer
    ]
    with HostileServer(
        models=h.echo_models(everywhere), metrics=h.echo_metrics(everywhere), chat=chat
    ) as server:
        url = server.base_url + "/v1"
        ocr = run_cli(tmp_path, key, "ocr", str(sample_pdf), "--server", url, "--pages", "1-3",
                      "--model", "hostile-vl")  # fmt: skip
        with HostileServer(models=h.echo_error(404, everywhere)) as refusing:
            refused = run_cli(tmp_path, key, "ocr", str(sample_pdf), "--server",
                              refusing.base_url + "/v1")  # fmt: skip
            assert refusing.keys_sent() == {key}
        assert server.keys_sent() == {key}
    out = ocr.stdout + ocr.stderr + refused.stdout + refused.stderr
    assert ocr.returncode == 3, ocr.stderr[-3000:]  # one page failed (the 400), two read
    assert any(r.path == "/metrics" for r in server.requests)  # the load was asked too
    assert refused.returncode == 2 and "does not serve" in refused.stderr, refused.stderr
    assert "LOG DEBUG httpcore" in ocr.stderr  # the run really logged at DEBUG
    assert_clean("the CLI's output", out, key)
    assert "\x1b" not in out  # the server's escape codes were shown, not obeyed
    data = [p for p in (tmp_path / "proofdesk-data").rglob("*") if p.is_file()]
    assert any("backups" in p.parts for p in data), data  # a backup was made, and searched
    store = next(p for p in data if p.suffix == ".sqlite3" and "backups" not in p.parts)
    with sqlite3.connect(store) as db:
        reasons = [r for (r,) in db.execute("SELECT reason FROM job_pages WHERE state='failed'")]
        texts = [t for (t,) in db.execute("SELECT text FROM versions")]
    assert reasons and all(REDACTED in r for r in reasons), reasons  # the echo got this far
    assert sum(REDACTED in t for t in texts) == 2, texts
    assert files_with(tmp_path, key) == []
