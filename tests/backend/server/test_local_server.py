"""The local vLLM server manager against a stand-in ``vllm`` entry point, in real processes.

``tests/fake_vllm_entry`` holds a fake ``vllm.entrypoints.openai.api_server``
that prints vLLM-like start-up lines and serves ``tests.fakevllm``; its
``FAKE_VLLM_BEHAVIOUR`` makes it run out of memory, get killed or hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import httpx
import pytest

from backend.errors import LocalServerError
from backend.server.local_server import LocalServer, LocalServerConfig, build_command
from tests.backend.server.local_server_helpers import fake_env, pids

T = TypeVar("T")


def fake_config(
    behaviour: str = "ok", *, env: dict[str, str] | None = None, **kw: Any
) -> LocalServerConfig:
    kw.setdefault("python", sys.executable)
    return LocalServerConfig(
        model="/models/tiny-vl",
        served_model_name="tiny-vl",
        env={**fake_env(behaviour), **(env or {})},
        **kw,
    )


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(asyncio.wait_for(coro, 60))


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


async def gone(pid: int, timeout: float = 10.0) -> bool:
    deadline = asyncio.get_running_loop().time() + timeout
    while alive(pid):
        if asyncio.get_running_loop().time() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def logged(server: LocalServer, words: str, timeout: float = 30.0) -> bool:
    """Whether a line with ``words`` reaches the server's log within ``timeout`` (a guard)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not any(words in line for line in server.lines):
        if asyncio.get_running_loop().time() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


def non_loopback_ip() -> str | None:
    """This machine's address on its default route, if it has one (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.254", 9))
        except OSError:
            return None
        ip = str(s.getsockname()[0])
    return None if ip.startswith("127.") or ip == "0.0.0.0" else ip


# --- starting and serving ----------------------------------------------------------------


def test_start_becomes_ready_and_answers_only_with_its_key() -> None:
    async def scenario() -> None:
        seen: list[str] = []
        server = LocalServer(fake_config(), on_log=seen.append)
        try:
            await server.start(timeout_s=30, poll_s=0.1)
            assert server.state == "ready"
            async with httpx.AsyncClient(trust_env=False) as http:
                root = server.base_url.removesuffix("/v1")
                assert (await http.get(root + "/health")).status_code == 200
                denied = await http.get(server.base_url + "/models")
                assert denied.status_code == 401
                wrong = await http.get(
                    server.base_url + "/models", headers={"Authorization": "Bearer nope"}
                )
                assert wrong.status_code == 401
                ok = await http.get(
                    server.base_url + "/models",
                    headers={"Authorization": f"Bearer {server.api_key}"},
                )
                assert ok.status_code == 200
                assert [m["id"] for m in ok.json()["data"]] == ["tiny-vl"]
            assert any("Starting vLLM API server" in line for line in seen)
            assert list(server.lines) == seen
        finally:
            await server.stop()
        assert server.state == "stopped"
        assert server.exit_code == 0  # it shut down cleanly on SIGTERM

    run(scenario())


def test_each_server_gets_a_fresh_key_never_on_its_command_line() -> None:
    async def scenario() -> None:
        server = LocalServer(fake_config())
        assert server.api_key != LocalServer(fake_config()).api_key
        assert len(server.api_key) >= 24
        try:
            await server.start(timeout_s=30, poll_s=0.1)
            (pid,) = pids(server, "APIServer")
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode()
            assert "vllm.entrypoints.openai.api_server" in cmdline
            assert server.api_key not in cmdline
            assert server.api_key not in "\n".join(server.lines)
        finally:
            await server.stop()

    run(scenario())


def test_bound_to_loopback_only() -> None:
    async def scenario() -> None:
        server = LocalServer(fake_config())
        cmd = build_command(server.cfg, server.port)
        assert cmd[cmd.index("--host") + 1] == "127.0.0.1"
        assert urlsplit(server.base_url).hostname == "127.0.0.1"
        assert server.profile().is_loopback
        ip = non_loopback_ip()
        try:
            await server.start(timeout_s=30, poll_s=0.1)
            if ip is None:
                return  # no other interface to try from
            with pytest.raises(OSError), socket.create_connection((ip, server.port), timeout=2):
                pass
        finally:
            await server.stop()

    run(scenario())


@pytest.mark.parametrize("arg", ["--host=0.0.0.0", "--port", "--api-key=abc", "--model"])
def test_reserved_flags_in_extra_args_are_refused(arg: str) -> None:
    server = LocalServer(fake_config(extra_args=("--trust-remote-code", arg)))
    with pytest.raises(LocalServerError, match="set by ProofDesk itself"):
        run(server.start(timeout_s=5))
    assert server.state == "stopped"  # nothing was started
    assert not server.lines


def test_the_chosen_options_reach_the_server() -> None:
    cfg = fake_config(
        max_model_len=8192,
        gpu_memory_utilization=0.8,
        max_num_seqs=4,
        limit_images=2,
        enforce_eager=True,
        extra_args=("--trust-remote-code",),
    )
    cmd = build_command(cfg, 9000)
    joined = " ".join(cmd)
    for part in (
        "--max-model-len 8192",
        "--gpu-memory-utilization 0.8",
        "--max-num-seqs 4",
        "--served-model-name tiny-vl",
        "--enforce-eager",
        "--trust-remote-code",
    ):
        assert part in joined

    async def scenario() -> None:
        server = LocalServer(cfg)
        try:
            await server.start(timeout_s=30, poll_s=0.1)  # unknown flags are the server's business
            assert any("'max_model_len': 8192" in line for line in server.lines)
            assert any("'limit_mm_per_prompt': {'image': 2}" in line for line in server.lines)
        finally:
            await server.stop()

    run(scenario())


# --- failures ----------------------------------------------------------------------------


def test_out_of_memory_at_start_is_diagnosed_with_a_remedy() -> None:
    server = LocalServer(fake_config("oom"))
    with pytest.raises(LocalServerError) as caught:
        run(server.start(timeout_s=30, poll_s=0.1))
    message = str(caught.value)
    assert "stopped while starting (exit code 1)" in message
    assert "ran out of memory" in message and "--gpu-memory-utilization" in message
    assert "OutOfMemoryError" in caught.value.detail  # the log's tail, for the details
    assert [d.code for d in server.diagnoses()] == ["cuda_oom"]
    assert server.exit_code == 1
    assert any("CUDA out of memory" in line for line in server.lines)  # the log is kept


def test_a_killed_server_is_diagnosed() -> None:
    server = LocalServer(fake_config("killed"))
    with pytest.raises(LocalServerError) as caught:
        run(server.start(timeout_s=30, poll_s=0.1))
    assert "exit code -9" in str(caught.value)
    assert "killed" in str(caught.value)
    assert server.diagnoses()[0].code == "killed_oom"


def test_a_missing_interpreter_is_a_clear_error() -> None:
    server = LocalServer(fake_config(python="/nonexistent/bin/python3"))
    with pytest.raises(LocalServerError, match="Could not start"):
        run(server.start(timeout_s=5))


def test_a_start_that_times_out_raises_and_kills_the_child() -> None:
    async def scenario() -> None:
        server = LocalServer(fake_config("hang"))
        with pytest.raises(LocalServerError, match="not ready after 2 s"):
            await server.start(timeout_s=1.5, poll_s=0.1)
        (pid,) = pids(server, "APIServer")
        assert await gone(pid)
        assert server.exit_code is not None
        assert server.state == "stopped"

    run(scenario())


def test_an_unexpected_exit_while_running_is_reported() -> None:
    async def scenario() -> None:
        server = LocalServer(fake_config())
        try:
            await server.start(timeout_s=30, poll_s=0.1)
            (pid,) = pids(server, "APIServer")
            os.kill(pid, 9)
            assert await server.wait_exit() == -9
            assert server.state == "crashed"
            assert server.diagnoses()[0].code == "killed_oom"
        finally:
            await server.stop()

    run(scenario())


# --- stopping ----------------------------------------------------------------------------


def test_stop_ends_the_whole_process_group() -> None:
    async def scenario() -> None:
        server = LocalServer(fake_config(env={"FAKE_VLLM_WORKER": "1"}))
        try:
            await server.start(timeout_s=30, poll_s=0.1)
            (worker,) = pids(server, "EngineCore_DP0")
            (main,) = pids(server, "APIServer")
            assert alive(worker) and alive(main)
        finally:
            await server.stop()
        assert await gone(main) and await gone(worker)
        assert server.state == "stopped"

    run(scenario())


def test_stop_kills_a_group_that_ignores_sigterm() -> None:
    async def scenario() -> None:
        server = LocalServer(fake_config(env={"FAKE_VLLM_WORKER": "stubborn"}))
        try:
            await server.start(timeout_s=30, poll_s=0.1)
            (worker,) = pids(server, "EngineCore_DP0")
            # Until the child ignores SIGTERM, a SIGTERM would end it: wait for its word.
            assert await logged(server, "SIGTERM ignored"), "the worker never ignored SIGTERM"
        finally:
            with contextlib.suppress(Exception):
                await server.stop(grace_s=1.0)
        assert await gone(worker)
        assert server.exit_code == -9
        assert server.state == "stopped"

    run(scenario())
