"""RapidOCR's line detector alone, in the offline worker, on real rendered pages.

One runner (one worker, the detector loaded once) serves the module. A page of
known layout (N printed lines) must give N boxes where the lines are; the sample
scan's first page, about as many boxes as the digital twin has lines.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest

from backend.documents.pdf import open_pdf
from backend.engines.offline import AltOcrRunner
from backend.engines.offline.textlayer import read_text_layer
from backend.models import ScanLines
from tests.conftest import DATA, SAMPLE_PDF

LINES = [
    "本院依職權調查證據後認為被告之行為已構成侵權",
    "原告請求被告給付新臺幣壹佰貳拾萬元及其利息",
    "第一百八十四條規定因故意或過失不法侵害他人之權利者",
    "負損害賠償責任",
    "事實及理由",
    "被告應自民國一百十二年五月一日起至清償日止",
    "按年息百分之五計算之利息",
    "訴訟費用由被告負擔",
    "本判決第一項於原告以新臺幣肆拾萬元供擔保後得假執行",
    "中華民國一百十二年十月五日",
]


@pytest.fixture(scope="module")
def runner() -> Iterator[AltOcrRunner]:
    r = AltOcrRunner()
    yield r
    r.close()


def printed_page(path: Path, lines: list[str]) -> list[float]:
    """A one-page A4 PDF with ``lines`` printed at 14 pt, 40 pt apart; their baselines
    as a share of the page's height."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ys = []
    for i, text in enumerate(lines):
        y = 100 + 40 * i
        page.insert_text((72, y), text, fontname="china-t", fontsize=14)
        ys.append(y / 842)
    doc.save(path)
    doc.close()
    return ys


def detect(runner: AltOcrRunner, path: Path, page: int = 0) -> ScanLines:
    return asyncio.run(runner.detect_lines(path, page))


def test_a_page_of_n_printed_lines_gives_n_boxes_where_they_are(
    runner: AltOcrRunner, tmp_path: Path
) -> None:
    baselines = printed_page(tmp_path / "lines.pdf", LINES)
    found = detect(runner, tmp_path / "lines.pdf")
    assert found.detector.startswith("rapidocr-det ")
    assert len(found.boxes) == len(LINES)
    assert [b[1] for b in found.boxes] == sorted(b[1] for b in found.boxes)  # top to bottom
    for box, baseline in zip(found.boxes, baselines, strict=True):
        x0, y0, x1, y1 = box
        assert 0.0 <= x0 < x1 <= 1.0 and 0.0 <= y0 < y1 <= 1.0
        # The line's box holds its baseline's neighbourhood: 14 pt is 0.017 of the page.
        assert y0 - 0.01 <= baseline <= y1 + 0.01, (box, baseline)
        assert abs(x0 - 72 / 595) < 0.02


def test_a_blank_page_has_no_lines(runner: AltOcrRunner, tmp_path: Path) -> None:
    printed_page(tmp_path / "blank.pdf", [])
    assert detect(runner, tmp_path / "blank.pdf").boxes == ()


def test_the_sample_scan_has_about_as_many_lines_as_its_digital_twin(
    runner: AltOcrRunner,
) -> None:
    doc = open_pdf(DATA / "legal-sample.digital.pdf")
    try:
        truth = [line for line in read_text_layer(doc, 0).lines if line.text.strip()]
    finally:
        doc.close()
    found = detect(runner, SAMPLE_PDF)
    # A line the text layer splits in two (a heading's spaced characters) may be one
    # box, and a wide gap may split a box: a tenth either way.
    assert abs(len(found.boxes) - len(truth)) <= max(1, len(truth) // 10), (
        len(found.boxes),
        len(truth),
    )
