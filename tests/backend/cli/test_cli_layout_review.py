"""``status --by-risk`` and ``compare`` find the scan's layout of the pages whose
transcript holds a table (once: then cached) and review them with it; ``--no-layout``
skips it.

Real parts: the CLI's ``main``, the CDLA model in the offline worker, the layout cache's
SQLite file under the test's data folder, a PDF with a ruled table drawn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backend.cli.commands import main
from backend.documents.pdf import file_sha256
from backend.engines.offline.base import AltOptions
from backend.engines.offline.layout import cache_key, detector_name
from backend.session.layout import LayoutCache
from tests.backend.session.table_document import LOST_ROW, table_document, table_transcript

pytestmark = pytest.mark.timeout(900)  # a model load on a loaded machine


def cached(pdf: Path, page: int) -> bool:
    cache = LayoutCache()
    try:
        key = cache_key(detector_name(), AltOptions())
        return cache.get(file_sha256(pdf), page, key) is not None
    finally:
        cache.close()


def table_cells(out: str) -> list[str]:
    return [d["detail"] for d in json.loads(out)["diagnoses"] if d["kind"] == "table_cells"]


def test_compare_reviews_a_table_page_with_its_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("PROOFDESK_LAYOUT")  # the suite turns it off (lines stay off)
    store = tmp_path / "review.sqlite3"
    pdf = table_document(tmp_path, store)
    alternate = tmp_path / "alternate.txt"
    alternate.write_text(table_transcript(), "utf-8")
    compare = ["compare", str(pdf), "--store", str(store), "--page", "1"]
    compare += ["--alternate", str(alternate), "--json"]

    assert main([*compare, "--no-layout"]) == 0
    assert table_cells(capsys.readouterr().out) == []
    assert not cached(pdf, 0)  # nothing detected
    assert main(compare) == 0
    assert table_cells(capsys.readouterr().out) == [LOST_ROW]
    assert cached(pdf, 0)
    assert main(["status", str(pdf), "--store", str(store), "--by-risk", "--json"]) == 0
    capsys.readouterr()
    assert not cached(pdf, 1)  # page 2 holds no table: its layout is not looked for
