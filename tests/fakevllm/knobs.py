"""The fake server's settings ("knobs") and fault names."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

FAULT_KINDS: tuple[str, ...] = (
    "ok",
    # Before the request is validated ("infrastructure" failures).
    "reset_before",  # close the socket with RST, no response
    "hang",  # read the request, never answer (until stop or hang_seconds)
    "http_500_engine",  # 500 EngineCore error, then the engine is dead and the listener closes
    "http_500",
    "http_502",
    "http_503",
    "http_504",
    "http_429",  # with Retry-After: retry_after
    "http_400_too_long",
    "http_404_model",
    # After validation: a 200 reply that is odd in some way.
    "reset_mid_body",  # 200 headers and part of the body/stream, then RST
    "malformed_json",
    "empty_choices",
    "length",
    "abort",  # half the answer, finish_reason "abort" (vLLM gave the request up)
    "abort_empty",  # no text at all, finish_reason "abort"
    "repetition",  # half the answer, finish_reason "repetition" (a loop cut short)
    "think_only",
    "think_block",
    "reasoning_field",
    "slow_first_token",
)

# Faults applied before the request is parsed; the others shape a successful reply.
EARLY_FAULTS = frozenset(
    {
        "reset_before",
        "hang",
        "http_500_engine",
        "http_500",
        "http_502",
        "http_503",
        "http_504",
        "http_429",
        "http_400_too_long",
        "http_404_model",
    }
)


@dataclass(frozen=True)
class Knobs:
    model: str = "fake-vl"
    api_key: str | None = None
    max_model_len: int = 4096
    limit_images: int = 2
    max_pixels: int = 1_048_576
    min_pixels: int = 3136
    slots: int = 4  # requests served concurrently; the rest wait (FIFO)
    service_time: float = 0.05  # seconds per request, spread over stream chunks
    first_token_delay: float = 0.0  # extra delay before the first response byte
    reply_chars: int = 200  # filler characters after the "FAKE <sha16>" line
    replies: dict[str, str] = field(default_factory=dict)  # image sha256 -> reply
    reasoning: str | None = None  # when set, every reply carries this reasoning
    chunk_tokens: int = 2  # tokens per streamed delta
    default_fault: str = "ok"  # applied when the fault script is empty
    retry_after: int = 1  # http_429's Retry-After header
    hang_seconds: float | None = None  # None: a hung request waits until stop()
    dead_exit_after: float = 0.2  # http_500_engine: seconds until the listener closes
    slow_seconds: float = 1.0  # slow_first_token's delay
    # Hold each admitted request until this many run at once (0: no gate), so a test can
    # prove the server serves concurrently by a decision (the gate opened) rather than a
    # duration. A gate that has waited gate_guard seconds opens anyway: a server that
    # serialises still answers, and peak_running says how many ever ran together.
    gate: int = 0
    gate_guard: float = 30.0
    trust_request_mm_kwargs: bool = False

    def updated(self, **changes: Any) -> Knobs:
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise ValueError(f"unknown knob(s): {', '.join(unknown)}")
        new = dataclasses.replace(self, **changes)
        new.check()
        return new

    def check(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            kind = _KINDS[f.name]
            if value is None and "None" in str(f.type):
                continue
            if not _type_ok(value, kind):
                raise ValueError(f"knob {f.name}={value!r}: expected {kind.__name__}")
        if self.default_fault not in FAULT_KINDS:
            raise ValueError(f"unknown fault kind: {self.default_fault!r}")
        if self.slots < 1 or self.chunk_tokens < 1 or self.max_model_len < 1:
            raise ValueError("slots, chunk_tokens and max_model_len must be >= 1")

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


_KINDS: dict[str, type] = {
    f.name: {"int": int, "float": float, "str": str, "bool": bool, "dict": dict}[
        str(f.type).split("[")[0].split(" ")[0]
    ]
    for f in dataclasses.fields(Knobs)
}


def _type_ok(value: Any, kind: type) -> bool:
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def check_faults(kinds: Any) -> list[str]:
    if not isinstance(kinds, list | tuple):
        raise ValueError("faults must be a list of fault names")
    for kind in kinds:
        if kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault kind: {kind!r}; known: {', '.join(FAULT_KINDS)}")
    return list(kinds)


def parse_cli_value(name: str, text: str) -> Any:
    """A command-line string as the knob's type (dicts as JSON; "none" for optional)."""
    kind = _KINDS[name]
    if text.lower() in ("none", "null") and _optional(name):
        return None
    if kind is bool:
        return text.lower() in ("1", "true", "yes", "on")
    if kind is dict:
        return json.loads(text)
    return kind(text)


def _optional(name: str) -> bool:
    return any(f.name == name and "None" in str(f.type) for f in dataclasses.fields(Knobs))


def knob_names() -> list[str]:
    return [f.name for f in dataclasses.fields(Knobs)]
