"""Pushes faint ink (text showing through from the back of the sheet) to white before OCR.

RapidOCR's detector finds mirrored bleed-through as lines of text and its
recogniser reads them as confident garbage, which then sits in the alternate
reading next to the real lines. Ink on this side of the page is near black
(or a saturated colour: a red seal's darkest channel is dark too), while text
showing through is a light grey. So the page's own histogram gives two levels,
its ink and its paper; the range between them is stretched to black-white and
everything lighter than a point between them becomes white (a levels adjustment, as a
scanner's "remove background" does). The levels come from the page, not from
fixed values, so a faint, blurred or grey scan is not wiped out.
"""

from __future__ import annotations

from typing import Any

# Bump when the step changes: caches of readings key on it.
VERSION = "1"

INK_PERCENTILE = 0.5  # the darkest 0.5 % of pixels: stroke cores, not specks or edges
CUT = 0.6  # share of the way from ink to paper above which a pixel is taken as paper
MIN_CONTRAST = 60  # ink and paper closer than this: a blank or odd page, left as is


def suppress_faint(rgb: Any) -> Any:
    """A copy of ``rgb`` (``uint8`` h x w x 3) with faint grey pushed to white."""
    import numpy as np

    grey = rgb.min(axis=2)  # the darkest channel: coloured ink counts as ink
    paper = float(np.median(grey))  # most of a page is paper
    ink = float(np.percentile(grey, INK_PERCENTILE))
    if paper - ink < MIN_CONTRAST:
        return rgb
    cut = ink + CUT * (paper - ink)
    # Ink to black and paper to white; lighter than ``cut``: white. Stretching only
    # up to ``cut`` would thin blurred strokes (measured: a blurred page read worse).
    levels = np.arange(256, dtype=np.float32)
    lut = np.clip((levels - ink) * (255.0 / (paper - ink)), 0, 255)
    lut[levels > cut] = 255
    return lut.astype(np.uint8)[rgb]
