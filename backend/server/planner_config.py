"""What a model's config.json says about its shape, read strictly for the VRAM planner.

Qwen-style configs: the language model's settings may be nested under
``text_config`` (newer VL models), hybrid models list ``layer_types`` or a
``full_attention_interval``, MoE models name their experts. Every number is
checked on the way in, so a file that is not a model config is refused with a
``PlanError`` in words the user can act on.
"""

from __future__ import annotations

from typing import Any

from backend.errors import ProofDeskError
from backend.i18n import _

# No size in a model config comes near 2**40 (a trillion); past it the planner's
# sums would leave float range, and a list of that many layers would not fit in memory.
MAX_CONFIG_INT = 2**40
MAX_LAYERS = 100_000
SHOWN_CHARS = 40  # how much of a bad value an error quotes


class PlanError(ProofDeskError):
    """The config is not a model config vLLM could serve, or a setting is out of range."""


def text_config(config: dict[str, Any]) -> dict[str, Any]:
    """The language model's settings: nested under ``text_config`` in newer VL configs."""
    nested = config.get("text_config")
    if not isinstance(nested, dict):
        return config
    merged = {k: v for k, v in config.items() if k not in ("text_config", "vision_config")}
    merged.update(nested)
    return merged


def config_int(section: dict[str, Any], key: str, default: int | None = None) -> int:
    value = section.get(key)
    if value is None:
        if default is None:
            raise PlanError(
                _("this does not look like a model config: it has no {key!r}").format(key=key)
            )
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PlanError(
            _("the model config's {key!r} should be a whole number, not {value}").format(
                key=key, value=_shown(value)
            )
        )
    if value > MAX_CONFIG_INT:
        raise PlanError(
            _("the model config's {key!r} is far too large ({value})").format(
                key=key, value=_shown(value)
            )
        )
    return value


def _shown(value: Any) -> str:
    """A config value as an error quotes it: a repr (controls escaped), cut if long.

    Lists and objects are named, not printed: one nested a thousand deep (json
    reads it) would make ``repr`` itself fail with ``RecursionError``."""
    if isinstance(value, list | dict):
        return "a list" if isinstance(value, list) else "an object"
    text = str(value) if isinstance(value, int) else repr(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"


def head_dim(text: dict[str, Any]) -> int:
    heads = config_int(text, "num_attention_heads")
    explicit = config_int(text, "head_dim", 0)
    if explicit:
        return explicit
    hidden = config_int(text, "hidden_size")
    if not heads:
        raise PlanError(_("the model config's 'num_attention_heads' is 0"))
    return hidden // heads


def kv_heads(text: dict[str, Any]) -> int:
    return config_int(text, "num_key_value_heads", 0) or config_int(text, "num_attention_heads")


def layer_kinds(text: dict[str, Any], layers: int, notes: list[str]) -> list[str]:
    """'full' or 'linear' per decoder layer."""
    if layers > MAX_LAYERS:
        raise PlanError(
            _("the model config has {layers:,} layers; no model has over {MAX_LAYERS:,}").format(
                layers=layers, MAX_LAYERS=MAX_LAYERS
            )
        )
    layer_types = text.get("layer_types")
    if isinstance(layer_types, list) and layer_types:
        if len(layer_types) != layers:
            raise PlanError(
                _(
                    "the model config lists {layer_types_count} layer types for {layers} layers"
                ).format(layer_types_count=len(layer_types), layers=layers)
            )
        kinds = ["linear" if t == "linear_attention" else "full" for t in layer_types]
        odd = sorted(
            {t if isinstance(t, str) else _shown(t) for t in layer_types}
            - {"full_attention", "linear_attention"}
        )
        odd = [t[:SHOWN_CHARS] for t in odd]
        if odd:
            # Sliding-window layers hold at most a window of tokens; counting
            # them as full is an upper bound, and Qwen models ship with them off.
            notes.append(
                _("layer types {join} counted as full attention (upper bound)").format(
                    join=", ".join(odd)
                )
            )
        return kinds
    interval = config_int(text, "full_attention_interval", 0)
    if interval > 1:  # Qwen3-Next: every interval-th layer is full attention
        return ["full" if (i + 1) % interval == 0 else "linear" for i in range(layers)]
    return ["full"] * layers


def experts_per_layer(text: dict[str, Any]) -> int:
    """Routed experts per MoE layer (0 for a dense model)."""
    return config_int(text, "num_experts", 0) or config_int(text, "num_local_experts", 0)


def read_checkpoint_dtype(config: dict[str, Any]) -> str:
    text = text_config(config)
    for section in (config, text):
        for key in ("torch_dtype", "dtype"):
            value = section.get(key)
            if isinstance(value, str):
                return value
    return ""
