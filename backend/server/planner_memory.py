"""What a served model takes of a GPU's memory besides its KV cache: bytes per
weight and per KV element, the runtime and activation reserve, and the fixed
state of linear-attention layers. Estimates for ``backend.server.planner``.
"""

from __future__ import annotations

import math
from typing import Any

from backend.i18n import _
from backend.server.planner_config import (
    PlanError,
    config_int,
    experts_per_layer,
    read_checkpoint_dtype,
)
from backend.server.planner_params import ParamEstimate

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
DTYPE_ALIASES = {"bfloat16": "bf16", "float16": "fp16", "half": "fp16"}

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

CHECKPOINT_BYTES = {"bfloat16": 2, "float16": 2, "float32": 4, "float8_e4m3fn": 1}

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


def linear_state_bytes(text: dict[str, Any]) -> int:
    """Fixed state of one linear-attention layer for one sequence (an estimate).

    The recurrent state is one key_dim × value_dim matrix per value head; the
    causal conv keeps its last (kernel - 1) inputs of q, k and v.
    """
    k_heads = config_int(text, "linear_num_key_heads", 0)
    k_dim = config_int(text, "linear_key_head_dim", 0)
    v_heads = config_int(text, "linear_num_value_heads", 0)
    v_dim = config_int(text, "linear_value_head_dim", 0)
    kernel = config_int(text, "linear_conv_kernel_dim", 4)
    recurrent = v_heads * k_dim * v_dim
    conv = (2 * k_heads * k_dim + v_heads * v_dim) * max(0, kernel - 1)
    return (recurrent + conv) * STATE_BYTES


def estimate_weights(
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
        raise PlanError(_("the safetensors index's total_size must be a positive number of bytes"))
    quant = config.get("quantization_config")
    if isinstance(quant, dict):
        method = quant.get("quant_method")
        # Only a short name is quoted: the note is shown on a terminal and in the GUI.
        method = method[:40] if isinstance(method, str) and method else "quantized"
        notes.append(
            _("the checkpoint is already {method}: its size is used as it is").format(method=method)
        )
        return total_size, "quantized checkpoint"
    checkpoint_dtype = read_checkpoint_dtype(config)
    per_param = CHECKPOINT_BYTES.get(checkpoint_dtype, 2)
    if checkpoint_dtype not in CHECKPOINT_BYTES:
        notes.append(_("checkpoint dtype unknown: assumed 2 bytes per parameter"))
    params = total_size / per_param
    if estimate.total and abs(params / estimate.total - 1) > 0.15:
        notes.append(
            _(
                "the checkpoint holds {params:.1f}B parameters but the config suggests {total:.1f}B"
            ).format(params=params / 1e9, total=estimate.total / 1e9)
        )
    return math.ceil(params * mean_bytes), "safetensors index"


def reserve_bytes(
    config: dict[str, Any], text: dict[str, Any], max_pixels: int, max_num_seqs: int | None
) -> int:
    """Runtime overhead + the larger of the decoder's and the vision encoder's peak activations."""
    hidden = config_int(text, "hidden_size")
    experts_per_token = config_int(text, "num_experts_per_tok", 0)
    if experts_per_layer(text) and experts_per_token:
        mlp = experts_per_token * config_int(text, "moe_intermediate_size", 0)
    else:
        mlp = config_int(text, "intermediate_size", 4 * hidden)
    # Per token: gate + up outputs of the MLP, and ~4 hidden-wide buffers
    # (residual, normed input, attention output, query).
    decoder = PROFILE_BATCHED_TOKENS * (2 * mlp + 4 * hidden) * ACTIVATION_BYTES
    seqs = max_num_seqs or DEFAULT_MAX_NUM_SEQS
    logits = seqs * config_int(text, "vocab_size") * 4
    encoder = 0
    vision = config.get("vision_config")
    if isinstance(vision, dict):
        width = config_int(vision, "embed_dim", 0) or config_int(vision, "hidden_size", 0)
        vision_mlp = config_int(vision, "intermediate_size", 0) or 4 * width
        patches = max_pixels // (config_int(vision, "patch_size", 0) or 14) ** 2
        encoder = patches * (4 * width + 2 * vision_mlp) * ACTIVATION_BYTES
    return RUNTIME_RESERVE_BYTES + max(decoder + logits, encoder)
