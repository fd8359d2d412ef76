"""Searchable PDF round trip: text copied out of the export is the final transcript, the
page images are byte-for-byte the scan's, and lines sit where the OCR boxes say."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from backend.export import ExportFormat, ExportOptions, collect, write_export
from backend.export.pages import Layout
from backend.export.pdf_layout import place
from backend.models import AltLine
from backend.session.document_session import DocumentSession
from tests.backend.export.export_support_helpers import (  # noqa: F401  (fixture)
    add_alternate,
    layer_text,
    reviewed,
    squeeze,
    transcripts,
)
from tests.conftest import SAMPLE_PDF


def _export(session: DocumentSession, target: Path, **options: object) -> pymupdf.Document:
    write_export(collect(session, ExportOptions(**options)), ExportFormat.PDF, target)  # type: ignore[arg-type]
    return pymupdf.open(target)


@pytest.mark.parametrize("page", range(7))
def test_each_page_round_trips_with_its_image_unchanged(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
    page: int,
) -> None:
    out = _export(reviewed, tmp_path / "out.pdf", pages=(page,))
    with out, pymupdf.open(SAMPLE_PDF) as src:
        assert out.page_count == 1
        got, want = out[0], src[page]
        assert squeeze(got.get_text()) == squeeze(layer_text(transcripts()[page]))
        assert squeeze(src[page].get_text()) == ""  # the scan had no text: the layer is ours
        # The layer is invisible: the page draws exactly as the scan did.
        assert got.get_pixmap(dpi=50).samples == want.get_pixmap(dpi=50).samples
        new_image, old_image = got.get_images()[0][0], want.get_images()[0][0]
        assert out.xref_stream_raw(new_image) == src.xref_stream_raw(old_image)
        fonts = got.get_fonts()
        assert fonts and all("+" in f[3] for f in fonts)  # embedded, subset


def test_whole_document_layer_keeps_line_structure_and_metadata(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    out = _export(reviewed, tmp_path / "out.pdf")
    with out:
        assert out.page_count == 7
        first = out[0].get_text()
        assert first.rstrip("\n").split("\n") == transcripts()[0].rstrip("\n").split("\n")
        assert out.metadata["keywords"] == "contains_unapproved"
        assert "not yet approved: 2, 4, 6, 7" in out.metadata["subject"]
    # A layer worth its size: the fonts add little to the scan.
    assert (tmp_path / "out.pdf").stat().st_size < SAMPLE_PDF.stat().st_size + 400_000


def test_lines_are_placed_in_the_alternate_readings_boxes(
    reviewed: DocumentSession,  # noqa: F811
    tmp_path: Path,
) -> None:
    lines = add_alternate(reviewed, 0)
    edited = transcripts()[0].replace("第七條", "第柒條") + "\n校對者補記一行"
    reviewed.save_draft(0, edited)
    out = _export(reviewed, tmp_path / "out.pdf", pages=(0,))
    with out:
        page = out[0]
        assert squeeze(page.get_text()) == squeeze(edited)
        width, height = page.rect.width, page.rect.height
        placed = {
            "".join(s["text"] for s in line["spans"]).strip(): pymupdf.Rect(line["bbox"])
            for block in page.get_text("dict")["blocks"]
            for line in block.get("lines", [])
        }
    boxes = {str(a["text"]).strip(): a["box"] for a in lines}
    checked = 0
    for text, rect in placed.items():
        if text in boxes:
            x0, y0, x1, y1 = boxes[text]  # type: ignore[misc]
            target = pymupdf.Rect(x0 * width, y0 * height, x1 * width, y1 * height)
            centre = (rect.tl + rect.br) / 2
            assert target.contains(centre), text
            checked += 1
    assert checked >= len(boxes) - 2  # every line the edit left alone
    edited_line = next(t for t in placed if "第柒條" in t)
    original = next(b for t, b in boxes.items() if "第七條" in t)
    assert original[1] * height <= placed[edited_line].y1 + 2  # still near its old place


def test_place_shares_a_box_between_lines_and_falls_back_to_a_block() -> None:
    alt = "第一行\n第二行"
    layout = Layout(alt, (AltLine("第一行", 0, 3, (0.1, 0.1, 0.5, 0.2)), AltLine("第二行", 4, 7)))
    width = lambda text, size: len(text) * size  # noqa: E731
    placed = place("第一行\n其他\n第二行", layout, (100.0, 200.0), width)
    assert [p.text for p in placed] == ["第一行", "其他", "第二行"]
    # Only the first line has a box: the others share it, in slots top to bottom.
    ys = [p.origin[1] for p in placed]
    assert ys == sorted(ys) and ys[0] >= 20 and ys[-1] <= 40
    assert all(10 <= p.origin[0] <= 50 for p in placed)

    block = place("甲" * 500 + "\n乙", None, (100.0, 200.0), width)
    assert squeeze("".join(p.text for p in block)) == "甲" * 500 + "乙"
    for p in block:
        assert p.origin[0] >= 0 and p.origin[0] + width(p.text, p.fontsize) <= 100.01
        assert 0 < p.origin[1] <= 200
    assert place(" \n\n", None, (100.0, 200.0), width) == []


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_a_rotated_page_still_copies_the_text(tmp_path: Path, rotation: int) -> None:
    pdf = tmp_path / "rotated.pdf"
    with pymupdf.open() as doc:
        doc.new_page(width=595, height=842).set_rotation(rotation)
        doc.save(pdf)
    session = DocumentSession.open(pdf, store_path=tmp_path / "s.sqlite3")
    try:
        session.save_draft(0, "橫置頁面\n第二行文字")
        out = _export(session, tmp_path / "out.pdf")
    finally:
        session.close()
    with out:
        page = out[0]
        assert page.rotation == rotation
        assert page.get_text().split() == ["橫置頁面", "第二行文字"]
        for block in page.get_text("blocks"):  # in unrotated coordinates
            assert page.mediabox.contains(pymupdf.Rect(block[:4]))


def test_a_paragraph_the_scan_wraps_into_many_lines_is_placed_over_them() -> None:
    # A transcript with a paragraph a line, on a scan that wraps it into six lines: no
    # scan line holds a fifth of it, and the export failed (min() of nothing).
    rows = [
        "甲乙丙丁戊己",
        "庚辛壬癸子丑",
        "寅卯辰巳午未",
        "申酉戌亥天地",
        "玄黃宇宙洪荒",
        "日月盈昃辰宿",
    ]
    alt, lines, start = "\n".join(rows), [], 0
    for n, row in enumerate(rows):
        lines.append(
            AltLine(row, start, start + len(row), (0.1, 0.1 + 0.05 * n, 0.6, 0.14 + 0.05 * n))
        )
        start += len(row) + 1
    width = lambda text, size: len(text) * size  # noqa: E731
    placed = place("".join(rows) + "\n結尾", Layout(alt, tuple(lines)), (100.0, 200.0), width)
    assert [p.text for p in placed] == ["".join(rows), "結尾"]
    # over the six lines it matched: between the first's top and the last's bottom
    assert 0.1 * 200 <= placed[0].origin[1] <= 0.39 * 200
