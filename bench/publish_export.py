"""Publishing's redacted PDF against today's searchable PDF of the same pages (issue 25:
no slower than 1.5×).

Every page gets ~1,500 characters of realistic text with a person in a party line and
a phone number in running text, and an alternate reading of that text whose lines
carry boxes (one line a row, down the page), so each page has findings placed on the
scan: the redacted PDF removes their pixels from each page's image, the costly case.
Both exports read the store and write the file, as the CLI runs them (the redacted one
also finds the document's personal data first). Each is run three times, in turn with
the other, and the median is shown.

Two documents: 60 pages of the big one, whose pages share 7 progressive JPEGs (the
searchable PDF copies 7 images, the redacted one writes one per page; progressive
JPEGs decode ~2.5× slower than baseline ones), and a real scan's case, 60 pages each
with its own baseline JPEG (``make_doc.distinct_pdf``), where both exports write every
page's image.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from backend.engines.offline.storing import store_alt_text
from backend.export import ExportFormat, ExportOptions, collect, write_export
from backend.export.deidentify import deidentify
from backend.export.publish_formats import write_published
from backend.models import AltLine, AltText, VersionKind
from backend.session.document_session import DocumentSession
from backend.session.publish import accept_all, publish_state
from bench.make_doc import Docs, distinct_pdf
from bench.search import page_texts, temp_data_dir
from bench.table import Row

PAGES = 60  # each redacted page re-encodes its scan (slow)
RUNS = 3
PARTY = "原　　告　王志明\n"
PHONE = "原告王志明之電話0912-345-678。\n"


def _reading(text: str) -> AltText:
    lines, start = [], 0
    rows = text.split("\n")
    for n, row in enumerate(rows):
        y = 0.06 + 0.88 * n / max(len(rows), 1)
        box = (0.1, y, min(0.9, 0.1 + 0.016 * len(row)), y + 0.8 * 0.88 / max(len(rows), 1))
        lines.append(AltLine(row, start, start + len(row), box if row else None))
        start += len(row) + 1
    return AltText(text, "bench", tuple(lines))


def _published(pdf: Path, folder: Path) -> DocumentSession:
    session = DocumentSession.open(pdf, store_path=folder / "bench.sqlite3")
    texts = [PARTY + PHONE + text for text in page_texts(session.page_count)]
    session.store.add_versions(
        [(n, VersionKind.IMPORT, text, {"source": "bench"}) for n, text in enumerate(texts)]
    )
    for n, text in enumerate(texts):
        store_alt_text(session.store, n, _reading(text))
    accept_all(session.store, publish_state(session.store, session.page_count))
    return session


def run(docs: Docs) -> list[Row]:
    return [
        *_rows(docs.big, f"{PAGES} of {docs.pages} pages sharing 7 progressive JPEGs"),
        *_rows(distinct_pdf(PAGES), f"{PAGES} pages, one baseline JPEG each"),
    ]


def _rows(pdf: Path, what: str) -> list[Row]:
    """Wall time, and CPU of every thread of this process (the redacted export blanks
    scans on worker threads: on a busy machine its wall time is its CPU time)."""
    with temp_data_dir(), tempfile.TemporaryDirectory(prefix="proofdesk-publish-") as tmp:
        folder = Path(tmp)
        session = _published(pdf, folder)
        try:
            options = ExportOptions(pages=tuple(range(min(PAGES, session.page_count))))
            searchable: list[tuple[float, float]] = []
            redacted: list[tuple[float, float]] = []
            for _ in range(RUNS):
                wall, cpu = time.perf_counter(), time.process_time()
                write_export(
                    collect(session, options), ExportFormat.PDF, folder / "a.pdf", overwrite=True
                )
                searchable.append((time.perf_counter() - wall, time.process_time() - cpu))
                wall, cpu = time.perf_counter(), time.process_time()
                state = publish_state(session.store, session.page_count)
                document = deidentify(collect(session, options), state)
                result = write_published(document, "pdf", folder / "b.pdf", overwrite=True)
                redacted.append((time.perf_counter() - wall, time.process_time() - cpu))
            plain = (folder / "a.pdf").stat().st_size
        finally:
            session.close()
    placed = sum(len(p.redactions) for p in document.pages)
    name = (
        f"publish: redacted PDF, {what} ({placed} boxes, {result.bytes / 1e6:.1f} MB "
        f"against {plain / 1e6:.1f} MB)"
    )
    return [
        Row(
            name,
            statistics.median(w for w, _ in redacted),
            statistics.median(w for w, _ in searchable),
            unit="s",
            goal="≤ 1.5× searchable PDF",
            baseline_name="searchable PDF export, same pages",
        ),
        Row(
            "  its CPU, all threads",
            statistics.median(c for _, c in redacted),
            statistics.median(c for _, c in searchable),
            unit="s",
            baseline_name="the searchable export's",
        ),
    ]
