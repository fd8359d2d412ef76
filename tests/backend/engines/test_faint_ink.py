"""Faint ink (bleed-through) is pushed to white before OCR; ink, seals and blank pages are kept."""

from __future__ import annotations

import numpy as np

from backend.engines.offline.faint_ink import suppress_faint


def page() -> np.ndarray:
    """Paper at 245 with black strokes, a red seal stroke and faint grey ghost text."""
    rgb = np.full((200, 300, 3), 245, np.uint8)
    rgb[20:30, 20:280] = 15  # ink: a black bar of strokes
    rgb[40:44, 20:200] = 120  # a stroke's anti-aliased edge, darker than halfway
    rgb[60:70, 20:120] = (200, 30, 40)  # a red seal
    rgb[100:140, 20:280] = 215  # text showing through from the back
    return rgb


def test_faint_grey_becomes_white_and_ink_stays() -> None:
    out = suppress_faint(page())
    assert out.shape == (200, 300, 3) and out.dtype == np.uint8
    assert (out[100:140, 20:280] == 255).all()  # the ghost is gone
    assert (out[0:10] == 255).all()  # paper is white
    assert out[20:30, 20:280].max() < 20  # ink stays black
    assert 80 < int(out[40:44, 20:200].min()) < 130  # an edge keeps its grey, stretched
    red = out[60:70, 20:120]
    assert (red[..., 0] == 255).all() and red[..., 1].max() < 40  # the seal stays red


def test_a_page_without_ink_is_left_as_it_is() -> None:
    blank = np.full((50, 50, 3), 240, np.uint8)
    blank[10:12, 10:12] = 200  # a speck, nowhere near ink
    assert (suppress_faint(blank) == blank).all()
