"""Files other tools wrote (tests/data/archive: a real Tesseract hOCR, a Transkribus-style
PAGE file and an ALTO 4 file written by hand after their documentation) are imported
with their text and boxes; hostile or broken XML is refused with a clear message and
nothing is stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.engines.offline import latest_alternate
from backend.errors import ImportError_
from backend.models import VersionKind
from backend.session.archive_readings import import_archive
from backend.session.document_session import DocumentSession
from backend.store.archive_import import read_archive
from backend.store.archive_xml import parse
from tests.conftest import DATA

FIXTURES = DATA / "archive"


def _read(name: str) -> tuple[str, str, list[tuple[str, int, tuple[float, ...] | None]]]:
    reading = parse((FIXTURES / name).read_bytes(), name)
    lines = [(line.text, line.start, line.box) for line in reading.lines]
    return reading.format, reading.text, lines


def test_tesseract_hocr() -> None:
    fmt, text, lines = _read("tesseract-page-1.hocr")
    assert fmt == "hocr"
    # Each Han character is a word of its own in chi_tra's hOCR: no space is put back
    # between two of them (a space stays where Tesseract read punctuation).
    assert text.startswith("法院文書掃描辨識校對作業要點\n第一條")
    assert text.count("\n") == 13 and len(lines) == 14
    first = lines[0]
    assert first[0] == "法院文書掃描辨識校對作業要點" and first[1] == 0
    # bbox 173 190 675 225 on a page of bbox 0 0 1653 2339
    assert first[2] == pytest.approx((173 / 1653, 190 / 2339, 675 / 1653, 225 / 2339))
    for line_text, start, box in lines:
        assert text[start : start + len(line_text)] == line_text and box is not None


def test_transkribus_page() -> None:
    fmt, text, lines = _read("transkribus-page-2.xml")
    assert fmt == "page"
    assert text == (
        "臺灣臺北地方法院民事判決\n"
        "原\u3000\u3000告\u3000王○○\u3000住臺北市中正區重慶南路一段124號\n"
        "上列當事人間請求給付票款事件 & 利息，本院判決如下："
    )
    assert [start for _t, start, _b in lines] == [0, 13, 40]
    # A polygon's box is its extent: 250,390 1820,388 1822,452 250,455 on 2480 x 3508
    assert lines[1][2] == pytest.approx((250 / 2480, 388 / 3508, 1822 / 2480, 455 / 3508))


def test_alto_file() -> None:
    fmt, text, lines = _read("alto-page-3.xml")
    assert fmt == "alto"
    assert text == '主文被告應給付原告新臺幣壹拾萬元。\nCase No. 113-<A>&"B"\n訴訟費用由被告負擔。'
    assert lines[0][2] == pytest.approx((0.1, 200 / 2800, 0.55, 260 / 2800))
    assert lines[2] == ("訴訟費用由被告負擔。", 39, None)  # no coordinates: no box


@pytest.fixture
def session(sample_pdf: Path, tmp_path: Path) -> Iterator[DocumentSession]:
    opened = DocumentSession.open(sample_pdf, store_path=tmp_path / "review.sqlite3")
    yield opened
    opened.close()


def test_a_folder_of_foreign_files_becomes_alternate_readings(
    session: DocumentSession, tmp_path: Path
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for file in FIXTURES.iterdir():
        if file.suffix != ".md":
            (folder / file.name).write_bytes(file.read_bytes())
    change = import_archive(session, folder)
    assert change.pages == {0, 1, 2}
    reading = latest_alternate(session.store, 0)
    assert reading is not None and reading.engine == "hocr"
    assert reading.text.startswith("法院文書掃描辨識校對作業要點")
    assert all(line.box is not None for line in reading.lines)
    version = session.store.versions(1)[-1]
    assert version.kind is VersionKind.ALTERNATE
    assert version.provenance["format"] == "page"
    assert version.provenance["source"] == "transkribus-page-2.xml"
    # The review compares the page with it (the newest alternate).
    assert session.reviews.alternates(2)[0].id == session.store.versions(2)[-1].id


def test_as_the_transcript(session: DocumentSession) -> None:
    import_archive(session, FIXTURES / "alto-page-3.xml", as_transcript=True)
    state = session.store.page_state(2)
    assert state.text.startswith("主文被告應給付")
    assert session.store.versions(2)[-1].kind is VersionKind.IMPORT


HOSTILE = {
    "laughs.xml": (
        b'<?xml version="1.0"?><!DOCTYPE PcGts [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        b'<PcGts xmlns="http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15">'
        b"<Page><TextRegion><TextEquiv><Unicode>&b;</Unicode></TextEquiv></TextRegion>"
        b"</Page></PcGts>",
        "entities",
    ),
    "external.xml": (
        b'<?xml version="1.0"?><!DOCTYPE PcGts [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<PcGts xmlns="http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15">'
        b"<Page><TextRegion><TextEquiv><Unicode>&x;</Unicode></TextEquiv></TextRegion>"
        b"</Page></PcGts>",
        "entities",
    ),
    "external-attribute.xml": (  # libxml2 refuses this one itself
        b'<?xml version="1.0"?><!DOCTYPE alto [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page>'
        b'<PrintSpace><TextBlock><TextLine><String CONTENT="&x;"/></TextLine></TextBlock>'
        b"</PrintSpace></Page></Layout></alto>",
        "not well-formed",
    ),
    "dtd.hocr": (
        b'<?xml version="1.0"?><!DOCTYPE html SYSTEM "http://127.0.0.1:9/never.dtd">'
        b'<html xmlns="http://www.w3.org/1999/xhtml"><body><div class="ocr_page" '
        b'title="bbox 0 0 10 10"><span class="ocr_line" title="bbox 1 1 5 5">&nbsp;x'
        b"</span></div></body></html>",
        "entities",
    ),
    "external-dtd-attribute.xml": (  # no node is left: libxml2 only warns, the value is cut
        b'<?xml version="1.0"?><!DOCTYPE alto SYSTEM "http://127.0.0.1:9/never.dtd">'
        b'<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page>'
        b'<PrintSpace><TextBlock><TextLine><String CONTENT="&name;"/></TextLine></TextBlock>'
        b"</PrintSpace></Page></Layout></alto>",
        "entities",
    ),
    "broken.xml": (b"<alto><Layout>", "not well-formed"),
    "other.xml": (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "not PAGE XML, ALTO or hOCR"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_or_broken_files_import_nothing(
    session: DocumentSession, tmp_path: Path, name: str
) -> None:
    data, said = HOSTILE[name]
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "0001.xml").write_bytes((FIXTURES / "alto-page-3.xml").read_bytes())
    (folder / f"0002-{name}").write_bytes(data)
    before = [len(session.store.versions(p)) for p in range(session.page_count)]
    with pytest.raises(ImportError_, match=said):
        import_archive(session, folder)
    assert [len(session.store.versions(p)) for p in range(session.page_count)] == before


def test_pages_the_document_does_not_have_or_twice(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    alto = (FIXTURES / "alto-page-3.xml").read_bytes()
    (folder / "0009.xml").write_bytes(alto)
    with pytest.raises(ImportError_, match="has 7 page"):
        read_archive(folder, 7)
    (folder / "0009.xml").unlink()
    (folder / "0003.xml").write_bytes(alto)
    (folder / "page-3.hocr").write_bytes((FIXTURES / "tesseract-page-1.hocr").read_bytes())
    with pytest.raises(ImportError_, match="page 3 twice"):
        read_archive(folder, 7)


def test_line_ends_and_noncharacters_are_admitted_before_lines_are_placed() -> None:
    # Another tool wrote CR LF as "&#13;" and a noncharacter: the text stored has line
    # feeds and the placeholder (counted), and each line still starts where it is.
    data = (
        '<PcGts xmlns="http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15">'
        '<Page imageFilename="p.png" imageWidth="100" imageHeight="100"><TextRegion id="r">'
        '<Coords points="0,0 9,0 9,9 0,9"/>'
        '<TextLine id="a"><Coords points="1,1 50,1 50,10 1,10"/>'
        "<TextEquiv><Unicode>第一行&#xFDD0;</Unicode></TextEquiv></TextLine>"
        '<TextLine id="b"><Coords points="1,20 50,20 50,30 1,30"/>'
        "<TextEquiv><Unicode>第二行</Unicode></TextEquiv></TextLine>"
        "<TextEquiv><Unicode>第一行&#xFDD0;&#13;\n第二行</Unicode></TextEquiv>"
        "</TextRegion></Page></PcGts>"
    ).encode()
    reading = parse(data, "0001.xml")
    assert reading.text == "第一行\ufffd\n第二行" and reading.replaced == 1
    assert [(line.text, line.start) for line in reading.lines] == [
        ("第一行\ufffd", 0),
        ("第二行", 5),
    ]


def test_a_link_out_of_the_folder_is_refused_before_anything_is_read(tmp_path: Path) -> None:
    # A page file must be the folder's own: a link could pull in any file the user can read.
    outside = tmp_path / "elsewhere.xml"
    outside.write_bytes((FIXTURES / "alto-page-3.xml").read_bytes())
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "0001.xml").symlink_to(outside)
    with pytest.raises(ImportError_, match="outside it"):
        read_archive(folder, 7)
    inside = folder / "0002.xml"
    inside.write_bytes(outside.read_bytes())
    (folder / "0001.xml").unlink()
    (folder / "0001.xml").symlink_to(inside)  # a link inside the folder is the folder's own
    assert [p.page for p in read_archive(folder, 7)] == [0, 1]
