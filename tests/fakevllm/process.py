"""The fake server in its own process, for tests that kill and restart it."""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.fakevllm.knobs import Knobs, check_faults

ROOT = Path(__file__).resolve().parents[2]


class FakeProcess:
    """`python -m tests.fakevllm` as a child process (context manager)."""

    def __init__(self, knobs: dict[str, Any], port: int = 0, ready_timeout: float = 15.0) -> None:
        Knobs().updated(**knobs)  # fail here, not in the child
        self.knobs = dict(knobs)
        self.port = port
        self.ready_timeout = ready_timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self._start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def poll(self) -> int | None:
        """The exit code once the process has ended, else None."""
        return self.proc.poll() if self.proc else None

    def _start(self) -> None:
        cmd = [sys.executable, "-m", "tests.fakevllm", "--port", str(self.port)]
        cmd += ["--config", json.dumps(self.knobs)]
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE)
        self.proc = proc
        assert proc.stdout is not None
        line = b""
        deadline = time.monotonic() + self.ready_timeout
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            while not line.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self._reap(signal.SIGKILL)
                    raise TimeoutError(f"fake vLLM not READY in {self.ready_timeout} s")
                chunk = os.read(proc.stdout.fileno(), 1)
                if not chunk:
                    code = self._reap(signal.SIGKILL)
                    raise RuntimeError(f"fake vLLM exited ({code}) before READY: {line!r}")
                line += chunk
        word, _, url = line.decode().strip().partition(" ")
        if word != "READY":
            self._reap(signal.SIGKILL)
            raise RuntimeError(f"unexpected first line from fake vLLM: {line!r}")
        self.port = int(url.rsplit(":", 1)[1])

    def _reap(self, sig: int) -> int | None:
        proc, self.proc = self.proc, None
        if proc is None:
            return None
        if proc.poll() is None:
            proc.send_signal(sig)
        try:
            code = proc.wait(timeout=10)
        finally:
            if proc.stdout is not None:
                proc.stdout.close()
        return code

    def wait(self, timeout: float) -> int:
        """Wait for the process to end on its own (an ``http_500_engine`` fault ends it);
        its exit code. ``timeout`` only guards against a hang (TimeoutExpired past it)."""
        if self.proc is None:
            raise RuntimeError("fake vLLM is not running")
        return self.proc.wait(timeout)

    def kill(self) -> None:
        """SIGKILL: connections reset, the port refuses connections."""
        self._reap(signal.SIGKILL)

    def stop(self) -> int | None:
        """SIGTERM and wait; returns the exit code (0 on a clean stop)."""
        return self._reap(signal.SIGTERM)

    def restart(self) -> None:
        """Kill if still running, then start again on the same port."""
        self.kill()
        self._start()

    def __enter__(self) -> FakeProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- the HTTP control API ------------------------------------------------------

    def _control(self, method: str, path: str, payload: Any = None) -> Any:
        import urllib.request  # slow import, only needed here

        data = None if payload is None else json.dumps(payload).encode()
        request = urllib.request.Request(
            self.base_url + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def configure(self, **knobs: Any) -> None:
        """Change knobs now; they are kept for restarts too."""
        self._control("POST", "/_fake/config", knobs)
        self.knobs.update(knobs)

    def push_faults(self, *kinds: str) -> None:
        self._control("POST", "/_fake/faults", check_faults(list(kinds)))

    def requests(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = self._control("GET", "/_fake/requests")
        return result

    def reset(self) -> None:
        self._control("POST", "/_fake/reset", {})


def spawn_fake_vllm(*, port: int = 0, ready_timeout: float = 15.0, **knobs: Any) -> FakeProcess:
    """Start `python -m tests.fakevllm` with these knobs; returns once it is READY."""
    return FakeProcess(knobs, port=port, ready_timeout=ready_timeout)
