"""The ruled table on the scan against the transcript's table, with no alternate: a
table with another number of rows than the scan's rules bound (a row lost, two rows
merged) is named over the table; a row filling another number of columns than the
rules bound is named at the row. Spans count every column and row they fill; tables
pair by order on the page, and only when the page has as many table regions.

Examples on a grid given by hand, then a real rendered page through the layout model
in the offline worker (``tests.backend.engines.layout_pages``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from backend.engines.offline import AltOcrRunner
from backend.models import LayoutKind, LayoutRegion, LayoutRegions, TableGrid
from backend.review.page_aids import review_page
from backend.review.values import Diagnosis, DiagnosisKind
from tests.backend.engines.layout_pages import PARAGRAPH, table_page
from tests.backend.review.tables import SETTINGS

CELLS = DiagnosisKind.TABLE_CELLS


def grid(rows: int, columns: int, top: float = 0.3) -> TableGrid:
    """A ruled table of ``rows`` x ``columns`` cells at ``top`` of the page."""
    return TableGrid(
        (0.1, top, 0.9, top + 0.02 * rows),
        tuple(round(top + 0.02 * r, 5) for r in range(rows + 1)),
        tuple(round(0.1 + 0.8 * c / columns, 5) for c in range(columns + 1)),
    )


def layout(*grids: TableGrid) -> LayoutRegions:
    regions = tuple(LayoutRegion(LayoutKind.TABLE, 0.9, g.region) for g in grids)
    return LayoutRegions(regions, detector="test", tables=grids)


def markdown(rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(r) + " |" for r in rows]
    lines.insert(1, "|" + "---|" * len(rows[0]))
    return "\n".join(lines)


def cells(text: str, found: LayoutRegions | None) -> list[Diagnosis]:
    review = review_page(0, text, None, layout=found, settings=SETTINGS)
    return [d for d in review.diagnoses if d.kind is CELLS]


HEADER = ["編號", "物品名稱", "數量"]
BODY = [["一", "行動電話", "二支"], ["二", "存摺", "一本"], ["三", "現金", "壹萬元"]]


def test_a_table_with_the_scans_rows_and_columns_is_quiet() -> None:
    text = "附表\n\n" + markdown([HEADER, *BODY])
    assert cells(text, layout(grid(4, 3))) == []  # the header is one of the grid's rows


def test_a_row_lost_or_merged_is_named_over_the_table() -> None:
    text = "附表\n\n" + markdown([HEADER, *BODY])
    found = cells(text, layout(grid(5, 3)))
    assert [d.detail for d in found] == ["the page's table has 5 rows, the transcript's 4"]
    assert (found[0].start, found[0].end) == (text.index("| 編號"), len(text))
    assert cells(text, None) == []  # without the layout: a consistent table says nothing


def test_a_row_short_of_the_scans_columns_is_named_at_the_row() -> None:
    # Every row agrees with the header; the header lost a column as well.
    rows = [r[:2] for r in [HEADER, *BODY]]
    text = markdown(rows)
    found = cells(text, layout(grid(4, 3)))
    assert len(found) == 1 and found[0].start == 0  # the first row out of place
    assert found[0].detail == (
        "a table row has 2 cells where the page's table has 3 columns"
        " (4 rows of this table have cells out of place)"
    )


def test_spans_fill_the_rows_and_columns_they_cover() -> None:
    html = (
        "<table>\n<tr><th>編號</th><th>物品</th><th>備註</th></tr>\n"
        '<tr><td>一</td><td>機車</td><td rowspan="2">發還</td></tr>\n'
        "<tr><td>二</td><td>存摺</td></tr>\n"
        '<tr><td colspan="2">合計</td><td>二件</td></tr>\n</table>'
    )
    assert cells(html, layout(grid(4, 3))) == []
    found = cells(html, layout(grid(5, 3)))
    assert [d.detail for d in found] == ["the page's table has 5 rows, the transcript's 4"]


def test_rows_a_cell_spans_whose_rules_the_scan_lacks_count_by_their_height() -> None:
    # Corpus seed 1223 page 16: a date cell over three rows breaks the rules between
    # them, and what is left of each was too short to be found: the scan's rules bound
    # one row three rows tall. Counted by height, the table is right; a row lost is
    # still named.
    html = (
        "<table>\n<tr><th>編號</th><th>物品</th><th>日期</th></tr>\n"
        '<tr><td>一</td><td>機車</td><td rowspan="3">民國98年4月1日</td></tr>\n'
        "<tr><td>二</td><td>存摺</td></tr>\n"
        "<tr><td>三</td><td>印章</td></tr>\n"
        "<tr><td>四</td><td>現金</td><td>民國99年5月2日</td></tr>\n</table>"
    )
    full = grid(5, 3)
    edges = full.row_edges
    broken = TableGrid(full.region, (edges[0], edges[1], edges[4], edges[5]), full.column_edges)
    assert cells(html, layout(broken)) == []
    lost = html.replace("<tr><td>四</td><td>現金</td><td>民國99年5月2日</td></tr>\n", "")
    assert [d.detail for d in cells(lost, layout(broken))] == [
        "the page's table has 3 rows, the transcript's 4"
    ]


def test_a_double_rule_bounds_no_row() -> None:
    text = markdown([HEADER, *BODY])
    single = grid(4, 3)
    edges = list(single.row_edges)
    double = TableGrid(
        single.region, (*edges[:2], edges[1] + 0.003, *edges[2:]), single.column_edges
    )
    assert cells(text, layout(double)) == []  # a double rule under the header: still 4 rows


def test_tables_pair_by_order_and_only_when_the_counts_agree() -> None:
    first = markdown([HEADER, *BODY])  # 4 rows
    second = markdown([HEADER, *BODY[:2]])  # 3 rows
    text = f"{first}\n\n本院認為\n\n{second}"
    both = layout(grid(4, 3, top=0.2), grid(3, 3, top=0.6))
    assert cells(text, both) == []
    swapped = layout(grid(3, 3, top=0.2), grid(4, 3, top=0.6))
    assert [d.detail for d in cells(text, swapped)] == [
        "the page's table has 3 rows, the transcript's 4",
        "the page's table has 4 rows, the transcript's 3",
    ]
    # One table region for two tables: which is which is unknown, nothing is said.
    assert cells(text, layout(grid(9, 3))) == []


def test_an_unruled_table_says_nothing() -> None:
    text = markdown([HEADER, *BODY])
    unruled = TableGrid((0.1, 0.3, 0.9, 0.5))
    assert cells(text, layout(unruled)) == []


# A real page: a paragraph, a ruled table (6 rows, 3 columns) and an unruled one the
# layout model reads as text, written as the transcript gives it.
@pytest.fixture(scope="module")
def page_layout(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LayoutRegions]:
    runner = AltOcrRunner()
    try:
        page = table_page(tmp_path_factory.mktemp("grid") / "tables.pdf")
        yield asyncio.run(runner.detect_layout(page.path, 0))
    finally:
        runner.close()


def _ruled_rows() -> list[list[str]]:
    body = [[f"扣案物{r * 7 + c}件" for c in range(3)] for r in range(1, 6)]
    return [["編號", "物品名稱", "數量"], *body]


def _page_text(rows: list[list[str]]) -> str:
    lines = [PARAGRAPH[i : i + 24] for i in range(6)]
    unruled = [f"新臺幣{r * 13}元 新臺幣{r * 13 + 1}元 新臺幣{r * 13 + 2}元" for r in range(1, 6)]
    return "\n".join([*lines, "", markdown(rows), "", "項目 金額 日期", *unruled])


@pytest.mark.timeout(900)  # a model load on a loaded machine
def test_a_real_ruled_table_tells_a_lost_row_and_a_lost_column(
    page_layout: LayoutRegions,
) -> None:
    rows = _ruled_rows()
    assert cells(_page_text(rows), page_layout) == []
    lost = cells(_page_text(rows[:3] + rows[4:]), page_layout)
    assert [d.detail for d in lost] == ["the page's table has 6 rows, the transcript's 5"]
    merged = [*rows[:2], [a + b for a, b in zip(rows[2], rows[3], strict=True)], *rows[4:]]
    assert [d.detail for d in cells(_page_text(merged), page_layout)] == [
        "the page's table has 6 rows, the transcript's 5"
    ]
    narrow = cells(_page_text([r[:2] for r in rows]), page_layout)
    assert [d.detail for d in narrow] == [
        "a table row has 2 cells where the page's table has 3 columns"
        " (6 rows of this table have cells out of place)"
    ]
