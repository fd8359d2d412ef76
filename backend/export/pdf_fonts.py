"""Finishing the PDF report MuPDF's HTML engine laid out: bold headings, small fonts.

MuPDF sets Chinese in its built-in CJK font (Droid Sans Fallback), which has no
bold face, and no bold CJK face can be counted on among a user's fonts; so its
headings came out regular, and its PDF writer embedded the whole font (3.7 MB
for a one-page report). Here, text set larger than the body type (headings,
table headers) in a face that is not bold is drawn filled *and* stroked (text
render mode 2, the usual synthetic bold), and every font is cut down to the
glyphs used.
"""

from __future__ import annotations

import re

import pymupdf

BODY_PT = 7.0  # the report's body type in the PDF; bold is whatever is set larger
STROKE_PT = 0.3  # the outline that thickens a synthetic bold glyph (about 3% of 10 pt)
_SET_FONT = re.compile(rb"/([^\s/]+) ([\d.]+) Tf")
_FILL_RGB = re.compile(rb"((?:[\d.]+ ){3})rg\b")
FILL_STROKE, FILL = 2, 0  # text render modes


def finish_report_pdf(data: bytes) -> bytes:
    with pymupdf.open(stream=data, filetype="pdf") as pdf:
        for page in pdf:
            _embolden(pdf, page)
        pdf.subset_fonts()
        return bytes(pdf.tobytes(garbage=3, deflate=True))


def _embolden(pdf: pymupdf.Document, page: pymupdf.Page) -> None:
    """Each font change in the page's content also sets the render mode: fill and
    stroke above the body size in a regular face, plain fill otherwise."""
    bold_faces = {font[4] for font in page.get_fonts() if "bold" in font[3].lower()}

    def with_mode(found: re.Match[bytes]) -> bytes:
        name, size = found.group(1).decode("latin-1"), float(found.group(2))
        if size > BODY_PT and name not in bold_faces:
            return found.group(0) + b" %d Tr %.2f w" % (FILL_STROKE, STROKE_PT)
        return found.group(0) + b" %d Tr" % FILL

    for xref in page.get_contents():
        content = _SET_FONT.sub(with_mode, pdf.xref_stream(xref))
        # The outline in the text's own colour (MuPDF strokes nothing else: its table
        # rules are filled rectangles), or a red warning would be edged in black.
        content = _FILL_RGB.sub(rb"\1rg \1RG", content)
        pdf.update_stream(xref, content)
