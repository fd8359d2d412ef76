"""How many parameters a model has, counted from its config.json shapes.

The counts are split by what quantization shrinks (decoder layers) and what it
leaves in 16 bits (embeddings, lm_head, the vision tower); MoE models also get
the parameters used per token. Used by ``backend.server.planner`` to size the weights.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from backend.server.planner_config import (
    config_int,
    experts_per_layer,
    head_dim,
    kv_heads,
    layer_kinds,
    text_config,
)


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


def estimate_params(config: dict[str, Any]) -> ParamEstimate:
    """Count parameters from the config's shapes (norms and biases, <0.1 %, are left out)."""
    text = text_config(config)
    hidden = config_int(text, "hidden_size")
    vocab = config_int(text, "vocab_size")
    layers = config_int(text, "num_hidden_layers")
    # Absent means untied for us: counting lm_head errs on the side of less memory.
    tied = config.get("tie_word_embeddings", text.get("tie_word_embeddings", False)) is True
    embeddings = vocab * hidden * (1 if tied else 2)

    kinds = layer_kinds(text, layers, [])
    full_attn = _full_attention_params(text)
    linear_attn = _linear_attention_params(text)
    dense_mlp = 3 * hidden * config_int(text, "intermediate_size", 0)
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


def _full_attention_params(text: dict[str, Any]) -> int:
    hidden = config_int(text, "hidden_size")
    q_width = config_int(text, "num_attention_heads") * head_dim(text)
    kv_width = kv_heads(text) * head_dim(text)
    # Gated attention (Qwen3-Next, Qwen3.5) projects a gate as wide as the query.
    q_out = q_width * (2 if text.get("attn_output_gate") is True else 1)
    return hidden * (q_out + 2 * kv_width) + q_width * hidden


def _linear_attention_params(text: dict[str, Any]) -> int:
    """Gated DeltaNet layer: in-projections for q, k, v, z, a, b; a short conv; out-projection."""
    hidden = config_int(text, "hidden_size")
    key_dim = config_int(text, "linear_num_key_heads", 0) * config_int(
        text, "linear_key_head_dim", 0
    )
    v_heads = config_int(text, "linear_num_value_heads", 0)
    value_dim = v_heads * config_int(text, "linear_value_head_dim", 0)
    conv = (2 * key_dim + value_dim) * config_int(text, "linear_conv_kernel_dim", 4)
    return hidden * (2 * key_dim + 2 * value_dim + 2 * v_heads) + value_dim * hidden + conv


def _moe_params(text: dict[str, Any]) -> tuple[int, int]:
    """(all, active per token) parameters of one MoE block; (0, 0) for dense models."""
    experts = experts_per_layer(text)
    if not experts:
        return 0, 0
    hidden = config_int(text, "hidden_size")
    expert = (
        3
        * hidden
        * (config_int(text, "moe_intermediate_size", 0) or config_int(text, "intermediate_size"))
    )
    shared_width = config_int(text, "shared_expert_intermediate_size", 0)
    # A shared expert runs for every token, with a one-output gate.
    shared = 3 * hidden * shared_width + hidden if shared_width else 0
    router = hidden * experts
    per_token = config_int(text, "num_experts_per_tok", experts)
    return experts * expert + shared + router, per_token * expert + shared + router


def _sparse_layers(text: dict[str, Any], layers: int) -> set[int]:
    """Indexes of MoE layers (Qwen MoE: every decoder_sparse_step-th, minus mlp_only_layers)."""
    if not experts_per_layer(text):
        return set()
    step = config_int(text, "decoder_sparse_step", 1) or 1
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
    width = config_int(vision, "embed_dim", 0) or config_int(vision, "hidden_size", 0)
    if not width:
        return 0
    if "embed_dim" in vision:
        out = config_int(vision, "hidden_size", text_hidden)
    else:
        out = config_int(vision, "out_hidden_size", text_hidden)
    mlp = config_int(vision, "intermediate_size", 0) or width * config_int(vision, "mlp_ratio", 4)
    # SwiGLU (Qwen2.5-VL, silu) has gate, up and down; GELU MLPs have two matrices.
    mlp_matrices = 3 if vision.get("hidden_act") in ("silu", "swiglu") else 2
    block = 4 * width * width + mlp_matrices * width * mlp
    depth = config_int(vision, "depth", 0)
    patch = config_int(vision, "patch_size", 0) or 14
    channels = config_int(vision, "in_channels", 0) or config_int(vision, "in_chans", 3)
    patch_embed = channels * config_int(vision, "temporal_patch_size", 2) * patch * patch * width
    merged = width * config_int(vision, "spatial_merge_size", 2) ** 2
    mergers = 1 + len(vision.get("deepstack_visual_indexes") or [])
    merger = merged * merged + merged * out
    positions = config_int(vision, "num_position_embeddings", 0) * width
    return depth * block + patch_embed + mergers * merger + positions
