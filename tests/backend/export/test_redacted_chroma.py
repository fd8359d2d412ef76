"""A colour JPEG scan blanked under a box keeps no trace of what was under it
(``jpeg_redact.blank``): where the colour is stored at half the resolution (4:2:2,
4:2:0: most colour scans), decoding blends each pixel's colour with the neighbouring
sample, so the pixels just past the blanked cells held a quarter of the colour under
the box (a red seal's edge) and the JPEG written again carried it. Two scans that
differ only under the box must blank to the same bytes."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from backend.export.jpeg_redact import blank

W, H = 320, 240
BOX = (0.3, 0.3, 0.6, 0.55)  # pixels 96..192 × 72..132: not on the 16-pixel cells


def _scan(seal: bool) -> Image.Image:
    """Grey strokes on white, and a red seal under the box or not."""
    image = Image.new("RGB", (W, H), (250, 248, 240))
    pen = ImageDraw.Draw(image)
    for x in range(-40, W, 9):
        pen.line((x, 0, x + 40, H), fill=(40, 40, 40), width=2)
    if seal:  # inside the box: x 96..192, y 72..132
        pen.rectangle((97, 73, 191, 131), outline=(200, 20, 30), width=6)
        pen.ellipse((120, 80, 170, 125), fill=(210, 30, 40))
    return image


def _jpeg(image: Image.Image, subsampling: int) -> bytes:
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=85, subsampling=subsampling)
    return out.getvalue()


@pytest.mark.parametrize("subsampling", [0, 1, 2], ids=["4:4:4", "4:2:2", "4:2:0"])
def test_what_was_under_the_box_leaves_no_trace(subsampling: int) -> None:
    with_seal = _jpeg(_scan(True), subsampling)
    without = _jpeg(_scan(False), subsampling)
    assert with_seal != without
    assert blank(with_seal, [BOX]) == blank(without, [BOX])
