"""The app's end of one transformers worker process: start it, talk to it, end it.

A plain ``subprocess.Popen`` with a reader thread, whatever asyncio loop the
caller runs (qasync's too): the thread hands each event line to the loop with
``call_soon_threadsafe``, and writes go through the loop's executor, so a full
pipe never blocks the loop. The worker's stderr (torch's and transformers'
chatter) is kept, last lines only, for the error a crash explains itself with.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import os
import subprocess
import threading
from pathlib import Path
from typing import Any

from backend.server.interpreter import default_python

WORKER_SCRIPT = Path(__file__).resolve().parent / "worker_main.py"
PYTHON_ENV = "PROOFDESK_TRANSFORMERS_PYTHON"
STDERR_LINES = 40
# The worker sets these itself too; set here as well, they hold from the interpreter's
# first line (a .pth or sitecustomize importing huggingface_hub reads them at import).
OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
MAX_EVENT_BYTES = 64 * 1024 * 1024  # a page's answer with logprobs is a few MB at most


def worker_python(explicit: str | None = None) -> str:
    """The interpreter that runs the worker: given, configured, or the app's own (in the
    built app, whose binary is no Python, the python3 on PATH, as for a local vLLM)."""
    return explicit or os.environ.get(PYTHON_ENV) or default_python()


class WorkerGone(Exception):
    """The worker process ended; ``code`` is its exit status, ``tail`` its last stderr."""

    def __init__(self, code: int | None, tail: str) -> None:
        super().__init__(f"worker exited ({code})")
        self.code = code
        self.tail = tail


class WorkerLink:
    def __init__(
        self, python: str, env: dict[str, str] | None = None, *, niceness: int = 10
    ) -> None:
        self.python = python
        self.niceness = niceness
        self._env = {**os.environ, **OFFLINE_ENV, **(env or {})}
        self._proc: subprocess.Popen[bytes] | None = None
        self._events: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._write_lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._proc = subprocess.Popen(
            [self.python, "-u", str(WORKER_SCRIPT), "--nice", str(self.niceness)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=self._env,
            # Its own session: a Ctrl+C in the terminal stops the app, which then
            # ends the worker itself (its stdin closes), never half-way in torch.
            start_new_session=True,
        )
        proc = self._proc
        threading.Thread(
            target=self._read_events, args=(proc, loop), name="tx-worker-out", daemon=True
        ).start()
        threading.Thread(
            target=self._read_stderr, args=(proc,), name="tx-worker-err", daemon=True
        ).start()

    def _read_events(self, proc: subprocess.Popen[bytes], loop: asyncio.AbstractEventLoop) -> None:
        assert proc.stdout is not None
        for raw in iter(lambda: proc.stdout.readline(MAX_EVENT_BYTES), b""):  # type: ignore[union-attr]
            try:
                event = json.loads(raw)
            except ValueError:
                continue
            if isinstance(event, dict):
                self._post(loop, event)
        proc.stdout.close()
        proc.wait()
        with self._write_lock, contextlib.suppress(OSError, ValueError):
            if proc.stdin is not None:
                proc.stdin.close()
        self._post(loop, None)

    def _post(self, loop: asyncio.AbstractEventLoop, event: dict[str, Any] | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody is listening
            loop.call_soon_threadsafe(self._events.put_nowait, event)

    def _read_stderr(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stderr is not None
        with proc.stderr:
            for raw in proc.stderr:
                self._stderr.append(raw.decode("utf-8", "replace").rstrip())

    def stderr_tail(self) -> str:
        return "\n".join(self._stderr)

    async def next_event(self) -> dict[str, Any]:
        """The worker's next event; ``WorkerGone`` once it has ended."""
        event = await self._events.get()
        if event is None:
            self._events.put_nowait(None)  # every later call sees the end too
            code = None if self._proc is None else self._proc.wait()
            raise WorkerGone(code, self.stderr_tail())
        return event

    async def send(self, request: dict[str, Any]) -> None:
        line = (json.dumps(request, ensure_ascii=True) + "\n").encode()
        # Shielded: a caller cancelled while the write still waits for a thread must not
        # drop it, or the cancel that follows names a page the worker never got (and
        # the wait for that page's end runs out and ends the worker, model and all).
        await asyncio.shield(asyncio.get_running_loop().run_in_executor(None, self._write, line))

    def send_nowait(self, request: dict[str, Any]) -> None:
        """For a cancel: a short line, written from a thread of its own, never the loop's.
        The page's request may still be going in (a worker that stopped reading holds it,
        and the write lock, until it is ended): the loop must not wait for that."""
        line = (json.dumps(request) + "\n").encode()
        threading.Thread(
            target=self._write, args=(line,), name="tx-worker-cancel", daemon=True
        ).start()

    def _write(self, line: bytes) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            return
        with self._write_lock, contextlib.suppress(OSError, ValueError):  # it ended meanwhile
            proc.stdin.write(line)
            proc.stdin.flush()

    def kill(self) -> None:
        """End the worker now (and the model with it). Safe to call twice."""
        proc = self._proc
        if proc is None:
            return
        # Killed first: a write blocked on a full pipe (a worker that stopped reading)
        # then fails at once and lets go of the write lock taken below.
        if proc.poll() is None:
            proc.kill()
        with self._write_lock, contextlib.suppress(OSError, ValueError):
            if proc.stdin is not None:
                proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
