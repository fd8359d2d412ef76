"""Page images for upload: exact size for the model, the scan's own JPEG when it is all
the page holds, rendered otherwise, and the same picture either way."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageChops, ImageStat

from backend.documents.page_image import _render, encode_page, is_grey_scan, scan_jpeg
from backend.documents.pdf import open_pdf
from backend.documents.vision import QWEN2_VL, QWEN3_VL
from tests.conftest import DATA, SAMPLE_PDF

BUDGET = 2_257_920


def decoded(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("spec", [QWEN2_VL, QWEN3_VL])
def test_size_is_a_multiple_of_the_token_and_within_budget(spec: object) -> None:
    doc = open_pdf(SAMPLE_PDF)
    try:
        image = encode_page(doc, 0, spec=spec, max_pixels=BUDGET)  # type: ignore[arg-type]
    finally:
        doc.close()
    factor = spec.factor  # type: ignore[attr-defined]
    assert image.width % factor == 0 and image.height % factor == 0
    assert image.width * image.height <= BUDGET
    assert image.width * image.height > 0.8 * BUDGET  # the budget is used, not wasted
    assert decoded(image.data).size == (image.width, image.height)
    assert image.mime == "image/jpeg"


def test_a_pure_scan_uses_its_jpeg_and_looks_like_the_rendered_page() -> None:
    doc = open_pdf(SAMPLE_PDF)
    try:
        page = doc.page(1)
        assert scan_jpeg(page) is not None
        image = encode_page(doc, 1, spec=QWEN2_VL, max_pixels=BUDGET)
        rendered = _render(page, image.width, image.height, page.rect, None)
    finally:
        doc.close()
    diff = ImageChops.difference(decoded(image.data).convert("L"), rendered.convert("L"))
    assert ImageStat.Stat(diff).mean[0] < 6  # JPEG noise, not a different picture


def test_a_page_with_text_is_rendered_in_colour() -> None:
    doc = open_pdf(DATA / "legal-sample.digital.pdf")
    try:
        page = doc.page(0)
        assert scan_jpeg(page) is None and not is_grey_scan(page)
        image = encode_page(doc, 0, spec=QWEN2_VL, max_pixels=BUDGET)
    finally:
        doc.close()
    assert decoded(image.data).mode == "RGB"


def test_a_rotated_scan_is_rendered_not_copied(tmp_path: Path) -> None:
    src = pymupdf.open(SAMPLE_PDF)
    src[0].set_rotation(90)
    path = tmp_path / "rotated.pdf"
    src.save(path)
    src.close()
    doc = open_pdf(path)
    try:
        assert scan_jpeg(doc.page(0)) is None
        image = encode_page(doc, 0, spec=QWEN2_VL, max_pixels=BUDGET)
    finally:
        doc.close()
    assert image.width > image.height  # landscape after rotation


def test_a_region_has_the_crop_aspect_ratio() -> None:
    doc = open_pdf(SAMPLE_PDF)
    try:
        image = encode_page(doc, 0, spec=QWEN2_VL, max_pixels=BUDGET, region=(0.0, 0.0, 1.0, 0.25))
    finally:
        doc.close()
    page_ratio = 595 / (842 * 0.25)
    assert abs(image.width / image.height - page_ratio) < 0.15 * page_ratio


def test_png_on_request() -> None:
    doc = open_pdf(SAMPLE_PDF)
    try:
        image = encode_page(doc, 0, spec=QWEN2_VL, max_pixels=300_000, fmt="png")
    finally:
        doc.close()
    assert image.mime == "image/png" and image.data.startswith(b"\x89PNG")


def test_a_page_too_thin_for_the_model_is_a_render_error(tmp_path: Path) -> None:
    # Found by the PDF fuzz: a 2×44721 px page made smart_resize's ValueError escape.
    from backend.errors import RenderError

    path = tmp_path / "strip.pdf"
    pdf = pymupdf.open()
    pdf.new_page(width=5, height=3000)  # aspect ratio 600: above the processor's 200
    pdf.new_page(width=595, height=842)
    pdf.save(path)
    doc = open_pdf(path)
    try:
        with pytest.raises(RenderError, match="Page 1 cannot be sent to the model"):
            encode_page(doc, 0, spec=QWEN2_VL, max_pixels=BUDGET)
        assert encode_page(doc, 1, spec=QWEN2_VL, max_pixels=BUDGET).width > 0  # others still go
    finally:
        doc.close()
