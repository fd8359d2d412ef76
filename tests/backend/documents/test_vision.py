"""Image-token arithmetic, checked against token counts measured on real servers."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from backend.documents.vision import (
    QWEN2_5_VL,
    QWEN2_VL,
    QWEN3_VL,
    VisionSpec,
    fit_to_budget,
    smart_resize,
    spec_for_config,
    spec_for_model_id,
    vision_tokens,
)
from tests.conftest import DATA
from tests.properties import examples

CONFIGS = DATA / "model-configs"
# database=None: no .hypothesis folder left in the working tree.
PROPERTY = settings(examples(300), database=None)

A4_150 = (1240, 1754)
A4_200 = (1654, 2339)
A4_300 = (2480, 3508)


def load(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((CONFIGS / name).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(
    ("page", "spec", "tokens"),
    [
        (A4_150, QWEN2_5_VL, 2_772),
        (A4_150, QWEN3_VL, 2_145),
        (A4_200, QWEN2_5_VL, 4_956),
        (A4_200, QWEN3_VL, 3_796),
        (A4_300, QWEN2_5_VL, 11_125),
        (A4_300, QWEN3_VL, 8_580),
    ],
)
def test_a4_pages_cost_the_measured_tokens(
    page: tuple[int, int], spec: VisionSpec, tokens: int
) -> None:
    width, height = page
    assert vision_tokens(width, height, spec) == tokens


def test_tiny_server_with_a_one_megapixel_budget() -> None:
    """A real Qwen2-VL server at max_pixels 1,048,576 reported 515, 1355 and 1355 prompt tokens."""
    budget = 1_048_576
    measured = {(496, 702): 515, (910, 1287): 1355, (1653, 2339): 1355}
    images = {page: vision_tokens(*page, QWEN2_VL, budget) for page in measured}
    assert images == {(496, 702): 450, (910, 1287): 1290, (1653, 2339): 1290}
    # What is left is the chat template and prompt text: the same for every page.
    assert {measured[page] - images[page] for page in measured} == {65}


def test_smart_resize_matches_the_processor_on_the_tiny_server_pages() -> None:
    assert smart_resize(702, 496, QWEN2_VL, 1_048_576) == (700, 504)
    assert smart_resize(1287, 910, QWEN2_VL, 1_048_576) == (1204, 840)
    assert smart_resize(2339, 1653, QWEN2_VL, 1_048_576) == (1204, 840)


def test_small_images_are_scaled_up_to_min_pixels() -> None:
    height, width = smart_resize(100, 100, QWEN3_VL)
    assert (height, width) == (256, 256)  # 65,536 px = 64 tokens of 32 px
    assert vision_tokens(10, 10, QWEN2_5_VL) == 4  # 56×56 px minimum


def test_thin_or_empty_images_are_refused_in_plain_words() -> None:
    with pytest.raises(ValueError, match="too thin"):
        smart_resize(10, 2100, QWEN2_5_VL)
    with pytest.raises(ValueError, match="at least 1×1"):
        vision_tokens(0, 100, QWEN2_5_VL)


def test_spec_factor_is_patch_times_merge() -> None:
    assert QWEN2_5_VL.factor == 28
    assert QWEN3_VL.factor == 32


@pytest.mark.parametrize(
    ("name", "family", "factor"),
    [
        ("Qwen2.5-VL-7B-Instruct.config.json", "qwen2_5_vl", 28),
        ("Qwen3-VL-32B-Instruct.config.json", "qwen3_vl", 32),
        ("Qwen3-VL-30B-A3B-Instruct.config.json", "qwen3_vl_moe", 32),
        ("Qwen3.5-hybrid-style.config.json", "qwen3_5", 32),
    ],
)
def test_spec_for_config_reads_the_family(name: str, family: str, factor: int) -> None:
    spec = spec_for_config(load(name))
    assert (spec.family, spec.factor, spec.note) == (family, factor, "")


def test_spec_for_config_takes_patch_sizes_from_vision_config() -> None:
    config = {"model_type": "qwen2_vl", "vision_config": {"patch_size": 16}}
    spec = spec_for_config(config)
    assert spec.factor == 32
    assert spec.min_pixels == QWEN2_VL.min_pixels


def test_unknown_family_gets_qwen2_defaults_and_a_note() -> None:
    spec = spec_for_config({"model_type": "llava"})
    assert spec.factor == 28
    assert spec.max_pixels == QWEN2_VL.max_pixels
    assert "unknown model type 'llava'" in spec.note


@pytest.mark.parametrize(
    ("model_id", "factor"),
    [
        ("Qwen/Qwen3-VL-32B-Instruct", 32),
        ("Qwen/Qwen3.5-27B", 32),
        ("/models/qwen3-vl-8b-fp8", 32),
        ("Qwen/Qwen2.5-VL-7B-Instruct", 28),
        ("tiny-vl", 28),
    ],
)
def test_spec_for_model_id_guesses_from_the_name(model_id: str, factor: int) -> None:
    assert spec_for_model_id(model_id).factor == factor


def test_fit_to_budget_renders_what_the_server_keeps() -> None:
    width, height = fit_to_budget(*A4_300, QWEN2_VL, 1_048_576)
    assert (width, height) == (840, 1204)
    # Uploading that size: the server changes nothing and counts the same tokens.
    assert smart_resize(height, width, QWEN2_VL, 1_048_576) == (height, width)
    assert vision_tokens(width, height, QWEN2_VL, 1_048_576) == vision_tokens(
        *A4_300, QWEN2_VL, 1_048_576
    )


specs = st.sampled_from([QWEN2_VL, QWEN3_VL])
sides = st.integers(min_value=1, max_value=12_000)


@st.composite
def pages(draw: st.DrawFn) -> tuple[VisionSpec, int, int, int]:
    """A spec, a page no thinner than 1:20, and a budget of at least 256 tokens."""
    spec = draw(specs)
    width = draw(sides)
    height = draw(sides)
    assume(max(width, height) <= 20 * min(width, height))
    low = max(4 * spec.min_pixels, 256 * spec.factor**2)
    budget = draw(st.integers(min_value=low, max_value=spec.max_pixels))
    return spec, width, height, budget


@PROPERTY
@given(pages())
def test_resized_sides_are_multiples_of_the_factor(page: tuple[VisionSpec, int, int, int]) -> None:
    spec, width, height, budget = page
    h_bar, w_bar = smart_resize(height, width, spec, budget)
    assert h_bar % spec.factor == 0
    assert w_bar % spec.factor == 0
    assert h_bar >= spec.factor
    assert w_bar >= spec.factor


@PROPERTY
@given(pages())
def test_tokens_stay_within_the_pixel_bounds(page: tuple[VisionSpec, int, int, int]) -> None:
    spec, width, height, budget = page
    tokens = vision_tokens(width, height, spec, budget)
    assert spec.min_pixels // spec.factor**2 <= tokens <= budget // spec.factor**2


@PROPERTY
@given(pages())
def test_fit_to_budget_is_left_alone_by_the_server(page: tuple[VisionSpec, int, int, int]) -> None:
    spec, width, height, budget = page
    fit_w, fit_h = fit_to_budget(width, height, spec, budget)
    assert smart_resize(fit_h, fit_w, spec, budget) == (fit_h, fit_w)
    assert vision_tokens(fit_w, fit_h, spec, budget) == vision_tokens(width, height, spec, budget)


# Pages between min_pixels and the default budget of both families (300 to
# 2,500 px a side is at least 82,944 px after rounding and at most 6.25 Mpx).
mid_sides = st.integers(min_value=300, max_value=2_000)
growth = st.integers(min_value=0, max_value=500)


@PROPERTY
@given(specs, mid_sides, mid_sides, growth, growth)
def test_a_bigger_page_never_costs_fewer_tokens_below_the_budget(
    spec: VisionSpec, width: int, height: int, more_w: int, more_h: int
) -> None:
    # Between min_pixels and the budget each side is only rounded to the
    # nearest token, so more pixels never mean fewer tokens.
    bigger = vision_tokens(width + more_w, height + more_h, spec)
    assert bigger >= vision_tokens(width, height, spec)


@PROPERTY
@given(pages(), st.floats(min_value=1.0, max_value=8.0))
def test_scaling_a_page_up_loses_few_tokens_at_the_budget(
    page: tuple[VisionSpec, int, int, int], scale: float
) -> None:
    """Monotone-ish: once over budget the tokens depend only on the aspect ratio, and
    rounding down each side may cost a row and a column of tokens, no more."""
    spec, width, height, budget = page
    bigger_w, bigger_h = round(width * scale), round(height * scale)
    assume(max(bigger_w, bigger_h) <= 20 * min(bigger_w, bigger_h))
    small_h, small_w = smart_resize(height, width, spec, budget)
    rows, cols = small_h // spec.factor, small_w // spec.factor
    slack = rows + cols + 1
    assert vision_tokens(bigger_w, bigger_h, spec, budget) >= rows * cols - slack
