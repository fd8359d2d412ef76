"""A stand-in for ``python -m vllm.entrypoints.openai.api_server`` (tests only).

Takes the flags ProofDesk passes (unknown ones are ignored, as a newer vLLM's
would be accepted), reads the API key from ``VLLM_API_KEY``, prints start-up
lines worded like vLLM 0.32's and then serves ``tests.fakevllm.FakeVllm``
until SIGTERM. ``FAKE_VLLM_BEHAVIOUR`` chooses how the start goes:

- ``ok``: start and serve (the default);
- ``oom``: a CUDA out-of-memory traceback while loading, exit 1;
- ``killed``: a few lines, then SIGKILL to itself (as the OOM killer would);
- ``slow``: wait ``FAKE_VLLM_DELAY_S`` seconds (default 3) before listening;
- ``hang``: never listen.

``FAKE_VLLM_WORKER=1`` also starts an "EngineCore" child process in the same
process group and prints its pid, so tests can check the whole group is stopped;
``FAKE_VLLM_WORKER=stubborn`` makes that child ignore SIGTERM (and the server
wait for it), so only SIGKILL to the group ends them.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[5]
if str(ROOT) not in sys.path:  # ``tests.fakevllm`` must import however we were started
    sys.path.append(str(ROOT))

PID = os.getpid()


def log(message: str, *, where: str = "api_server.py:1880", proc: str = "APIServer") -> None:
    stamp = time.strftime("%m-%d %H:%M:%S")
    print(f"({proc} pid={PID}) INFO {stamp} [{where}] {message}", flush=True)


def error(message: str, *, proc: str, pid: int) -> None:
    stamp = time.strftime("%m-%d %H:%M:%S")
    print(f"({proc} pid={pid}) ERROR {stamp} [core.py:842] {message}", flush=True)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="vllm.entrypoints.openai.api_server")
    parser.add_argument("--model", required=True)
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--served-model-name", nargs="+", default=None)
    parser.add_argument("--max-model-len", type=int, default=None)
    parser.add_argument("--gpu-memory-utilization", type=float, default=None)
    parser.add_argument("--max-num-seqs", type=int, default=None)
    parser.add_argument("--limit-mm-per-prompt", default=None)
    parser.add_argument("--kv-cache-dtype", default=None)
    parser.add_argument("--dtype", default=None)
    parser.add_argument("--quantization", default=None)
    parser.add_argument("--enforce-eager", action="store_true")
    args, _unknown = parser.parse_known_args(argv)
    return args


def non_default(args: argparse.Namespace) -> dict[str, Any]:
    shown = {"model_tag": args.model, "host": args.host, "port": args.port, "model": args.model}
    for name in ("max_model_len", "gpu_memory_utilization", "max_num_seqs", "served_model_name"):
        if getattr(args, name):
            shown[name] = getattr(args, name)
    if args.limit_mm_per_prompt:
        shown["limit_mm_per_prompt"] = json.loads(args.limit_mm_per_prompt)
    return shown


def start_worker() -> subprocess.Popen[bytes] | None:
    kind = os.environ.get("FAKE_VLLM_WORKER", "")
    if kind not in ("1", "stubborn"):
        return None
    # A stubborn child says when it ignores SIGTERM, so a test can wait for that line
    # (a SIGTERM sent before would end it) instead of sleeping.
    ignore = (
        "signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "print(f'(EngineCore_DP0 pid={os.getpid()}) INFO SIGTERM ignored', flush=True); "
        if kind == "stubborn"
        else ""
    )
    code = f"import os, signal, time; {ignore}time.sleep(600)"
    # Same process group (no new session): stopping the server must end it too.
    return subprocess.Popen([sys.executable, "-c", code])


def preamble(args: argparse.Namespace, worker: subprocess.Popen[bytes] | None) -> int:
    log("vLLM API server version 0.32.0")
    log(f"non-default args: {non_default(args)}", where="utils.py:253")
    log("Resolved architecture: Qwen3VLForConditionalGeneration", where="model.py:631")
    log(f"Using max model len {args.max_model_len or 32768}", where="model.py:1745")
    core = worker.pid if worker is not None else PID + 1
    print(
        f"(EngineCore_DP0 pid={core}) INFO {time.strftime('%m-%d %H:%M:%S')} "
        f"[gpu_model_runner.py:3338] Starting to load model {args.model}...",
        flush=True,
    )
    return core


def oom(core: int) -> int:
    print("Loading safetensors checkpoint shards:  32% Completed | 12/38 [00:41<01:29]", flush=True)
    error("EngineCore failed to start.", proc="EngineCore_DP0", pid=core)
    error("Traceback (most recent call last):", proc="EngineCore_DP0", pid=core)
    error(
        '  File "/usr/lib/python3/dist-packages/vllm/model_executor/model_loader/'
        'default_loader.py", line 293, in load_weights',
        proc="EngineCore_DP0",
        pid=core,
    )
    error(
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 464.00 MiB. "
        "GPU 0 has a total capacity of 23.55 GiB of which 301.06 MiB is free. "
        "Process 2231 has 23.24 GiB memory in use.",
        proc="EngineCore_DP0",
        pid=core,
    )
    print(f"(APIServer pid={PID}) Traceback (most recent call last):", flush=True)
    print(
        f"(APIServer pid={PID}) RuntimeError: Engine core initialization failed. "
        "See root cause above. Failed core proc(s): {}",
        flush=True,
    )
    return 1


def serve(args: argparse.Namespace, stop: threading.Event) -> int:
    from tests.fakevllm import FakeVllm

    name = (args.served_model_name or [args.model])[0]
    knobs: dict[str, Any] = {"model": name, "api_key": os.environ.get("VLLM_API_KEY") or None}
    if args.max_model_len:
        knobs["max_model_len"] = args.max_model_len
    with FakeVllm(port=args.port, service_time=0.02, **knobs) as fake:
        log("Supported_tasks: ['generate']", where="api_server.py:1634")
        log(
            f"Starting vLLM API server 0 on http://{args.host}:{fake.port}",
            where="api_server.py:1912",
        )
        log("Available routes are:", where="launcher.py:44")
        print(f"(APIServer pid={PID}) INFO:     Started server process [{PID}]", flush=True)
        print(f"(APIServer pid={PID}) INFO:     Application startup complete.", flush=True)
        stop.wait()
        print(f"(APIServer pid={PID}) INFO:     Shutting down", flush=True)
    return 0


def main(argv: list[str]) -> int:
    args = parse(argv)
    behaviour = os.environ.get("FAKE_VLLM_BEHAVIOUR", "ok")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    worker = start_worker()
    try:
        core = preamble(args, worker)
        if behaviour == "oom":
            return oom(core)
        if behaviour == "killed":
            print("Loading safetensors checkpoint shards:  75% Completed | 3/4", flush=True)
            os.kill(PID, signal.SIGKILL)
        if behaviour == "hang":
            log("Waiting for the engine core to start...", where="utils.py:881")
            stop.wait()
            return 0
        if behaviour == "slow" and stop.wait(float(os.environ.get("FAKE_VLLM_DELAY_S", "3"))):
            return 0
        return serve(args, stop)
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
