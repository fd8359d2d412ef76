"""RapidOCR (PP-OCR models on onnxruntime), loaded once per worker process.

Import this module only in a worker: ``load`` sets ``ORT_DISABLE_TELEMETRY``
before onnxruntime is imported, because onnxruntime 1.32 otherwise writes a
device id under ~/.cache/Microsoft and uploads usage events (measured: with
the variable set, nothing is written). The first call loads the ONNX models
(~3 s on 2 cores), so the worker keeps one ``RapidOCR`` for all its pages.
"""

from __future__ import annotations

import importlib.metadata
import logging
import os
from typing import TYPE_CHECKING, Any

from backend.engines.offline.base import (
    AltOcrError,
    AltOptions,
    AltReading,
    EngineMissingError,
    RawLine,
    rapidocr_missing,
)
from backend.engines.offline.colour_dropout import drop_colour
from backend.engines.offline.engine_spec import EngineSpec
from backend.engines.offline.faint_ink import suppress_faint
from backend.engines.offline.page_image import read_rendered, unstamped
from backend.i18n import N_, _
from backend.models import box_union

if TYPE_CHECKING:
    from backend.documents.pdf import PdfDocument

_log = logging.getLogger(__name__)

# Bump when how a page is read changes (the engine's settings, the page turned): caches
# of readings key on it. Importing this module loads nothing; ``load`` does.
READING_VERSION = "2"

_engine: Any = None  # the RapidOCR instance of this worker
_version = ""


def load() -> str:
    """Create this process's engine (once); returns RapidOCR's version."""
    global _engine, _version
    if _engine is not None:
        return _version
    os.environ["ORT_DISABLE_TELEMETRY"] = "1"  # before onnxruntime is first imported
    missing = rapidocr_missing()
    if missing:
        raise EngineMissingError(missing)
    from rapidocr import RapidOCR

    # Its logger prints coloured INFO lines to stderr for every model it loads.
    logging.getLogger("RapidOCR").setLevel(logging.WARNING)
    # Word boxes: each character's box, to tell faint bleed-through from ink. No angle
    # classifier: it turned single upright lines of clean scans upside down (measured
    # on the generated corpus: whole lines read as Simplified garbage such as 采热于梁,
    # about 2% of the characters of clean pages); a page scanned upside down is turned
    # as a whole instead (``read``).
    _engine = RapidOCR(
        params={
            "Global.log_level": "warning",
            "Global.return_word_box": True,
            "Global.use_cls": False,
        }
    )
    _version = importlib.metadata.version("rapidocr")
    return _version


# A page read upright with less confidence than this (per character) is read turned
# half round as well, and the turned reading kept if it is clearly surer. Measured on
# the generated corpus: upright pages 0.99, the same pages upside down 0.60-0.66.
UPRIGHT_CONFIDENCE = 0.8
TURNED_MARGIN = 0.1


def read(rgb: Any, dpi: float | None = None) -> list[RawLine]:
    """Lines read from an RGB ``numpy`` array (h, w, 3), in reading order; boxes in its
    pixels (also for a page scanned upside down, which is read turned half round).
    ``dpi``: the page's, for the stamp step's sizes in mm (``drop_colour``)."""
    # Stamp ink off first, then faint ink (``colour_dropout`` says why in this order):
    # a stamp read as text is noise, and it hides the text under it from the engine.
    return read_unstamped(drop_colour(rgb, dpi))


def read_unstamped(page: Any) -> list[RawLine]:
    """``read`` of a page whose stamps' ink is off already (``page_image.unstamped``)."""
    load()
    cleaned = suppress_faint(page)  # bleed-through read as lines is noise
    out = _run(cleaned)
    turned = False
    # No text found upright is none turned either: a blank page is read once.
    if out.boxes is not None and _confidence(out) < UPRIGHT_CONFIDENCE:
        other = _turned_run(cleaned)
        if other is not None and _surer(other, out):
            out, turned = other, True
    if out.boxes is None or out.txts is None:
        return []  # nothing detected: a blank page
    words = out.word_results if len(out.word_results or ()) == len(out.txts) else None
    # In the frame the boxes are in; without the stamp, whose ink is no character's.
    ink = InkMeter(_half_turn(page) if turned else page)
    lines: list[RawLine] = []
    for i, (poly, text, score) in enumerate(zip(out.boxes, out.txts, out.scores, strict=True)):
        line = RawLine(str(text), _bounds(poly), float(score))
        lines += ink.split_faint(line, words[i]) if words is not None else [line]
    if turned:  # the reading order stays the turned page's; the boxes go back onto the page
        height, width = page.shape[:2]
        lines = [RawLine(li.text, _turn_box(li.box, width, height), li.score) for li in lines]
    return lines


def _run(img: Any) -> Any:
    try:
        return _engine(img)
    except Exception as exc:  # onnxruntime and OpenCV raise many unrelated types
        raise AltOcrError(_("RapidOCR could not read this page."), detail=repr(exc)) from exc


def _turned_run(img: Any) -> Any:
    """The page read turned half round, or None when that read fails: the upright
    reading was read and stands (the turn is only a second opinion)."""
    try:
        return _run(_half_turn(img))
    except AltOcrError as exc:
        _log.warning("RapidOCR failed on the page turned half round (%s); kept upright", exc.detail)
        return None


def _surer(turned: Any, upright: Any) -> bool:
    """The turned reading is clearly surer per character, and not by reading less: the
    engine drops lines it scores under 0.5, so a few symmetric characters (工田中口,
    0880) read turned can be surer than a whole doubtful page read upright."""
    more_sure = _confidence(turned) > _confidence(upright) + TURNED_MARGIN
    return more_sure and _weighted_chars(turned) >= _weighted_chars(upright)


def _confidence(out: Any) -> float:
    """The engine's mean score per character read (0 when it read nothing)."""
    if out.txts is None or out.scores is None:
        return 0.0
    return _weighted_chars(out) / max(1, sum(len(str(t)) for t in out.txts))


def _weighted_chars(out: Any) -> float:
    """The characters read, each counted by the engine's score for its line."""
    if out.txts is None or out.scores is None:
        return 0.0
    return sum(float(s) * len(str(t)) for s, t in zip(out.scores, out.txts, strict=True))


def _half_turn(img: Any) -> Any:
    import numpy as np

    return np.ascontiguousarray(img[::-1, ::-1])


def _turn_box(
    box: tuple[float, float, float, float] | None, width: int, height: int
) -> tuple[float, float, float, float] | None:
    if box is None:
        return None
    x0, y0, x1, y1 = box
    return (width - x1, height - y1, width - x0, height - y0)


def _bounds(poly: Any) -> tuple[float, float, float, float]:
    xs = [float(p[0]) for p in poly]
    ys = [float(p[1]) for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


class InkMeter:
    """Tells faint characters (ink showing through from the back of the sheet) from ink.

    A character's darkest pixel is near black for ink on this side of the page
    (measured on scans: 1-20 of 255) but only mid-grey for text showing through
    from the back (150-180), whatever the engine's confidence in reading it,
    which stays high. Runs of faint characters become lines of their own with a
    low score, so comparisons treat them as likely bleed-through.
    """

    FAINT_SCORE = 0.2
    MIN_RUN = 2  # one faint character is more likely a thin stroke than a ghost

    def __init__(self, rgb: Any) -> None:
        self.grey = rgb.min(axis=2)  # the darkest channel: coloured ink counts as ink

    def darkest(self, box: tuple[float, float, float, float]) -> int:
        h, w = self.grey.shape
        x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
        x1, y1 = min(w, int(box[2]) + 1), min(h, int(box[3]) + 1)
        patch = self.grey[y0:y1, x0:x1]
        return int(patch.min()) if patch.size else 255

    def split_faint(self, line: RawLine, words: Any) -> list[RawLine]:
        chars = [(str(w[0]), _bounds(w[2])) for w in words]
        if "".join(c for c, _unused in chars).replace(" ", "") != line.text.replace(" ", ""):
            return [line]  # boxes that do not spell the line: keep it whole
        levels = [self.darkest(box) for _unused, box in chars]
        ink = sorted(levels)[len(levels) // 2]
        threshold = max(96, ink + (255 - ink) // 2)
        faint = [level > threshold for level in levels]
        runs = _runs(faint, self.MIN_RUN)
        if not any(is_faint for is_faint, _unused, _unused in runs):
            return [line]
        out = []
        for is_faint, i, j in runs:
            text = "".join(c for c, _unused in chars[i:j]).strip()
            box = box_union(b for _unused, b in chars[i:j])
            if text and box is not None:
                score = min(line.score or 1.0, self.FAINT_SCORE) if is_faint else line.score
                out.append(RawLine(text, box, score))
        return out


def _runs(faint: list[bool], min_run: int) -> list[tuple[bool, int, int]]:
    """(faint?, start, end) runs; faint runs shorter than ``min_run`` count as ink."""
    runs: list[tuple[bool, int, int]] = []
    for i, flag in enumerate(faint):
        if runs and runs[-1][0] == flag:
            runs[-1] = (flag, runs[-1][1], i + 1)
        else:
            runs.append((flag, i, i + 1))
    merged: list[tuple[bool, int, int]] = []
    for flag, i, j in runs:
        flag = flag and j - i >= min_run
        if merged and merged[-1][0] == flag:
            merged[-1] = (flag, merged[-1][1], j)
        else:
            merged.append((flag, i, j))
    return merged


def read_page(doc: PdfDocument, page: int, options: AltOptions) -> AltReading:
    """``page`` rendered and read, in the worker (the first page loads the models)."""
    version = load()
    return read_rendered(
        doc,
        page,
        options,
        engine=NAME,
        version=version,
        read=lambda r, info: read_unstamped(unstamped(r, info)),
    )


NAME = "rapidocr"
ENGINE = EngineSpec(
    NAME,
    N_("RapidOCR"),
    problem=lambda _options: rapidocr_missing(),
    load=lambda _options: load(),
    read=read_page,
)
