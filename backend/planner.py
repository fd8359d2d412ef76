"""How many pages a vLLM server can read at once on a given GPU: pure arithmetic.

vLLM takes ``gpu_memory_utilization`` of the GPU, loads the weights, profiles
a forward pass, and gives everything left to the KV cache. Each page being read
holds ``image tokens + prompt + max_tokens`` tokens of KV cache, so

    pages at once = KV cache bytes // (tokens per page × KV bytes per token)

Only layers with full attention grow the cache per token; the linear-attention
layers of hybrid models (Qwen3-Next, Qwen3.5) keep a fixed state per sequence.
All numbers are estimates meant to pick a GPU and ``--max-num-seqs``; vLLM's
own start-up log ("Available KV cache memory") is the final word.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from backend.errors import ProofDeskError
from backend.vision import spec_for_config, vision_tokens

GIB = 1024**3

# Bytes per parameter as served. fp8 checkpoints carry per-channel or 128×128
# block scales (<1 %, ignored). int4 (AWQ/GPTQ, group size 128) adds a 16-bit
# scale per 128 weights: 2/128 byte per parameter, ~3 % on top of 0.5.
WEIGHT_BYTES: dict[str, float] = {
    "bf16": 2.0,
    "fp16": 2.0,
    "fp8": 1.0,
    "int4": 0.5 + 2 / 128,
}
_DTYPE_ALIASES = {"bfloat16": "bf16", "float16": "fp16", "half": "fp16"}

# KV cache bytes per element. "auto" is the model's activation dtype, which
# vLLM serves in 16 bits even for fp8/int4 weights (and for float32
# checkpoints, which it downcasts).
KV_BYTES: dict[str, int] = {
    "auto": 2,
    "bf16": 2,
    "fp16": 2,
    "bfloat16": 2,
    "float16": 2,
    "fp8": 1,
    "fp8_e4m3": 1,
    "fp8_e5m2": 1,
}

_CHECKPOINT_BYTES = {"bfloat16": 2, "float16": 2, "float32": 4, "float8_e4m3fn": 1}

# Memory vLLM needs besides weights and KV cache, inside its budget:
# - CUDA context, cuBLAS/NCCL workspaces and CUDA-graph pools (vLLM logs them
#   as "non-torch memory" and "graph capturing"): typically 0.5-1.5 GiB, taken
#   as a constant 1 GiB rather than modelled per GPU and driver;
# - the peak activations of its profiling pass, which it keeps free: a prefill
#   of max_num_batched_tokens (8192, the larger of vLLM's usual defaults, so
#   this errs on the safe side), or the vision encoder on one image at the
#   server's max_pixels, whichever is larger (they run one after the other).
RUNTIME_RESERVE_BYTES = 1 * GIB
PROFILE_BATCHED_TOKENS = 8192
ACTIVATION_BYTES = 2
# vLLM's dummy sampler run computes float32 logits for every running sequence.
DEFAULT_MAX_NUM_SEQS = 256
# Linear-attention state is assumed kept in the model dtype; a float32 state
# (vLLM's --mamba-ssm-cache-dtype float32) would double it.
STATE_BYTES = 2


class PlanError(ProofDeskError):
    """The config is not a model config vLLM could serve, or a setting is out of range."""


@dataclass(frozen=True)
class ParamEstimate:
    """Parameter counts from a config.json, split by what quantization shrinks."""

    embeddings: int  # input embeddings + lm_head: kept in 16 bits by fp8/AWQ/GPTQ
    decoder: int  # the decoder layers: what fp8/int4 quantize
    vision: int  # vision tower + merger(s): usually left in 16 bits too
    active_decoder: int  # decoder parameters used per token (MoE: routed experts only)

    @property
    def total(self) -> int:
        return self.embeddings + self.decoder + self.vision

    @property
    def active(self) -> int:
        """Language-model parameters used per token (how "A3B" is counted)."""
        return self.embeddings + self.active_decoder


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
        raise PlanError("this is not a model config: expected a JSON object")
    wdtype = _DTYPE_ALIASES.get(weights_dtype, weights_dtype)
    if wdtype not in WEIGHT_BYTES:
        raise PlanError(f"unknown weights dtype {weights_dtype!r}: use bf16, fp16, fp8 or int4")
    if kv_dtype not in KV_BYTES:
        raise PlanError(f"unknown KV cache dtype {kv_dtype!r}: use auto, bf16, fp16 or fp8")
    _check_settings(gpu_gb, gpu_memory_utilization, prompt_tokens, max_tokens, max_num_seqs)

    text = _text_config(config)
    notes: list[str] = []
    estimate = estimate_params(config)
    weights_bytes, source = _weights_bytes(config, estimate, wdtype, total_size, notes)

    layers = _int(text, "num_hidden_layers")
    kinds = _layer_kinds(text, layers, notes)
    full = sum(kind == "full" for kind in kinds)
    linear = layers - full
    kv_per_token = 2 * full * _kv_heads(text) * _head_dim(text) * KV_BYTES[kv_dtype]
    state = _linear_state_bytes(text) * linear
    if linear:
        state_text = f"~{state / 2**20:.0f} MiB" if state else "not estimated (config lacks sizes)"
        notes.append(
            f"hybrid model: {full} of {layers} layers grow per token; the {linear} "
            f"linear-attention layers keep a fixed state per page: {state_text}"
        )
    experts = _experts(text)
    if experts:
        active = _int(text, "num_experts_per_tok", 0)
        notes.append(
            f"MoE: all {experts} experts are held in memory though {active or '?'} are active "
            f"({estimate.total / 1e9:.1f}B parameters, {estimate.active / 1e9:.1f}B active "
            "per token)"
        )

    spec = spec_for_config(config)
    if spec.note:
        notes.append(spec.note)
    pixels = spec.max_pixels if max_pixels is None else max_pixels
    if pixels < spec.factor**2:
        raise PlanError(f"max_pixels must be at least {spec.factor**2} for this model")
    width, height = page_px
    try:
        page_tokens = vision_tokens(width, height, spec, pixels)
    except ValueError as exc:
        raise PlanError(str(exc)) from None
    tokens_per_page = page_tokens + prompt_tokens + max_tokens
    context = _int(text, "max_position_embeddings", 0)
    if context and tokens_per_page > context:
        notes.append(f"a page needs {tokens_per_page} tokens but the model's context is {context}")

    budget = int(gpu_gb * GIB * gpu_memory_utilization)
    reserve = _reserve_bytes(config, text, pixels, max_num_seqs)
    free = budget - weights_bytes - reserve
    kv_cache = max(0, free)
    per_page = tokens_per_page * kv_per_token + state
    pages = kv_cache // per_page if per_page else 0
    if free <= 0:
        notes.append(
            f"weights do not fit: {_gib(weights_bytes)} of weights + {_gib(reserve)} for "
            f"activations and runtime > {_gib(budget)} usable "
            f"({gpu_gb:g} GiB × {gpu_memory_utilization:g})"
        )
    elif pages == 0:
        notes.append(
            f"the KV cache ({_gib(kv_cache)}) cannot hold one page of {tokens_per_page} tokens"
        )
    if max_num_seqs is not None and pages > max_num_seqs:
        notes.append(f"capped by max_num_seqs {max_num_seqs} (the memory holds {pages})")
        pages = max_num_seqs
    if wdtype in ("fp8", "int4") and source != "quantized checkpoint":
        scales = " with group-wise scales (~3 % extra)" if wdtype == "int4" else ""
        notes.append(
            f"{wdtype} quantizes the decoder layers{scales}; embeddings, lm_head and the "
            "vision tower are assumed to stay 16-bit"
        )

    return Plan(
        model_type=str(config.get("model_type", "")),
        params=estimate.total,
        active_params=estimate.active,
        weights_dtype=wdtype,
        weights_bytes=weights_bytes,
        weights_source=source,
        kv_dtype=kv_dtype,
        kv_bytes_per_token=kv_per_token,
        full_attention_layers=full,
        total_layers=layers,
        state_bytes_per_seq=state,
        page_px=(width, height),
        max_pixels=pixels,
        vision_tokens_per_page=page_tokens,
        tokens_per_page=tokens_per_page,
        budget_bytes=budget,
        reserve_bytes=reserve,
        kv_cache_bytes=kv_cache,
        kv_cache_tokens=kv_cache // kv_per_token if kv_per_token else 0,
        max_concurrent_pages=pages,
        notes=tuple(notes),
    )


def estimate_params(config: dict[str, Any]) -> ParamEstimate:
    """Count parameters from the config's shapes (norms and biases, <0.1 %, are left out)."""
    text = _text_config(config)
    hidden = _int(text, "hidden_size")
    vocab = _int(text, "vocab_size")
    layers = _int(text, "num_hidden_layers")
    # Absent means untied for us: counting lm_head errs on the side of less memory.
    tied = config.get("tie_word_embeddings", text.get("tie_word_embeddings", False)) is True
    embeddings = vocab * hidden * (1 if tied else 2)

    kinds = _layer_kinds(text, layers, [])
    full_attn = _full_attention_params(text)
    linear_attn = _linear_attention_params(text)
    dense_mlp = 3 * hidden * _int(text, "intermediate_size", 0)
    moe_all, moe_active = _moe_params(text)
    sparse = _sparse_layers(text, layers)

    decoder = active = 0
    for index, kind in enumerate(kinds):
        attention = full_attn if kind == "full" else linear_attn
        if index in sparse:
            decoder += attention + moe_all
            active += attention + moe_active
        else:
            decoder += attention + dense_mlp
            active += attention + dense_mlp
    return ParamEstimate(embeddings, decoder, _vision_params(config, hidden), active)


def _text_config(config: dict[str, Any]) -> dict[str, Any]:
    """The language model's settings: nested under ``text_config`` in newer VL configs."""
    nested = config.get("text_config")
    if not isinstance(nested, dict):
        return config
    merged = {k: v for k, v in config.items() if k not in ("text_config", "vision_config")}
    merged.update(nested)
    return merged


def _int(section: dict[str, Any], key: str, default: int | None = None) -> int:
    value = section.get(key)
    if value is None:
        if default is None:
            raise PlanError(f"this does not look like a model config: it has no {key!r}")
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PlanError(f"the model config's {key!r} should be a whole number, not {value!r}")
    return value


def _head_dim(text: dict[str, Any]) -> int:
    heads = _int(text, "num_attention_heads")
    head_dim = _int(text, "head_dim", 0)
    if head_dim:
        return head_dim
    hidden = _int(text, "hidden_size")
    if not heads:
        raise PlanError("the model config's 'num_attention_heads' is 0")
    return hidden // heads


def _kv_heads(text: dict[str, Any]) -> int:
    return _int(text, "num_key_value_heads", 0) or _int(text, "num_attention_heads")


def _layer_kinds(text: dict[str, Any], layers: int, notes: list[str]) -> list[str]:
    """'full' or 'linear' per decoder layer."""
    layer_types = text.get("layer_types")
    if isinstance(layer_types, list) and layer_types:
        if len(layer_types) != layers:
            raise PlanError(
                f"the model config lists {len(layer_types)} layer types for {layers} layers"
            )
        kinds = ["linear" if t == "linear_attention" else "full" for t in layer_types]
        odd = sorted({str(t) for t in layer_types} - {"full_attention", "linear_attention"})
        if odd:
            # Sliding-window layers hold at most a window of tokens; counting
            # them as full is an upper bound, and Qwen models ship with them off.
            notes.append(f"layer types {', '.join(odd)} counted as full attention (upper bound)")
        return kinds
    interval = _int(text, "full_attention_interval", 0)
    if interval > 1:  # Qwen3-Next: every interval-th layer is full attention
        return ["full" if (i + 1) % interval == 0 else "linear" for i in range(layers)]
    return ["full"] * layers


def _full_attention_params(text: dict[str, Any]) -> int:
    hidden = _int(text, "hidden_size")
    q_width = _int(text, "num_attention_heads") * _head_dim(text)
    kv_width = _kv_heads(text) * _head_dim(text)
    # Gated attention (Qwen3-Next, Qwen3.5) projects a gate as wide as the query.
    q_out = q_width * (2 if text.get("attn_output_gate") is True else 1)
    return hidden * (q_out + 2 * kv_width) + q_width * hidden


def _linear_attention_params(text: dict[str, Any]) -> int:
    """Gated DeltaNet layer: in-projections for q, k, v, z, a, b; a short conv; out-projection."""
    hidden = _int(text, "hidden_size")
    key_dim = _int(text, "linear_num_key_heads", 0) * _int(text, "linear_key_head_dim", 0)
    v_heads = _int(text, "linear_num_value_heads", 0)
    value_dim = v_heads * _int(text, "linear_value_head_dim", 0)
    conv = (2 * key_dim + value_dim) * _int(text, "linear_conv_kernel_dim", 4)
    return hidden * (2 * key_dim + 2 * value_dim + 2 * v_heads) + value_dim * hidden + conv


def _linear_state_bytes(text: dict[str, Any]) -> int:
    """Fixed state of one linear-attention layer for one sequence (an estimate).

    The recurrent state is one key_dim × value_dim matrix per value head; the
    causal conv keeps its last (kernel - 1) inputs of q, k and v.
    """
    k_heads = _int(text, "linear_num_key_heads", 0)
    k_dim = _int(text, "linear_key_head_dim", 0)
    v_heads = _int(text, "linear_num_value_heads", 0)
    v_dim = _int(text, "linear_value_head_dim", 0)
    kernel = _int(text, "linear_conv_kernel_dim", 4)
    recurrent = v_heads * k_dim * v_dim
    conv = (2 * k_heads * k_dim + v_heads * v_dim) * max(0, kernel - 1)
    return (recurrent + conv) * STATE_BYTES


def _experts(text: dict[str, Any]) -> int:
    """Routed experts per MoE layer (0 for a dense model)."""
    return _int(text, "num_experts", 0) or _int(text, "num_local_experts", 0)


def _moe_params(text: dict[str, Any]) -> tuple[int, int]:
    """(all, active per token) parameters of one MoE block; (0, 0) for dense models."""
    experts = _experts(text)
    if not experts:
        return 0, 0
    hidden = _int(text, "hidden_size")
    expert = (
        3 * hidden * (_int(text, "moe_intermediate_size", 0) or _int(text, "intermediate_size"))
    )
    shared_width = _int(text, "shared_expert_intermediate_size", 0)
    # A shared expert runs for every token, with a one-output gate.
    shared = 3 * hidden * shared_width + hidden if shared_width else 0
    router = hidden * experts
    per_token = _int(text, "num_experts_per_tok", experts)
    return experts * expert + shared + router, per_token * expert + shared + router


def _sparse_layers(text: dict[str, Any], layers: int) -> set[int]:
    """Indexes of MoE layers (Qwen MoE: every decoder_sparse_step-th, minus mlp_only_layers)."""
    if not _experts(text):
        return set()
    step = _int(text, "decoder_sparse_step", 1) or 1
    dense = text.get("mlp_only_layers") or []
    dense_set = {i for i in dense if isinstance(i, int)} if isinstance(dense, list) else set()
    return {i for i in range(layers) if (i + 1) % step == 0 and i not in dense_set}


def _vision_params(config: dict[str, Any], text_hidden: int) -> int:
    """Vision tower + patch merger(s), from vision_config (0 for a text-only model)."""
    vision = config.get("vision_config")
    if not isinstance(vision, dict):
        return 0
    # Qwen2-VL names the tower width embed_dim and uses hidden_size for the
    # output; Qwen2.5-VL and Qwen3-VL use hidden_size and out_hidden_size.
    width = _int(vision, "embed_dim", 0) or _int(vision, "hidden_size", 0)
    if not width:
        return 0
    if "embed_dim" in vision:
        out = _int(vision, "hidden_size", text_hidden)
    else:
        out = _int(vision, "out_hidden_size", text_hidden)
    mlp = _int(vision, "intermediate_size", 0) or width * _int(vision, "mlp_ratio", 4)
    # SwiGLU (Qwen2.5-VL, silu) has gate, up and down; GELU MLPs have two matrices.
    mlp_matrices = 3 if vision.get("hidden_act") in ("silu", "swiglu") else 2
    block = 4 * width * width + mlp_matrices * width * mlp
    depth = _int(vision, "depth", 0)
    patch = _int(vision, "patch_size", 0) or 14
    channels = _int(vision, "in_channels", 0) or _int(vision, "in_chans", 3)
    patch_embed = channels * _int(vision, "temporal_patch_size", 2) * patch * patch * width
    merged = width * _int(vision, "spatial_merge_size", 2) ** 2
    mergers = 1 + len(vision.get("deepstack_visual_indexes") or [])
    merger = merged * merged + merged * out
    positions = _int(vision, "num_position_embeddings", 0) * width
    return depth * block + patch_embed + mergers * merger + positions


def _weights_bytes(
    config: dict[str, Any],
    estimate: ParamEstimate,
    dtype: str,
    total_size: int | None,
    notes: list[str],
) -> tuple[int, str]:
    quantizable = estimate.decoder / estimate.total if estimate.total else 1.0
    # Bytes per parameter on average: quantization shrinks the decoder layers only.
    mean_bytes = quantizable * WEIGHT_BYTES[dtype] + (1 - quantizable) * 2.0
    if total_size is None:
        return math.ceil(estimate.total * mean_bytes), "estimated from config"
    if total_size <= 0:
        raise PlanError("the safetensors index's total_size must be a positive number of bytes")
    quant = config.get("quantization_config")
    if isinstance(quant, dict):
        method = quant.get("quant_method", "quantized")
        notes.append(f"the checkpoint is already {method}: its size is used as it is")
        return total_size, "quantized checkpoint"
    checkpoint_dtype = _checkpoint_dtype(config)
    per_param = _CHECKPOINT_BYTES.get(checkpoint_dtype, 2)
    if checkpoint_dtype not in _CHECKPOINT_BYTES:
        notes.append("checkpoint dtype unknown: assumed 2 bytes per parameter")
    params = total_size / per_param
    if estimate.total and abs(params / estimate.total - 1) > 0.15:
        notes.append(
            f"the checkpoint holds {params / 1e9:.1f}B parameters but the config suggests "
            f"{estimate.total / 1e9:.1f}B"
        )
    return math.ceil(params * mean_bytes), "safetensors index"


def _checkpoint_dtype(config: dict[str, Any]) -> str:
    text = _text_config(config)
    for section in (config, text):
        for key in ("torch_dtype", "dtype"):
            value = section.get(key)
            if isinstance(value, str):
                return value
    return ""


def _reserve_bytes(
    config: dict[str, Any], text: dict[str, Any], max_pixels: int, max_num_seqs: int | None
) -> int:
    """Runtime overhead + the larger of the decoder's and the vision encoder's peak activations."""
    hidden = _int(text, "hidden_size")
    experts_per_token = _int(text, "num_experts_per_tok", 0)
    if _experts(text) and experts_per_token:
        mlp = experts_per_token * _int(text, "moe_intermediate_size", 0)
    else:
        mlp = _int(text, "intermediate_size", 4 * hidden)
    # Per token: gate + up outputs of the MLP, and ~4 hidden-wide buffers
    # (residual, normed input, attention output, query).
    decoder = PROFILE_BATCHED_TOKENS * (2 * mlp + 4 * hidden) * ACTIVATION_BYTES
    seqs = max_num_seqs or DEFAULT_MAX_NUM_SEQS
    logits = seqs * _int(text, "vocab_size") * 4
    encoder = 0
    vision = config.get("vision_config")
    if isinstance(vision, dict):
        width = _int(vision, "embed_dim", 0) or _int(vision, "hidden_size", 0)
        vision_mlp = _int(vision, "intermediate_size", 0) or 4 * width
        patches = max_pixels // (_int(vision, "patch_size", 0) or 14) ** 2
        encoder = patches * (4 * width + 2 * vision_mlp) * ACTIVATION_BYTES
    return RUNTIME_RESERVE_BYTES + max(decoder + logits, encoder)


def _check_settings(
    gpu_gb: float,
    utilization: float,
    prompt_tokens: int,
    max_tokens: int,
    max_num_seqs: int | None,
) -> None:
    if not (math.isfinite(gpu_gb) and gpu_gb > 0):
        raise PlanError(f"GPU memory must be more than 0 GiB, not {gpu_gb}")
    if not 0 < utilization <= 1:
        raise PlanError(f"gpu_memory_utilization must be above 0 and at most 1, not {utilization}")
    if prompt_tokens < 0:
        raise PlanError("prompt tokens cannot be negative")
    if max_tokens < 1:
        raise PlanError("max tokens must be at least 1")
    if max_num_seqs is not None and max_num_seqs < 1:
        raise PlanError("max_num_seqs must be at least 1")


def _gib(size: int) -> str:
    return f"{size / GIB:.1f} GiB"
