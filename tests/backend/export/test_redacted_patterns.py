"""A scan drawn as a tiling pattern's cell (``redact_patterns``): after redaction the
file keeps no image the pattern held, so no tool that lists a file's images gets the
scan back; a page's pattern of plain colour, holding no image, is kept."""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import SimpleNamespace

import pymupdf
from PIL import Image, ImageDraw

from backend.export.redacted_pdf import write_redacted_pdf

W, H = 400, 320
MARK = b"SECRET-SCAN"  # a JPEG comment: found in the bytes while the image is


def _pattern_page(doc: pymupdf.Document, deep: bool) -> None:
    """A page filled with a pattern whose cell draws a JPEG scan (through a form when
    ``deep``), beside a second pattern of plain colour."""
    scan = Image.new("L", (W, H), 255)
    ImageDraw.Draw(scan).text((50, 50), "SECRET", fill=0)
    jpeg = io.BytesIO()
    scan.save(jpeg, "JPEG", comment=MARK)
    page = doc.new_page(width=W, height=H)
    image = doc.get_new_xref()
    doc.update_object(
        image,
        f"<</Type/XObject/Subtype/Image/Width {W}/Height {H}/ColorSpace/DeviceGray"
        "/BitsPerComponent 8/Filter/DCTDecode>>",
    )
    doc.update_stream(image, jpeg.getvalue(), compress=False)
    drawn = image
    if deep:
        drawn = doc.get_new_xref()
        doc.update_object(
            drawn,
            f"<</Type/XObject/Subtype/Form/BBox[0 0 {W} {H}]"
            f"/Resources<</XObject<</S {image} 0 R>>>>>>",
        )
        doc.update_stream(drawn, f"q {W} 0 0 {H} 0 0 cm /S Do Q".encode())
    cell = f"q {W} 0 0 {H} 0 0 cm /S Do Q" if not deep else "/S Do"
    patterns = []
    for body, resources in (
        (cell, f"<</XObject<</S {drawn} 0 R>>>>"),
        ("0.5 g 0 0 8 8 re f", "<<>>"),
    ):
        xref = doc.get_new_xref()
        doc.update_object(
            xref,
            f"<</Type/Pattern/PatternType 1/PaintType 1/TilingType 1/BBox[0 0 {W} {H}]"
            f"/XStep {W}/YStep {H}/Resources{resources}>>",
        )
        doc.update_stream(xref, body.encode())
        patterns.append(xref)
    content = doc.get_new_xref()
    doc.update_object(content, "<<>>")
    doc.update_stream(
        content,
        f"q /Pattern cs /P0 scn 0 0 m {W} 0 l {W} {H} l 0 {H} l h f Q "
        f"q /Pattern cs /P1 scn 0 {H - 20} {W} 20 re f Q".encode(),
    )
    doc.xref_set_key(page.xref, "Contents", f"{content} 0 R")
    doc.xref_set_key(
        page.xref, "Resources", f"<</Pattern<</P0 {patterns[0]} 0 R/P1 {patterns[1]} 0 R>>>>"
    )


def _redacted(tmp_path: Path, deep: bool) -> bytes:
    source = pymupdf.open()
    _pattern_page(source, deep)
    path = tmp_path / f"pattern-{deep}.pdf"
    source.save(path)
    doc = SimpleNamespace(
        source=path,
        pages=[SimpleNamespace(page=0, redactions=[(0.1, 0.1, 0.6, 0.3)], text="x", layout=None)],
        title="t",
        display_stem="t",
        masks="m",
    )
    out = io.BytesIO()
    write_redacted_pdf(doc, out, SimpleNamespace(step=lambda i, n: None))  # type: ignore[arg-type]
    return out.getvalue()


def test_no_image_a_pattern_held_survives_in_the_file(tmp_path: Path) -> None:
    for deep in (False, True):
        written = _redacted(tmp_path, deep)
        assert MARK not in written, deep
        doc = pymupdf.open(stream=written)
        images = [
            x for x in range(1, doc.xref_length()) if doc.xref_get_key(x, "Subtype")[1] == "/Image"
        ]
        assert images == [], deep


def test_a_pattern_of_plain_colour_is_kept(tmp_path: Path) -> None:
    doc = pymupdf.open(stream=_redacted(tmp_path, deep=False))
    _kind, value = doc.xref_get_key(doc[0].xref, "Resources/Pattern")
    # A key set to null is as good as absent (PDF 32000, 7.3.9): P0 draws nothing now.
    assert re.search(r"/P1 \d+ 0 R", value) and not re.search(r"/P0 \d+ 0 R", value), value
