"""The layout (regions, and each table region's ruling lines) of a generated page's
scan, cached on disk.

The product's layout step (``backend.engines.offline.layout.detect_page``: the CDLA
model on the page cleaned of bleed-through, then ``ruling.table_grid`` in each table
region) runs in this process on the 150-dpi scan, as the offline worker would on the
page rendered at 150 dpi. Results are kept as JSON under ``bench/out/corpus/layout/``
(keyed by the page's digest and ``LAYOUT_VERSION``). ``None`` when the model is not
installed.
"""

from __future__ import annotations

import io
import json
import os

from PIL import Image

from backend.models import LayoutKind, LayoutRegion, LayoutRegions
from backend.session.layout import layout_from_json, layout_json
from bench.corpus.engine_reads import Scanned
from bench.corpus.pages import CACHE
from bench.corpus.scan_cache import at_corpus_dpi

LAYOUTS = CACHE / "layout"
DPI = 150.0  # the corpus's scans are drawn at 150 dpi


def layout(page: Scanned) -> LayoutRegions | None:
    try:
        from backend.engines.offline import layout as model
    except ImportError:  # an older tree: no layout model
        return None
    path = LAYOUTS / f"{page.digest}-l{model.LAYOUT_VERSION}{_cleaning()}.json"
    try:
        return layout_from_json(json.loads(path.read_text("utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    if model.layout_missing():
        return None
    found = _detect(page)
    LAYOUTS.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(layout_json(found)), "utf-8")
    tmp.replace(path)
    return found


def _cleaning() -> str:
    """How the page is cleaned before the model sees it (an older tree: no stamp step)."""
    try:
        from backend.engines.offline import colour_dropout
    except ImportError:
        return ""
    return f"-c{colour_dropout.VERSION}"


def _detect(page: Scanned) -> LayoutRegions:
    """``detect_page``'s steps on the scan's pixels (it renders a PDF; the corpus has images)."""
    import numpy as np

    from backend.engines.offline import colour_dropout, faint_ink
    from backend.engines.offline.layout import _unit, detect, load
    from backend.engines.offline.ruling import table_grid

    version = load()
    img = Image.open(io.BytesIO(page.image_path.read_bytes())).convert("RGB")
    w, h = img.size
    rgb = faint_ink.suppress_faint(at_corpus_dpi(colour_dropout.drop_colour, np.asarray(img)))
    kinds = {k.value: k for k in LayoutKind}
    regions = sorted(
        (
            LayoutRegion(
                kinds[name],
                round(score, 4),
                (_unit(x0 / w), _unit(y0 / h), _unit(x1 / w), _unit(y1 / h)),
            )
            for name, score, (x0, y0, x1, y1) in detect(rgb)
            if name in kinds
        ),
        key=lambda r: (r.box[1], r.box[0]),
    )
    tables = tuple(table_grid(rgb, r.box, dpi=DPI) for r in regions if r.kind == LayoutKind.TABLE)
    return LayoutRegions(tuple(regions), detector=version, tables=tables)
