"""Checks of PAGE XML, ALTO and hOCR files by their real schemas and consumers (no tests here).

- PAGE: lxml validates against the ``page.xsd`` that ``ocrd-validators`` ships (the
  package is installed without its dependencies and never imported: only its file is).
- hOCR: ``hocr-spec``'s validator, standard profile (errors fail; warnings do not).
- ALTO: no PyPI package ships the ALTO XSD, so two checks: ``alto-tools`` (which
  reads ALTO 1-4) must accept the file's namespace and extract the lines' text, and
  the structure ALTO 4 requires is checked here: ``Description/MeasurementUnit`` first
  (``pixel``, ``mm10`` or ``inch1200``), ``Layout/Page`` with ``ID`` and
  ``PHYSICAL_IMG_NR``, ``PrintSpace > TextBlock > TextLine``, each line with at least
  one ``String`` carrying ``CONTENT``, positions numeric where present.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
from functools import cache
from pathlib import Path
from typing import Any

from alto_tools import alto_tools
from hocr_spec import HocrValidator
from lxml import etree

from backend.export import alto_xml, hocr, page_xml
from backend.export.archive_pages import ArchivePage, archive_page
from backend.export.pages import ExportPage, Layout
from backend.models import AltLine, ReviewStatus
from backend.safe_text import admit
from backend.store.archive_xml import parse

RENDER = {"page": page_xml.render_page, "alto": alto_xml.render_page, "hocr": hocr.render_page}

ALTO_NS = "http://www.loc.gov/standards/alto/ns-v4#"


@cache
def page_schema() -> Any:
    spec = importlib.util.find_spec("ocrd_validators")
    assert spec is not None and spec.submodule_search_locations, "ocrd-validators missing"
    xsd = Path(next(iter(spec.submodule_search_locations))) / "page.xsd"
    return etree.XMLSchema(etree.parse(str(xsd)))


def assert_page_valid(data: bytes) -> None:
    schema = page_schema()
    document = etree.fromstring(data).getroottree()
    assert schema.validate(document), str(schema.error_log)


def assert_hocr_valid(path: Path) -> None:
    report = HocrValidator("standard").validate(str(path), parse_strict=True)
    errors = [str(item) for item in report.items if item.level in ("ERROR", "FATAL")]
    assert report.is_valid() and not errors, errors


def alto_tools_text(path: Path) -> str:
    """What ``alto-tools -t`` prints: each TextLine on a line, its Strings' CONTENT."""
    with path.open("rb") as handle:
        parsed = alto_tools.alto_parse(handle)
        assert parsed is not None, "alto-tools did not accept the namespace"
        _alto, xml, xmlns = parsed
        assert xmlns == ALTO_NS
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            alto_tools.alto_text(xml, xmlns)
    return out.getvalue()


def assert_alto_valid(path: Path) -> None:
    root = etree.parse(str(path)).getroot()
    ns = {"a": ALTO_NS}
    assert root.tag == f"{{{ALTO_NS}}}alto"
    assert [etree.QName(c).localname for c in root] == ["Description", "Layout"]
    description = root[0]
    assert etree.QName(description[0]).localname == "MeasurementUnit"
    assert description[0].text in ("pixel", "mm10", "inch1200")
    pages = root.findall("a:Layout/a:Page", ns)
    assert len(pages) == 1 and pages[0].get("ID") and pages[0].get("PHYSICAL_IMG_NR")
    spaces = pages[0].findall("a:PrintSpace", ns)
    assert len(spaces) == 1
    for block in spaces[0]:
        assert etree.QName(block).localname == "TextBlock" and block.get("ID")
        for line in block:
            assert etree.QName(line).localname == "TextLine"
            strings = line.findall("a:String", ns)
            assert strings and all(s.get("CONTENT") is not None for s in strings)
            for element in (line, *strings):
                for key in ("HPOS", "VPOS", "WIDTH", "HEIGHT"):
                    if element.get(key) is not None:
                        float(element.get(key))
    assert alto_tools_text(path).count("\n") == len(root.findall(".//a:TextLine", ns))


def boxed(lines: tuple[AltLine, ...]) -> dict[str, tuple[float, float, float, float]]:
    return {f"{line.start}:{line.text}": line.box for line in lines if line.box is not None}


def digital_alternate(digital: Path, page: int) -> tuple[str, list[dict[str, object]]]:
    """A reading of ``page`` with line boxes, from the sample's digital twin (its text
    layer sits where the scan shows the text), as an alternate engine stores it."""
    import pymupdf

    with pymupdf.open(digital) as doc:
        pg = doc[page]
        width, height = pg.rect.width, pg.rect.height
        text, lines = "", []
        for block in pg.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                line_text = "".join(span["text"] for span in line["spans"])
                x0, y0, x1, y1 = line["bbox"]
                start = len(text)
                text += line_text + "\n"
                lines.append(
                    {
                        "text": line_text,
                        "start": start,
                        "end": start + len(line_text),
                        "box": [x0 / width, y0 / height, x1 / width, y1 / height],
                    }
                )
    return text, lines


def export_page(text: str, boxes: dict[int, tuple[float, float, float, float]]) -> ArchivePage:
    """``text`` as an export writes it (admitted), with an alternate reading of the same
    text that has ``boxes`` on those of its lines (0-based), on an A4 page."""
    text = admit(text).text
    lines, at = [], 0
    for number, row in enumerate(text.split("\n")):
        lines.append(AltLine(row, at, at + len(row), boxes.get(number)))
        at += len(row) + 1
    page = ExportPage(
        page=0,
        text=text,
        status=ReviewStatus.UNREVIEWED,
        reviewer=None,
        approved_at=None,
        note="",
        versions=(),
        markers_left=0,
        agreement=None,
        critical_flags=(),
        layout=Layout(text, tuple(lines)),
    )
    return archive_page(page, (595.0, 842.0), "2026-12-03T00:00:00+00:00")


def assert_round_trip(page: ArchivePage, folder: Path) -> None:
    """Each format's file of ``page`` validates and reads back with every character and
    every box (within half a pixel: boxes are whole pixels), and no box it lacked."""
    for fmt, render in RENDER.items():
        data = render(page)
        path = folder / f"{fmt}-{page.number:04d}.{'hocr' if fmt == 'hocr' else 'xml'}"
        path.write_bytes(data)
        {"page": lambda p: assert_page_valid(p.read_bytes()), "alto": assert_alto_valid}.get(
            fmt, assert_hocr_valid
        )(path)
        back = parse(data, path.name)
        assert back.format == fmt
        assert back.text == page.text, fmt
        got = {line.start: line.box for line in back.lines if line.box is not None}
        want = {}
        at = 0
        for line in page.lines:
            if line.box is not None:
                want[at] = line.box
            at += len(line.text) + 1
        assert got.keys() == want.keys(), fmt
        for start, box in want.items():
            scale = (page.width, page.height, page.width, page.height)
            pixels = [v * s for v, s in zip(got[start], scale, strict=True)]
            assert max(abs(a - b) for a, b in zip(pixels, box, strict=True)) <= 0.5, fmt
