"""Stamp and seal ink is pushed to paper before OCR; text, also under a stamp, is kept,
and a page whose text is itself coloured is left as it is."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageFilter

from backend.engines.offline import AltOcrRunner
from backend.engines.offline.colour_dropout import drop_colour
from tests.backend.engines.stamp_helpers import as_pdf, stamped, text_page


def neutral(rgb: np.ndarray) -> np.ndarray:
    """Where a pixel has no colour to speak of (its channels within 14 levels)."""
    chan = rgb.astype(np.int16)
    return np.asarray((chan.max(axis=2) - chan.min(axis=2)) < 14)


def test_stamp_ink_goes_and_every_text_pixel_stays() -> None:
    text = text_page()
    rgb, stamp = stamped(text)
    out = drop_colour(rgb)
    # Stroke pixels (at least 60% ink; of the rims, lighter, a few under a stamp may go)
    # are all untouched, also where the stamp or the seal lies over them.
    strokes = np.asarray(text).min(axis=2) < 96
    assert (strokes & stamp).sum() > 500  # the stamps do cover text
    assert (out[strokes] == rgb[strokes]).all()
    # The stamps' ink on paper (away from any stroke's blurred edge) is gone.
    near_text = np.asarray(Image.fromarray(strokes).filter(ImageFilter.MaxFilter(5)))
    on_paper = stamp & ~near_text
    assert on_paper.sum() > 5000
    assert neutral(out)[on_paper].all()
    assert (out[on_paper] > 230).all()  # paper's grey


def test_a_page_written_in_coloured_ink_is_left_as_it_is() -> None:
    # Two printed lines in black, seven written in blue ink, a red seal: most of the
    # page's ink is coloured, so its light coloured strokes are text, not a stamp.
    rgb, _stamp = stamped(text_page(colour=(0.15, 0.2, 0.7), black=2))
    assert drop_colour(rgb) is rgb


def test_a_sepia_scan_is_left_as_it_is() -> None:
    # A colour cast over the whole sheet: the paper is coloured, so the stamp's colour
    # cannot be told from the sheet's.
    rgb, _stamp = stamped(text_page())
    sepia = (rgb.astype(np.float32) * np.array([1.0, 0.88, 0.7])).astype(np.uint8)
    assert drop_colour(sepia) is sepia


def test_a_page_without_colour_is_left_as_it_is() -> None:
    rgb = np.asarray(text_page()).copy()
    assert drop_colour(rgb) is rgb


@pytest.fixture(scope="module")
def runner() -> Iterator[AltOcrRunner]:
    r = AltOcrRunner()
    yield r
    r.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="as test_alt_ocr_engines")
def test_rapidocr_reads_the_amount_under_a_stamp(runner: AltOcrRunner, tmp_path: Path) -> None:
    # Measured without the step: the stamp's frame over 拾 made RapidOCR read 壹合伍萬
    # (a numeral lost) and 給 as 合.
    rgb, _stamp = stamped(text_page())
    reading = asyncio.run(runner.run_page(as_pdf(rgb, tmp_path / "stamped.pdf"), 0, "rapidocr"))
    first = reading.text.splitlines()[0]
    assert "被告應給付原告新臺幣壹拾伍萬元" in first
    assert "印" not in reading.text and "收" not in reading.text
