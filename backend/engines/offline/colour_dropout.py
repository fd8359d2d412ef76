"""Pushes coloured stamp ink (red seals, blue or violet receipt stamps) to paper before OCR.

A scanner's "colour dropout": court scans carry seals and stamps pressed over
black text, and the engine reads neither the stamp (junk such as 收文 in the
alternate reading) nor, often, the text under it. On paper a stamp's ink is
light in luminance: a bright colour, pale in at least one channel. Black text,
also where a stamp lies over it, stays dark (a translucent stamp only tints it).
So a pixel that is clearly coloured and lighter than a point between the page's
ink and its paper is a candidate: stamp on paper, to become paper; coloured dark
pixels (text under the stamp) and every neutral pixel are kept as they are.

Colour alone does not tell a stamp from coloured text: a 10-12 pt stroke at 150
dpi is mostly rim, light in the same way, and so is a thin rule (measured in
review of VERSION 1, colour alone: 44-58 % of the ink of blue, navy, red or green
text lines pushed to paper, 0.5 pt red or blue table rules erased). So a stamp
is told by its shape as well: only candidates inside the box of a coloured
cluster that is stamp-sized in both directions, with a frame or ring spanning
it (``_stamp_boxes``), are dropped. Coloured text lines (a line high), rules and
underlines (thin), a table ruled across the page (too large), a short coloured
entry (too small) and a block of them (no part as tall as the block) keep every
pixel.

Luminance, not a single channel: JPEG keeps luminance at full resolution and
halves colour, so thin strokes under a stamp keep their darkness while colour
bleeds around them. The levels come from the page (its paper and its neutral
ink), as in ``faint_ink``, so a low-contrast copy is judged on its own scale.

Guards: the step only runs where the paper is neutral and most of the page's
ink is neutral. A page written in blue ink, or scanned with a colour cast
(sepia), is left as is. Inside a stamp's box, coloured ink that is dark in every
channel on the page's scale (a blue-black pen's figures written into the stamp)
is kept (``LIGHT``); ink light in one channel goes with the stamp there (navy,
25 25 115, is: its blue channel is past ``LIGHT`` on a black-on-white page).

Limits, by the shape rule: a stamp that touches coloured text or coloured rules
joins them into a cluster too large or of the wrong shape, and stays (as without
this step); a coloured table smaller than ``STAMP_MAX`` both ways (a form's table
88 x 59 mm ruled 0.5 pt on A4: 7,540 of its 9,274 rule pixels measured going), a box of
coloured text (a signature block framed in blue: reviewer R2 measured 0.78 of its
ink dropped), or a heading of 20 pt or more underlined in colour, can be taken for
a stamp. Sizes are in millimetres (10.5-94.5 mm) when the caller gives the page's
dpi (every product caller does: the render's); without one they are shares of the page's
shorter side, exact only for A4, so on an A3 page a 12-14 mm seal is too small to
count and on an A6 page a 50 mm one too large, and stays, as without the step. Seals
in a row wider than ``STAMP_MAX`` (three overlapping chops) stay too.

How it fits with ``faint_ink``: this step runs first. ``faint_ink`` takes the
darkest channel on purpose (coloured text counts as ink); a stamp's darkest
channel is dark too, so without this step it stays ink there. After it, the
stamp on paper is gone, and a text stroke under the stamp, tinted but with a
dark darkest channel, is still ink to ``faint_ink``.
"""

from __future__ import annotations

from typing import Any

# Bump when the step changes: caches of readings key on it.
VERSION = "3"

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
# A stamp is told by its shape, judged on the coloured pixels shrunk to about GRID
# pixels across A4's shorter side (150 dpi A4 halved; any coloured pixel in a block
# counts): stamps are large, and a 300 dpi page costs no more than a 150 dpi one.
# Sizes are shares of A4's shorter side (A4_SHORT_MM) at the page's dpi, so in mm
# whatever the paper's size; without a dpi, shares of the page's own shorter side:
# - SPECK: coloured parts smaller than this square (2.5 mm) gather nothing: noise, a
#   JPEG fringe, a stroke of a small coloured character;
# - GATHER: the rest within twice this (8 mm) of each other are one cluster: the
#   pieces of a seal whose ring is broken (the corpus's seals lose their corners,
#   measured 45 px gaps at 150 dpi), a stamp's characters inside its frame;
# - STAMP_MIN, STAMP_MAX: a stamp's cluster is at least 10.5 mm both ways (2.5
#   heights of a 12 pt line, the corpus's smallest stamp is 15 mm), at most 94 mm
#   (its largest 68 mm; a table ruled across the text is 150 mm and more);
# - SPAN: and has a part (its frame or ring, whole or a side of it) as wide as this
#   share of the cluster and one as tall: a block of coloured text lines gathered
#   into a cluster has none as tall (a line is under half of two lines and their gap).
A4_SHORT_MM = 210
MM_PER_INCH = 25.4
GRID = 620
SPECK = 0.012
GATHER = 0.02
STAMP_MIN = 0.05
STAMP_MAX = 0.45
SPAN = 0.5


def drop_colour(rgb: Any, dpi: float | None = None) -> Any:
    """A copy of ``rgb`` (``uint8`` h x w x 3) with the light coloured ink of its stamps
    pushed to paper, or ``rgb`` itself when the page has no such ink or its text is
    coloured. ``dpi``: the page's, so that a stamp's size is judged in mm (without it,
    as a share of the page's shorter side: right for A4 only)."""
    found = _candidates(rgb)
    if found is None:
        return rgb
    drop, coloured, paper = found
    # The length the sizes are shares of, in pixels: A4's shorter side at the page's dpi,
    # whole pixels as a render's are, so an A4 page at 150 dpi (1240 px) is judged
    # exactly as without a dpi (``VERSION`` 2's output, the bench's readings).
    side = min(rgb.shape[:2]) if dpi is None else int(A4_SHORT_MM / MM_PER_INCH * dpi)
    drop &= _stamp_boxes(coloured, max(1, side))
    if not drop.any():
        return rgb
    out = rgb.copy()
    out[drop] = paper  # the paper's grey: neutral, so nothing coloured is left
    return out


def _candidates(rgb: Any) -> tuple[Any, Any, int] | None:
    """Light coloured ink (stamp on paper by its colour), the page's coloured pixels, and
    its paper's grey; None when the page is not judged. In a function of its own so
    that its full-page arrays are freed before the shape is judged (memory at 300 dpi)."""
    import numpy as np

    chan = rgb.astype(np.int32)  # the weighted sum overflows 16 bits
    hi, lo = chan.max(axis=2), chan.min(axis=2)
    # Rec. 601 luminance in integers (weights / 1000), as a scanner's grey would be.
    lum = (chan[..., 0] * 299 + chan[..., 1] * 587 + chan[..., 2] * 114) // 1000
    paper = float(np.median(lum))  # most of a page is paper
    spread = hi - lo
    if float(np.median(spread)) >= MIN_CHROMA:
        return None  # the paper itself is coloured: a sepia or tinted scan, not stamps
    neutral = spread < MIN_CHROMA
    if not neutral.any():
        return None
    ink = float(np.percentile(lum[neutral], INK_PERCENTILE))
    contrast = paper - ink
    if contrast < MIN_CONTRAST:
        return None
    coloured = spread > max(MIN_CHROMA, CHROMA * contrast)
    inky = lo < ink + 0.6 * contrast  # ink as ``faint_ink`` counts it: the darkest channel
    n_ink = int(inky.sum())
    if n_ink == 0 or int((coloured & inky).sum()) > MAX_COLOURED_INK * n_ink:
        return None
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
        return None
    return drop, coloured, round(paper)


def _stamp_boxes(coloured: Any, side: int) -> Any:
    """Where the page's stamps lie: the boxes of its coloured clusters that have a
    stamp's size and a frame or ring spanning them (the constants above, shares of
    ``side`` pixels)."""
    import cv2
    import numpy as np

    h, w = coloured.shape
    f = max(1, side // GRID)
    rows, cols = h // f, w // f
    grid = coloured[: rows * f, : cols * f].reshape(rows, f, cols, f).any(axis=(1, 3))
    short = side // f  # in the grid's blocks
    n, parts, stats, _centres = cv2.connectedComponentsWithStats(
        grid.view(np.uint8), connectivity=8
    )
    big = stats[:, cv2.CC_STAT_AREA] >= (SPECK * short) ** 2
    big[0] = False  # the background
    # Parts less than twice GATHER apart are one cluster: each grown by GATHER, they touch.
    r = max(1, round(GATHER * short))
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * r + 1, 2 * r + 1))
    kept = big[parts]
    count, clusters = cv2.connectedComponents(cv2.dilate(kept.view(np.uint8), kernel))
    ids = np.flatnonzero(big)
    owner = np.zeros(n, dtype=np.int32)
    owner[parts[kept]] = clusters[kept]
    # Each cluster's box (of its parts, not grown), its widest and its tallest part.
    x, y = stats[ids, cv2.CC_STAT_LEFT], stats[ids, cv2.CC_STAT_TOP]
    pw, ph = stats[ids, cv2.CC_STAT_WIDTH], stats[ids, cv2.CC_STAT_HEIGHT]
    left, top = np.full(count, cols, dtype=np.int32), np.full(count, rows, dtype=np.int32)
    right, bottom = np.zeros(count, dtype=np.int32), np.zeros(count, dtype=np.int32)
    widest, tallest = np.zeros(count, dtype=np.int32), np.zeros(count, dtype=np.int32)
    of = owner[ids]
    np.minimum.at(left, of, x)
    np.minimum.at(top, of, y)
    np.maximum.at(right, of, x + pw)
    np.maximum.at(bottom, of, y + ph)
    np.maximum.at(widest, of, pw)
    np.maximum.at(tallest, of, ph)
    inside = np.zeros((h, w), dtype=bool)
    least, most = STAMP_MIN * short, STAMP_MAX * short
    for i in np.unique(of):
        bw, bh = int(right[i] - left[i]), int(bottom[i] - top[i])
        sized = min(bw, bh) >= least and max(bw, bh) <= most
        if sized and widest[i] >= SPAN * bw and tallest[i] >= SPAN * bh:
            inside[top[i] * f : bottom[i] * f, left[i] * f : right[i] * f] = True
    return inside
