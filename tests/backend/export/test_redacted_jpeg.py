"""The redacted PDF's JPEG scans (``jpeg_redact``, ``redact_images``): the pixels under
each box are gone from the image the file keeps (read back from the written file, the
image alone, without the black box drawn over it), the rest of the scan is kept, and
whatever the fast path cannot do (CMYK, inline images, a JPEG Pillow cannot read, an
image the page no longer draws) is redacted MuPDF's way rather than left as it was."""

from __future__ import annotations

import io
import random
import threading
from types import SimpleNamespace

import numpy as np
import pymupdf
import pytest
from PIL import Image, ImageDraw

from backend.export.jpeg_redact import Job, shared_objects
from backend.export.redact_images import ImageWork
from backend.export.redacted_pdf import _redact

W, H = 400, 320  # the page is the image: one point, one pixel
BOX = (0.1, 0.125, 0.4, 0.3125)  # as the page is shown: pixels 40..160 × 40..100
UNDER = (slice(40, 100), slice(40, 160))  # rows, columns
CELLS = (slice(31, 113), slice(31, 161))  # the 16×16 cells under it and the pixel past them


def _scan(mode: str = "L", seed: int = 7) -> Image.Image:
    """Dark slanted strokes on white, as text is: any pixel left under a box shows."""
    rng = random.Random(seed)
    image = Image.new("L", (W, H), 255)
    pen = ImageDraw.Draw(image)
    for x in range(-40, W, 7):
        pen.line((x, 0, x + 40, H), fill=rng.randint(0, 120), width=2)
    return image.convert(mode)


def _jpeg(image: Image.Image, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=75, **options)
    return out.getvalue()


def _document(*streams: bytes, rotation: int = 0) -> pymupdf.Document:
    doc = pymupdf.open()
    for stream in streams:
        page = doc.new_page(width=W, height=H)
        page.insert_image(page.rect, stream=stream)
        page.set_rotation(rotation)
    return doc


def _written(doc: pymupdf.Document) -> pymupdf.Document:
    return pymupdf.open(stream=doc.tobytes(garbage=3, deflate=True))


def _drawn(page: pymupdf.Page) -> np.ndarray:
    """The one image the page draws, alone (inline or not), as grey pixels."""
    blocks = [b for b in page.get_text("dict")["blocks"] if b["type"] == 1]
    assert len(blocks) == 1
    image = Image.open(io.BytesIO(blocks[0]["image"]))
    if image.mode == "CMYK":
        image = Image.eval(image, lambda v: 255 - v)  # Adobe's inverted CMYK JPEGs
    return np.asarray(image.convert("L")).astype(int)


def _redacted(doc: pymupdf.Document, *boxes: tuple[float, float, float, float]) -> None:
    _redact(doc[0], SimpleNamespace(redactions=list(boxes or [BOX])))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mode", "options"),
    [
        ("L", {}),
        ("L", {"progressive": True}),
        ("RGB", {"subsampling": 0}),  # 4:4:4
        ("RGB", {"subsampling": 2}),  # 4:2:0: 16×16 cells
    ],
)
def test_a_jpeg_scan_is_blanked_under_the_box_and_kept_as_jpeg_elsewhere(
    mode: str, options: dict[str, object]
) -> None:
    source = _jpeg(_scan(mode), **options)
    before = np.asarray(Image.open(io.BytesIO(source)).convert("L")).astype(int)
    doc = _document(source)
    _redacted(doc)
    data = doc.tobytes(garbage=3, deflate=True)
    written = pymupdf.open(stream=data)
    xref = written[0].get_images(full=True)[0][0]
    assert written.xref_get_key(xref, "Filter")[1] == "/DCTDecode"  # Pillow's, not MuPDF's
    assert source not in data  # the scan as it was is not in the file
    after = _drawn(written[0])
    assert before[UNDER].min() < 60 and before[UNDER].max() > 200  # strokes on white
    assert after[UNDER].max() <= 2  # one flat black, in whole cells: no stroke's edge
    outside = np.ones_like(after, dtype=bool)
    outside[CELLS] = False
    # stored again with the source's own tables: the rest of the scan as it was
    assert np.abs(after - before)[outside].mean() < 2
    assert len(written.xref_stream_raw(xref)) < 1.2 * len(source)


def test_a_box_past_the_image_edge_blanks_up_to_the_edge() -> None:
    doc = _document(_jpeg(_scan()))
    _redacted(doc, (0.9, 0.9, 1.2, 1.1))
    after = _drawn(_written(doc)[0])
    assert after[288:, 360:].max() <= 2
    assert after[:280, :350].min() < 60  # the rest kept


def test_a_rotated_page_is_blanked_where_the_box_is_shown() -> None:
    doc = _document(_jpeg(_scan()), rotation=90)
    page = doc[0]
    shown = page.rect  # 320 × 400 as shown
    box = (0.5, 0.1, 0.9, 0.3)
    x0, y0, x1, y1 = (
        pymupdf.Rect(
            box[0] * shown.width, box[1] * shown.height, box[2] * shown.width, box[3] * shown.height
        )
        * page.derotation_matrix
    )  # unrotated page points: the image's pixels
    _redacted(doc, box)
    after = _drawn(_written(doc)[0])
    assert after[int(y0) : int(y1), int(x0) : int(x1)].max() <= 2
    unturned = after[int(0.1 * H) : int(0.3 * H), int(0.5 * W) : int(0.9 * W)]
    assert unturned.min() < 60 and unturned.max() > 200  # not where it would be unrotated


def test_a_cmyk_jpeg_is_blanked_mupdfs_way() -> None:
    doc = _document(_jpeg(_scan("CMYK")))
    _redacted(doc)
    written = _written(doc)
    xref = written[0].get_images(full=True)[0][0]
    assert written.xref_get_key(xref, "Filter")[1] != "/DCTDecode"  # MuPDF stored it anew
    under = _drawn(written[0])[UNDER]
    assert under.max() - under.min() <= 2


@pytest.mark.parametrize("unused_jpeg", [False, True])
def test_an_inline_image_under_a_box_is_blanked(unused_jpeg: bool) -> None:
    # An inline image is in no page's image list: it once went through untouched. With
    # a JPEG of the same size in the page's resources, drawn nowhere, the one image drawn
    # is not that JPEG, though it looks like a scan's page.
    doc = _document(_jpeg(_scan(seed=3))) if unused_jpeg else pymupdf.open()
    page = doc[0] if unused_jpeg else doc.new_page(width=W, height=H)
    samples = _scan().tobytes()
    content = (
        f"q {W} 0 0 {H} 0 0 cm BI /W {W} /H {H} /CS /G /BPC 8 ID ".encode() + samples + b"\nEI Q\n"
    )
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, content)
    doc.xref_set_key(page.xref, "Contents", f"{xref} 0 R")
    assert len(page.get_images()) == int(unused_jpeg) and len(page.get_image_info()) == 1
    _redacted(doc)
    written = _written(doc)
    under = _drawn(written[0])[UNDER]
    assert under.max() - under.min() <= 2
    assert samples[: W * 50] not in written.tobytes(expand=255)


def test_a_scan_two_pages_share_is_blanked_on_each_under_its_own_boxes_only() -> None:
    # Each page's resources written inside it (as clean_contents leaves them): a copy
    # for one page once went into the wrong dictionary and the page kept the original.
    doc = _document(_jpeg(_scan()))
    doc.new_page(width=W, height=H).insert_image(
        pymupdf.Rect(0, 0, W, H), xref=doc[0].get_images()[0][0]
    )
    for page in doc:
        page.clean_contents()
    assert doc.xref_get_key(doc[0].xref, "Resources")[0] == "dict"
    shared = shared_objects(doc)
    assert shared
    top, bottom = (0.1, 0.05, 0.5, 0.2), (0.1, 0.7, 0.5, 0.9)
    _redact(doc[0], SimpleNamespace(redactions=[top]), shared)  # type: ignore[arg-type]
    _redact(doc[1], SimpleNamespace(redactions=[bottom]), shared)  # type: ignore[arg-type]
    written = _written(doc)
    first, second = _drawn(written[0]), _drawn(written[1])
    assert first[16:64, 40:200].max() <= 2 and second[224:288, 40:200].max() <= 2
    assert first[224:288, 40:200].min() < 60 and second[16:64, 40:200].min() < 60
    drawn = {written[n].get_images()[0][0] for n in range(2)}
    assert len(drawn) == 2  # a copy each, both Pillow's (MuPDF's way would be the net)
    assert all(written.xref_get_key(x, "Filter")[1] == "/DCTDecode" for x in drawn)


def test_a_jpeg_pillow_cannot_read_is_blanked_mupdfs_way() -> None:
    source = _jpeg(_scan())
    doc = _document(source[: len(source) * 3 // 4])  # cut short: the header reads
    _redacted(doc, (0.1, 0.05, 0.4, 0.3))
    written = _written(doc)
    xref = written[0].get_images(full=True)[0][0]
    assert written.xref_get_key(xref, "Filter")[1] != "/DCTDecode"
    under = _drawn(written[0])[16:96, 40:160]
    assert under.max() - under.min() <= 2


def test_a_page_that_no_longer_draws_its_blanked_image_is_redacted_mupdfs_way() -> None:
    doc = _document(_jpeg(_scan()))
    page = doc[0]
    stray = doc.get_new_xref()  # an image object the page does not draw
    doc.update_object(stray, doc.xref_object(page.get_images()[0][0]))
    rect = pymupdf.Rect(40, 40, 160, 100)
    with ImageWork(doc) as work:
        work.submit(0, [rect], [Job(stray, _jpeg(_scan()), (BOX,))])
    under = _drawn(_written(doc)[0])[UNDER]
    assert under.max() - under.min() <= 2


def test_many_pages_blanked_on_worker_threads_each_under_its_boxes() -> None:
    doc = _document(*[_jpeg(_scan(seed=n)) for n in range(9)])  # a scan each, as real ones
    boxes = [(0.1, 0.05 + 0.1 * (n % 8), 0.9, 0.1 + 0.1 * (n % 8)) for n in range(9)]
    with ImageWork(doc, workers=2) as work:  # more pages than it keeps in flight
        for n in range(9):
            _redact(doc[n], SimpleNamespace(redactions=[boxes[n]]), work=work)  # type: ignore[arg-type]
    written = _written(doc)
    for n in range(9):
        after = _drawn(written[n])
        top = int(boxes[n][1] * H)
        assert after[top + 2 : top + 14, 50:350].max() <= 2, n
        assert written.xref_get_key(written[n].get_images()[0][0], "Filter")[1] == "/DCTDecode"


def test_an_export_stopped_midway_leaves_no_worker_running() -> None:
    doc = _document(*[_jpeg(_scan(seed=n)) for n in range(4)])
    with pytest.raises(RuntimeError), ImageWork(doc, workers=2) as work:
        for n in range(4):
            _redact(doc[n], SimpleNamespace(redactions=[BOX]), work=work)  # type: ignore[arg-type]
        raise RuntimeError("cancelled")  # as Monitor.step raises ExportCancelledError
    assert not [t for t in threading.enumerate() if t.name.startswith("redact-image")]


def test_a_jpeg_with_a_soft_mask_is_blanked_mask_and_all() -> None:
    # A high-compression scan keeps the letters' shape in its mask: blanking the JPEG
    # alone (Pillow's way) would leave the strokes readable in the mask under the box.
    strokes = np.asarray(_scan()) < 128
    mask = io.BytesIO()
    Image.fromarray(np.where(strokes, 255, 0).astype(np.uint8)).save(mask, format="PNG")
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_image(page.rect, stream=_jpeg(Image.new("L", (W, H), 90)), mask=mask.getvalue())
    assert page.get_images(full=True)[0][1]  # the JPEG has its soft mask
    _redacted(doc)
    written = _written(doc)
    xref, smask = written[0].get_images(full=True)[0][:2]
    kept = np.asarray(Image.open(io.BytesIO(written.extract_image(xref)["image"])).convert("L"))
    assert np.ptp(kept[UNDER].astype(int)) <= 2
    if smask:  # a mask kept must hold no stroke under the box either
        alpha = pymupdf.Pixmap(written, smask)
        shape = np.frombuffer(alpha.samples, np.uint8).reshape(alpha.height, alpha.width)
        assert np.ptp(shape[UNDER].astype(int)) <= 2
        assert np.ptp(shape[200:, 200:].astype(int)) > 200  # the strokes elsewhere kept


def test_a_blanked_jpeg_keeps_no_alternate_copy_of_the_scan() -> None:
    # /Alternates names other versions of the image (one for printing, say): the
    # blanked JPEG kept its dictionary, and with it the unblanked copy in the file.
    doc = _document(_jpeg(_scan()))
    copy = doc.get_new_xref()
    doc.update_object(copy, doc.xref_object(doc[0].get_images()[0][0]))
    doc.update_stream(copy, _jpeg(_scan(), comment=b"the print copy"), compress=False)
    doc.xref_set_key(copy, "Filter", "/DCTDecode")
    doc.xref_set_key(doc[0].get_images()[0][0], "Alternates", f"[<</Image {copy} 0 R>>]")
    _redacted(doc)
    data = doc.tobytes(garbage=3, deflate=True)  # as the export writes it
    assert b"the print copy" not in data  # a JPEG is never deflated: its bytes are there
    written = pymupdf.open(stream=data)
    assert written.xref_get_key(written[0].get_images()[0][0], "Filter")[1] == "/DCTDecode"
    assert _drawn(written[0])[UNDER].max() <= 2
