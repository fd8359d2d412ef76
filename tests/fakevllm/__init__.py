"""A protocol-faithful fake of vLLM's OpenAI-compatible server, for tests and benchmarks.

In process::

    with FakeVllm(slots=2, service_time=0.1) as fake:
        httpx.post(fake.base_url + "/v1/chat/completions", json=...)
        fake.push_faults("reset_before", "http_429")

In its own process (so it can be killed and restarted)::

    with spawn_fake_vllm(model="m") as proc:
        proc.kill(); proc.restart()

Only the standard library: importing this package is cheap.
"""

from tests.fakevllm.knobs import FAULT_KINDS, Knobs
from tests.fakevllm.process import FakeProcess, spawn_fake_vllm
from tests.fakevllm.server import FakeVllm

__all__ = ["FAULT_KINDS", "FakeProcess", "FakeVllm", "Knobs", "spawn_fake_vllm"]
