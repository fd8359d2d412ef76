"""The real CLI with one step replaced by a wait that only the test's SIGINT ends.

    python -m tests.backend.cli.cli_interrupt_entry MODULE:ATTR[.ATTR] CLI-ARGS...

The step (e.g. ``backend.cli.plan:read_json``) writes ``BLOCKED`` on stderr,
then reads stdin, which the test holds open and never writes: the test sends
SIGINT only after it saw that line, so the interrupt always lands inside the
command, never before Python's own handler is installed or after the command
ended. Nothing else of the CLI is changed.
"""

from __future__ import annotations

import importlib
import signal
import sys
from typing import Any

from backend.cli.commands import main

READY = "BLOCKED"


def _blocked(*_args: Any, **_kwargs: Any) -> Any:
    sys.stderr.write(READY + "\n")
    sys.stderr.flush()
    sys.stdin.read()  # the SIGINT raises KeyboardInterrupt in here
    raise AssertionError("stdin was closed without the SIGINT the test owes")


def block(target: str) -> None:
    module_name, _, attrs = target.partition(":")
    owner: Any = importlib.import_module(module_name)
    *path, name = attrs.split(".")
    for attr in path:
        owner = getattr(owner, attr)
    getattr(owner, name)  # a typo in the test must not patch a name nothing calls
    setattr(owner, name, _blocked)


if __name__ == "__main__":
    # Ctrl+C as a terminal delivers it. A process started in the background by a
    # shell without job control (nohup, `&` in a script: the flake hunt, some CI
    # runners) inherits SIGINT ignored, and Python keeps it ignored, so the test's
    # signal would never arrive and stdin would be closed under the wait instead.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    block(sys.argv[1])
    sys.exit(main(sys.argv[2:]))
