"""What the stamp step (``colour_dropout``) costs per page, against reading the page.

The first six of the generated corpus's damaged scans of tuning seed 202 that carry
a seal or a stamp (1240 x 1754, 150 dpi: what RapidOCR reads), in this process: the step
alone (``drop_colour``), the bleed-through step it runs before (``suppress_faint``),
and RapidOCR's whole reading of the same page (``rapidocr_engine.read``: both steps,
detection, recognition), one page after the other in turn. Each step's figure is
its best of 3 on a page, the median over the pages; the reading is read once a page
(the first page, which loads the models, read once more and not counted).

    .venv/bin/python -m bench --only colour_dropout
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.make_doc import Docs
from bench.table import Row, markdown

SEED, PAGES = 202, 24  # the tuning seed's pages; the first with a seal or stamp are used
SCANS = 6
DPI = 150.0  # the corpus's scans: the stamp step's sizes in mm


def _best(step: Callable[[Any], Any], rgb: Any, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        step(rgb)
        best = min(best, time.perf_counter() - t0)
    return best


def run(_docs: Docs | None = None) -> list[Row]:
    import numpy as np
    from PIL import Image

    from backend.engines.offline import rapidocr_engine
    from backend.engines.offline.colour_dropout import drop_colour
    from backend.engines.offline.faint_ink import suppress_faint
    from bench.corpus.damage import damaged
    from bench.corpus.pages import generate

    scans = [
        np.asarray(Image.open(d.image_path).convert("RGB"))
        for d in map(damaged, generate(SEED, PAGES))
        if {"seal", "stamp"} & set(d.defects)
    ][:SCANS]
    rapidocr_engine.read(scans[0])  # loads the models
    drop_s, faint_s, read_s = [], [], []
    for rgb in scans:
        drop_s.append(_best(lambda page: drop_colour(page, DPI), rgb))
        faint_s.append(_best(suppress_faint, rgb))
        t0 = time.perf_counter()
        rapidocr_engine.read(rgb, DPI)
        read_s.append(time.perf_counter() - t0)
    drop = statistics.median(drop_s) * 1000
    name = f"per page (median of {len(scans)} stamped scans of seed {SEED}, 150 dpi)"
    return [
        Row(
            f"colour dropout: the stamp step {name}",
            drop,
            statistics.median(read_s) * 1000,
            goal="a few % of the reading",
            baseline_name="RapidOCR's whole reading of the page (both steps included)",
        ),
        Row(
            "colour dropout: the stamp step against the bleed-through step",
            drop,
            statistics.median(faint_s) * 1000,
            baseline_name="suppress_faint on the same pages",
        ),
    ]


if __name__ == "__main__":
    print(markdown(run(), "colour dropout"))
    sys.exit(0)
