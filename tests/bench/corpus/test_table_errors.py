"""The table pages and table errors the bench seeds (bench/corpus/table_pages.py,
table_errors.py).

The bench judges "caught at the cell" by each error's span, so each kind must be
what its name says, in well-formed markup, and its span must hold the broken rows.
A page's true transcript must read back (``find_tables``) as the grid it drew.
"""

from __future__ import annotations

import random

import pytest

from backend.tables import Table, find_tables
from bench.corpus.table_errors import KINDS, TableError, seed_error
from bench.corpus.table_pages import STYLES, TablePage, generate

PAGES = generate(212, 30)
# Enough pages that each style is written several times (seed 202: a tuning seed).
STYLED = generate(202, 60)
DIGESTS = ["t4a3871d72c94b821", "t9e217c822a4445b3", "t00c0e44d9eb4f071"]


def _grid(table: Table) -> list[list[str]]:
    """The table's cell values by row, left to right (spans not expanded)."""
    return [[cell.value for cell in row.cells] for row in table.rows]


def _page_grid(page: TablePage) -> list[list[str]]:
    return [
        [cell for c, cell in enumerate(row) if not page.covered(r, c)]
        for r, row in enumerate(page.grid)
    ]


@pytest.mark.parametrize("page", PAGES + STYLED, ids=lambda p: f"{p.id}-{p.style}")
def test_a_true_transcript_reads_back_as_the_grid_drawn(page: TablePage) -> None:
    (table,) = find_tables(page.text)
    assert _grid(table) == _page_grid(page)
    assert table.notices == ()
    assert table.columns == len(page.grid[0])


def test_the_pages_vary_as_the_docstring_says() -> None:
    assert {p.markup for p in PAGES} == {"markdown", "html"}
    assert {p.ruled for p in PAGES} == {True, False}
    assert any(p.spans for p in PAGES) and any(not p.header for p in PAGES)
    assert max(len(p.grid[0]) for p in PAGES) >= 6


def test_tables_are_written_as_vlms_write_them() -> None:
    # Issue 23: "as Markdown, as HTML, and as a VLM would write them".
    styles = {(p.markup, p.style) for p in STYLED}
    assert styles == {(markup, style) for markup, names in STYLES.items() for style in names}
    texts = {p.style: p.text for p in STYLED}
    assert "\n" not in texts["one_line"].split("<table>", 1)[1]  # Qwen's: one line
    assert "<thead><tr><th>" in texts["sections"] and "</thead><tbody>" in texts["sections"]
    assert texts["fenced"].split("\n")[-1] == "```" and "```html\n<table" in texts["fenced"]
    assert all(not line.startswith("|") for line in texts["bare"].split("\n")[2:])
    assert ":---" in texts["aligned"] or "---:" in texts["aligned"]


def test_a_page_keeps_its_image_and_digest_whatever_its_style() -> None:
    # The style comes from the page's own rng: the cached engine readings and layouts
    # (filed by digest) stay valid. These digests were computed before styles existed.
    assert [p.digest for p in PAGES[:3]] == DIGESTS


def _made(kind: str, pages: list[TablePage]) -> list[tuple[TablePage, TableError]]:
    made = [(p, seed_error(p, kind, random.Random(i))) for i, p in enumerate(pages)]
    return [(p, e) for p, e in made if e is not None]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("pages", [PAGES, STYLED], ids=["212", "202"])
def test_each_kind_breaks_most_pages_in_well_formed_markup(
    kind: str, pages: list[TablePage]
) -> None:
    made = _made(kind, pages)
    assert len(made) >= 2 * len(pages) // 3
    for page, err in made:
        assert err.kind == kind
        (table,) = find_tables(err.text)
        assert table.notices == () or kind == "cell_lost"  # one cell short: ragged
        assert 0 <= err.start < err.end <= len(err.text)
        assert err.text != page.text


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("pages", [PAGES, STYLED], ids=["212", "202"])
def test_the_span_holds_what_changed(kind: str, pages: list[TablePage]) -> None:
    for page, err in _made(kind, pages):
        truth = _page_grid(page)
        (table,) = find_tables(err.text)
        got = _grid(table)
        inside = [
            [c.value for c in row.cells]
            for row in table.rows
            if row.start < err.end and row.end > err.start
        ]
        if kind == "row_lost":  # the rows around where it was (one at the table's edge)
            assert len(got) == len(truth) - 1 and 1 <= len(inside) <= 2
            assert all(row in truth for row in got)
            lost = [row for row in truth if row not in got]
            assert len(lost) == 1 and all(row not in inside for row in lost)
            continue
        assert len(inside) == 1
        (row,) = inside
        if kind == "rows_merged":
            assert len(got) == len(truth) - 1
            joined = [
                [a + b for a, b in zip(truth[r], truth[r + 1], strict=True)]
                for r in range(len(truth) - 1)
                if len(truth[r]) == len(truth[r + 1])
            ]
            assert row in joined
            continue
        r = got.index(row)
        assert len(got) == len(truth) and row != truth[r]
        if kind == "cell_lost":
            assert len(row) == len(truth[r]) - 1
        elif kind == "shifted":
            assert len(row) == len(truth[r]) and row[-1] == ""
        elif kind == "filled":
            (c,) = [c for c, (a, b) in enumerate(zip(row, truth[r], strict=True)) if a != b]
            assert truth[r][c] == "" and row[c] == truth[r - 1][c]
        else:  # number: one digit another of its script
            changed = [
                (a, b) for a, b in zip("".join(row), "".join(truth[r]), strict=True) if a != b
            ]
            assert len(changed) == 1
