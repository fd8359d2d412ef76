"""What a diagnosis is, how findings are ranked, and the helpers every matcher uses.

Shared by the log matcher (``backend.server.diagnose``), its patterns
(``backend.server.diagnose_patterns``) and the answer matcher
(``backend.server.diagnose_answers``). Results are de-duplicated by ``code`` and
ordered most important first: the root cause (out of memory, a busy port)
before its consequences (a dead engine) and before merely informational
findings (a slow JIT compile).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from backend.i18n import _


@dataclass(frozen=True)
class Diagnosis:
    code: str  # stable id, e.g. "cuda_oom"; see ORDER for the full list
    title: str  # one line for the user: what happened
    remedy: str  # what to change, concretely (flags, settings)
    evidence: str = ""  # the log line / message that showed it (trimmed)


# Most important first. A cause outranks what it causes: an OOM kills the
# engine, so "cuda_oom" must come before "engine_dead".
ORDER = (
    "port_in_use",
    "model_not_found",
    "auth",
    "unsupported_head_dim",
    "kv_cache_too_small",
    "sampler_warmup_oom",
    "cuda_oom",
    "killed_oom",
    "mixed_attention_backends",
    "context_too_long",
    "too_many_images",
    "bad_image",
    "mm_kwargs_disabled",
    "thinking_budget",
    "engine_dead",
    "cold_start",
    "gdn_jit",
)
_RANK = {code: rank for rank, code in enumerate(ORDER)}

# A more specific finding that already explains a generic one.
_EXPLAINS = {"sampler_warmup_oom": "cuda_oom"}

_EVIDENCE_CHARS = 300

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


@dataclass(frozen=True)
class Fixed:
    """A finding whose words never change: only the evidence differs."""

    code: str
    title: str
    remedy: str

    def __call__(self, evidence: str) -> Diagnosis:
        # The words are N_()-marked templates: translated when the finding is made.
        return Diagnosis(self.code, _(self.title), _(self.remedy), trim(evidence))


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def trim(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= _EVIDENCE_CHARS:
        return text
    return text[: _EVIDENCE_CHARS - 1] + "…"


def rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def to_int(text: str) -> int:
    return int(text.replace(",", ""))


def finish(found: Iterable[Diagnosis]) -> list[Diagnosis]:
    """De-duplicate by code (first wins), drop what is explained, order by importance."""
    by_code: dict[str, Diagnosis] = {}
    for diagnosis in found:
        by_code.setdefault(diagnosis.code, diagnosis)
    for specific, generic in _EXPLAINS.items():
        if specific in by_code:
            by_code.pop(generic, None)
    return sorted(by_code.values(), key=lambda d: _RANK.get(d.code, len(_RANK)))
