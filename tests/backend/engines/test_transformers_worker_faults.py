"""The in-process engine against workers that misbehave: deaf, mute, noisy, orphaned.

The worker is a real process throughout: a small script standing in for
worker_main.py (``FAKE``, run by the app's own Python behind a wrapper, as a
configured interpreter would be), or worker_main.py itself where the
behaviour under test is its own. No torch is needed. A scenario that could
hang the event loop runs in a thread of its own, so a hang is a failure and
not a stuck test run.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from backend.engines.base import OcrRequest, SamplingParams
from backend.engines.transformers import LocalOptions, TransformersEngine
from backend.engines.transformers import engine as engine_module
from backend.engines.transformers.worker_link import WORKER_SCRIPT
from backend.errors import BadResponseError, LocalModelError, ServerTimeoutError
from backend.models import PageImage
from tests.backend.engines.transformers_helpers import CONFIGS, FAKE, model_folder, wrapper

BIG_PAGE = OcrRequest(
    PageImage(0, os.urandom(1_000_000), "image/png", 100, 100), "Transcribe.", SamplingParams()
)


def pipe_full(pid: int) -> bool:
    """Whether the process's stdin pipe is full, so a write to it blocks (Linux)."""
    fd = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NONBLOCK)
    try:
        capacity = fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ)
        pending = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]
        return bool(pending >= capacity)
    finally:
        os.close(fd)


class CountingExecutor(ThreadPoolExecutor):
    """Counts the calls handed to it, so a test can wait until one is queued."""

    submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


def fake_engine(tmp_path: Path, mode: str) -> TransformersEngine:
    script = tmp_path / "fake_worker.py"
    script.write_text(FAKE)
    python = wrapper(tmp_path, f'exec "{sys.executable}" "{script}" {mode}')
    folder = model_folder(tmp_path, CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json")
    return TransformersEngine(LocalOptions(str(folder), python=python))


def run_or_hang(
    engine: TransformersEngine, scenario: Callable[[], Coroutine[Any, Any, Any]]
) -> Any:
    """The scenario's result; a failure (and the worker ended) if the loop hangs."""
    out: dict[str, Any] = {}
    pids: list[int] = []

    async def watched() -> Any:
        async def note_pid() -> None:
            while engine.worker_pid is None:
                await asyncio.sleep(0.01)
            pids.append(engine.worker_pid)

        spy = asyncio.ensure_future(note_pid())
        try:
            return await scenario()
        finally:
            spy.cancel()

    def run() -> None:
        try:
            out["value"] = asyncio.run(watched())
        except BaseException as exc:  # handed to the test's thread
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(120)  # a guard against a hang, not a measurement: each step takes < 5 s
    if thread.is_alive():
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        thread.join(30)
        pytest.fail("the event loop hung on a worker that stopped reading")
    if "error" in out:
        raise out["error"]
    return out.get("value")


def test_a_worker_that_stops_reading_cannot_block_cancel_or_close(tmp_path: Path) -> None:
    """The page's request (1 MB) sticks in the full pipe; cancelling it and closing the
    engine must still return, and end the worker."""
    engine = fake_engine(tmp_path, "deaf")

    async def scenario() -> tuple[bool, int | None]:
        task = asyncio.ensure_future(engine.read(BIG_PAGE))
        while engine.worker_pid is None or not pipe_full(engine.worker_pid):
            await asyncio.sleep(0.01)  # until the request sticks in the full pipe
        pid = engine.worker_pid
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await engine.aclose()
        return task.cancelled(), pid

    cancelled, pid = run_or_hang(engine, scenario)
    assert cancelled and pid is not None
    assert engine.worker_pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # ended and reaped


@pytest.mark.parametrize("mode", ["mute", "deaf"])
def test_a_worker_that_never_answers_fails_the_page_after_the_silence_limit(
    tmp_path: Path, mode: str
) -> None:
    """The same limit as a server's first-token timeout (mute: it reads the request and
    says nothing; deaf: it does not even read it). The page fails (retryable) and the hung
    worker is ended; the next page starts a new one."""
    engine = fake_engine(tmp_path, mode)
    engine.profile = engine.profile.with_(first_token_timeout_s=1.0)

    async def scenario() -> tuple[str, int | None]:
        task = asyncio.ensure_future(engine.read(BIG_PAGE))
        while engine.worker_pid is None:
            await asyncio.sleep(0.01)
        pid = engine.worker_pid
        with pytest.raises(ServerTimeoutError) as exc:
            await task
        return str(exc.value), pid

    message, pid = run_or_hang(engine, scenario)
    assert "sent nothing for 1 s on this page" in message
    assert engine.worker_pid is None and pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_noise_on_the_pipe_and_other_pages_answers_are_skipped(tmp_path: Path) -> None:
    engine = fake_engine(tmp_path, "noisy")

    async def scenario() -> tuple[str, str, int | None]:
        try:
            reading = await engine.read(BIG_PAGE)
            health = await engine.health()  # a "loaded" event without its fields
            return reading.text, health.message, reading.completion_tokens
        finally:
            await engine.aclose()

    text, health, tokens = run_or_hang(engine, scenario)
    assert (text, tokens) == ("the text", 2)
    assert health == "loaded on ?"


def test_the_worker_is_offline_from_its_first_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before worker_main.py runs a line (a .pth may import huggingface_hub, which reads
    HF_HUB_OFFLINE once, at import), even if the app's environment says otherwise."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    engine = fake_engine(tmp_path, "noisy")

    async def scenario() -> Any:
        try:
            return (await engine.start())["offline"]
        finally:
            await engine.aclose()

    assert run_or_hang(engine, scenario) == ["1", "1"]


def test_the_worker_ends_when_the_app_dies() -> None:
    """The app killed outright (no clean-up runs): the worker sees its stdin close and
    exits, so no model stays in memory with nobody to release it."""
    app = (
        "import json, os, signal, subprocess, sys\n"
        f"w = subprocess.Popen([sys.executable, '-u', {str(WORKER_SCRIPT)!r}], "
        "stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True)\n"
        "hello = json.loads(w.stdout.readline())\n"
        "print(hello['pid'], flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    app_proc = subprocess.run(
        [sys.executable, "-c", app], capture_output=True, text=True, timeout=60, check=False
    )
    assert app_proc.returncode == -signal.SIGKILL
    pid = int(app_proc.stdout.strip())
    # The worker is in its own session, so it is not reaped by us: poll /proc for it.
    for _ in range(600):
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split()[2]
        except FileNotFoundError:
            break
        if state == "Z":
            break
        threading.Event().wait(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        pytest.fail("the worker outlived the app")


@pytest.mark.parametrize("python", ["/nonexistent/python3", "config.json"])
def test_a_configured_python_that_cannot_start_is_a_clear_error(
    tmp_path: Path, python: str
) -> None:
    """Not there, or not executable: the message names it and the setting, no OSError."""
    folder = model_folder(tmp_path, CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json")
    interpreter = python if python.startswith("/") else str(folder / python)
    engine = TransformersEngine(LocalOptions(str(folder), python=interpreter))

    async def scenario() -> None:
        try:
            await engine.read(BIG_PAGE)
        finally:
            await engine.aclose()

    with pytest.raises(LocalModelError) as exc:
        run_or_hang(engine, scenario)
    assert exc.value.kind == "extra"
    assert str(exc.value).startswith(f"The Python that runs the model, {interpreter}, cannot")
    assert "PROOFDESK_TRANSFORMERS_PYTHON" in str(exc.value)


def test_a_read_cancelled_before_its_request_was_written_keeps_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every thread of the loop's executor busy (page renders, say): the request waits
    for one when the cancel comes. It must still be written (then cancelled), so the
    worker answers for it and the model stays loaded; a dropped request left the engine
    waiting out the grace period and ending the worker."""
    # The grace is a guard, not a verdict: the worker answers for the cancelled read in
    # milliseconds, and a dropped request is seen as the worker ended at the grace's end
    # (a new pid), however long it is. At 3 s a worker held up that long (a loaded
    # machine) was ended too.
    monkeypatch.setattr(engine_module, "CANCEL_GRACE_S", 30.0)
    engine = fake_engine(tmp_path, "noisy")

    async def scenario() -> tuple[int | None, int | None, str]:
        loop = asyncio.get_running_loop()
        executor = CountingExecutor(1)
        loop.set_default_executor(executor)
        try:
            await engine.start()
            pid = engine.worker_pid
            gate = threading.Event()
            busy = loop.run_in_executor(None, gate.wait)  # the executor's only thread
            queued = executor.submitted + 1
            task = asyncio.ensure_future(engine.read(BIG_PAGE))
            while executor.submitted < queued:  # until the request's write is queued
                await asyncio.sleep(0.01)  # behind ``busy``
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            gate.set()
            await busy
            after = await engine.read(BIG_PAGE)
            return pid, engine.worker_pid, after.text
        finally:
            await engine.aclose()

    pid, pid_after, text = run_or_hang(engine, scenario)
    assert text == "the text"
    assert pid is not None and pid_after == pid


def test_libraries_printing_to_stdout_cannot_speak_the_protocol(tmp_path: Path) -> None:
    """The real worker, with a "torch" that prints to stdout (from Python and straight to
    fd 1, as C code would) a line that looks like the worker's own "loaded": it lands in
    stderr, and the engine sees only the worker's events (here: transformers missing)."""
    libs = tmp_path / "libs" / "torch"
    libs.mkdir(parents=True)
    fake_loaded = json.dumps({"event": "loaded", "device": "stdout-noise"})
    (libs / "__init__.py").write_text(
        "import os\n"
        f"print({fake_loaded!r}, flush=True)\n"
        f"os.write(1, ({fake_loaded!r} + '\\n').encode())\n"
    )
    python = wrapper(tmp_path, f'PYTHONPATH="{libs.parent}" exec "{sys.executable}" "$@"')
    folder = model_folder(tmp_path, CONFIGS / "Qwen2.5-VL-7B-Instruct.config.json")
    engine = TransformersEngine(LocalOptions(str(folder), python=python))

    async def scenario() -> None:
        try:
            await engine.start()
        finally:
            await engine.aclose()

    with pytest.raises(LocalModelError) as exc:
        run_or_hang(engine, scenario)
    assert exc.value.kind == "extra", str(exc.value)  # import transformers failed, said so
    assert engine.loaded is None


def test_an_answer_that_is_not_a_reading_is_refused_not_stored(tmp_path: Path) -> None:
    """An event of an unknown kind (or text that is not text) for the page is an error;
    taken as a reading it stored an empty page, or the text "None"."""
    engine = fake_engine(tmp_path, "odd")

    async def scenario() -> None:
        try:
            await engine.read(BIG_PAGE)
        finally:
            await engine.aclose()

    with pytest.raises(BadResponseError) as exc:
        run_or_hang(engine, scenario)
    assert "not a reading" in str(exc.value) and "bogus" in exc.value.detail


def test_in_the_built_app_the_worker_is_not_run_by_the_apps_binary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The packaged binary is no Python: ``ProofDesk -u worker_main.py`` would start a
    second app. Unconfigured, the worker's Python is then the one on PATH."""
    from backend.engines.transformers.worker_link import PYTHON_ENV, worker_python

    monkeypatch.delenv(PYTHON_ENV, raising=False)
    assert worker_python() == sys.executable  # a source install: this interpreter
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert worker_python() != sys.executable
    assert worker_python("/opt/py/bin/python") == "/opt/py/bin/python"
    monkeypatch.setenv(PYTHON_ENV, "/env/python")
    assert worker_python() == "/env/python"
