"""A scan redacted MuPDF's way (a CMYK JPEG: ``PDF_REDACT_IMAGE_PIXELS``) keeps no trace
of what was under a box: MuPDF blanks exactly the box, and the pixels past its edge in a
JPEG cell it cuts were decoded from the same numbers as those under it (a seal's stroke
rang into them). The box is widened by a cell and a pixel (``redact_images._widened``).
Two scans that differ only under the box must give the same image in the file."""

from __future__ import annotations

import io
from types import SimpleNamespace

import numpy as np
import pymupdf
import pytest
from PIL import Image, ImageDraw

from backend.export.redacted_pdf import _redact

W, H = 320, 240
BOX = (0.3, 0.3, 0.6, 0.55)  # pixels 96..192 × 72..132: its bottom cuts a cell


def _scan(seal: bool) -> Image.Image:
    image = Image.new("RGB", (W, H), (250, 248, 240))
    pen = ImageDraw.Draw(image)
    for x in range(-40, W, 9):
        pen.line((x, 0, x + 40, H), fill=(40, 40, 40), width=2)
    if seal:  # inside the box
        pen.rectangle((97, 73, 191, 131), outline=(200, 20, 30), width=6)
        pen.ellipse((120, 80, 170, 125), fill=(210, 30, 40))
    return image


def _kept(seal: bool, mode: str) -> np.ndarray:
    source = io.BytesIO()
    _scan(seal).convert(mode).save(source, format="JPEG", quality=85)
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_image(page.rect, stream=source.getvalue())
    _redact(doc[0], SimpleNamespace(redactions=[BOX]))  # type: ignore[arg-type]
    written = pymupdf.open(stream=doc.tobytes(garbage=3, deflate=True))
    (block,) = [b for b in written[0].get_text("dict")["blocks"] if b["type"] == 1]
    return np.asarray(Image.open(io.BytesIO(block["image"])).convert("RGB")).astype(int)


@pytest.mark.parametrize("mode", ["CMYK", "RGB"])  # MuPDF's way; Pillow's
def test_what_was_under_the_box_leaves_no_trace(mode: str) -> None:
    with_seal, without = _kept(True, mode), _kept(False, mode)
    assert np.array_equal(with_seal, without)
    under = with_seal[76:128, 100:188]
    assert (under == under[0, 0]).all()  # one flat value under the box
    assert with_seal[5:60, 5:80].min() < 100  # the strokes away from it kept
