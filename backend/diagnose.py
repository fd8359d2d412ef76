"""Recognise known vLLM failures in server logs and answers, each with a remedy.

vLLM reports most trouble as one line of log text or as the message of a JSON
error. The wording matched here was recorded from vLLM 0.32 (the fixtures in
``tests/data/vllm-logs/``). Log lines are matched after removing ANSI colours
and the ``(Worker_TP0 pid=12) INFO 11-30 04:00:00 [file.py:34]`` prefix, and
without regard to case, so a change of log decoration does not hide a failure.

Results are de-duplicated by ``code`` and ordered most important first: the
root cause (out of memory, a busy port) before its consequences (a dead
engine) and before merely informational findings (a slow JIT compile).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Diagnosis:
    code: str  # stable id, e.g. "cuda_oom"; see _ORDER for the full list
    title: str  # one line for the user: what happened
    remedy: str  # what to change, concretely (flags, settings)
    evidence: str = ""  # the log line / message that showed it (trimmed)


# Most important first. A cause outranks what it causes: an OOM kills the
# engine, so "cuda_oom" must come before "engine_dead".
_ORDER = (
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
_RANK = {code: rank for rank, code in enumerate(_ORDER)}

# A more specific finding that already explains a generic one.
_EXPLAINS = {"sampler_warmup_oom": "cuda_oom"}

_EVIDENCE_CHARS = 300

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
_PREFIX = re.compile(
    r"^\s*(?:\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\s+)?"  # a container runtime's timestamp
    r"(?:\((?P<proc>[^()]*\bpid=\d+)\)\s*)?"  # (Worker_TP0 pid=12)
    r"(?:(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL):?\s+"
    r"(?:\d\d-\d\d\s+[\d:.,]+\s+)?(?:\[[^\]]*\]\s*)?)?",
    re.IGNORECASE,
)


def _strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def _split(line: str) -> tuple[str, str]:
    """(process, message) of one log line; process is "" when not prefixed."""
    clean = _strip_ansi(line).rstrip()
    match = _PREFIX.match(clean)
    if match is None:  # never: every part of the prefix is optional
        return "", clean.strip()
    return (match["proc"] or "").strip(), clean[match.end() :].strip()


def _trim(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= _EVIDENCE_CHARS:
        return text
    return text[: _EVIDENCE_CHARS - 1] + "…"


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def _finish(found: Iterable[Diagnosis]) -> list[Diagnosis]:
    """De-duplicate by code (first wins), drop what is explained, order by importance."""
    by_code: dict[str, Diagnosis] = {}
    for diagnosis in found:
        by_code.setdefault(diagnosis.code, diagnosis)
    for specific, generic in _EXPLAINS.items():
        if specific in by_code:
            by_code.pop(generic, None)
    return sorted(by_code.values(), key=lambda d: _RANK.get(d.code, len(_RANK)))


# --- one diagnosis per recognised message ---------------------------------------------


def _port_in_use(message: str) -> Diagnosis:
    port = re.search(r"\(\s*['\"]?[^,()]*['\"]?\s*,\s*(\d+)\s*\)", message)
    where = f"Port {port[1]}" if port else "The port"
    return Diagnosis(
        "port_in_use",
        f"{where} is already taken, so the server could not start.",
        f"{where} is used by another program, often an earlier server that is still "
        "running. Stop that program, or give this server profile a different --port.",
        _trim(message),
    )


def _model_missing(message: str) -> Diagnosis:
    return Diagnosis(
        "model_not_found",
        "vLLM could not find the model to load.",
        "Check the model name in the server profile (a Hugging Face id such as "
        "Qwen/Qwen3-VL-8B-Instruct, or an existing local folder). For a private model "
        "set HF_TOKEN.",
        _trim(message),
    )


def _gated_model(message: str) -> Diagnosis:
    return Diagnosis(
        "auth",
        "The model is gated: Hugging Face refused to download it without permission.",
        "Accept the model's licence on its Hugging Face page, then start the server with "
        "HF_TOKEN set to a token of that account.",
        _trim(message),
    )


def _head_dim(message: str) -> Diagnosis:
    size = re.search(r"head(?:_dim=| size )(\d+)", message, re.IGNORECASE)
    what = f"head size {size[1]}" if size else "head size"
    if "cpu" in message.lower():
        return Diagnosis(
            "unsupported_head_dim",
            f"The CPU build of vLLM cannot run this model's attention ({what}).",
            "Use a different model on this CPU server, or run this model on a GPU server.",
            _trim(message),
        )
    return Diagnosis(
        "unsupported_head_dim",
        f"The chosen attention backend cannot run this model's attention ({what}).",
        "Start the server with another --attention-backend (for example FLEX_ATTENTION), "
        "or use a different model.",
        _trim(message),
    )


def _kv_cache(message: str) -> Diagnosis:
    seq_len = re.search(r"max seq len \((\d+)\)", message, re.IGNORECASE)
    needed = re.search(r"\(?([\d.]+ [KMGT]iB) KV cache is needed", message, re.IGNORECASE)
    available = re.search(r"available KV cache memory \(([\d.]+ [KMGT]iB)\)", message, re.I)
    fits = re.search(
        r"(?:estimated maximum model length is|can be stored in KV cache \()\s*(\d+)",
        message,
        re.IGNORECASE,
    )
    if needed and available and seq_len:
        title = (
            f"The KV cache for {_int(seq_len[1]):,} tokens needs {needed[1]}, but only "
            f"{available[1]} of GPU memory is left for it."
        )
    elif "no available memory for the cache blocks" in message.lower():
        title = "The model leaves no GPU memory for the KV cache."
    else:
        title = "The KV cache for the model's context length does not fit in GPU memory."
    if fits and _int(fits[1]) > 0:
        now = f" (now {seq_len[1]})" if seq_len else ""
        remedy = (
            f"Lower --max-model-len to {fits[1]} or below{now}, or raise "
            "--gpu-memory-utilization (for example to 0.95) so the cache gets more memory."
        )
    elif seq_len:
        remedy = (
            f"Lower --max-model-len (now {seq_len[1]}) or raise --gpu-memory-utilization "
            "(for example to 0.95)."
        )
    else:
        remedy = (
            "Raise --gpu-memory-utilization (for example to 0.95), lower --max-model-len, "
            "or use a smaller or quantized model."
        )
    return Diagnosis("kv_cache_too_small", title, remedy, _trim(message))


def _sampler_oom(message: str) -> Diagnosis:
    seqs = re.search(r"with (\d+) dummy requests", message, re.IGNORECASE)
    if seqs:
        count = _int(seqs[1])
        fewer = f"--max-num-seqs {max(1, count // 2)} (now {count})"
    else:
        fewer = "a lower --max-num-seqs"
    return Diagnosis(
        "sampler_warmup_oom",
        "The GPU ran out of memory while warming up the sampler at start-up.",
        f"Start the server with {fewer}, or lower --gpu-memory-utilization to leave the "
        "sampler room outside the model's share.",
        _trim(message),
    )


def _cuda_oom(message: str) -> Diagnosis:
    wanted = re.search(r"Tried to allocate ([\d.]+ [KMGT]iB)", message, re.IGNORECASE)
    room = re.search(
        r"total capacity of ([\d.]+ [KMGT]iB) of which ([\d.]+ [KMGT]iB) is free",
        message,
        re.IGNORECASE,
    )
    detail = ""
    if wanted and room:
        detail = f" (needed {wanted[1]} more, {room[2]} free of {room[1]})"
    elif wanted:
        detail = f" (needed {wanted[1]} more)"
    return Diagnosis(
        "cuda_oom",
        f"The GPU ran out of memory{detail}.",
        "Lower --gpu-memory-utilization (for example to 0.85), --max-num-seqs or "
        "--max-model-len; lower the page image budget (fewer pixels per page); or use a "
        "smaller or quantized model. Close other programs that use the GPU.",
        _trim(message),
    )


def _killed(evidence: str) -> Diagnosis:
    return Diagnosis(
        "killed_oom",
        "The system killed the server (out of host RAM).",
        "Lower --max-num-seqs and --max-model-len; on a CPU server also lower "
        "VLLM_CPU_KVCACHE_SPACE and avoid swapping. Close other programs, or use a "
        "machine with more RAM.",
        _trim(evidence),
    )


def _engine_dead(message: str) -> Diagnosis:
    return Diagnosis(
        "engine_dead",
        "The vLLM engine stopped after an error and cannot answer any more requests.",
        "Restart the server. If it happens again, look in the server log for the first "
        "error above this one; that is the real cause.",
        _trim(message),
    )


def _gdn_jit(message: str) -> Diagnosis:
    return Diagnosis(
        "gdn_jit",
        "The FlashInfer GDN kernel is compiled on first use, so the first start is slow "
        "(the server is not hung).",
        "Start the server with --gdn-prefill-backend triton to skip the compile.",
        _trim(message),
    )


_LogMaker = Callable[[str], Diagnosis]

# (hints, pattern, make): every match contains one of the lower-case hints, so a
# plain substring test skips the regex on the thousands of ordinary lines.
# Within one code the earlier rule wins: it carries the numbers for the remedy.
_LOG_RULES: tuple[tuple[tuple[str, ...], re.Pattern[str], _LogMaker], ...] = (
    (
        ("already in use",),
        _rx(r"bind on address \(.*\d+\).*address already in use"),
        _port_in_use,
    ),
    (
        ("already in use", "[errno "),
        _rx(r"address already in use|\[Errno (?:98|48|10048)\]"),
        _port_in_use,
    ),
    (
        ("model identifier", "repositorynotfound"),
        _rx(r"is not a valid model identifier|RepositoryNotFoundError"),
        _model_missing,
    ),
    (
        ("gated", "restricted"),
        _rx(r"GatedRepoError|access to model .* is restricted|is a gated repo"),
        _gated_model,
    ),
    (
        ("unsupported cpu attention", "is not supported"),
        _rx(r"Unsupported CPU attention configuration|head size \d+ is not supported"),
        _head_dim,
    ),
    (
        ("kv cache is needed",),
        _rx(r"KV cache is needed, which is larger than the available"),
        _kv_cache,
    ),
    (
        ("stored in kv",),
        _rx(r"is larger than the maximum number of tokens that can be stored in KV"),
        _kv_cache,
    ),
    (("cache blocks",), _rx(r"No available memory for the cache blocks"), _kv_cache),
    (
        ("warming up sampler",),
        _rx(r"out of memory occurred when warming up sampler"),
        _sampler_oom,
    ),
    (
        ("out of memory", "outofmemory"),
        _rx(r"torch\.(?:cuda\.)?OutOfMemoryError|\b(?:CUDA|HIP)(?: error:)? out of memory"),
        _cuda_oom,
    ),
    (
        ("killed", "oom-kill", "failed core proc"),
        _rx(r"\bKilled\s*$|\bKilled process \d+|oom-kill|Failed core proc.*:\s*-9\b"),
        _killed,
    ),
    (
        ("enginecore encountered", "enginedeaderror"),
        _rx(r"EngineCore encountered an issue|\b(?:Async)?EngineDeadError\b"),
        _engine_dead,
    ),
    (("jit",), _rx(r"GDN prefill is JIT[- ]compiled"), _gdn_jit),
)

# A process that vanished without a word. Usually the OOM killer, but only when
# nothing else in the log explains the death (a CUDA OOM also ends this way).
_DIED = _rx(r"died unexpectedly")
_CAUSES = frozenset(
    {"port_in_use", "model_not_found", "auth", "unsupported_head_dim"}
    | {"kv_cache_too_small", "sampler_warmup_oom", "cuda_oom", "engine_dead"}
)

# A line without any of these hints cannot match anything above or below; one
# regex scans for all of them at C speed.
_GATE = re.compile(
    "|".join(
        re.escape(hint)
        for hint in sorted(
            {hint for hints, _, _ in _LOG_RULES for hint in hints} | {"using", "died unexpectedly"}
        )
    )
)

# The exit status of a process ended by SIGKILL: 128 + 9 from a shell, -9 from Python.
_KILLED_EXIT_CODES = frozenset({137, -9})


# --- workers that chose different kernels -----------------------------------------------

_GDN_KERNEL = _rx(r"\bUsing (.+?) GDN prefill kernel\b")
_ATTENTION = _rx(
    r"\bUsing (?:(?:AttentionBackendEnum|_Backend)\.)?([A-Za-z0-9_/ -]{1,60})\s+"
    r"(?:attention\s+)?backend(?:\.|\s*$|\s+on V1\b|\s+out of\b)"
)
# "Using X backend" also names MoE, LoRA and sampling kernels; those may differ.
_NOT_ATTENTION = _rx(r"moe|lora|sampl|fp8|quant|all.?reduce|comm|nccl|gloo|\bray\b|executor")


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
                "--attention-backend set to one backend, e.g. FLASH_ATTN (or set "
                "VLLM_ATTENTION_BACKEND)"
            )
        return Diagnosis(
            "mixed_attention_backends",
            "The server's worker processes chose different attention kernels, which can "
            "give wrong or inconsistent output.",
            f"Pin the kernels so every worker uses the same: start the server with "
            f"{' and '.join(pins)}.",
            _trim("; ".join(parts)),
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
        if not _GATE.search(lower):
            continue
        process, message = _split(line)
        if "using" in lower:
            kernels.note(process, message)
        for index, (hints, pattern, make) in enumerate(_LOG_RULES):
            if any(hint in lower for hint in hints) and pattern.search(message):
                found.append((index, make(message)))
        if not died and _DIED.search(message):
            died = message
    # Earliest rule first, so each code keeps its most informative message.
    ordered = [diagnosis for _, diagnosis in sorted(found, key=lambda item: item[0])]
    if (mixed := kernels.mixed()) is not None:
        ordered.append(mixed)
    if exit_code in _KILLED_EXIT_CODES:
        ordered.append(_killed(f"The server exited with code {exit_code} (SIGKILL)."))
    elif died and not any(d.code in _CAUSES for d in ordered):
        ordered.append(_killed(died))
    return _finish(ordered)


# --- HTTP errors from the server --------------------------------------------------------


def _context_too_long(message: str, shown: str) -> Diagnosis | None:
    page_fix = (
        "lower the page image budget (max pixels) or start the server with a larger --max-model-len"
    )
    evidence = _trim(shown)
    title = "The request is longer than the server's context window."
    if m := re.search(
        r"Input length \((\d+)\) exceeds model's maximum context length \((\d+)\)|"
        r"prompt \(length (\d+)\) is longer than the maximum model length of (\d+)",
        message,
        re.IGNORECASE,
    ):
        need, limit = _int(m[1] or m[3]), _int(m[2] or m[4])
        remedy = f"The page needs {need:,} tokens, the server allows {limit:,}: {page_fix}."
        return Diagnosis("context_too_long", title, remedy, evidence)
    # vLLM 0.32's wording (measured on the real server).
    if m := re.search(
        r"maximum context length is (\d+) tokens\. However, your prompt contains at least "
        r"(\d+) input tokens",
        message,
        re.IGNORECASE,
    ):
        limit, need = _int(m[1]), _int(m[2])
        remedy = (
            f"The page needs at least {need:,} tokens, the server allows {limit:,}: {page_fix}."
        )
        return Diagnosis("context_too_long", title, remedy, evidence)
    if m := re.search(
        r"max_(?:completion_)?tokens=(\d+) cannot be greater than max_model_len=(\d+)",
        message,
        re.IGNORECASE,
    ):
        asked, limit = _int(m[1]), _int(m[2])
        remedy = (
            f"Max tokens ({asked:,}) is more than the server's whole context ({limit:,}): lower "
            "max tokens in the OCR settings, or start the server with a larger --max-model-len."
        )
        return Diagnosis("context_too_long", title, remedy, evidence)
    if m := re.search(
        r"is too large: (\d+)\. This model's maximum context length is (\d+) tokens and "
        r"your request has (\d+) input tokens",
        message,
        re.IGNORECASE,
    ):
        asked, limit, prompt = _int(m[1]), _int(m[2]), _int(m[3])
    elif m := re.search(
        r"maximum context length is (\d+) tokens\. However, you requested \d+ tokens "
        r"\((\d+) in the messages, (\d+) in the completion\)",
        message,
        re.IGNORECASE,
    ):
        limit, prompt, asked = _int(m[1]), _int(m[2]), _int(m[3])
    elif re.search(r"maximum context length|max_model_len|context length", message, re.I):
        remedy = f"Lower max tokens in the server profile, or {page_fix}."
        return Diagnosis("context_too_long", title, remedy, evidence)
    else:
        return None
    room = limit - prompt
    if room <= 0:
        remedy = f"The page needs {prompt:,} tokens, the server allows {limit:,}: {page_fix}."
    else:
        remedy = (
            f"Lower max tokens to {room:,} or below (now {asked:,}; the page uses "
            f"{prompt:,} of the {limit:,} tokens), or start the server with a larger "
            "--max-model-len."
        )
    return Diagnosis("context_too_long", title, remedy, evidence)


def _too_many_images(message: str, shown: str) -> Diagnosis | None:
    m = re.search(r"At most (\d+) image", message, re.IGNORECASE) or re.search(
        r"You set image=(\d+).*limit[-_]mm[-_]per[-_]prompt", message, re.IGNORECASE
    )
    if m is None:
        return None
    allowed = _int(m[1])
    if allowed == 0:
        title = "The server was started with images turned off."
    else:
        title = f"The server accepts at most {allowed} image(s) in one request."
    return Diagnosis(
        "too_many_images",
        title,
        "Start the server with --limit-mm-per-prompt '{\"image\": N}', N at least the "
        "number of images ProofDesk sends in one request.",
        _trim(shown),
    )


def _model_not_found(message: str, shown: str, model_id: str) -> Diagnosis:
    asked = re.search(r"model [`'\"]?(.+?)[`'\"]? does not exist", message, re.IGNORECASE)
    name = asked[1] if asked else model_id
    valid = re.search(
        r"(?:Valid|Available) (?:aliases|models|model names)\s*:\s*(.+?)\.?\s*$",
        message,
        re.IGNORECASE,
    )
    title = f"The server has no model named “{name}”." if name else "The server has no such model."
    if valid:
        names = [n.strip(" `'\"") for n in valid[1].split(",") if n.strip(" `'\"")]
        remedy = f"Set the model of the server profile to {' or '.join(names)}."
    else:
        remedy = (
            "Set the model of the server profile to the name the server serves (see its "
            "/v1/models, or --served-model-name)."
        )
    return Diagnosis("model_not_found", title, remedy, _trim(shown))


_BAD_IMAGE = _rx(r"Failed to load image|cannot identify image file|image file is truncated")
_MM_KWARGS = _rx(r"trust[-_]request[-_]mm[-_]kwargs")
_ENGINE_DEAD = _rx(r"EngineCore encountered an issue|\b(?:Async)?EngineDeadError\b")
_AUTH = _rx(r"\bunauthori[sz]ed\b|invalid api key|incorrect api key")
_COLD = _rx(
    r"no workers? (?:are )?available|worker is initiali[sz]ing|initiali[sz]ing|cold start|"
    r"scaling|throttl|starting up|not ready|bad gateway|gateway time-?out|upstream"
)


def diagnose_response(status: int, message: str, *, model_id: str = "") -> list[Diagnosis]:
    """Known failures behind an HTTP error; ``message`` is the JSON error's message.

    vLLM's own /health answers a bare 503 when its engine has died, while a
    serverless gateway scaling from zero says why it answers 502/503/504; so an
    empty 503 means a dead engine and any other gateway status a cold start.
    """
    text = _strip_ansi(message).strip()
    shown = f"HTTP {status}: {text}" if text else f"HTTP {status}"
    found: list[Diagnosis] = []
    if _ENGINE_DEAD.search(text) or (status == 503 and not text):
        found.append(_engine_dead(shown))
    if status in (401, 403) or _AUTH.search(text):
        found.append(
            Diagnosis(
                "auth",
                "The server refused the request: the API key is missing or wrong.",
                "Check the API key of the server profile; it must match the server's "
                "--api-key (or the key the provider gave you).",
                _trim(shown),
            )
        )
    if (status == 404 and "model" in text.lower()) or re.search(
        r"model .+ does not exist", text, re.IGNORECASE
    ):
        found.append(_model_not_found(text, shown, model_id))
    for check in (_too_many_images, _context_too_long):
        if (diagnosis := check(text, shown)) is not None:
            found.append(diagnosis)
    if _BAD_IMAGE.search(text):
        found.append(
            Diagnosis(
                "bad_image",
                "The server could not read the page image it was sent.",
                "Render the page again; if it keeps failing, export the page as PNG or JPEG "
                "and check the file opens in an image viewer.",
                _trim(shown),
            )
        )
    if _MM_KWARGS.search(text):
        found.append(
            Diagnosis(
                "mm_kwargs_disabled",
                "The server does not accept per-request image settings (mm_processor_kwargs).",
                "Start the server with --trust-request-mm-kwargs, or turn off the per-request "
                "image size settings in the server profile.",
                _trim(shown),
            )
        )
    gateway = status in (502, 503, 504) or (status >= 500 and _COLD.search(text))
    if gateway and not found:
        found.append(
            Diagnosis(
                "cold_start",
                "The server is starting up (cold start); this can take minutes.",
                "Wait and try again, or raise the first-token timeout of the server profile.",
                _trim(shown),
            )
        )
    return _finish(found)


# --- answers that are all thinking ------------------------------------------------------


def diagnose_reading(
    *, model_id: str, text: str, reasoning: str | None, finish_reason: str | None
) -> list[Diagnosis]:
    """A 200 answer from a reasoning model that spent its token budget thinking."""
    answer = text.replace("</think>", "").strip()
    has_reasoning = bool(reasoning and reasoning.strip())
    thinking_model = "thinking" in model_id.lower()
    think_tags = "<think>" in text or "</think>" in text
    truncated = finish_reason == "length"
    if not (
        (truncated and (thinking_model or has_reasoning or think_tags or not answer))
        or (has_reasoning and not answer)
    ):
        return []
    signs = [f"finish_reason={finish_reason}"]
    if has_reasoning and reasoning is not None:
        signs.append(f"{len(reasoning):,} characters of reasoning")
    signs.append("no answer" if not answer else f"answer of {len(answer):,} characters")
    if think_tags:
        signs.append("<think> tags in the answer")
    instruct = re.sub("thinking", "Instruct", model_id, flags=re.IGNORECASE)
    variant = f"the Instruct variant ({instruct})" if thinking_model else "an Instruct model"
    return [
        Diagnosis(
            "thinking_budget",
            "The model spent its token budget thinking and gave no complete transcription.",
            f'Use {variant}, or send chat_template_kwargs: {{"enable_thinking": false}}, '
            "or raise max tokens and the timeout of the server profile.",
            _trim("; ".join(signs)),
        )
    ]
