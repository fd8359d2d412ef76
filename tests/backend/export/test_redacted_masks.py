"""The redacted PDF on a high-compression ("MRC") scan (review V, item 2): a solid
foreground drawn through a mask shaped like the letters. Under a redaction box the
mask must hold no shape any more, neither a soft mask (/SMask) nor a stencil (/Mask),
in any image the written file keeps."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pymupdf
import pytest
from PIL import Image, ImageDraw

from backend.export.redacted_pdf import _redact

W, H = 400, 200
BOX = pymupdf.Rect(40, 10, 160, 70)  # the page is the image: one point, one pixel
STRIPES = [(x, 20, x + 4, 60) for x in range(50, 150, 10)]  # the "letters"


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _soft_masked() -> pymupdf.Document:
    mask = Image.new("L", (W, H), 0)
    for stripe in STRIPES:
        ImageDraw.Draw(mask).rectangle(stripe, fill=255)
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_image(page.rect, stream=_png(Image.new("L", (W, H), 0)), mask=_png(mask))
    return doc


def _stencil_masked() -> pymupdf.Document:
    bits = Image.new("1", (W, H), 0)
    for stripe in STRIPES:
        ImageDraw.Draw(bits).rectangle(stripe, fill=1)
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_image(page.rect, stream=_png(Image.new("L", (W, H), 255)))
    stencil = doc.get_new_xref()
    doc.update_object(
        stencil,
        f"<< /Type /XObject /Subtype /Image /Width {W} /Height {H} /ImageMask true "
        "/BitsPerComponent 1 /Decode [1 0] >>",
    )
    doc.update_stream(stencil, bits.tobytes())
    shown = doc.get_new_xref()
    doc.update_object(
        shown,
        f"<< /Type /XObject /Subtype /Image /Width {W} /Height {H} /ColorSpace /DeviceGray "
        f"/BitsPerComponent 8 /Mask {stencil} 0 R >>",
    )
    doc.update_stream(shown, bytes(W * H))
    resources = doc.xref_get_key(page.xref, "Resources")
    holder = int(resources[1].split()[0]) if resources[0] == "xref" else page.xref
    doc.xref_set_key(holder, "XObject/Fg", f"{shown} 0 R")
    contents = page.get_contents()[0]
    doc.update_stream(
        contents, doc.xref_stream(contents) + f"\nq {W} 0 0 {H} 0 0 cm /Fg Do Q\n".encode()
    )
    return doc


@pytest.mark.parametrize("made", [_soft_masked, _stencil_masked])
def test_no_image_or_mask_keeps_the_letters_shape_under_a_box(made) -> None:  # type: ignore[no-untyped-def]
    doc = made()
    page = doc[0]
    dark = page.get_pixmap(colorspace=pymupdf.csGRAY)
    assert sum(dark.pixel(x, y)[0] < 128 for x in range(40, 160) for y in range(20, 60)) > 500
    _redact(page, SimpleNamespace(redactions=[(0.1, 0.05, 0.4, 0.35)]))
    written = pymupdf.open(stream=doc.tobytes(garbage=4, deflate=True, clean=True))
    images = [
        x
        for x in range(1, written.xref_length())
        if written.xref_get_key(x, "Subtype")[1] == "/Image"
    ]
    assert images
    for xref in images:
        pixels = pymupdf.Pixmap(written, xref)
        under = {pixels.pixel(x, y)[0] for x in range(42, 158) for y in range(12, 68)}
        assert len(under) == 1, (xref, written.xref_object(xref, compressed=True)[:120])
