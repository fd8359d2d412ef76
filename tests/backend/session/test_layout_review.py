"""The scan's layout reaches a document's reviews as its lines do: ``reviews.layout``
(``LayoutSource.known``) is asked on every review, never detects, and a layout that
arrives later reviews the page again, with it (a ruled table's rows against the
transcript's: ``table_grid``).

Real parts: the offline worker with the CDLA model, the layout cache's SQLite file,
a real PDF with a ruled table (``tests.backend.engines.layout_pages``), the store."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from backend.engines.offline import AltOcrRunner
from backend.models import VersionKind
from backend.review.values import DiagnosisKind
from backend.session.document_session import DocumentSession
from backend.session.layout import LayoutSource
from tests.backend.engines.layout_pages import PARAGRAPH, table_page

pytestmark = pytest.mark.timeout(900)  # a model load on a loaded machine


def _transcript() -> str:
    """The page's paragraph and its ruled table (6 rows on the scan) with a row lost."""
    rows = [["編號", "物品名稱", "數量"]]
    rows += [[f"扣案物{r * 7 + c}件" for c in range(3)] for r in (1, 2, 4, 5)]
    table = ["| " + " | ".join(r) + " |" for r in rows]
    table.insert(1, "|---|---|---|")
    return "\n".join([PARAGRAPH[:24], "", *table])


def test_a_layout_found_later_reviews_the_page_again_with_its_table(tmp_path: Path) -> None:
    page = table_page(tmp_path / "tables.pdf")
    session = DocumentSession.open(page.path, store_path=tmp_path / "r.db")
    runner = AltOcrRunner()
    source = LayoutSource(session.pdf.info.sha256, page.path, runner)
    try:
        session.store.add_version(0, VersionKind.OCR, _transcript(), {"engine": "vllm"})
        session.reviews.layout = source.known

        def table_cells() -> list[str]:
            review = session.review(0)
            return [d.detail for d in review.diagnoses if d.kind is DiagnosisKind.TABLE_CELLS]

        assert table_cells() == []  # not detected yet: reviewed without
        assert source.detections == 0  # a review never detects
        assert asyncio.run(source.detect(0)) is not None
        assert table_cells() == ["the page's table has 6 rows, the transcript's 5"]
    finally:
        runner.close()
        source.cache.close()
        session.close()
