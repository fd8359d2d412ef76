"""Pushes coloured stamp ink (red seals, blue or violet receipt stamps) to paper before OCR.

A scanner's "colour dropout": court scans carry seals and stamps pressed over
black text, and the engine reads neither the stamp (junk such as 收文 in the
alternate reading) nor, often, the text under it. On paper a stamp's ink is
light in luminance: a bright colour, pale in at least one channel. Black text,
also where a stamp lies over it, stays dark (a translucent stamp only tints it).
So a pixel that is clearly coloured and lighter than a point between the page's
ink and its paper is stamp on paper and becomes paper; coloured dark pixels
(text under the stamp) and every neutral pixel are kept as they are.

Luminance, not a single channel: JPEG keeps luminance at full resolution and
halves colour, so thin strokes under a stamp keep their darkness while colour
bleeds around them. The levels come from the page (its paper and its neutral
ink), as in ``faint_ink``, so a low-contrast copy is judged on its own scale.

Guards: the step only runs where the paper is neutral and most of the page's
ink is neutral. A page written in blue ink, or scanned with a colour cast
(sepia), has coloured text, and wiping its light coloured strokes would wipe
text; such a page is left as is. Dark coloured ink (a blue-black pen) is dark in
every channel and is never dropped (``LIGHT``).

How it fits with ``faint_ink``: this step runs first. ``faint_ink`` takes the
darkest channel on purpose (coloured text counts as ink); a stamp's darkest
channel is dark too, so without this step it stays ink there. After it, the
stamp on paper is gone, and a text stroke under the stamp, tinted but with a
dark darkest channel, is still ink to ``faint_ink``.
"""

from __future__ import annotations

from typing import Any

# Bump when the step changes: caches of readings key on it.
VERSION = "1"

INK_PERCENTILE = 0.5  # the darkest 0.5 % of neutral pixels: black stroke cores
MIN_CONTRAST = 60  # ink and paper closer than this: a blank or odd page, left as is
# Coloured: the channels spread by more than this share of the page's ink-paper
# contrast (and by MIN_CHROMA at least: JPEG tints the edges of black strokes).
CHROMA = 0.15
MIN_CHROMA = 14
# Stamp on paper against text under the stamp, per colour (the brightest channel: a
# red seal and a violet stamp are told apart). The stamp's own level is the commonest
# grey among its darker half (its solid strokes on paper; the lighter half is the
# blurred rim of each stroke, many greys, few of each); text under it is its darkest
# tail. The cut lies between the two, so it follows the stamp's opacity and the page's
# contrast (a translucent stamp only tints the text; an opaque one on a faded copy
# leaves a small step, measured 17-40 grey levels on the generated corpus).
DARK_TAIL = 2.0  # percentile of the stamp's pixels: text under it, when there is any
CUT = 0.5  # share of the way from that tail up to the stamp's level
MIN_GROUP = 200  # fewer coloured pixels of one colour: specks, not a stamp
# More coloured pixels than this share of the page's ink: the text itself is coloured.
MAX_COLOURED_INK = 0.5
# Only a pixel whose brightest channel is lighter than this share of the way from ink
# to paper is dropped: stamp ink on paper is light in at least one channel, while dark
# coloured ink (a blue-black pen's signature or figures) is dark in all three.
LIGHT = 0.4


def drop_colour(rgb: Any) -> Any:
    """A copy of ``rgb`` (``uint8`` h x w x 3) with light coloured ink pushed to paper,
    or ``rgb`` itself when the page has no such ink or its text is coloured."""
    import numpy as np

    chan = rgb.astype(np.int32)  # the weighted sum overflows 16 bits
    hi, lo = chan.max(axis=2), chan.min(axis=2)
    # Rec. 601 luminance in integers (weights / 1000), as a scanner's grey would be.
    lum = (chan[..., 0] * 299 + chan[..., 1] * 587 + chan[..., 2] * 114) // 1000
    paper = float(np.median(lum))  # most of a page is paper
    spread = hi - lo
    if float(np.median(spread)) >= MIN_CHROMA:
        return rgb  # the paper itself is coloured: a sepia or tinted scan, not stamps
    neutral = spread < MIN_CHROMA
    if not neutral.any():
        return rgb
    ink = float(np.percentile(lum[neutral], INK_PERCENTILE))
    contrast = paper - ink
    if contrast < MIN_CONTRAST:
        return rgb
    coloured = spread > max(MIN_CHROMA, CHROMA * contrast)
    inky = lo < ink + 0.6 * contrast  # ink as ``faint_ink`` counts it: the darkest channel
    n_ink = int(inky.sum())
    if n_ink == 0 or int((coloured & inky).sum()) > MAX_COLOURED_INK * n_ink:
        return rgb
    light = hi > ink + LIGHT * contrast
    top = chan.argmax(axis=2)
    drop = np.zeros(lum.shape, dtype=bool)
    for channel in range(3):
        group = coloured & (top == channel)
        if int(group.sum()) < MIN_GROUP:
            continue
        values = lum[group]
        tail = float(np.percentile(values, DARK_TAIL))
        darker = values[values <= np.median(values)]
        counts = np.convolve(np.bincount(darker, minlength=256), np.ones(5), mode="same")
        level = float(np.argmax(counts))
        drop |= group & light & (lum > tail + CUT * (level - tail))
    if not drop.any():
        return rgb
    out = rgb.copy()
    out[drop] = round(paper)  # the paper's grey: neutral, so nothing coloured is left
    return out
