"""Pages as an engine reads them, for the detectors' tests: real legal text (the
sample's truth), an alternate with line boxes in one or two columns, misread here and
there as RapidOCR does (5-15% of characters), and the transcript's failures."""

from __future__ import annotations

import json
import random

from backend.models import AltLine, AltText, ScanLines
from backend.review.page_aids import review_page
from backend.review.values import Diagnosis, DiagnosisKind
from bench.corpus.pages import make_page
from tests.backend.review.tables import SETTINGS
from tests.conftest import DATA

Box = tuple[float, float, float, float]
_PAGES = json.loads((DATA / "legal-sample.truth.json").read_text("utf-8"))["pages"]
# The sample's pages of running text (statute, judgment), and their lines.
STATUTE = _PAGES[0]["text"]
JUDGMENT = _PAGES[1]["text"]
PAGE_ASPECT = 1.414  # A4: a glyph w wide (of the page's width) is w * 1.414 less tall
BOX_MARGIN = 1.4  # a detector's box is this much taller than the glyphs (RapidOCR's)
# Characters an engine confuses a Han character with (any Han will do: a misreading).
LOOKALIKES = "未末己已曰日士土人入八大太天夫午牛千干于"


def misread(text: str, rng: random.Random, share: float) -> str:
    """``text`` with ``share`` of its Han characters read as another."""
    return "".join(
        rng.choice(LOOKALIKES) if "\u4e00" <= c <= "\u9fff" and rng.random() < share else c
        for c in text
    )


def box(x0: float, row: int, chars: int, per_char: float) -> Box:
    """A line of ``chars`` characters at ``x0`` on ``row``, each ``per_char`` of the
    page's width (glyphs about square: a page's type size sets both)."""
    height = per_char / PAGE_ASPECT * BOX_MARGIN
    y0 = 0.05 + row * height * 1.3
    return (x0, y0, x0 + chars * per_char, y0 + height)


def _has_text(line: str) -> bool:
    """A line an engine would read (a Markdown table's |---| rule is not on the page)."""
    return any(c.isalnum() for c in line)


def _per_char(lines: list[str], width: float) -> float:
    """The type size that makes the longest line fill ``width``."""
    return width / max(len(t) for t in lines)


def reading(lines: list[tuple[str, Box]], engine: str = "rapidocr") -> AltText:
    out, pos = [], 0
    for text, b in lines:
        out.append(AltLine(text, pos, pos + len(text), b, 0.98))
        pos += len(text) + 1
    return AltText("\n".join(t for t, _ in lines), engine, tuple(out))


def one_column(lines: list[str], rng: random.Random, share: float = 0.1, drop: int = -1) -> AltText:
    """A one-column page's reading, misread at ``share``; ``drop``: a line the engine
    missed (faint), -1 none."""
    return reading(
        [
            (misread(t, rng, share), box(0.08, r, len(t), _per_char(lines, 0.84)))
            for r, t in enumerate(lines)
            if r != drop and _has_text(t)
        ]
    )


def two_columns(
    left: list[str], right: list[str], rng: random.Random, share: float = 0.1, by_rows: bool = True
) -> AltText:
    """A two-column page's reading: ``by_rows``, the engine lists the lines row by
    row across the columns (as RapidOCR does), else column by column."""
    size = _per_char(left + right, 0.38)
    cells = [(misread(t, rng, share), box(0.08, r, len(t), size), r, 0) for r, t in enumerate(left)]
    cells += [
        (misread(t, rng, share), box(0.54, r, len(t), size), r, 1) for r, t in enumerate(right)
    ]
    cells.sort(key=lambda c: (c[2], c[3]) if by_rows else (c[3], c[2]))
    return reading([(t, b) for t, b, _, _ in cells])


def scan_of(alternate: AltText) -> ScanLines:
    """The detected lines of the page an alternate read (its boxes, without the text)."""
    return ScanLines(tuple(ln.box for ln in alternate.lines if ln.box is not None), "test")


def found(
    transcript: str,
    alternate: AltText | None,
    kind: DiagnosisKind,
    scan: ScanLines | None = None,
) -> list[Diagnosis]:
    """The page's diagnoses of ``kind``, through the whole review as every user gets them."""
    review = review_page(0, transcript, alternate, scan_lines=scan, settings=SETTINGS)
    return [d for d in review.diagnoses if d.kind is kind]


def text_lines(text: str) -> list[str]:
    return [t for t in text.split("\n") if t.strip()]


def corpus_lines(seed: int) -> list[str]:
    """A generated page's true lines (bench/corpus: statutes, judgments, tables)."""
    return text_lines(make_page(seed, seed % 12).text)
