"""The review report carries the statistics' charts (issue 26 point 1): the HTML embeds
them as PNG data, the PDF as images, from the same drawing as the Statistics dialog."""

from __future__ import annotations

import base64
import re
from dataclasses import replace
from pathlib import Path

import pymupdf

from backend.cli.commands import main
from backend.export import ExportFormat, collect, write_export
from backend.export.pages import collect_statistics
from backend.session.document_session import DocumentSession
from backend.stats.charts import charts
from backend.store.review_store import ReviewStore
from tests.backend.stats.known_history import PAGES, write_known_history
from tests.pdf_factory import text_pdf

_IMG = re.compile(r'<img class="chart" src="data:image/png;base64,([^"]+)" alt="([^"]+)"')


def _reviewed(tmp_path: Path) -> Path:
    pdf = text_pdf(tmp_path / "judgment.pdf", ["one", "two", "three"][:PAGES])
    session = DocumentSession.open(pdf)
    try:
        store = session.store.local()
        assert isinstance(store, ReviewStore)
        write_known_history(store)
    finally:
        session.close()
    return pdf


def test_the_cli_s_html_report_holds_the_dialog_s_charts(tmp_path: Path) -> None:
    pdf = _reviewed(tmp_path)
    out = tmp_path / "report.html"
    assert main(["export", str(pdf), "--format", "report", "-o", str(out)]) == 0
    page = out.read_text("utf-8")
    found = _IMG.findall(page)
    assert [alt for _data, alt in found] == [
        "CER by model", "CER by prompt", "Time per page over the document",
        "Corrections by kind", "Progress and pace",
    ]  # fmt: skip
    session = DocumentSession.open(pdf, create=False)
    try:
        drawn = charts(collect_statistics(session))
    finally:
        session.close()
    # The very pictures the dialog shows (the same figures draw the same bytes).
    assert [base64.b64decode(data) for data, _alt in found] == [c.png for c in drawn]
    assert "3 pages: 2 approved, 1 to go." in page


def test_the_pdf_report_has_the_charts_as_images(tmp_path: Path) -> None:
    pdf = _reviewed(tmp_path)
    session = DocumentSession.open(pdf, create=False)
    try:
        document = collect(session)
        with_stats = replace(document, statistics=collect_statistics(session))
    finally:
        session.close()
    plain, charted = tmp_path / "plain.pdf", tmp_path / "charted.pdf"
    write_export(document, ExportFormat.REPORT_PDF, plain)
    write_export(with_stats, ExportFormat.REPORT_PDF, charted)
    with pymupdf.open(plain) as p, pymupdf.open(charted) as c:
        assert sum(len(page.get_images()) for page in p) == 0
        images = [img for page in c for img in page.get_images()]
        assert len(images) == 5
        # Printed sharper than the screen's: twice the pixels of a chart at 100 dpi.
        assert {(img[2], img[3]) for img in images} <= {(1280, 640)}
        assert "Statistics" in "".join(page.get_text() for page in c)
