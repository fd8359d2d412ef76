"""Recognise known vLLM failures in server logs and answers, each with a remedy.

vLLM reports most trouble as one line of log text or as the message of a JSON
error. The wording matched here was recorded from vLLM 0.32 (the fixtures in
``tests/data/vllm-logs/``). Log lines are matched after removing ANSI colours
and the ``(Worker_TP0 pid=12) INFO 11-30 04:00:00 [file.py:34]`` prefix, and
without regard to case, so a change of log decoration does not hide a failure.

Results are de-duplicated by ``code`` and ordered most important first: the
root cause (out of memory, a busy port) before its consequences (a dead
engine) and before merely informational findings (a slow JIT compile).

This module reads server logs; the patterns it looks for are in
``backend.server.diagnose_patterns``, answers (HTTP errors, all-thinking replies) are
read by ``backend.server.diagnose_answers``, and ``Diagnosis`` with its ranking lives
in ``backend.server.diagnose_base``. All public names are importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from backend.i18n import _, and_join
from backend.server.diagnose_answers import diagnose_reading, diagnose_response
from backend.server.diagnose_base import Diagnosis, finish, rx, strip_ansi, trim
from backend.server.diagnose_patterns import (
    CAUSES,
    DIED,
    GATE,
    KILLED,
    KILLED_EXIT_CODES,
    LOG_RULES,
)

__all__ = ["Diagnosis", "diagnose_log", "diagnose_reading", "diagnose_response"]

_PREFIX = re.compile(
    r"^\s*(?:\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\s+)?"  # a container runtime's timestamp
    r"(?:\((?P<proc>[^()]*\bpid=\d+)\)\s*)?"  # (Worker_TP0 pid=12)
    r"(?:(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL):?\s+"
    r"(?:\d\d-\d\d\s+[\d:.,]+\s+)?(?:\[[^\]]*\]\s*)?)?",
    re.IGNORECASE,
)


def _split(line: str) -> tuple[str, str]:
    """(process, message) of one log line; process is "" when not prefixed."""
    clean = strip_ansi(line).rstrip()
    match = _PREFIX.match(clean)
    if match is None:  # never: every part of the prefix is optional
        return "", clean.strip()
    return (match["proc"] or "").strip(), clean[match.end() :].strip()


# --- workers that chose different kernels -----------------------------------------------

_GDN_KERNEL = rx(r"\bUsing (.+?) GDN prefill kernel\b")
_ATTENTION = rx(
    r"\bUsing (?:(?:AttentionBackendEnum|_Backend)\.)?([A-Za-z0-9_/ -]{1,60})\s+"
    r"(?:attention\s+)?backend(?:\.|\s*$|\s+on V1\b|\s+out of\b)"
)
# "Using X backend" also names MoE, LoRA and sampling kernels; those may differ.
_NOT_ATTENTION = rx(r"moe|lora|sampl|fp8|quant|all.?reduce|comm|nccl|gloo|\bray\b|executor")


def _canonical(name: str) -> str:
    """'Flash Attention', 'FlashAttention' and 'FLASH_ATTN' are the same backend."""
    return re.sub(r"ATTENTION|ATTN|[^A-Z0-9]", "", name.upper())


class _KernelChoices:
    """Which GDN prefill kernel and attention backend each process announced."""

    def __init__(self) -> None:
        self._seen: dict[str, dict[str, dict[str, str]]] = {"gdn": {}, "attention": {}}

    def note(self, process: str, message: str) -> None:
        if match := _GDN_KERNEL.search(message):
            self._add("gdn", process, match[1])
        elif (match := _ATTENTION.search(message)) and not _NOT_ATTENTION.search(match[1]):
            self._add("attention", process, match[1])

    def _add(self, kind: str, process: str, name: str) -> None:
        shown = re.sub(r"\s+attention$", "", name.strip(), flags=re.IGNORECASE)
        self._seen[kind].setdefault(process, {}).setdefault(_canonical(name), shown)

    def mixed(self) -> Diagnosis | None:
        parts: list[str] = []
        kinds: list[str] = []
        for kind, by_process in self._seen.items():
            choices = {frozenset(names) for names in by_process.values()}
            if len(choices) > 1:
                kinds.append(kind)
                parts.extend(
                    f"{process or 'main'}: {', '.join(names.values())}"
                    for process, names in by_process.items()
                )
        if not kinds:
            return None
        pins = []
        if "gdn" in kinds:
            pins.append("--gdn-prefill-backend triton")
        if "attention" in kinds:
            pins.append(
                _(
                    "--attention-backend set to one backend, e.g. FLASH_ATTN (or set "
                    "VLLM_ATTENTION_BACKEND)"
                )
            )
        return Diagnosis(
            "mixed_attention_backends",
            _(
                "The server's worker processes chose different attention kernels, which "
                "can give wrong or inconsistent output."
            ),
            _(
                "Pin the kernels so every worker uses the same: start the server with {join}."
            ).format(join=and_join(pins)),
            trim("; ".join(parts)),
        )


def diagnose_log(lines: Iterable[str], exit_code: int | None = None) -> list[Diagnosis]:
    """Known failures in a vLLM server's output, given its exit code when it has ended.

    Pass ``exit_code`` only for a server that ended on its own: one that ProofDesk
    killed while stopping it also exits with SIGKILL, which is no sign of the OOM killer.
    """
    found: list[tuple[int, Diagnosis]] = []
    kernels = _KernelChoices()
    died = ""
    for line in lines:
        lower = line.lower()
        if not GATE.search(lower):
            continue
        process, message = _split(line)
        if "using" in lower:
            kernels.note(process, message)
        for index, (hints, pattern, make) in enumerate(LOG_RULES):
            if any(hint in lower for hint in hints) and pattern.search(message):
                found.append((index, make(message)))
        if not died and DIED.search(message):
            died = message
    # Earliest rule first, so each code keeps its most informative message.
    ordered = [diagnosis for _unused, diagnosis in sorted(found, key=lambda item: item[0])]
    if (mixed := kernels.mixed()) is not None:
        ordered.append(mixed)
    if exit_code in KILLED_EXIT_CODES:
        ordered.append(
            KILLED(
                _("The server exited with code {exit_code} (SIGKILL).").format(exit_code=exit_code)
            )
        )
    elif died and not any(d.code in CAUSES for d in ordered):
        ordered.append(KILLED(died))
    return finish(ordered)
