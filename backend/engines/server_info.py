"""What a server says about itself: models, health and load (``/metrics``)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from backend.errors import BadResponseError
from backend.i18n import _


@dataclass(frozen=True)
class ModelInfo:
    id: str
    max_model_len: int | None  # vLLM lists it; other OpenAI-compatible servers may not


MAX_CONTEXT = 2**31  # past any model's context: such a length is nonsense, not a limit


def parse_models(
    body: Any, server: str, clean: Callable[[str], str] = lambda text: text
) -> list[ModelInfo]:
    """The models of a ``/v1/models`` answer (its parsed JSON); ``clean`` runs on each id."""
    data = body.get("data") if isinstance(body, dict) else None
    if not isinstance(data, list):
        raise BadResponseError(_("The server's model list has an unexpected shape."), server=server)
    return [
        ModelInfo(clean(m["id"]), _context_length(m.get("max_model_len")))
        for m in data
        if isinstance(m, dict) and isinstance(m.get("id"), str) and m["id"]
    ]


def _context_length(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < MAX_CONTEXT:
        return value
    return None


@dataclass(frozen=True)
class Health:
    ok: bool
    status: int | None  # None: no answer at all
    message: str


def health_of(status: int) -> Health:
    """What the HTTP status of a ``/health`` answer says."""
    if status == 200:
        return Health(True, 200, "ready")
    if status == 503:
        return Health(
            False, 503, _("The server is up but its engine is not ready (starting, or dead).")
        )
    return Health(False, status, _("Health check answered HTTP {status}.").format(status=status))


@dataclass(frozen=True)
class ServerLoad:
    running: float
    waiting: float
    kv_cache_usage: float | None  # 0..1

    @property
    def summary(self) -> str:
        kv = (
            ""
            if self.kv_cache_usage is None
            else _(", KV cache {kv_cache_usage:.0%}").format(kv_cache_usage=self.kv_cache_usage)
        )
        return _("{running:g} running, {waiting:g} waiting{kv}").format(
            running=self.running, waiting=self.waiting, kv=kv
        )


# One sample line of the Prometheus text format: name{labels} value [timestamp]
_SAMPLE = re.compile(r"^([A-Za-z_:][A-Za-z0-9_:]*)(\{[^}]*\})?\s+(\S+)")
_WANTED = {
    "vllm:num_requests_running": "running",
    "vllm:num_requests_waiting": "waiting",
    "vllm:kv_cache_usage_perc": "kv",
    "vllm:gpu_cache_usage_perc": "kv",  # older vLLM name for the same gauge
}


def parse_metrics(text: str) -> ServerLoad | None:
    """Sum vLLM's load gauges over engines/models; None when the page has none."""
    sums: dict[str, float] = {}
    kv_values: list[float] = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        m = _SAMPLE.match(line)
        if not m or m.group(1) not in _WANTED:
            continue
        try:
            value = float(m.group(3))
        except ValueError:
            continue
        if not math.isfinite(value):  # "NaN", "+Inf", 1e999: no load can be read from it
            continue
        key = _WANTED[m.group(1)]
        if key == "kv":
            kv_values.append(value)
        else:
            sums[key] = sums.get(key, 0.0) + value
    if not sums and not kv_values:
        return None
    # Several engines (data parallel): the fullest cache is the one that stalls.
    kv = max(kv_values) if kv_values else None
    return ServerLoad(sums.get("running", 0.0), sums.get("waiting", 0.0), kv)
