"""`python -m tests.fakevllm --port 0 [--slots N --service-time S ...]`.

Prints `READY http://127.0.0.1:PORT` once listening, serves until SIGTERM or
SIGINT (exit 0). After an `http_500_engine` fault the process exits with 1,
like a vLLM server whose engine died.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from typing import Any

from tests.fakevllm.knobs import check_faults, knob_names, parse_cli_value
from tests.fakevllm.server import FakeVllm


def parse_args(argv: list[str] | None) -> tuple[int, dict[str, Any], list[str]]:
    parser = argparse.ArgumentParser(prog="python -m tests.fakevllm", description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--config", default="{}", help="knobs as one JSON object")
    parser.add_argument("--faults", default="", help="comma-separated fault script")
    for name in knob_names():
        parser.add_argument("--" + name.replace("_", "-"), dest=name, metavar="VALUE")
    args = parser.parse_args(argv)
    knobs = json.loads(args.config)
    for name in knob_names():
        text = getattr(args, name)
        if text is not None:
            knobs[name] = parse_cli_value(name, text)
    faults = check_faults([f for f in args.faults.split(",") if f])
    return args.port, knobs, faults


def main(argv: list[str] | None = None) -> int:
    port, knobs, faults = parse_args(argv)
    done = threading.Event()
    exit_code = 0

    def on_signal(signum: int, frame: object) -> None:
        done.set()

    def on_death() -> None:
        nonlocal exit_code
        exit_code = 1
        done.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    server = FakeVllm(port=port, **knobs)
    server.on_death = on_death
    server.push_faults(*faults)
    sys.stdout.write(f"READY {server.base_url}\n")
    sys.stdout.flush()
    try:
        while not done.wait(0.5):
            pass
    finally:
        server.stop()
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
