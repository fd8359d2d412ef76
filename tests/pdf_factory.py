"""Builds the bad and unusual PDFs the tests need, so none is checked in blind."""

from __future__ import annotations

import zlib
from pathlib import Path

import pymupdf


def text_pdf(path: Path, pages: list[str]) -> Path:
    doc = pymupdf.open()
    for text in pages:
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 72), text)
    doc.save(path)
    doc.close()
    return path


def encrypted_pdf(path: Path, *, user_pw: str, owner_pw: str) -> Path:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "secret page")
    doc.save(
        path,
        encryption=pymupdf.PDF_ENCRYPT_AES_256,
        user_pw=user_pw,
        owner_pw=owner_pw,
        permissions=int(pymupdf.PDF_PERM_ACCESSIBILITY),
    )
    doc.close()
    return path


def huge_page_pdf(path: Path, size_pt: float = 20000) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=size_pt, height=size_pt)
    page.draw_rect(pymupdf.Rect(100, 100, size_pt - 100, size_pt - 100), color=(0, 0, 0), width=50)
    doc.save(path)
    doc.close()
    return path


def _raw_pdf(objects: list[bytes]) -> bytes:
    """Assemble a PDF from object bodies (1-based), with a correct xref table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def zero_page_pdf(path: Path) -> Path:
    path.write_bytes(
        _raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])
    )
    return path


def broken_stream_pdf(path: Path) -> Path:
    """One page whose content stream claims Flate but is cut short mid-stream."""
    good = (
        b"BT /F1 24 Tf 72 720 Td (Visible before the damage) Tj ET\n0 0 1 rg 72 72 200 200 re f\n"
    )
    data = zlib.compress(good * 20)[:-40]  # truncated deflate data
    stream = b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream"
    path.write_bytes(
        _raw_pdf(
            [
                b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
                b"/Resources << /Font << /F1 5 0 R >> >> >>",
                stream,
                b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            ]
        )
    )
    return path


def truncated_pdf(path: Path, source: Path, keep: float = 0.7) -> Path:
    data = source.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)])
    return path


def marked_pdf(path: Path, marks: list[int]) -> Path:
    """One page per mark, each a black band at a height set by its mark (0-9) and the mark
    as text: pages of different documents look different even as 96-pixel thumbnails."""
    doc = pymupdf.open()
    for mark in marks:
        page = doc.new_page(width=595, height=842)
        top = 60 + 70 * (mark % 10)
        page.draw_rect(pymupdf.Rect(60, top, 535, top + 60), color=(0, 0, 0), fill=(0, 0, 0))
        page.insert_text((72, 800), f"mark {mark}", fontsize=40)
    doc.save(path)
    doc.close()
    return path


Box = tuple[float, float, float, float]


def lines_pdf(path: Path, lines: list[str], *, size: float = 14) -> list[Box]:
    """One page of Traditional-Chinese ``lines``, one under the other; returns each line's
    true box as the page's text layer measures it, page-relative (0..1), as an engine's."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i, text in enumerate(lines):
        page.insert_text((60, 80 + i * size * 2), text, fontname="china-t", fontsize=size)
    doc.save(path)
    width, height = page.rect.width, page.rect.height
    boxes: list[Box] = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            x0, y0, x1, y1 = line["bbox"]
            boxes.append((x0 / width, y0 / height, x1 / width, y1 / height))
    doc.close()
    boxes.sort(key=lambda b: b[1])
    assert len(boxes) == len(lines), "every line is its own line in the text layer"
    return boxes
