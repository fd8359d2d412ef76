"""What an out-of-memory means, in the VRAM planner's numbers.

The worker only says "out of memory"; the app knows the model's config, the
page and the settings, so it asks the planner what the model needs (weights,
activations, the KV cache of one page) against what the device has, and says
which of them does not fit and what would.
"""

from __future__ import annotations

import math
from pathlib import Path

from backend.engines.transformers.model_folder import ModelFolder
from backend.i18n import _
from backend.server.planner import GIB, PlanError, plan
from backend.server.planner_files import INDEX_NAME, read_json, total_size_of

_PLANNER_DTYPES = {"bfloat16": "bf16", "float16": "fp16"}


def out_of_memory_message(
    folder: ModelFolder,
    *,
    device: str,
    memory_bytes: int,
    dtype: str,
    loading: bool,
    page_px: tuple[int, int] = (1240, 1754),
    max_tokens: int = 4096,
    max_pixels: int | None = None,
) -> str:
    """A message for an OOM while loading the model or reading a page."""
    where = _("the GPU") if device == "cuda" else _("this computer's memory")
    head = (
        _("The model does not fit in {where} (out of memory while loading it).")
        if loading
        else _("This page does not fit in {where} (out of memory while reading it).")
    ).format(where=where)
    estimate = _estimate(folder, memory_bytes, dtype, page_px, max_tokens, max_pixels)
    return head if estimate is None else f"{head} {estimate}"


def _estimate(
    folder: ModelFolder,
    memory_bytes: int,
    dtype: str,
    page_px: tuple[int, int],
    max_tokens: int,
    max_pixels: int | None,
) -> str | None:
    if memory_bytes <= 0:
        return None
    planner_dtype = _PLANNER_DTYPES.get(dtype, "bf16")
    try:
        p = plan(
            folder.config,
            gpu_gb=memory_bytes / GIB,
            gpu_memory_utilization=1.0,
            weights_dtype=planner_dtype,
            total_size=_checkpoint_size(folder.path),
            page_px=page_px,
            max_tokens=max_tokens,
            max_num_seqs=1,
            max_pixels=max_pixels,
        )
    except PlanError:
        return None
    # float32 (the planner plans 16-bit serving) takes twice the bytes per weight.
    weights = p.weights_bytes * (2 if dtype == "float32" else 1)
    page = p.tokens_per_page * p.kv_bytes_per_token
    need = weights + p.reserve_bytes + page
    numbers = _(
        "The planner's estimate: {weights} of weights in {dtype}, {reserve} for activations "
        "and {page} for one page of {tokens:,} tokens, {need} in all, against {have}."
    ).format(
        weights=_gib(weights),
        dtype=dtype,
        reserve=_gib(p.reserve_bytes),
        page=_gib(page),
        tokens=p.tokens_per_page,
        need=_gib(need),
        have=_gib(memory_bytes),
    )
    if weights + p.reserve_bytes >= memory_bytes:
        advice = (
            _("The weights alone do not fit: use a smaller model, or bfloat16 instead of float32.")
            if dtype == "float32"
            else _("The weights alone do not fit: use a smaller model or one with more memory.")
        )
    else:
        room = memory_bytes - weights - p.reserve_bytes
        tokens = max(0, math.floor(room / max(1, p.kv_bytes_per_token)))
        advice = _(
            "About {tokens:,} tokens a page would fit: lower max tokens or the image budget."
        ).format(tokens=tokens)
    return f"{numbers} {advice}"


def _checkpoint_size(path: Path) -> int | None:
    index = path / INDEX_NAME
    if index.is_file():
        try:
            return total_size_of(read_json(index), index)
        except PlanError:
            return None
    sizes = [f.stat().st_size for f in path.glob("*.safetensors")]
    return sum(sizes) or None


def _gib(size: int | float) -> str:
    return f"{size / GIB:.1f} GiB"
