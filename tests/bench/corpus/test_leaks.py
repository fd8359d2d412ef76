"""The leak bench's matching (bench/corpus/leaks.py) and scans (publish_scans.py): an
identifier is found however it is spaced, punctuated or widened, a name only with its
given glyphs, an address through a misread form word, and never a mask, another number
or a run of digits inside a longer one in the file's bytes."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from backend.publish.model import Finding, PersonalKind
from bench.corpus.leaks import bare, needle, unblind
from bench.corpus.personal_data import Seeded, publish_file
from bench.corpus.publish_scans import scan
from bench.corpus.render import font
from bench.publish_leak import _status

K = PersonalKind


def _found(kind: PersonalKind, text: str, keep: int, where: str, bounded: bool = False) -> bool:
    pattern = needle(Seeded(0, 0, len(text), kind, text, text, keep), bounded)
    assert pattern is not None
    return pattern.search(bare(where)) is not None


def test_a_name_is_found_with_its_given_glyphs_and_a_mask_is_not() -> None:
    assert _found(K.PERSON, "王志明", 1, "原告王 志明主張")
    assert not _found(K.PERSON, "王志明", 1, "原告王○○主張")
    assert not _found(K.PERSON, "王志明", 1, "原告王志朋主張")  # a misread is no leak
    assert needle(Seeded(0, 0, 3, K.PERSON, "王○○", "王志明", 1)) is None


def test_numbers_are_found_however_spaced_or_widened() -> None:
    assert _found(K.PHONE, "0912-\n345-678", 0, "電話０９１２ ３４５ ６７８。")
    assert _found(K.NATIONAL_ID, "B123456789", 0, "身分證b12345 6789號")
    assert not _found(K.PHONE, "0912-345-678", 0, "電話0912-345-679")
    assert _found(K.EMAIL, "wang.zm@gmail.com", 0, "wang zm gmail com")


def test_an_address_is_found_through_a_misread_form_word_but_not_without_its_numbers() -> None:
    address = "臺中市西屯區台灣大道三段99號5樓"
    assert _found(K.ADDRESS, address, 3, "住臺中市西屯匠台灣大道三段99號5樓")  # 區 misread
    assert not _found(K.ADDRESS, address, 3, "住臺中市西屯區台灣大道三段○○號○樓")


def test_in_bytes_a_birth_date_inside_a_longer_number_is_not_found() -> None:
    date = "民國84年5月3日"
    assert _found(K.BIRTH_DATE, date, 0, "民國84年5月3日生", bounded=True)
    assert not _found(K.BIRTH_DATE, date, 0, "5833984533395", bounded=True)
    assert _found(K.BIRTH_DATE, date, 0, "5833984533395")  # why bytes are bounded


def test_a_span_is_placed_unplaced_or_undetected_by_the_findings_over_it() -> None:
    s = Seeded(0, 10, 13, K.PERSON, "王志明", "王志明", 1)
    whole = Finding(K.PERSON, 0, 10, 13, "王志明", "王志明")
    given = Finding(K.PERSON, 0, 11, 13, "志明", "王志明")
    assert _status(s, [(whole, True)]) == "placed"
    assert _status(s, [(whole, False)]) == "unplaced"
    assert _status(s, [(whole, False), (given, True)]) == "placed"
    assert _status(s, [(Finding(K.PERSON, 0, 10, 12, "王志", "王志"), True)]) == "undetected"


def test_a_page_is_drawn_as_the_same_damaged_scan_every_time() -> None:
    doc = publish_file(6000, 2)
    first, defects = scan(doc.pages[0], 6000, 0, doc.pages[1])
    assert scan(doc.pages[0], 6000, 0, doc.pages[1]) == (first, defects)
    assert set(defects) & {"jpeg", "contrast", "stamp"}  # at least one office defect
    image = Image.open(io.BytesIO(first))
    assert image.format == "JPEG" and image.size == (1240, 1754)
    assert image.convert("L").getextrema()[0] < 128  # text is drawn


def test_unblind_paints_a_box_white_and_keeps_the_strokes() -> None:
    image = Image.new("RGB", (200, 100), (225, 225, 225))
    pen = ImageDraw.Draw(image)
    pen.rectangle((10, 10, 90, 40), fill=(0, 0, 0))  # a redaction box
    pen.text((110, 20), "王志明", font=font("Noto Sans CJK TC", 27), fill=(20, 20, 20))
    out = unblind(image).convert("L")
    assert out.getpixel((50, 25)) == 255 and out.getpixel((12, 12)) == 255
    strokes = image.convert("L").crop((100, 0, 200, 100))
    assert out.crop((100, 0, 200, 100)).tobytes() == strokes.tobytes()
