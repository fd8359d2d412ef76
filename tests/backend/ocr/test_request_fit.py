"""Image + prompt + max tokens are made to fit the server's context before anything is sent."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.documents.vision import QWEN2_5_VL, QWEN3_VL, VisionSpec
from backend.errors import ContextTooLongError
from backend.ocr.request_fit import (
    MIN_IMAGE_FRACTION,
    MIN_MAX_TOKENS,
    FittedRequest,
    estimate_text_tokens,
    fit_request,
    image_token_bound,
)
from tests.properties import examples

PIXELS = 2_257_920  # 2,880 Qwen2.5-VL tokens
PROMPT = "Transcribe this page."
IMAGE_TOKENS = 2880


def fit(
    max_model_len: int | None,
    *,
    max_tokens: int = 8192,
    max_pixels: int = PIXELS,
    spec: VisionSpec = QWEN2_5_VL,
    prompt: str = PROMPT,
) -> FittedRequest:
    return fit_request(
        spec=spec,
        max_pixels=max_pixels,
        prompt=prompt,
        max_tokens=max_tokens,
        max_model_len=max_model_len,
    )


def number_in(text: str, before: str) -> int:
    """The number printed right after ``before`` ("lowered from 8,192 to 5,026" → 5026)."""
    m = re.search(re.escape(before) + r"\s*([\d,]+)", text)
    assert m, f"no number after {before!r} in {text!r}"
    return int(m[1].replace(",", ""))


def test_image_token_bound() -> None:
    assert image_token_bound(QWEN2_5_VL, PIXELS) == IMAGE_TOKENS
    assert image_token_bound(QWEN3_VL, 32 * 32 * 1000) == 1000


@pytest.mark.parametrize("max_model_len", [None, 0])
def test_unknown_context_sends_as_asked(max_model_len: int | None) -> None:
    fitted = fit(max_model_len, max_tokens=100_000)
    assert fitted.max_tokens == 100_000
    assert fitted.max_pixels == PIXELS
    assert fitted.image_tokens == IMAGE_TOKENS
    assert fitted.notes == ()


def test_a_request_that_fits_is_unchanged_and_has_no_notes() -> None:
    fitted = fit(32_768)
    assert fitted.max_tokens == 8192
    assert fitted.max_pixels == PIXELS
    assert fitted.image_tokens == IMAGE_TOKENS
    assert fitted.notes == ()
    assert fitted.prompt_tokens > IMAGE_TOKENS  # the prompt and the template count too
    assert fitted.total_tokens == fitted.prompt_tokens + 8192


def test_too_big_lowers_max_tokens_first() -> None:
    fitted = fit(8192)
    assert fitted.max_pixels == PIXELS  # the image is left alone while tokens suffice
    assert MIN_MAX_TOKENS <= fitted.max_tokens < 8192
    assert fitted.total_tokens <= 8192
    [note] = fitted.notes
    assert "max tokens lowered" in note
    assert number_in(note, "from") == 8192
    assert number_in(note, "to") == fitted.max_tokens
    assert "8,192" in note  # thousands separators for the user


def test_then_lowers_the_image_budget() -> None:
    fitted = fit(3800)
    assert fitted.max_tokens == MIN_MAX_TOKENS
    assert fitted.max_pixels < PIXELS
    assert fitted.image_tokens == image_token_bound(QWEN2_5_VL, fitted.max_pixels)
    assert fitted.image_tokens >= IMAGE_TOKENS * MIN_IMAGE_FRACTION
    assert fitted.total_tokens <= 3800
    tokens_note, image_note = fitted.notes
    assert "max tokens lowered" in tokens_note
    assert "image budget lowered" in image_note
    assert number_in(image_note, "from") == PIXELS
    assert number_in(image_note, "to") == fitted.max_pixels
    assert "2,257,920" in image_note


def test_small_max_tokens_are_never_raised_to_the_floor() -> None:
    fitted = fit(3500, max_tokens=512)
    assert fitted.max_tokens == 512
    assert fitted.max_pixels < PIXELS
    assert [n for n in fitted.notes if "max tokens" in n] == []
    assert fitted.total_tokens <= 3500


def test_impossible_request_names_the_numbers_and_the_remedies() -> None:
    with pytest.raises(ContextTooLongError) as info:
        fit(2000)
    err = info.value
    assert err.allowed == 2000
    assert err.needed > 2000
    message = str(err)
    assert f"{err.needed:,}" in message
    assert "2,000" in message
    assert "2,880" in message  # the image's share
    assert "1,024" in message  # max tokens at their floor
    assert "image budget" in message
    assert "--max-model-len" in message
    assert not err.retryable


def test_an_impossible_request_is_refused_even_with_a_tiny_answer() -> None:
    with pytest.raises(ContextTooLongError):
        fit(1000, max_tokens=16)


def test_a_long_prompt_counts_against_the_context() -> None:
    short = fit(8192)
    long = fit(8192, prompt="第" * 1000)
    assert long.prompt_tokens - short.prompt_tokens >= 990
    assert long.max_tokens < short.max_tokens


# --- estimate_text_tokens --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("", 0),
        ("abc", 1),
        ("abcd", 2),
        ("a" * 300, 100),
        ("第一條本契約", 6),
        ("，。「」", 4),  # full-width punctuation
        ("第1條", 3),  # 2 CJK + ceil(1 byte / 3)
        ("한국어", 3),
    ],
)
def test_estimate_text_tokens(text: str, tokens: int) -> None:
    assert estimate_text_tokens(text) == tokens


def test_cjk_is_about_one_token_per_character() -> None:
    assert estimate_text_tokens("甲" * 500) == 500


def test_ascii_is_about_one_token_per_three_bytes() -> None:
    text = "Transcribe this scanned page exactly, as plain text. " * 10
    assert estimate_text_tokens(text) == math.ceil(len(text) / 3)


def simple_rule(text: str) -> int:
    """The usual rule of thumb: a CJK character a token, other text four characters a token."""
    wide = sum(1 for ch in text if "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef")
    return wide + math.ceil((len(text) - wide) / 4)


@given(st.text(max_size=300))
@examples(150)
def test_estimate_never_underestimates_the_simple_rule(text: str) -> None:
    assert estimate_text_tokens(text) >= simple_rule(text)


@given(st.text(max_size=100), st.text(max_size=100))
@examples(100)
def test_more_text_never_estimates_fewer_tokens(a: str, b: str) -> None:
    assert estimate_text_tokens(a + b) >= max(estimate_text_tokens(a), estimate_text_tokens(b))


# --- the fit, for any numbers -----------------------------------------------------------


@given(
    spec=st.sampled_from([QWEN2_5_VL, QWEN3_VL]),
    max_pixels=st.integers(min_value=0, max_value=4_000_000),
    max_tokens=st.integers(min_value=1, max_value=16_384),
    max_model_len=st.integers(min_value=1, max_value=24_000),
    prompt=st.text(max_size=400),
)
@examples(300)
def test_whatever_is_returned_fits_the_context(
    spec: VisionSpec, max_pixels: int, max_tokens: int, max_model_len: int, prompt: str
) -> None:
    try:
        fitted = fit_request(
            spec=spec,
            max_pixels=max_pixels,
            prompt=prompt,
            max_tokens=max_tokens,
            max_model_len=max_model_len,
        )
    except ContextTooLongError as err:
        assert err.allowed == max_model_len
        assert err.needed > max_model_len
        assert f"{max_model_len:,}" in str(err)
        return
    assert fitted.prompt_tokens + fitted.max_tokens <= max_model_len
    assert fitted.total_tokens <= max_model_len
    # Only ever lowered, never below the floors.
    assert fitted.max_tokens <= max_tokens
    assert fitted.max_tokens >= min(max_tokens, MIN_MAX_TOKENS)
    assert fitted.max_pixels <= max_pixels
    original_image = image_token_bound(spec, max_pixels)
    assert fitted.image_tokens >= int(original_image * MIN_IMAGE_FRACTION)
    assert fitted.image_tokens == image_token_bound(spec, fitted.max_pixels)
    assert fitted.prompt_tokens >= fitted.image_tokens + estimate_text_tokens(prompt)
    # Every change is explained.
    assert (fitted.max_tokens < max_tokens) == any("max tokens" in n for n in fitted.notes)
    assert (fitted.max_pixels < max_pixels) == any("image budget" in n for n in fitted.notes)
