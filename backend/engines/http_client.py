"""The httpx client a server profile is read through, and the warm-up it needs.

Kept apart from ``vllm`` because this is process-wide state: the warm-up (what
httpx otherwise loads on the event loop at first use) and the TLS contexts are
shared by every ``VllmClient``, while a client is one profile's connection.
Here is also every setting that keeps pages on the host the user chose: no
proxy unless the profile names one, nothing from the environment, no redirects
followed, TLS verified. The client reads bodies raw (``bounded_body``
decompresses them within a budget); the timeouts set here are per read, the
deadlines that bytes trickling in cannot extend are the client's.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import ssl
import threading

import httpx

from backend.engines.bounded_body import ACCEPT_ENCODING
from backend.settings.profiles import ServerProfile

_warm = threading.Event()
_warming = threading.Lock()
_warm_future: asyncio.Future[None] | None = None  # the warm-up the loop's requests await


def warm_up() -> None:
    """Load now what httpx otherwise loads on first use, on the event loop: httpcore
    (imported when a client is made, ~100 ms), anyio's asyncio backend (on the first
    request, ~75 ms) and the CA bundle (~40 ms for each client). It blocks: clients
    call it in a worker thread before their first request; an app may call it early.
    """
    with _warming:
        if _warm.is_set():
            return
        importlib.import_module("httpcore")
        with contextlib.suppress(ImportError):  # anyio's own module: only a head start
            importlib.import_module("anyio._backends._asyncio")
        _tls_context(True)
        _tls_context(False)
        _warm.set()


async def warmed() -> None:
    """Wait for ``warm_up`` in a worker thread: one for all requests made meanwhile (a
    batch's first ones all ask at once, and each thread started costs the loop a wait
    until the OS runs it: tens of ms each on a loaded machine)."""
    global _warm_future
    if _warm.is_set():
        return
    loop = asyncio.get_running_loop()
    if _warm_future is None or _warm_future.get_loop() is not loop or _warm_future.done():
        _warm_future = loop.run_in_executor(None, warm_up)
    await asyncio.shield(_warm_future)  # one request cancelled must not cancel the others'


@functools.cache
def _tls_context(verify: bool) -> ssl.SSLContext:
    """One TLS context per setting, shared by every client (httpx makes one per client)."""
    return httpx.create_ssl_context(verify=verify, trust_env=False)


def new_http_client(
    profile: ServerProfile,
    api_key: str | None,
    transport: httpx.AsyncBaseTransport | None,
) -> httpx.AsyncClient:
    """An HTTP client for ``profile``; call it after ``warmed`` so nothing loads on the loop."""
    # Only what bounded_body can inflate within a budget: httpx would also offer
    # br and zstd when those packages happen to be installed.
    headers = {"Accept-Encoding": ACCEPT_ENCODING}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    return httpx.AsyncClient(
        transport=transport,
        trust_env=False,  # no HTTP(S)_PROXY / ALL_PROXY / netrc from the environment
        proxy=profile.proxy or None,
        verify=_tls_context(profile.verify_tls),
        follow_redirects=False,
        headers=headers,
        timeout=httpx.Timeout(
            connect=profile.connect_timeout_s,
            read=profile.first_token_timeout_s,  # the longest legitimate silence
            write=max(60.0, profile.connect_timeout_s),
            pool=None,
        ),
        limits=httpx.Limits(max_connections=None, max_keepalive_connections=64),
    )
