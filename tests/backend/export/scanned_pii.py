"""A scanned page holding personal data of every kind, as a court file's scan is: the
text drawn into an image (Noto CJK, as ``bench/corpus/render``), plus what scanners
and editors leave in a file: an OCR text layer, metadata and XMP naming the person,
an annotation, an attached file."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
from PIL import Image, ImageDraw

from bench.corpus.render import font
from tests.backend.publish.identity_numbers import with_check_digit

NATIONAL_ID = with_check_digit("B", "1", "2345678")
# What must not be recoverable from the published file, each as a reader would search.
SECRETS = {
    "person": "王志明",
    "person_2": "陳美玲",
    "national_id": NATIONAL_ID,
    "phone": "0912-345-678",
    "address": "臺中市西屯區台灣大道三段99號5樓",
    "plate": "ABC-1234",
    "account": "0001234567890",
}
LINES = [
    "臺灣臺中地方法院民事判決",
    "原　　告　王志明",
    "　　　　　住臺中市西屯區台灣大道三段99號5樓",
    f"　　　　　身分證統一編號：{NATIONAL_ID}",
    "被　　告　陳美玲",
    "原告王志明主張：被告陳美玲駕駛車牌號碼ABC-1234號",
    "自用小客車，電話0912-345-678，匯入帳號：(700)0001234567890。",
    "法　官　林大華",
]
DPI = 150


def scanned_pii_pdf(path: Path, image_format: str = "PNG") -> Path:
    """The page, its scan stored as ``image_format`` (PNG: deflated samples; JPEG: as
    most scanners store it)."""
    width, height = int(8.27 * DPI), int(11.69 * DPI)
    image = Image.new("L", (width, height), 255)
    pen = ImageDraw.Draw(image)
    face = font("Noto Sans CJK TC", 34)
    for n, line in enumerate(LINES):
        pen.text((120, 150 + n * 70), line, font=face, fill=20)
    png = io.BytesIO()
    image.save(png, format=image_format)
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_image(page.rect, stream=png.getvalue())
    # A scanner's OCR layer (invisible), metadata, XMP, an annotation, an attachment.
    page.insert_text((72, 800), " ".join(SECRETS.values()), render_mode=3)
    page.add_text_annot((40, 40), f"核對 {SECRETS['person']}")
    doc.set_metadata({"title": "判決", "author": SECRETS["person"], "subject": NATIONAL_ID})
    doc.set_xml_metadata(f"<x:xmpmeta xmlns:x='adobe:ns:meta/'>{SECRETS['person_2']}</x:xmpmeta>")
    doc.embfile_add("note.txt", SECRETS["phone"].encode())
    doc.save(path)
    doc.close()
    return path


def transcript() -> str:
    return "\n".join(LINES)
