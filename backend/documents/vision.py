"""How many tokens a page image costs a Qwen-VL model, and what size to send it at.

The vision encoder cuts the image into ``patch_size`` px squares and merges
``merge_size`` × ``merge_size`` of them into one language-model token, so one
token covers ``factor = patch_size * merge_size`` px per side: 28 px for
Qwen2/2.5-VL (14 × 2), 32 px for Qwen3-VL and Qwen3.5 (16 × 2). The server's
image processor first resizes the image with ``smart_resize`` (below), so the
token count depends on the pixel budget the server runs with (``max_pixels``).

Used by the VRAM planner and by the request builder that sizes page images
before upload. Pure arithmetic, no I/O.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from backend.i18n import _

# Qwen2-VL / Qwen2.5-VL image processor defaults (preprocessor_config.json):
# min_pixels 56*56, max_pixels 28*28*16384 (= 16,384 tokens at most).
_QWEN2_MIN_PIXELS = 3_136
_QWEN2_MAX_PIXELS = 12_845_056
# Qwen3-VL (and Qwen3.5, which reuses its processor) ships
# size = {"shortest_edge": 65536, "longest_edge": 16777216}: despite the names
# these are pixel *areas*, i.e. 64 to 16,384 tokens of 32 px. Written from
# knowledge of the released preprocessor_config.json; the web was not checked.
_QWEN3_MIN_PIXELS = 65_536
_QWEN3_MAX_PIXELS = 16_777_216

# The processor refuses images thinner than this (it would give a 1-token side).
MAX_ASPECT_RATIO = 200


@dataclass(frozen=True)
class VisionSpec:
    """The image-processor constants that decide the token count of an image."""

    family: str
    patch_size: int
    merge_size: int
    min_pixels: int
    max_pixels: int
    # Why this spec was chosen, when it is a guess; not part of equality.
    note: str = field(default="", compare=False)

    @property
    def factor(self) -> int:
        """Pixels per token side after merging (28 for Qwen2.5-VL, 32 for Qwen3-VL)."""
        return self.patch_size * self.merge_size


QWEN2_VL = VisionSpec("qwen2_vl", 14, 2, _QWEN2_MIN_PIXELS, _QWEN2_MAX_PIXELS)
QWEN2_5_VL = VisionSpec("qwen2_5_vl", 14, 2, _QWEN2_MIN_PIXELS, _QWEN2_MAX_PIXELS)
QWEN3_VL = VisionSpec("qwen3_vl", 16, 2, _QWEN3_MIN_PIXELS, _QWEN3_MAX_PIXELS)

_FAMILIES: dict[str, VisionSpec] = {
    "qwen2_vl": QWEN2_VL,
    "qwen2_5_vl": QWEN2_5_VL,
    "qwen3_vl": QWEN3_VL,
    "qwen3_vl_moe": QWEN3_VL,
    "qwen3_5": QWEN3_VL,
    "qwen3_5_moe": QWEN3_VL,
}


def spec_for_config(config: dict[str, Any]) -> VisionSpec:
    """The vision spec of a Hugging Face ``config.json`` (already parsed).

    The family comes from ``model_type``; ``vision_config.patch_size`` and
    ``spatial_merge_size`` override the family defaults when present, so a
    variant with different patches is still counted right. An unknown family
    gets Qwen2-VL-like defaults and says so in ``note``.
    """
    model_type = str(config.get("model_type", "")).lower()
    base = _FAMILIES.get(model_type)
    note = ""
    if base is None:
        base = QWEN3_VL if model_type.startswith("qwen3") else QWEN2_VL
        note = _("unknown model type {value!r}: assumed {family}-like image processing").format(
            value=model_type or "(none)", family=base.family
        )
    vision = config.get("vision_config")
    vision = vision if isinstance(vision, dict) else {}
    patch = _positive_int(vision.get("patch_size"), base.patch_size)
    merge = _positive_int(vision.get("spatial_merge_size"), base.merge_size)
    return VisionSpec(
        family=model_type or base.family,
        patch_size=patch,
        merge_size=merge,
        min_pixels=base.min_pixels,
        max_pixels=base.max_pixels,
        note=note,
    )


def spec_for_model_id(model_id: str) -> VisionSpec:
    """A best guess from a served model name ("Qwen/Qwen3-VL-32B-Instruct", "tiny-vl").

    A server's /v1/models only gives the name, so this is a guess: anything
    Qwen3 (Qwen3-VL, Qwen3.5) uses 32 px tokens, everything else 28 px.
    """
    name = model_id.lower().replace(".", "_")
    if "qwen3" in name:
        return QWEN3_VL
    if "qwen2_5" in name or "qwen2-5" in name:
        return QWEN2_5_VL
    return QWEN2_VL


def smart_resize(
    height: int, width: int, spec: VisionSpec, max_pixels: int | None = None
) -> tuple[int, int]:
    """(height, width) the server resizes an image to, exactly as Qwen2-VL's processor does.

    Each side is rounded to the nearest multiple of ``factor``; if the area is
    then above ``max_pixels`` both sides are scaled down (keeping the aspect
    ratio, rounding down), if below ``min_pixels`` scaled up (rounding up).
    Python's ``round`` (half to even) is what the processor uses too.
    """
    if height < 1 or width < 1:
        raise ValueError(
            _("an image must be at least 1×1 px, not {width}×{height}").format(
                width=width, height=height
            )
        )
    if max(height, width) / min(height, width) > MAX_ASPECT_RATIO:
        raise ValueError(
            _(
                "a {width}×{height} px image is too thin: the aspect ratio must be under "
                "{max_aspect_ratio}"
            ).format(width=width, height=height, max_aspect_ratio=MAX_ASPECT_RATIO)
        )
    factor = spec.factor
    limit = spec.max_pixels if max_pixels is None else max_pixels
    h_bar = max(factor, round(height / factor) * factor)
    w_bar = max(factor, round(width / factor) * factor)
    if h_bar * w_bar > limit:
        beta = math.sqrt((height * width) / limit)
        h_bar = max(factor, math.floor(height / beta / factor) * factor)
        w_bar = max(factor, math.floor(width / beta / factor) * factor)
    elif h_bar * w_bar < spec.min_pixels:
        beta = math.sqrt(spec.min_pixels / (height * width))
        h_bar = math.ceil(height * beta / factor) * factor
        w_bar = math.ceil(width * beta / factor) * factor
    return h_bar, w_bar


def vision_tokens(width: int, height: int, spec: VisionSpec, max_pixels: int | None = None) -> int:
    """Language-model tokens one image of ``width`` × ``height`` px costs.

    The placeholder tokens only: the chat template adds a couple of markers
    (<|vision_start|>, <|vision_end|>) that are counted with the prompt text.
    """
    h_bar, w_bar = smart_resize(height, width, spec, max_pixels)
    return (h_bar // spec.factor) * (w_bar // spec.factor)


def fit_to_budget(
    width: int, height: int, spec: VisionSpec, max_pixels: int | None = None
) -> tuple[int, int]:
    """(width, height) to render a page at so the server uses it as it is.

    This is the size the server would resize it to anyway: rendering at it
    saves upload bytes when the server would shrink the page, and avoids a
    second resampling (blurring small characters) on the server, which leaves
    an image of exactly this size untouched.
    """
    h_bar, w_bar = smart_resize(height, width, spec, max_pixels)
    return w_bar, h_bar


def _positive_int(value: object, default: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    return default
