"""The vLLM failures ``backend.server.diagnose`` recognises: patterns and what each one means.

Mostly data. Log lines go through ``LOG_RULES`` (hints, pattern, maker), in
order; a maker turns the matched message into a ``Diagnosis``, reading the
numbers it can use for the remedy out of the message. Findings whose words
never change are ``Fixed`` entries. The wording matched here was recorded from
vLLM 0.32 (the fixtures in ``tests/data/vllm-logs/``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from backend.i18n import N_, _
from backend.server.diagnose_base import Diagnosis, Fixed, rx, to_int, trim

# --- findings whose words never change ----------------------------------------------------

MODEL_MISSING = Fixed(
    "model_not_found",
    N_("vLLM could not find the model to load."),
    N_(
        "Check the model name in the server profile (a Hugging Face id such as "
        "Qwen/Qwen3-VL-8B-Instruct, or an existing local folder). For a private "
        "model set HF_TOKEN."
    ),
)
GATED_MODEL = Fixed(
    "auth",
    N_("The model is gated: Hugging Face refused to download it without permission."),
    N_(
        "Accept the model's licence on its Hugging Face page, then start the "
        "server with HF_TOKEN set to a token of that account."
    ),
)
KILLED = Fixed(
    "killed_oom",
    N_("The system killed the server (out of host RAM)."),
    N_(
        "Lower --max-num-seqs and --max-model-len; on a CPU server also lower "
        "VLLM_CPU_KVCACHE_SPACE and avoid swapping. Close other programs, or use "
        "a machine with more RAM."
    ),
)
ENGINE_DEAD = Fixed(
    "engine_dead",
    N_("The vLLM engine stopped after an error and cannot answer any more requests."),
    N_(
        "Restart the server. If it happens again, look in the server log for the "
        "first error above this one; that is the real cause."
    ),
)
GDN_JIT = Fixed(
    "gdn_jit",
    N_(
        "The FlashInfer GDN kernel is compiled on first use, so the first start "
        "is slow (the server is not hung)."
    ),
    N_("Start the server with --gdn-prefill-backend triton to skip the compile."),
)
BAD_API_KEY = Fixed(
    "auth",
    N_("The server refused the request: the API key is missing or wrong."),
    N_(
        "Check the API key of the server profile; it must match the server's "
        "--api-key (or the key the provider gave you)."
    ),
)
BAD_IMAGE = Fixed(
    "bad_image",
    N_("The server could not read the page image it was sent."),
    N_(
        "Render the page again; if it keeps failing, export the page as PNG or "
        "JPEG and check the file opens in an image viewer."
    ),
)
MM_KWARGS_DISABLED = Fixed(
    "mm_kwargs_disabled",
    N_("The server does not accept per-request image settings (mm_processor_kwargs)."),
    N_(
        "Start the server with --trust-request-mm-kwargs, or turn off the "
        "per-request image size settings in the server profile."
    ),
)
COLD_START = Fixed(
    "cold_start",
    N_("The server is starting up (cold start); this can take minutes."),
    N_("Wait and try again, or raise the first-token timeout of the server profile."),
)

# --- findings that read their numbers from the message --------------------------------------


def _port_in_use(message: str) -> Diagnosis:
    port = re.search(r"\(\s*['\"]?[^,()]*['\"]?\s*,\s*(\d+)\s*\)", message)
    where = _("Port {port}").format(port=port[1]) if port else _("The port")
    return Diagnosis(
        "port_in_use",
        _("{where} is already taken, so the server could not start.").format(where=where),
        _(
            "{where} is used by another program, often an earlier server that is "
            "still running. Stop that program, or give this server profile a "
            "different --port."
        ).format(where=where),
        trim(message),
    )


def _head_dim(message: str) -> Diagnosis:
    size = re.search(r"head(?:_dim=| size )(\d+)", message, re.IGNORECASE)
    what = _("head size {size}").format(size=size[1]) if size else _("head size")
    if "cpu" in message.lower():
        return Diagnosis(
            "unsupported_head_dim",
            _("The CPU build of vLLM cannot run this model's attention ({what}).").format(
                what=what
            ),
            _("Use a different model on this CPU server, or run this model on a GPU server."),
            trim(message),
        )
    return Diagnosis(
        "unsupported_head_dim",
        _("The chosen attention backend cannot run this model's attention ({what}).").format(
            what=what
        ),
        _(
            "Start the server with another --attention-backend (for example "
            "FLEX_ATTENTION), or use a different model."
        ),
        trim(message),
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
        title = _(
            "The KV cache for {to_int:,} tokens needs {needed}, but only {available} "
            "of GPU memory is left for it."
        ).format(to_int=to_int(seq_len[1]), needed=needed[1], available=available[1])
    elif "no available memory for the cache blocks" in message.lower():
        title = _("The model leaves no GPU memory for the KV cache.")
    else:
        title = _("The KV cache for the model's context length does not fit in GPU memory.")
    if fits and to_int(fits[1]) > 0:
        now = f" (now {seq_len[1]})" if seq_len else ""
        remedy = _(
            "Lower --max-model-len to {fits} or below{now}, or raise "
            "--gpu-memory-utilization (for example to 0.95) so the cache gets more "
            "memory."
        ).format(fits=fits[1], now=now)
    elif seq_len:
        remedy = _(
            "Lower --max-model-len (now {seq_len}) or raise --gpu-memory-utilization "
            "(for example to 0.95)."
        ).format(seq_len=seq_len[1])
    else:
        remedy = _(
            "Raise --gpu-memory-utilization (for example to 0.95), lower "
            "--max-model-len, or use a smaller or quantized model."
        )
    return Diagnosis("kv_cache_too_small", title, remedy, trim(message))


def _sampler_oom(message: str) -> Diagnosis:
    seqs = re.search(r"with (\d+) dummy requests", message, re.IGNORECASE)
    if seqs:
        count = to_int(seqs[1])
        fewer = _("--max-num-seqs {max} (now {count})").format(max=max(1, count // 2), count=count)
    else:
        fewer = _("a lower --max-num-seqs")
    return Diagnosis(
        "sampler_warmup_oom",
        _("The GPU ran out of memory while warming up the sampler at start-up."),
        _(
            "Start the server with {fewer}, or lower --gpu-memory-utilization to "
            "leave the sampler room outside the model's share."
        ).format(fewer=fewer),
        trim(message),
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
        detail = _(" (needed {wanted} more, {room} free of {room2})").format(
            wanted=wanted[1], room=room[2], room2=room[1]
        )
    elif wanted:
        detail = _(" (needed {wanted} more)").format(wanted=wanted[1])
    return Diagnosis(
        "cuda_oom",
        _("The GPU ran out of memory{detail}.").format(detail=detail),
        _(
            "Lower --gpu-memory-utilization (for example to 0.85), --max-num-seqs or "
            "--max-model-len; lower the page image budget (fewer pixels per page); "
            "or use a smaller or quantized model. Close other programs that use the "
            "GPU."
        ),
        trim(message),
    )


_LogMaker = Callable[[str], Diagnosis]

ENGINE_DEAD_RX = rx(r"EngineCore encountered an issue|\b(?:Async)?EngineDeadError\b")

# (hints, pattern, make): every match contains one of the lower-case hints, so a
# plain substring test skips the regex on the thousands of ordinary lines.
# Within one code the earlier rule wins: it carries the numbers for the remedy.
LOG_RULES: tuple[tuple[tuple[str, ...], re.Pattern[str], _LogMaker], ...] = (
    (
        ("already in use",),
        rx(r"bind on address \(.*\d+\).*address already in use"),
        _port_in_use,
    ),
    (
        ("already in use", "[errno "),
        rx(r"address already in use|\[Errno (?:98|48|10048)\]"),
        _port_in_use,
    ),
    (
        ("model identifier", "repositorynotfound"),
        rx(r"is not a valid model identifier|RepositoryNotFoundError"),
        MODEL_MISSING,
    ),
    (
        ("gated", "restricted"),
        rx(r"GatedRepoError|access to model .* is restricted|is a gated repo"),
        GATED_MODEL,
    ),
    (
        ("unsupported cpu attention", "is not supported"),
        rx(r"Unsupported CPU attention configuration|head size \d+ is not supported"),
        _head_dim,
    ),
    (
        ("kv cache is needed",),
        rx(r"KV cache is needed, which is larger than the available"),
        _kv_cache,
    ),
    (
        ("stored in kv",),
        rx(r"is larger than the maximum number of tokens that can be stored in KV"),
        _kv_cache,
    ),
    (("cache blocks",), rx(r"No available memory for the cache blocks"), _kv_cache),
    (
        ("warming up sampler",),
        rx(r"out of memory occurred when warming up sampler"),
        _sampler_oom,
    ),
    (
        ("out of memory", "outofmemory"),
        rx(r"torch\.(?:cuda\.)?OutOfMemoryError|\b(?:CUDA|HIP)(?: error:)? out of memory"),
        _cuda_oom,
    ),
    (
        ("killed", "oom-kill", "failed core proc"),
        rx(r"\bKilled\s*$|\bKilled process \d+|oom-kill|Failed core proc.*:\s*-9\b"),
        KILLED,
    ),
    (("enginecore encountered", "enginedeaderror"), ENGINE_DEAD_RX, ENGINE_DEAD),
    (("jit",), rx(r"GDN prefill is JIT[- ]compiled"), GDN_JIT),
)

# A process that vanished without a word. Usually the OOM killer, but only when
# nothing else in the log explains the death (a CUDA OOM also ends this way).
DIED = rx(r"died unexpectedly")
CAUSES = frozenset(
    {"port_in_use", "model_not_found", "auth", "unsupported_head_dim"}
    | {"kv_cache_too_small", "sampler_warmup_oom", "cuda_oom", "engine_dead"}
)

# A line without any of these hints cannot match anything above or below; one
# regex scans for all of them at C speed.
GATE = re.compile(
    "|".join(
        re.escape(hint)
        for hint in sorted(
            {hint for hints, _pattern, _maker in LOG_RULES for hint in hints}
            | {"using", "died unexpectedly"}
        )
    )
)

# The exit status of a process ended by SIGKILL: 128 + 9 from a shell, -9 from Python.
KILLED_EXIT_CODES = frozenset({137, -9})

# --- HTTP error messages ----------------------------------------------------------------

# (pattern, finding) for messages that need no numbers read out of them.
ANSWER_RULES: tuple[tuple[re.Pattern[str], Fixed], ...] = (
    (rx(r"Failed to load image|cannot identify image file|image file is truncated"), BAD_IMAGE),
    (rx(r"trust[-_]request[-_]mm[-_]kwargs"), MM_KWARGS_DISABLED),
)
# (pattern, what each number it captures is), first match wins: "need" tokens for
# the page, "least" (needs at least), "limit" the context, "asked" max tokens,
# "prompt" tokens of the request. No numbers: only the remedy in general terms.
CONTEXT_RULES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        rx(
            r"Input length \((\d+)\) exceeds model's maximum context length \((\d+)\)|"
            r"prompt \(length (\d+)\) is longer than the maximum model length of (\d+)"
        ),
        ("need", "limit", "need", "limit"),
    ),
    (  # vLLM 0.32's wording (measured on the real server)
        rx(
            r"maximum context length is (\d+) tokens\. However, your prompt contains at least "
            r"(\d+) input tokens"
        ),
        ("limit", "least"),
    ),
    (
        rx(r"max_(?:completion_)?tokens=(\d+) cannot be greater than max_model_len=(\d+)"),
        ("asked", "limit"),
    ),
    (
        rx(
            r"is too large: (\d+)\. This model's maximum context length is (\d+) tokens and "
            r"your request has (\d+) input tokens"
        ),
        ("asked", "limit", "prompt"),
    ),
    (
        rx(
            r"maximum context length is (\d+) tokens\. However, you requested \d+ tokens "
            r"\((\d+) in the messages, (\d+) in the completion\)"
        ),
        ("limit", "prompt", "asked"),
    ),
    (rx(r"maximum context length|max_model_len|context length"), ()),
)
AUTH_RX = rx(r"\bunauthori[sz]ed\b|invalid api key|incorrect api key")
COLD_RX = rx(
    r"no workers? (?:are )?available|worker is initiali[sz]ing|initiali[sz]ing|cold start|"
    r"scaling|throttl|starting up|not ready|bad gateway|gateway time-?out|upstream"
)
