"""The engines' page loses its stamps at the render's own dpi: ``page_image.unstamped``,
which RapidOCR's reading (``rapidocr_engine.read_page``), the line detector
(``scan_lines.detect_page``) and the layout model (``layout.detect_page``) all start
from, judges a seal's size in mm at the dpi the page was rendered at, not at 150."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from backend.documents.pdf import open_pdf
from backend.engines.offline.base import AltOptions
from backend.engines.offline.page_image import render, to_array, unstamped
from tests.backend.engines.stamp_helpers import BIG_SEAL, SMALL_SEAL, seals_pdf


@pytest.mark.parametrize("dpi", [300, 100])
def test_both_seals_go_at_the_renders_dpi_and_the_text_stays(tmp_path: Path, dpi: int) -> None:
    # Judged at 150 dpi, the 55 mm seal of a 300 dpi render is 110 mm, too large to be a
    # stamp, and the 13 mm seal of a 100 dpi render 8.7 mm, too small; judged without a
    # dpi (shares of this 110 mm high page), the 55 mm one is too large at either. Both
    # stayed so. At the render's dpi both go at either.
    doc = open_pdf(seals_pdf(tmp_path / "sealed.pdf"))
    try:
        options = AltOptions(dpi=dpi)
        rendered, info = render(doc, 0, options)
        bare = to_array(render(doc, 1, options)[0])  # the same text without the seals
        out = unstamped(rendered, info)
    finally:
        doc.close()
    assert info["dpi"] == dpi and not info["clamped"]
    rgb = to_array(rendered)
    seal = (rgb != bare).any(axis=2)  # the seals' ink, and only theirs
    text = (bare.min(axis=2) < 96) & ~seal
    assert text.sum() > 0.01 * text.size
    assert (out[text] == rgb[text]).all()  # every black stroke beside the seals stays
    mm = np.arange(rgb.shape[1]) * 25.4 / dpi  # each column's distance from the left
    for left, _top, side in (BIG_SEAL, SMALL_SEAL):
        this = seal & ((mm > left - 2) & (mm < left + side + 2))[np.newaxis, :]
        on_paper = this & (bare.min(axis=2) > 250)
        assert on_paper.sum() > 0.5 * this.sum()
        # Gone: pushed to paper but for a pale fringe no step counts as colour or ink.
        gone = out[on_paper].min(axis=1) > 200
        assert gone.all(), f"{side:g} mm seal: {int((~gone).sum())} of {gone.size} pixels left"
