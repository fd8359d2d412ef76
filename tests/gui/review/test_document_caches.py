"""Every per-document picture belongs to its document: after opening another file the
page list and the page view never show the previous one's scans (issue 28, defect 2)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap

from backend.documents.pdf import open_pdf
from backend.documents.render_service import THUMB_MAX_PIXELS
from gui.review.page_list_model import PageListModel
from gui.widgets.qimage import to_pixmap
from tests import pdf_factory
from tests.gui.conftest import wait_for


def pixel_hash(pixmap: QPixmap | None) -> str:
    if pixmap is None or pixmap.isNull():
        return "none"
    image = pixmap.toImage()
    return hashlib.sha256(bytes(image.constBits())).hexdigest()[:16]


def own_thumbnail(pdf: Path, page: int) -> str:
    """The thumbnail the page list shows for this document's page, drawn here from the file."""
    doc = open_pdf(pdf, content_hash=False)
    try:
        rendered = doc.render(page, 0.25, max_pixels=THUMB_MAX_PIXELS)
    finally:
        doc.close()
    model = PageListModel(page + 1)
    model.set_thumbnail(page, to_pixmap(rendered))
    return pixel_hash(model.data(model.index(page), Qt.ItemDataRole.DecorationRole))


def own_page(pdf: Path, page: int, scale: float) -> str:
    doc = open_pdf(pdf, content_hash=False)
    try:
        return pixel_hash(to_pixmap(doc.render(page, scale)))
    finally:
        doc.close()


def shown_thumbnail(w, page: int) -> str:  # type: ignore[no-untyped-def]
    model = w.page_list_model
    # Asking for the row's picture is what painting it does: it requests the thumbnail.
    return pixel_hash(model.data(model.index(model.row_of(page)), Qt.ItemDataRole.DecorationRole))


def test_documents_opened_in_turn_show_only_their_own_scans(
    make_window, arun, tmp_path: Path
) -> None:
    docs = {
        "a": pdf_factory.marked_pdf(tmp_path / "a.pdf", [0, 1, 2, 3, 4]),
        "b": pdf_factory.marked_pdf(tmp_path / "b.pdf", [5, 6, 7, 8, 9, 0, 1]),
        "c": pdf_factory.marked_pdf(tmp_path / "c.pdf", [9, 8, 7]),
    }
    w = make_window()
    view = w.page_view
    for name in ("a", "b", "a", "c"):
        pdf = docs[name]
        assert arun(w.opener.open(pdf))
        ws = w.controller.workspace
        assert ws is not None and ws.path == pdf.resolve()
        for page in range(ws.page_count):
            want = own_thumbnail(pdf, page)
            arun(
                wait_for(
                    lambda p=page, want=want: shown_thumbnail(w, p) == want,
                    what=f"{name}.pdf page {page + 1}'s own thumbnail",
                )
            )
        for page in (0, ws.page_count - 1):
            w.controller.go_to(page)
            arun(wait_for(lambda p=page: w.controller.current == p, what="the page"))
            arun(wait_for(lambda: view.page_pixmap() is not None, what="the page image"))
            arun(w.runner.drain())  # a late picture from before must not land afterwards
            want = own_page(pdf, page, view._pixmap_scale)
            assert pixel_hash(view.page_pixmap()) == want, f"{name}.pdf page {page + 1}"
        arun(w.runner.drain())
        for page in range(ws.page_count):
            assert shown_thumbnail(w, page) == own_thumbnail(pdf, page), (name, page)
