"""Fixtures of the OCR tests: two fake vLLM servers on loopback, fast and roomy."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakevllm import FakeVllm


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.02, slots=8) as server:
        yield server


@pytest.fixture
def fake2() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.02, slots=8) as server:
        yield server
