"""Running the fake vLLM as a local server: the environment that makes ``python -m vllm``
run it (``fake_env``), and the pids its processes announce in the log (``pids``)."""

from __future__ import annotations

import os
import re

from backend.server.local_server import LocalServer
from tests.conftest import ROOT

FAKE_ENTRY = ROOT / "tests" / "fake_vllm_entry"


def fake_env(behaviour: str = "ok", **extra: str) -> dict[str, str]:
    """The environment that makes ``python -m vllm...`` run the fake (and find ``tests``)."""
    return {
        "PYTHONPATH": os.pathsep.join([str(FAKE_ENTRY), str(ROOT)]),
        "FAKE_VLLM_BEHAVIOUR": behaviour,
        **extra,
    }


def pids(server: LocalServer, proc: str) -> list[int]:
    """The pids a process announced in the log, e.g. ``(EngineCore_DP0 pid=12)``."""
    found = (re.search(rf"\({proc} pid=(\d+)\)", line) for line in server.lines)
    return sorted({int(m[1]) for m in found if m})
