"""Ruling lines inside a table region of a scan: where a ruled table's rows and columns are.

A pure function of the page's pixels (numpy, no model): a ruled table's row and column
edges are its long horizontal and vertical ink lines. A pixel row counts as a rule when
one unbroken run of ink in it spans at least half the region's width (half its height
for a column rule); Han text never does (white space between characters breaks every
run), nor does a shaded band (thicker than any rule, so dropped). Every length is in
points, turned into pixels by the render's dpi, so a page rendered at another dpi finds
the same lines. Fewer than two lines in a direction give none in it: one line bounds no
cell, and an unruled table gives none at all (its rows and columns must come from the
alternate's line boxes). A scan fed in askew (up to 2 degrees) has its rules found along
the slope that lines their ink up best; each is reported where it crosses the region's
middle.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from backend.models import Box, TableGrid

__all__ = ["find_rules", "table_grid"]

MIN_SHARE = 0.5  # a rule spans at least this share of the region's width (height)
PAD_PT = 6.0  # the region is widened so: a detector's box may cut the outer border off
GAP_PT = 0.5  # a break this long in a rule (a scan's dropout) is bridged
BAND_PT = 1.0  # a rule may wander this far across its length (slight skew, ragged ink)
MAX_SKEW = 0.035  # rows per column (2 degrees): a scan more askew is not read here
COARSE = 4  # rows of drift between the first slopes tried
MAX_THICK_PT = 4.0  # thicker is a shaded band or a block of ink, not a rule
INK_MAX = 160  # grey levels darker than this are ink (on white paper; less on grey)


def table_grid(image: Any, region: Box, *, dpi: float) -> TableGrid:
    """The ruling lines of the table in ``region`` (page-relative) of ``image``, the
    page's pixels (h, w) grey or (h, w, 3) ``uint8``, rendered at ``dpi``."""
    pixels = np.asarray(image)
    h, w = pixels.shape[:2]
    x0, y0, x1, y1 = region
    rows, cols = find_rules(pixels, (x0 * w, y0 * h, x1 * w, y1 * h), dpi=dpi)
    return TableGrid(region, tuple(_unit(r / h) for r in rows), tuple(_unit(c / w) for c in cols))


def find_rules(
    image: Any, box: tuple[float, float, float, float], *, dpi: float
) -> tuple[list[float], list[float]]:
    """Rules inside ``box`` (pixels: x0, y0, x1, y1) of ``image``: the y of each
    horizontal one and the x of each vertical one, in pixels (a rule's centre line)."""
    pixels = np.asarray(image)
    h, w = pixels.shape[:2]
    px = dpi / 72.0
    pad = round(PAD_PT * px)
    left, top = max(0, int(box[0]) - pad), max(0, int(box[1]) - pad)
    right, bottom = min(w, int(np.ceil(box[2])) + pad), min(h, int(np.ceil(box[3])) + pad)
    if right - left < 2 or bottom - top < 2:
        return [], []
    crop = _gray(pixels[top:bottom, left:right])
    ink = crop < min(INK_MAX, float(np.median(crop)) * 0.75)
    along = {"gap": max(1, round(GAP_PT * px)), "band": max(1, round(BAND_PT * px))}
    thick = max(2, round(MAX_THICK_PT * px))
    rows = _rules(ink, MIN_SHARE * (box[2] - box[0]), thick, **along)
    cols = _rules(ink.T, MIN_SHARE * (box[3] - box[1]), thick, **along)
    return [top + r for r in rows], [left + c for c in cols]


def _rules(ink: np.ndarray, min_len: float, thick: int, *, gap: int, band: int) -> list[float]:
    """Centres (in rows of ``ink``, at its middle column) of the horizontal rules: runs
    along axis 1, looked for along the skew that lines the ink up best."""
    h, w = ink.shape
    ys, xs = np.nonzero(ink)
    if ys.size == 0:
        return []
    shift = np.round(np.arange(w) * _skew(ys, xs, w)).astype(np.int64)
    top = int(shift.max())
    sheared = np.zeros((h + top - int(shift.min()), w), dtype=bool)
    sheared[ys - shift[xs] + top, xs] = True  # each rule now lies along one row
    # Bridge short breaks along the rule, then let a rule wander ``band`` rows across.
    closed = _erode(_dilate(sheared, gap, axis=1), gap, axis=1)
    banded = _dilate(closed, band, axis=0)
    is_rule = _longest_runs(banded) >= max(min_len, 1.0)
    middle = float(shift[w // 2]) - top
    centres = []
    for first, last in _groups(np.flatnonzero(is_rule)):
        # The band widened every rule by ``band`` rows each side; a thicker group is ink.
        if last - first + 1 - 2 * band <= thick:
            centres.append((first + last + 1) / 2 + middle)
    return centres if len(centres) >= 2 else []


def _skew(ys: np.ndarray, xs: np.ndarray, width: int) -> float:
    """The slope (rows per column, within ``MAX_SKEW``) along which the ink at (ys, xs)
    piles up most in one row: a skewed scan's rules. Tried every ``COARSE`` rows of
    drift over the width, then every row around the best; straight first (it wins ties)."""
    steps = int(MAX_SKEW * width)
    best = _best_drift(ys, xs, width, range(-steps, steps + 1, COARSE))
    fine = range(max(-steps, best - COARSE + 1), min(steps, best + COARSE - 1) + 1)
    return _best_drift(ys, xs, width, fine) / max(width, 1)


def _best_drift(ys: np.ndarray, xs: np.ndarray, width: int, drifts: range) -> int:
    best, best_peak = 0, -1
    for drift in sorted(drifts, key=abs):
        rows = ys - np.round(xs * (drift / max(width, 1))).astype(np.int64)
        peak = int(np.bincount(rows - rows.min()).max())
        if peak > best_peak:
            best, best_peak = drift, peak
    return best


def _groups(indices: np.ndarray) -> list[tuple[int, int]]:
    """Runs of consecutive indices as (first, last)."""
    if indices.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(indices) > 1)
    firsts = np.concatenate(([indices[0]], indices[breaks + 1]))
    lasts = np.concatenate((indices[breaks], [indices[-1]]))
    return [(int(a), int(b)) for a, b in zip(firsts, lasts, strict=True)]


def _longest_runs(mask: np.ndarray) -> np.ndarray:
    """The longest run of True in each row of ``mask``."""
    h, w = mask.shape
    padded = np.zeros((h, w + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    rows, starts = np.nonzero(edges == 1)
    _rows, ends = np.nonzero(edges == -1)  # row-major: each run's end follows its start
    longest = np.zeros(h, dtype=np.int64)
    np.maximum.at(longest, rows, ends - starts)
    return longest


def _window_sum(mask: np.ndarray, r: int, axis: int) -> np.ndarray:
    """How many True lie within ``r`` of each cell along ``axis``."""
    counts = np.cumsum(mask, axis=axis, dtype=np.int32)
    n = mask.shape[axis]
    zero = np.zeros_like(np.take(counts, [0], axis=axis))
    counts = np.concatenate((zero, counts), axis=axis)
    hi = np.minimum(np.arange(n) + r + 1, n)
    lo = np.maximum(np.arange(n) - r, 0)
    return np.take(counts, hi, axis=axis) - np.take(counts, lo, axis=axis)


def _dilate(mask: np.ndarray, r: int, axis: int) -> np.ndarray:
    dilated: np.ndarray = _window_sum(mask, r, axis) > 0
    return dilated


def _erode(mask: np.ndarray, r: int, axis: int) -> np.ndarray:
    # Outside the image counts as set: a rule reaching the crop's edge is not shortened.
    eroded: np.ndarray = _window_sum(~mask, r, axis) == 0
    return eroded


def _gray(pixels: np.ndarray) -> np.ndarray:
    if pixels.ndim == 3:
        gray: np.ndarray = pixels[..., :3].mean(axis=2)
        return gray
    if pixels.ndim == 2:
        return pixels.astype(np.float32)
    raise ValueError(f"not an image: shape {pixels.shape}")


def _unit(v: float) -> float:
    return round(min(1.0, max(0.0, v)), 5)  # as ScanLines' boxes, for equal cached results
