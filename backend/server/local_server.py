"""Start, watch and stop a vLLM server on this machine.

Always bound to 127.0.0.1 with a fresh random API key passed through the
environment (``VLLM_API_KEY``), never on the command line where any user can
read it in the process list: a server ProofDesk starts is reachable only from
this machine, and only by ProofDesk. Readiness is ``/health`` answering 200;
the child's exit is watched at the same time, so a crash is reported at once
with its last log lines and the likely cause (``backend.server.diagnose``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

from backend.errors import LocalServerError
from backend.i18n import _
from backend.server.diagnose import Diagnosis, diagnose_log
from backend.server.interpreter import default_python
from backend.settings.profiles import ServerProfile

ENTRY_MODULE = "vllm.entrypoints.openai.api_server"
LOG_LINES_KEPT = 2000
# Flags ProofDesk sets itself; taking them from "extra args" would undo the
# loopback binding or put a key on the command line.
RESERVED_FLAGS = ("--host", "--port", "--api-key", "--model", "--config")


@dataclass(frozen=True)
class LocalServerConfig:
    model: str  # a local folder or a model id the machine already has
    served_model_name: str = ""
    python: str = field(default_factory=default_python)  # the interpreter with vllm
    port: int = 0  # 0: pick a free one
    max_model_len: int | None = None
    gpu_memory_utilization: float | None = None
    max_num_seqs: int | None = None
    limit_images: int | None = None
    kv_cache_dtype: str = ""
    dtype: str = ""
    quantization: str = ""
    enforce_eager: bool = False
    extra_args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.served_model_name or self.model


def build_command(cfg: LocalServerConfig, port: int) -> list[str]:
    for arg in cfg.extra_args:
        # vLLM's parser reads --api_key as --api-key: check the flag as vLLM will.
        flag = arg.split("=", 1)[0].replace("_", "-")
        if flag in RESERVED_FLAGS:
            raise LocalServerError(
                _(
                    "“{arg}” is set by ProofDesk itself (a config file could change the "
                    "address or key too); remove it from the extra arguments."
                ).format(arg=arg)
            )
    cmd = [
        cfg.python,
        "-m",
        ENTRY_MODULE,
        "--model",
        cfg.model,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    options: list[tuple[str, object]] = [
        ("--served-model-name", cfg.served_model_name),
        ("--max-model-len", cfg.max_model_len),
        ("--gpu-memory-utilization", cfg.gpu_memory_utilization),
        ("--max-num-seqs", cfg.max_num_seqs),
        ("--kv-cache-dtype", cfg.kv_cache_dtype),
        ("--dtype", cfg.dtype),
        ("--quantization", cfg.quantization),
    ]
    for flag, value in options:
        if value:
            cmd += [flag, str(value)]
    if cfg.limit_images:
        cmd += ["--limit-mm-per-prompt", f'{{"image": {cfg.limit_images}}}']
    if cfg.enforce_eager:
        cmd.append("--enforce-eager")
    return cmd + list(cfg.extra_args)


# Linux: the server gets SIGTERM if ProofDesk dies without stopping it (a crash,
# a kill -9), so it never lingers holding the GPU. A tiny launcher sets the
# parent-death signal and then becomes the server (the setting survives exec).
_LAUNCHER = (
    "import ctypes, os, signal, sys; "
    "ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM); "  # PR_SET_PDEATHSIG
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def launch_command(cmd: list[str]) -> list[str]:
    if not sys.platform.startswith("linux"):
        return cmd
    return [cmd[0], "-c", _LAUNCHER, *cmd]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalServer:
    """One local vLLM process. ``state``: stopped, starting, ready, crashed."""

    def __init__(
        self, cfg: LocalServerConfig, *, on_log: Callable[[str], None] | None = None
    ) -> None:
        self.cfg = cfg
        self.on_log = on_log
        self.api_key = secrets.token_urlsafe(24)
        self.port = cfg.port or free_port()
        self.state = "stopped"
        self.exit_code: int | None = None
        self.lines: deque[str] = deque(maxlen=LOG_LINES_KEPT)
        self._proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._stopping = False  # we are ending it: its exit is not a crash

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def profile(self) -> ServerProfile:
        return ServerProfile(
            name=f"Local: {self.cfg.name}",
            base_url=self.base_url,
            model=self.cfg.name,
            id=f"local-{self.port}",
        )

    def diagnoses(self) -> list[Diagnosis]:
        # An exit code we caused (SIGTERM/SIGKILL from stop) says nothing about the server.
        return diagnose_log(list(self.lines), None if self._stopping else self.exit_code)

    async def start(self, *, timeout_s: float = 900.0, poll_s: float = 1.0) -> None:
        """Start and wait until ``/health`` answers 200. Raises ``LocalServerError``."""
        if self._proc is not None and self._proc.returncode is None:
            return
        cmd = build_command(self.cfg, self.port)
        env = {
            **os.environ,
            **self.cfg.env,
            "VLLM_API_KEY": self.api_key,
            # vLLM reports usage statistics unless told not to.
            "VLLM_NO_USAGE_STATS": "1",
            "DO_NOT_TRACK": "1",
            "PYTHONUNBUFFERED": "1",
        }
        self.lines.clear()
        self.exit_code = None
        self._stopping = False
        self.state = "starting"
        try:
            self._proc = await asyncio.create_subprocess_exec(
                *launch_command(cmd),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                env=env,
                start_new_session=True,  # its own process group: stop() ends its workers too
            )
        except OSError as exc:
            self.state = "crashed"
            raise LocalServerError(
                _("Could not start {cfg_python}: {value}").format(
                    cfg_python=cfg_python(self.cfg), value=exc.strerror or exc
                )
            ) from exc
        self._reader = asyncio.create_task(self._read_log(self._proc))
        try:
            await self._wait_ready(timeout_s, poll_s)
        except BaseException:
            exited_by_itself = self._proc.returncode is not None
            await self.stop()
            if exited_by_itself:
                self.state = "crashed"  # not the same as stopped by us (timeout, cancel)
            raise

    async def _wait_ready(self, timeout_s: float, poll_s: float) -> None:
        assert self._proc is not None
        deadline = time.monotonic() + timeout_s
        async with httpx.AsyncClient(trust_env=False, timeout=5.0) as http:
            while time.monotonic() < deadline:
                if self._proc.returncode is not None:
                    await self._drain()
                    self.exit_code = self._proc.returncode
                    self.state = "crashed"
                    raise self._failure(_("The local server stopped while starting"))
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get(f"http://127.0.0.1:{self.port}/health")).status_code == 200:
                        self.state = "ready"
                        return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(self._proc.wait()), poll_s)
        raise self._failure(
            _("The local server was not ready after {timeout_s:.0f} s").format(timeout_s=timeout_s)
        )

    def _failure(self, what: str) -> LocalServerError:
        found = self.diagnoses()
        cause = " ".join(f"{d.title} {d.remedy}" for d in found) or _("See the log for details.")
        code = (
            _(" (exit code {exit_code})").format(exit_code=self.exit_code)
            if self.exit_code is not None
            else ""
        )
        tail = "\n".join(list(self.lines)[-15:])
        return LocalServerError(
            _("{what}{code}. {cause}").format(what=what, code=code, cause=cause), detail=tail
        )

    async def _read_log(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        while True:
            raw = await proc.stdout.readline()
            if not raw:
                return
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.lines.append(line)
            if self.on_log is not None:
                self.on_log(line)

    async def _drain(self) -> None:
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 5.0)

    async def wait_exit(self) -> int:
        """Wait for the process to end (it crashed, or was stopped); returns its exit code."""
        assert self._proc is not None
        code = await self._proc.wait()
        await self._drain()
        self.exit_code = code
        self.state = "stopped" if self._stopping else "crashed"
        return code

    async def stop(self, *, grace_s: float = 30.0) -> None:
        """SIGTERM the process group, then SIGKILL after ``grace_s``."""
        proc = self._proc
        if proc is None:
            self.state = "stopped"
            return
        if proc.returncode is None:
            self._stopping = True
            self._signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), grace_s)
            except TimeoutError:
                self._signal(signal.SIGKILL)
                await proc.wait()
        await self._drain()
        self.exit_code = proc.returncode
        self.state = "stopped"

    def kill_now(self) -> None:
        """Synchronous last resort (the app is exiting without a loop)."""
        if self._proc is not None and self._proc.returncode is None:
            self._signal(signal.SIGKILL)

    def _signal(self, sig: signal.Signals) -> None:
        assert self._proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self._proc.pid, sig)


def cfg_python(cfg: LocalServerConfig) -> str:
    return f"vLLM with {cfg.python}"
