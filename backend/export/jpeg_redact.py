"""Blanking a JPEG scan under redaction boxes without MuPDF's pixel redaction.

MuPDF's ``PDF_REDACT_IMAGE_PIXELS`` decodes the image, blanks it and stores it anew as
raw samples, deflated when the file is written: ~140 ms a page for a 200-dpi A4 scan,
and a file two to four times its source. Most scans are JPEG (DCTDecode): Pillow
decodes it (libjpeg-turbo, without holding the GIL), the boxes are painted black, and
the result is stored as a JPEG again, each page its own image (a scan shared by pages
is copied first, so no other page changes).

Only a plain JPEG on the page itself is done here: grey or RGB, no soft or stencil
mask, drawn by the page's own resources. Anything else (CMYK, masks, images inside a
form XObject, other filters) is left to MuPDF: ``blank_jpegs`` returns the images it
did, and the caller redacts the rest the slow way.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

import pymupdf
from PIL import Image, ImageDraw

QUALITY = 90  # a scan re-encoded once: no visible loss at this quality


def blank_jpegs(
    page: pymupdf.Page, rects: Sequence[pymupdf.Rect], shared: AbstractSet[int]
) -> bool:
    """Paint ``rects`` (unrotated page points) black in each plain JPEG image of
    ``page`` they touch (a shared one copied first: ``shared``, the xrefs other pages
    use too); whether every image they touch was done so."""
    doc = page.parent
    left = 0  # images the rects touch, not done here
    for item in page.get_images(full=True):
        xref, smask, name, referencer = item[0], item[1], item[7], item[9]
        placements = page.get_image_rects(xref, transform=True)
        boxes = [
            _pixels(rect, matrix)
            for bbox, matrix in placements
            for rect in rects
            if rect.intersects(bbox)
        ]
        if not boxes:
            continue
        left += 1
        if smask or referencer or doc.xref_get_key(xref, "Mask")[0] != "null":
            continue
        if doc.xref_get_key(xref, "Filter")[1] != "/DCTDecode":
            continue
        picture = Image.open(io.BytesIO(doc.xref_stream_raw(xref)))
        if picture.mode not in ("L", "RGB") or len(placements) != 1:
            continue  # CMYK (Adobe's inverted JPEGs), or drawn twice on the page: MuPDF's
        picture.load()
        pen = ImageDraw.Draw(picture)
        width, height = picture.size
        for x0, y0, x1, y1 in boxes:
            corner = (math.floor(x0 * width), math.floor(y0 * height))
            pen.rectangle((*corner, math.ceil(x1 * width), math.ceil(y1 * height)), fill=0)
        data = io.BytesIO()
        picture.save(data, format="JPEG", quality=QUALITY)
        own = _own_copy(page, xref, name, shared) if xref in shared else xref
        doc.update_stream(own, data.getvalue(), compress=False)
        doc.xref_set_key(own, "Filter", "/DCTDecode")  # update_stream dropped it
        left -= 1
    return left == 0


def _pixels(rect: pymupdf.Rect, matrix: pymupdf.Matrix) -> tuple[float, float, float, float]:
    """``rect`` in the image's unit square (0..1, top-left origin), clipped to it."""
    unit = rect * ~pymupdf.Matrix(matrix)
    return (
        min(max(unit.x0, 0.0), 1.0),
        min(max(unit.y0, 0.0), 1.0),
        min(max(unit.x1, 0.0), 1.0),
        min(max(unit.y1, 0.0), 1.0),
    )


def _own_copy(page: pymupdf.Page, xref: int, name: str, shared: AbstractSet[int]) -> int:
    """A copy of image ``xref`` that only ``page`` draws, under the same name: the
    page's resources (and their XObject dictionary) are made its own first when other
    pages share them, so no other page's drawing changes."""
    doc = page.parent
    holder = _own_dict(doc, page.xref, "Resources", shared) or page.xref
    names = _own_dict(doc, holder, "XObject", shared)
    copy = int(doc.get_new_xref())
    doc.update_object(copy, doc.xref_object(xref, compressed=True))
    doc.update_stream(copy, doc.xref_stream_raw(xref), compress=False)
    doc.xref_set_key(copy, "Filter", "/DCTDecode")
    if names is None:
        doc.xref_set_key(holder, f"XObject/{name}", f"{copy} 0 R")
    else:
        doc.xref_set_key(names, name, f"{copy} 0 R")
    return copy


def _own_dict(doc: pymupdf.Document, owner: int, key: str, shared: AbstractSet[int]) -> int | None:
    """The xref of ``owner``'s ``key`` dictionary, copied first when it is shared;
    None when the dictionary is written inside ``owner`` (only it has it)."""
    kind, value = doc.xref_get_key(owner, key)
    if kind != "xref":
        return None
    xref = int(value.split()[0])
    if xref not in shared:
        return xref
    copy = int(doc.get_new_xref())
    doc.update_object(copy, doc.xref_object(xref, compressed=True))
    doc.xref_set_key(owner, key, f"{copy} 0 R")
    return copy


def shared_objects(doc: pymupdf.Document) -> set[int]:
    """Images, resource and XObject dictionaries more than one page uses."""
    seen: dict[int, int] = {}
    for page in (doc[n] for n in range(doc.page_count)):
        used = {item[0] for item in page.get_images(full=True)}
        resources = doc.xref_get_key(page.xref, "Resources")
        if resources[0] == "xref":
            holder = int(resources[1].split()[0])
            used.add(holder)
            kind, value = doc.xref_get_key(holder, "XObject")
            if kind == "xref":
                used.add(int(value.split()[0]))
        for xref in used:
            seen[xref] = seen.get(xref, 0) + 1
    return {xref for xref, n in seen.items() if n > 1}
