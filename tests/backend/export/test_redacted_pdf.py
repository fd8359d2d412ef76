"""The redacted PDF (issue 25): nothing of the personal data on a scanned page can be
recovered from the published file: not by its text (``get_text``), not by reading its
image again with a real OCR engine (RapidOCR), not from its metadata, XMP, annotations
or attachments, and not from its raw bytes, decompressed. The positions come from a
real RapidOCR reading of the scan, as a reviewer's would."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pymupdf
import pytest

from backend.engines.offline import AltOcrRunner
from backend.engines.offline.storing import store_alt_text
from backend.export import ExportOptions, collect
from backend.export.deidentify import deidentify
from backend.export.publish_formats import write_published
from backend.models import VersionKind
from backend.session.document_session import DocumentSession
from backend.session.publish import accept_all, publish_state
from tests.backend.export.scanned_pii import SECRETS, scanned_pii_pdf, transcript


def _bare(text: str) -> str:
    """Letters, digits and Han only: a secret found however it is spaced or punctuated."""
    return re.sub(r"[^0-9A-Za-z\u4e00-\u9fff]", "", text)


@pytest.fixture(scope="module", params=["PNG", "JPEG"])
def published(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, str]:
    """(the redacted PDF, what RapidOCR reads on its page and on each image alone)."""
    tmp = tmp_path_factory.mktemp("publish")
    pdf = scanned_pii_pdf(tmp / "case.pdf", request.param)
    runner = AltOcrRunner()
    try:
        reading = asyncio.run(runner.run_page(pdf, 0, "rapidocr"))
        session = DocumentSession.open(pdf, store_path=tmp / "case.review", create=True)
        try:
            store_alt_text(session.store, 0, reading)
            session.store.add_version(0, VersionKind.IMPORT, transcript())
            accept_all(session.store, publish_state(session.store, session.page_count))
            state = publish_state(session.store, session.page_count)
            assert not state.unreviewed
            document = deidentify(collect(session, ExportOptions()), state)
        finally:
            session.close()
        assert not document.pages[0].unplaced  # every finding has its place on the scan
        out = write_published(document, "pdf", tmp / "case.published.pdf").path
        read_again = asyncio.run(runner.run_page(out, 0, "rapidocr"))
        # Each image of the file alone, without what is drawn over it (a box drawn on
        # top of an intact image would hide it on the page, not in the file).
        alone = _images_alone(out, tmp / "images.pdf")
        images = [asyncio.run(runner.run_page(alone, n, "rapidocr")).text for n in range(2)]
    finally:
        runner.close()
    return out, "\n".join([read_again.text, *images])


def _images_alone(pdf: Path, target: Path) -> Path:
    """Every image object of ``pdf``, each drawn alone on a page of its own (at least
    two pages: a blank one when the file holds one image)."""
    doc = pymupdf.open(pdf)
    out = pymupdf.open()
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "Subtype")[1] == "/Image":
            pixels = pymupdf.Pixmap(doc, xref)
            if pixels.alpha:
                pixels = pymupdf.Pixmap(pixels, 0)
            page = out.new_page(width=595, height=842)
            page.insert_image(page.rect, pixmap=pixels)
    while len(out) < 2:
        out.new_page(width=595, height=842)
    out.save(target)
    return target


def test_the_text_layer_holds_the_masked_text_and_no_secret(published: tuple[Path, str]) -> None:
    doc = pymupdf.open(published[0])
    text = _bare(doc[0].get_text())
    assert "王○○" in doc[0].get_text()  # the masked transcript is the layer
    assert "臺灣臺中地方法院民事判決" in text and "林大華" in text  # the rest is kept
    for kind, secret in SECRETS.items():
        assert _bare(secret) not in text, kind


def test_reading_the_scan_again_finds_no_secret(published: tuple[Path, str]) -> None:
    _pdf, read = published
    seen = _bare(read)
    assert "地方法院" in seen  # the engine did read the page
    for kind, secret in SECRETS.items():
        assert _bare(secret) not in seen, kind
    assert "王志明" not in read and "陳美玲" not in read


def test_no_metadata_annotation_attachment_or_byte_keeps_a_secret(
    published: tuple[Path, str],
) -> None:
    path = published[0]
    doc = pymupdf.open(path)
    assert doc.embfile_count() == 0
    assert not list(doc[0].annots()) and not doc[0].get_links()
    meta = " ".join(str(v) for v in doc.metadata.values()) + doc.get_xml_metadata()
    raw = path.read_bytes()
    streams = b"".join(
        doc.xref_stream(x) or b"" for x in range(1, doc.xref_length()) if doc.xref_is_stream(x)
    )
    objects = "".join(doc.xref_object(x) for x in range(1, doc.xref_length()))
    for kind, secret in SECRETS.items():
        assert secret not in meta and secret not in objects, kind
        for encoded in (secret.encode(), secret.encode("utf-16-be")):
            assert encoded not in raw and encoded not in streams, kind


def test_a_born_digital_page_keeps_its_own_text_but_the_finding(tmp_path: Path) -> None:
    # Removing every text the page had left a digital page blank (review V, item 8):
    # its visible text stays, only what is under a box goes, and no layer repeats it.
    pdf = tmp_path / "digital.pdf"
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_font(fontname="cjk", fontbuffer=pymupdf.Font("cjk").buffer)
    for n, line in enumerate(["原　　告　王志明", "本件係損害賠償事件"]):
        page.insert_text((72, 100 + 30 * n), line, fontname="cjk", fontsize=14)
    doc.save(pdf)
    session = DocumentSession.open(pdf, store_path=tmp_path / "d.review", create=True)
    try:
        reading = asyncio.run(_text_layer(pdf))
        store_alt_text(session.store, 0, reading)
        session.store.add_version(0, VersionKind.IMPORT, reading.text)
        accept_all(session.store, publish_state(session.store, session.page_count))
        state = publish_state(session.store, session.page_count)
        document = deidentify(collect(session, ExportOptions()), state)
    finally:
        session.close()
    out = write_published(document, "pdf", tmp_path / "out.pdf").path
    text = pymupdf.open(out)[0].get_text()
    assert "本件係損害賠償事件" in text and text.count("本件係損害賠償事件") == 1
    assert "王志明" not in text and "志明" not in text


async def _text_layer(pdf: Path):  # type: ignore[no-untyped-def]
    runner = AltOcrRunner()
    try:
        return await runner.run_page(pdf, 0, "textlayer")
    finally:
        runner.close()
