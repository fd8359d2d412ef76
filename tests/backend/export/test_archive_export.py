"""PAGE XML, ALTO and hOCR exports of the sample: each file validates (page.xsd,
hocr-spec, alto-tools and ALTO 4's structure), names its image and size, keeps every
character and every box through an import, and writes no box a line does not have."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree

from backend.export import ExportFormat, collect, write_export
from backend.export.archive_pages import DPI, archive_pages
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from backend.store.archive_import import read_archive
from tests.backend.export.archive_helpers import (
    assert_alto_valid,
    assert_hocr_valid,
    assert_page_valid,
    digital_alternate,
)
from tests.conftest import DATA

TRANSCRIPTS = DATA / "legal-sample.vlm-style.jsonl"
DIGITAL = DATA / "legal-sample.digital.pdf"
WITH_BOXES = (0, 1, 2)  # pages given an alternate with line boxes; the rest have none
ARCHIVE = (ExportFormat.PAGE, ExportFormat.ALTO, ExportFormat.HOCR)


@pytest.fixture
def session(sample_pdf: Path, tmp_path: Path) -> Iterator[DocumentSession]:
    opened = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    opened.import_transcripts(TRANSCRIPTS)
    for page in WITH_BOXES:
        text, lines = digital_alternate(DIGITAL, page)
        opened.store.add_version(
            page, VersionKind.ALTERNATE, text, {"engine": "textlayer", "lines": lines}
        )
    yield opened
    opened.close()


@pytest.mark.parametrize("fmt", ARCHIVE)
def test_every_file_validates_and_reads_back(
    session: DocumentSession, tmp_path: Path, fmt: ExportFormat
) -> None:
    document = collect(session)
    target = tmp_path / f"out{fmt.suffix}"
    result = write_export(document, fmt, target)
    files = sorted(target.iterdir())
    suffix = ".hocr" if fmt is ExportFormat.HOCR else ".xml"
    assert [f.name for f in files] == [f"{n:04d}{suffix}" for n in range(1, 8)]
    assert result.bytes == sum(f.stat().st_size for f in files)
    for file in files:
        {
            ExportFormat.PAGE: lambda f: assert_page_valid(f.read_bytes()),
            ExportFormat.ALTO: assert_alto_valid,
            ExportFormat.HOCR: assert_hocr_valid,
        }[fmt](file)
    expected = archive_pages(document, None)
    read = read_archive(target, session.page_count)
    assert [p.page for p in read] == list(range(7))
    for page, back in zip(expected, read, strict=True):
        assert back.reading.format == fmt.value
        assert back.reading.text == page.text  # every character
        got = {line.start: line for line in back.reading.lines if line.box is not None}
        want = [line for line in page.lines if line.box is not None]
        assert len(got) == len(want)  # every box, and no other
        for line in want:
            start = sum(len(x.text) + 1 for x in page.lines[: line.number - 1])
            box = got[start].box
            assert box is not None and line.box is not None
            pixels = (box[0] * page.width, box[1] * page.height)
            pixels += (box[2] * page.width, box[3] * page.height)
            assert max(abs(a - b) for a, b in zip(pixels, line.box, strict=True)) < 0.51
        assert bool(want) == (page.number - 1 in WITH_BOXES)


def test_files_name_the_image_and_its_size(session: DocumentSession, tmp_path: Path) -> None:
    document = collect(session)
    for fmt in ARCHIVE:
        write_export(document, fmt, tmp_path / fmt.value)
    width, height = round(595 * DPI / 72), round(842 * DPI / 72)  # the sample is A4
    page = etree.parse(str(tmp_path / "page" / "0003.xml")).getroot()[1]
    assert (page.get("imageFilename"), page.get("imageWidth"), page.get("imageHeight")) == (
        "0003.png",
        str(width),
        str(height),
    )
    alto = (tmp_path / "alto" / "0003.xml").read_text("utf-8")
    assert "<fileName>0003.png</fileName>" in alto and f'WIDTH="{width}"' in alto
    hocr = (tmp_path / "hocr" / "0003.hocr").read_text("utf-8")
    assert f"image &quot;0003.png&quot;; bbox 0 0 {width} {height}" in hocr


def test_a_line_without_a_box_has_no_coordinates(session: DocumentSession, tmp_path: Path) -> None:
    document = collect(session, None)
    for fmt in ARCHIVE:
        write_export(document, fmt, tmp_path / fmt.value)
    # Page 4 has no alternate: no line of it is given a place.
    page = (tmp_path / "page" / "0004.xml").read_text("utf-8")
    assert "<TextLine" not in page and "TextEquiv" in page
    alto = etree.parse(str(tmp_path / "alto" / "0004.xml")).getroot()
    lines = alto.findall(".//{http://www.loc.gov/standards/alto/ns-v4#}TextLine")
    assert lines and all(line.get("HPOS") is None for line in lines)
    hocr = (tmp_path / "hocr" / "0004.hocr").read_text("utf-8")
    assert "ocrx_line" in hocr and "ocr_line" not in hocr.replace("ocr_line ocrx", "")
    assert hocr.count("bbox") == 1  # the page's own


def test_an_existing_folder_needs_overwrite(session: DocumentSession, tmp_path: Path) -> None:
    from backend.export import ExportError, ExportExistsError

    document = collect(session)
    target = tmp_path / "out"
    write_export(document, ExportFormat.PAGE, target)
    (target / "mine.txt").write_text("kept?")
    with pytest.raises(ExportExistsError):
        write_export(document, ExportFormat.PAGE, target)
    assert (target / "mine.txt").exists()
    write_export(document, ExportFormat.PAGE, target, overwrite=True)
    assert sorted(f.name for f in target.iterdir())[0] == "0001.xml"
    assert not (target / "mine.txt").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    with pytest.raises(ExportError, match="is a file"):  # never deleted for a folder
        write_export(document, ExportFormat.PAGE, a_file, overwrite=True)
    assert a_file.read_text() == "mine"
