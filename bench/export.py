"""Export: time to write each format for the big document vs rendering its pages once.

Every page gets ~1,500 characters of realistic CJK text (as the search
benchmark makes them) as an ``import`` version, and every page is approved.
Each format is timed once, store read ("collect") included, as the CLI runs
it. The baseline renders every page once at 1,240 px wide in-process (what
showing each page once costs); MuPDF decodes each of the 7 scan images only
once there (see make_doc), so the baseline is on the fast side.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pymupdf

from backend.export import ExportFormat, collect, write_export
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession
from backend.store.sql import insert_status
from bench.flip import scale_for
from bench.make_doc import Docs
from bench.search import page_texts, temp_data_dir
from bench.table import Row


def _render_all(path: Path) -> float:
    matrix = pymupdf.Matrix(scale_for(str(path)), scale_for(str(path)))
    t0 = time.perf_counter()
    with pymupdf.open(path) as doc:
        for page in doc:
            page.get_pixmap(matrix=matrix, alpha=False)
    return time.perf_counter() - t0


def _reviewed(pdf: Path, folder: Path) -> DocumentSession:
    session = DocumentSession.open(pdf, store_path=folder / "bench.sqlite3")
    texts = page_texts(session.page_count)
    session.store.add_versions(
        [(n, VersionKind.IMPORT, text, {"source": "bench"}) for n, text in enumerate(texts)]
    )
    # One transaction: 2,000 fsyncs would take minutes.
    with session.store.local().transaction() as c:
        for n in range(session.page_count):
            insert_status(c, n, ReviewStatus.APPROVED, "bench")
    return session


def _time_format(session: DocumentSession, fmt: ExportFormat, folder: Path) -> tuple[float, int]:
    target = folder / f"out{fmt.suffix}"
    t0 = time.perf_counter()
    result = write_export(collect(session), fmt, target, overwrite=True)
    return time.perf_counter() - t0, result.bytes


def run(docs: Docs) -> list[Row]:
    baseline = _render_all(docs.big)
    rows: list[Row] = []
    with temp_data_dir(), tempfile.TemporaryDirectory(prefix="proofdesk-export-") as tmp:
        folder = Path(tmp)
        session = _reviewed(docs.big, folder)
        try:
            t0 = time.perf_counter()
            collect(session)
            collect_s = time.perf_counter() - t0
            rows.append(
                Row(
                    f"export: read {docs.pages} pages from the store (collect)",
                    collect_s,
                    baseline,
                    unit="s",
                    baseline_name="render every page once",
                )
            )
            for fmt in ExportFormat:
                seconds, size = _time_format(session, fmt, folder)
                rows.append(
                    Row(
                        f"export {fmt.value} ({docs.pages} pages, {size / 1e6:.1f} MB)",
                        seconds,
                        baseline,
                        unit="s",
                        goal="≤ 1× render" if fmt is ExportFormat.PDF else "",
                        baseline_name="render every page once",
                    )
                )
        finally:
            session.close()
    return rows
