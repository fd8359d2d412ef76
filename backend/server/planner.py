"""How many pages a vLLM server can read at once on a given GPU: pure arithmetic.

vLLM takes ``gpu_memory_utilization`` of the GPU, loads the weights, profiles
a forward pass, and gives everything left to the KV cache. Each page being read
holds ``image tokens + prompt + max_tokens`` tokens of KV cache, so

    pages at once = KV cache bytes // (tokens per page × KV bytes per token)

Only layers with full attention grow the cache per token; the linear-attention
layers of hybrid models (Qwen3-Next, Qwen3.5) keep a fixed state per sequence.
All numbers are estimates meant to pick a GPU and ``--max-num-seqs``; vLLM's
own start-up log ("Available KV cache memory") is the final word.

This module does the sum and explains it (``Plan.notes``); reading the config
is ``backend.server.planner_config``, counting parameters ``backend.server.planner_params``,
and the bytes per weight and the reserve ``backend.server.planner_memory``.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from backend.documents.vision import spec_for_config, vision_tokens
from backend.i18n import _
from backend.server.planner_config import (
    PlanError,
    config_int,
    experts_per_layer,
    head_dim,
    kv_heads,
    layer_kinds,
    text_config,
)
from backend.server.planner_memory import (
    DTYPE_ALIASES,
    GIB,
    KV_BYTES,
    WEIGHT_BYTES,
    estimate_weights,
    linear_state_bytes,
    reserve_bytes,
)
from backend.server.planner_params import ParamEstimate, estimate_params

# What the settings may be: far beyond any GPU or page, but inside what the sums
# can take without overflowing a float (a typo, or a fuzzer, asks for 1e308 GiB).
MAX_GPU_GB = 1_000_000
MAX_TOKENS = 10_000_000
MAX_NUM_SEQS = 1_000_000
MAX_PIXELS = 1_000_000_000
MAX_PAGE_SIDE_PX = 1_000_000

__all__ = [
    "GIB",
    "KV_BYTES",
    "WEIGHT_BYTES",
    "ParamEstimate",
    "Plan",
    "PlanError",
    "estimate_params",
    "plan",
]


@dataclass(frozen=True)
class Plan:
    """What a GPU holds for one model, and how many pages it reads at once."""

    model_type: str
    params: int
    active_params: int
    weights_dtype: str
    weights_bytes: int
    weights_source: str  # "safetensors index" or "estimated from config"
    kv_dtype: str
    kv_bytes_per_token: int
    full_attention_layers: int
    total_layers: int
    state_bytes_per_seq: int  # fixed per-sequence state of linear-attention layers
    page_px: tuple[int, int]
    max_pixels: int
    vision_tokens_per_page: int
    tokens_per_page: int
    budget_bytes: int  # gpu_gb × gpu_memory_utilization
    reserve_bytes: int  # activations + runtime, see RUNTIME_RESERVE_BYTES
    kv_cache_bytes: int
    kv_cache_tokens: int  # hybrid models: before the fixed states are taken out
    max_concurrent_pages: int
    notes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["page_px"] = list(self.page_px)
        data["notes"] = list(self.notes)
        return data


def plan(
    config: dict[str, Any],
    *,
    gpu_gb: float,
    gpu_memory_utilization: float = 0.9,
    weights_dtype: str = "bf16",
    kv_dtype: str = "auto",
    total_size: int | None = None,
    page_px: tuple[int, int] = (1240, 1754),
    prompt_tokens: int = 300,
    max_tokens: int = 4096,
    max_num_seqs: int | None = None,
    max_pixels: int | None = None,
) -> Plan:
    """Plan one model (``config`` is its parsed config.json) on a ``gpu_gb`` GiB GPU.

    ``total_size`` is ``metadata.total_size`` of model.safetensors.index.json
    (checkpoint bytes); without it the weights are estimated from the config.
    ``page_px`` is (width, height) of the page image, ``max_pixels`` the
    server's image budget (default: the processor's own).
    """
    if not isinstance(config, dict):
        raise PlanError(_("this is not a model config: expected a JSON object"))
    # The model type is quoted in the plan; str() of a list nested deep enough fails.
    if not isinstance(config.get("model_type", ""), str):
        raise PlanError(_("the model config's 'model_type' should be a name"))
    wdtype = _check_dtypes(weights_dtype, kv_dtype)
    _check_settings(gpu_gb, gpu_memory_utilization, prompt_tokens, max_tokens, max_num_seqs)

    # Each step appends its notes in turn: their order is the order they are shown.
    text = text_config(config)
    notes: list[str] = []
    estimate = estimate_params(config)
    weights_bytes, source = estimate_weights(config, estimate, wdtype, total_size, notes)
    cache = _cache_per_token(text, kv_dtype, notes)
    _note_experts(text, estimate, notes)
    page = _page_tokens(config, text, page_px, max_pixels, prompt_tokens + max_tokens, notes)

    budget = int(gpu_gb * GIB * gpu_memory_utilization)
    reserve = reserve_bytes(config, text, page.pixels, max_num_seqs)
    kv_cache = _kv_cache_bytes(
        budget, weights_bytes, reserve, notes, gpu_gb=gpu_gb, utilization=gpu_memory_utilization
    )
    pages = _concurrent_pages(kv_cache, cache, page.tokens, max_num_seqs, notes)
    _note_quantization(wdtype, source, notes)

    return Plan(
        model_type=str(config.get("model_type", "")),
        params=estimate.total,
        active_params=estimate.active,
        weights_dtype=wdtype,
        weights_bytes=weights_bytes,
        weights_source=source,
        kv_dtype=kv_dtype,
        kv_bytes_per_token=cache.kv_per_token,
        full_attention_layers=cache.full_layers,
        total_layers=cache.layers,
        state_bytes_per_seq=cache.state,
        page_px=page.px,
        max_pixels=page.pixels,
        vision_tokens_per_page=page.vision_tokens,
        tokens_per_page=page.tokens,
        budget_bytes=budget,
        reserve_bytes=reserve,
        kv_cache_bytes=kv_cache,
        kv_cache_tokens=kv_cache // cache.kv_per_token if cache.kv_per_token else 0,
        max_concurrent_pages=pages,
        notes=tuple(notes),
    )


def _check_dtypes(weights_dtype: str, kv_dtype: str) -> str:
    """The weights dtype by its canonical name; an unknown dtype is a ``PlanError``."""
    wdtype = DTYPE_ALIASES.get(weights_dtype, weights_dtype)
    if wdtype not in WEIGHT_BYTES:
        raise PlanError(
            _("unknown weights dtype {weights_dtype!r}: use bf16, fp16, fp8 or int4").format(
                weights_dtype=weights_dtype
            )
        )
    if kv_dtype not in KV_BYTES:
        raise PlanError(
            _("unknown KV cache dtype {kv_dtype!r}: use auto, bf16, fp16 or fp8").format(
                kv_dtype=kv_dtype
            )
        )
    return wdtype


@dataclass(frozen=True)
class _Cache:
    """What one sequence holds of the GPU beyond the weights, by its layers."""

    layers: int
    full_layers: int  # full attention: only these grow the KV cache per token
    kv_per_token: int  # KV-cache bytes per token
    state: int  # fixed bytes per sequence of the linear-attention layers


def _cache_per_token(text: dict[str, Any], kv_dtype: str, notes: list[str]) -> _Cache:
    layers = config_int(text, "num_hidden_layers")
    kinds = layer_kinds(text, layers, notes)
    full = sum(kind == "full" for kind in kinds)
    linear = layers - full
    kv_per_token = 2 * full * kv_heads(text) * head_dim(text) * KV_BYTES[kv_dtype]
    state = linear_state_bytes(text) * linear
    if linear:
        state_text = (
            _("~{state:.0f} MiB").format(state=state / 2**20)
            if state
            else _("not estimated (config lacks sizes)")
        )
        notes.append(
            _(
                "hybrid model: {full} of {layers} layers grow per token; the {linear} "
                "linear-attention layers keep a fixed state per page: {state_text}"
            ).format(full=full, layers=layers, linear=linear, state_text=state_text)
        )
    return _Cache(layers, full, kv_per_token, state)


def _note_experts(text: dict[str, Any], estimate: ParamEstimate, notes: list[str]) -> None:
    """An MoE model holds every expert though few are active: say so."""
    experts = experts_per_layer(text)
    if experts:
        active = config_int(text, "num_experts_per_tok", 0)
        notes.append(
            _(
                "MoE: all {experts} experts are held in memory though {value} are active "
                "({total:.1f}B parameters, {active:.1f}B active per token)"
            ).format(
                experts=experts,
                value=active or "?",
                total=estimate.total / 1e9,
                active=estimate.active / 1e9,
            )
        )


@dataclass(frozen=True)
class _Page:
    """One page being read, in tokens."""

    px: tuple[int, int]  # (width, height) of the page image
    pixels: int  # the server's image budget
    vision_tokens: int
    tokens: int  # vision + prompt + answer


def _page_tokens(
    config: dict[str, Any],
    text: dict[str, Any],
    page_px: tuple[int, int],
    max_pixels: int | None,
    text_tokens: int,
    notes: list[str],
) -> _Page:
    """``text_tokens``: the prompt's and the longest answer's, added to the image's."""
    spec = spec_for_config(config)
    if spec.note:
        notes.append(spec.note)
    pixels = spec.max_pixels if max_pixels is None else max_pixels
    if pixels < spec.factor**2:
        raise PlanError(
            _("max_pixels must be at least {factor} for this model").format(factor=spec.factor**2)
        )
    if pixels > MAX_PIXELS:
        raise PlanError(
            _("max_pixels must be at most {MAX_PIXELS:,}").format(MAX_PIXELS=MAX_PIXELS)
        )
    width, height = page_px
    if not (0 < width <= MAX_PAGE_SIDE_PX and 0 < height <= MAX_PAGE_SIDE_PX):
        raise PlanError(
            _("a page must be 1 to {MAX_PAGE_SIDE_PX:,} px on each side").format(
                MAX_PAGE_SIDE_PX=MAX_PAGE_SIDE_PX
            )
        )
    try:
        vision = vision_tokens(width, height, spec, pixels)
    except (ValueError, OverflowError) as exc:  # too thin; a patch size past float range
        raise PlanError(str(exc)) from None
    tokens = vision + text_tokens
    context = config_int(text, "max_position_embeddings", 0)
    if context and tokens > context:
        notes.append(
            _("a page needs {tokens} tokens but the model's context is {context}").format(
                tokens=tokens, context=context
            )
        )
    return _Page((width, height), pixels, vision, tokens)


def _kv_cache_bytes(
    budget: int,
    weights_bytes: int,
    reserve: int,
    notes: list[str],
    *,
    gpu_gb: float,
    utilization: float,
) -> int:
    """What the budget leaves for the KV cache once the weights and the reserve are in."""
    free = budget - weights_bytes - reserve
    if free <= 0:
        notes.append(
            _(
                "weights do not fit: {gib} of weights + {gib2} for activations and "
                "runtime > {gib3} usable ({gpu_gb:g} GiB × {utilization:g})"
            ).format(
                gib=_gib(weights_bytes),
                gib2=_gib(reserve),
                gib3=_gib(budget),
                gpu_gb=gpu_gb,
                utilization=utilization,
            )
        )
    return max(0, free)


def _concurrent_pages(
    kv_cache: int, cache: _Cache, tokens_per_page: int, max_num_seqs: int | None, notes: list[str]
) -> int:
    """How many pages the KV cache holds at once, at most ``max_num_seqs``."""
    per_page = tokens_per_page * cache.kv_per_token + cache.state
    pages = kv_cache // per_page if per_page else 0
    if kv_cache > 0 and pages == 0:  # an empty cache: the weights did not fit, said already
        notes.append(
            _("the KV cache ({gib}) cannot hold one page of {tokens_per_page} tokens").format(
                gib=_gib(kv_cache), tokens_per_page=tokens_per_page
            )
        )
    if max_num_seqs is not None and pages > max_num_seqs:
        notes.append(
            _("capped by max_num_seqs {max_num_seqs} (the memory holds {pages})").format(
                max_num_seqs=max_num_seqs, pages=pages
            )
        )
        pages = max_num_seqs
    return pages


def _note_quantization(wdtype: str, source: str, notes: list[str]) -> None:
    """What fp8 or int4 applies to, when the weights are estimated rather than read."""
    if wdtype in ("fp8", "int4") and source != "quantized checkpoint":
        scales = _(" with group-wise scales (~3 percent extra)") if wdtype == "int4" else ""
        notes.append(
            _(
                "{wdtype} quantizes the decoder layers{scales}; embeddings, lm_head and "
                "the vision tower are assumed to stay 16-bit"
            ).format(wdtype=wdtype, scales=scales)
        )


def _check_settings(
    gpu_gb: float,
    utilization: float,
    prompt_tokens: int,
    max_tokens: int,
    max_num_seqs: int | None,
) -> None:
    # Upper bounds too: 1e308 GiB is a finite float whose bytes overflow int().
    if not (math.isfinite(gpu_gb) and 0 < gpu_gb <= MAX_GPU_GB):
        raise PlanError(
            _(
                "GPU memory must be more than 0 GiB and at most {MAX_GPU_GB:,} GiB, not {gpu_gb:g}"
            ).format(MAX_GPU_GB=MAX_GPU_GB, gpu_gb=gpu_gb)
        )
    if not 0 < utilization <= 1:  # NaN fails this too
        raise PlanError(
            _("gpu_memory_utilization must be above 0 and at most 1, not {utilization}").format(
                utilization=utilization
            )
        )
    if prompt_tokens < 0:
        raise PlanError(_("prompt tokens cannot be negative"))
    if prompt_tokens > MAX_TOKENS:
        raise PlanError(
            _("prompt tokens must be at most {MAX_TOKENS:,}").format(MAX_TOKENS=MAX_TOKENS)
        )
    if max_tokens < 1:
        raise PlanError(_("max tokens must be at least 1"))
    if max_tokens > MAX_TOKENS:
        raise PlanError(
            _("max tokens must be at most {MAX_TOKENS:,}").format(MAX_TOKENS=MAX_TOKENS)
        )
    if max_num_seqs is not None and max_num_seqs < 1:
        raise PlanError(_("max_num_seqs must be at least 1"))
    if max_num_seqs is not None and max_num_seqs > MAX_NUM_SEQS:
        raise PlanError(
            _("max_num_seqs must be at most {MAX_NUM_SEQS:,}").format(MAX_NUM_SEQS=MAX_NUM_SEQS)
        )


def _gib(size: int) -> str:
    return f"{size / GIB:.1f} GiB"
