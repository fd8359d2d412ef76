"""Keep image + prompt + max tokens within the server's context, before sending.

A request that does not fit earns a 400 from vLLM after the page was rendered,
encoded and uploaded. Here the arithmetic is done first: lower max tokens (to
a floor that still holds a dense page), then the image budget (to a floor that
keeps small print legible), and only when neither is enough refuse with a
message that says what to change.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass

from backend.documents.vision import VisionSpec
from backend.errors import ContextTooLongError
from backend.i18n import _

# The chat template's own tokens: role markers, vision start/end, and the
# default system prompt some Qwen templates add ("You are a helpful assistant.").
TEMPLATE_TOKENS = 40
MIN_MAX_TOKENS = 1024  # a dense legal page is ~1,500 characters
MIN_IMAGE_FRACTION = 0.5  # below half the pixel budget, small characters blur
SAFETY = 1.03  # our token count is an estimate; the server's is exact


@dataclass(frozen=True)
class FittedRequest:
    max_pixels: int
    max_tokens: int
    image_tokens: int  # at most: the encoded page may come out slightly smaller
    prompt_tokens: int  # image + text + template, estimated
    notes: tuple[str, ...] = ()

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.max_tokens


def estimate_text_tokens(text: str) -> int:
    """A deliberately high estimate: about one token per CJK character, one per 3 other bytes."""
    wide = sum(1 for ch in text if unicodedata.east_asian_width(ch) in "WF")
    other = len(text.encode("utf-8")) - 3 * wide
    return wide + math.ceil(max(0, other) / 3)


def image_token_bound(spec: VisionSpec, max_pixels: int) -> int:
    return max_pixels // (spec.factor * spec.factor)


def fit_request(
    *,
    spec: VisionSpec,
    max_pixels: int,
    prompt: str,
    max_tokens: int,
    max_model_len: int | None,
) -> FittedRequest:
    text = estimate_text_tokens(prompt) + TEMPLATE_TOKENS
    image = image_token_bound(spec, max_pixels)
    if not max_model_len:  # unknown context: send as asked, the server will say
        return FittedRequest(max_pixels, max_tokens, image, image + text)
    room = int(max_model_len / SAFETY)
    notes: list[str] = []
    if image + text + max_tokens > room:
        fitted = max(MIN_MAX_TOKENS, room - image - text)
        if fitted < max_tokens:
            notes.append(
                _("max tokens lowered from {max_tokens:,} to {fitted:,} to fit the context").format(
                    max_tokens=max_tokens, fitted=fitted
                )
            )
            max_tokens = fitted
    if image + text + max_tokens > room:
        fitted_image = room - text - max_tokens
        floor = int(image * MIN_IMAGE_FRACTION)
        if fitted_image >= floor and fitted_image > 0:
            new_pixels = fitted_image * spec.factor * spec.factor
            notes.append(
                _(
                    "image budget lowered from {max_pixels:,} to {new_pixels:,} pixels to "
                    "fit the context"
                ).format(max_pixels=max_pixels, new_pixels=new_pixels)
            )
            max_pixels, image = new_pixels, fitted_image
    needed = image + text + max_tokens
    if needed > room:
        raise ContextTooLongError(
            _(
                "The page needs about {ceil:,} tokens (image {image:,}, prompt {text:,}, "
                "answer {max_tokens:,}); the server allows {max_model_len:,}. Lower the "
                "image budget or max tokens, or start the server with a larger "
                "--max-model-len."
            ).format(
                ceil=math.ceil(needed * SAFETY),
                image=image,
                text=text,
                max_tokens=max_tokens,
                max_model_len=max_model_len,
            ),
            needed=math.ceil(needed * SAFETY),
            allowed=max_model_len,
        )
    return FittedRequest(max_pixels, max_tokens, image, image + text, tuple(notes))
