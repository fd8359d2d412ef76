"""What every alternate engine produces, and how raw engine lines become an ``AltText``.

Engines report lines as (text, pixel or point box, score); ``build_reading``
joins them with "\\n", computes each line's code-point offsets into that text
and turns boxes into page-relative 0..1 fractions. Boxes and scores are
rounded here to the precision ``AltLine.as_json`` stores, so a reading read
back from the store equals the one that was stored.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from backend.errors import ProofDeskError
from backend.i18n import _
from backend.models import AltLine, AltText
from backend.provenance import Provenance
from backend.safe_text import Admitted, admit

BOX_DIGITS = 5  # as AltLine.as_json rounds them
SCORE_DIGITS = 4


class AltOcrError(ProofDeskError):
    """An alternate OCR engine could not read a page (``str(exc)`` is for the user)."""


class EngineMissingError(AltOcrError):
    """The engine, or the language data it needs, is not installed on this machine."""


def rapidocr_missing() -> str | None:
    """None when RapidOCR can run here, else why not (checked without importing it)."""
    for name in ("rapidocr", "onnxruntime"):
        if importlib.util.find_spec(name) is None:
            return _(
                "RapidOCR is not installed (the “{name}” package is missing). Install it "
                "with: pip install rapidocr onnxruntime"
            ).format(name=name)
    return None


@dataclass(frozen=True)
class AltOptions:
    """How pages are rendered for the engines, and where Tesseract is."""

    dpi: float = 150.0  # PP-OCR and Tesseract both read 10-12 pt CJK well at 150 dpi
    max_pixels: int = 6_000_000  # a huge page is read at a lower dpi instead of failing
    tesseract_cmd: str = "tesseract"  # a name on PATH or a full path
    tesseract_langs: str = "chi_tra+eng"
    timeout_s: float = 300.0  # one page; Tesseract on a dense A3 page takes ~10 s


@dataclass(frozen=True)
class RawLine:
    """One line as an engine gives it: a box in the engine's own units."""

    text: str
    box: tuple[float, float, float, float] | None  # x0, y0, x1, y1 in pixels or points
    score: float | None  # 0..1


@dataclass(frozen=True)
class AltReading(AltText):
    """An ``AltText`` with what is needed to trust it later (goes into provenance)."""

    page: int = -1  # 0-based
    engine_version: str = ""
    render: dict[str, Any] = field(default_factory=dict, compare=False)  # dpi, pixels
    latency_s: float = 0.0
    # Set when there is nothing to read, e.g. "Page 3 has no text layer"; text is then "".
    notice: str = ""
    failed: bool = False  # the page could not be read; ``notice`` says why
    replaced: int = 0  # characters ``safe_text.admit`` replaced in the engine's lines

    def provenance(self) -> Provenance:
        return Provenance.of(
            engine=self.engine,
            engine_version=self.engine_version,
            lines=[line.as_json() for line in self.lines],
            render=self.render,
            latency_s=self.latency_s,
            **({"notice": self.notice} if self.notice else {}),
            **Admitted(self.text, self.replaced).provenance(),
        )


def build_reading(
    raw: Iterable[RawLine],
    *,
    engine: str,
    page: int,
    size: tuple[float, float],
    engine_version: str = "",
    render: dict[str, Any] | None = None,
    latency_s: float = 0.0,
    notice: str = "",
) -> AltReading:
    """Join lines into one text; ``size`` is the (width, height) the boxes are measured in."""
    lines: list[AltLine] = []
    offset = replaced = 0
    for item in raw:
        admitted = admit(item.text)  # the boundary: before the offsets are counted
        replaced += admitted.replaced
        text = admitted.text.replace("\n", " ").strip()
        if not text:
            continue
        if lines:
            offset += 1  # the "\n" between lines
        lines.append(
            AltLine(
                text=text,
                start=offset,
                end=offset + len(text),
                box=None if item.box is None else relative_box(item.box, size),
                score=None if item.score is None else round(_clamp(item.score), SCORE_DIGITS),
            )
        )
        offset += len(text)
    return AltReading(
        text="\n".join(line.text for line in lines),
        engine=engine,
        lines=tuple(lines),
        page=page,
        engine_version=engine_version,
        render=render or {},
        latency_s=round(latency_s, 3),
        notice=notice,
        replaced=replaced,
    )


def relative_box(
    box: tuple[float, float, float, float], size: tuple[float, float]
) -> tuple[float, float, float, float]:
    """A box in pixels/points → fractions of the page, clamped to 0..1, x0 ≤ x1, y0 ≤ y1."""
    w, h = max(size[0], 1e-9), max(size[1], 1e-9)
    x0, x1 = sorted((box[0] / w, box[2] / w))
    y0, y1 = sorted((box[1] / h, box[3] / h))
    return (
        round(_clamp(x0), BOX_DIGITS),
        round(_clamp(y0), BOX_DIGITS),
        round(_clamp(x1), BOX_DIGITS),
        round(_clamp(y1), BOX_DIGITS),
    )


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))
