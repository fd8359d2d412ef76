"""Patterns that paint an image, taken off a redacted page (issue 25: nothing of the
scan under a box survives in the file).

A page can draw its scan as a tiling pattern's cell (``/Pattern cs /P0 scn … f``) rather
than with ``Do``. MuPDF's redaction then removes the pattern-filled path the box
touches, but the pattern stays in the page's resources, and the image inside it is
written to the file intact: a tool that lists a file's images (pdfimages) gets the scan
back. So on a page with boxes, every pattern that holds an image, however deep (a form
in the pattern's resources), is removed from the page's resources. Whatever the page
still fills with it draws nothing: more removed than the boxes, never less. Rare in
scans; a resources dictionary other pages share loses the pattern for them too.
"""

from __future__ import annotations

import re

import pymupdf

_REF = re.compile(r"/([^\s/<>\[\]()]+)\s+(\d+)\s+0\s+R")
_DEPTH = 8  # forms inside forms: deeper than any real file, and no cycle runs forever


def drop_image_patterns(page: pymupdf.Page) -> list[str]:
    """Remove the image-holding patterns from ``page``'s resources; their names."""
    doc = page.parent
    kind, value = doc.xref_get_key(page.xref, "Resources/Pattern")
    if kind not in ("dict", "xref"):
        return []
    if kind == "xref":
        value = doc.xref_object(int(value.split()[0]))
    dropped = []
    for name, xref in _REF.findall(value):
        if _holds_image(doc, int(xref), _DEPTH):
            doc.xref_set_key(page.xref, f"Resources/Pattern/{name}", "null")
            dropped.append(name)
    return dropped


def _holds_image(doc: pymupdf.Document, xref: int, depth: int) -> bool:
    """Whether the object at ``xref`` (a pattern or a form) draws an image."""
    if depth == 0:
        return True  # too deep to tell: treated as holding one
    kind, value = doc.xref_get_key(xref, "Resources/XObject")
    if kind == "xref":
        value = doc.xref_object(int(value.split()[0]))
    elif kind != "dict":
        return False
    for _name, child in _REF.findall(value):
        subtype = doc.xref_get_key(int(child), "Subtype")[1]
        if subtype == "/Image" or (subtype == "/Form" and _holds_image(doc, int(child), depth - 1)):
            return True
    return False
