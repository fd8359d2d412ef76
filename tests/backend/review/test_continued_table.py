"""A table split over two pages (issue 23): the continued page's table has no header row,
so its number columns (金額, 數量, 日期) had no header to be read by. The page before
ending in a table of as many columns gives it that table's header: in ``number_cells``,
the review (a look-alike in an amount is critical on the continued page too) and the
session (the page before's working text, a draft included)."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.models import AltText, VersionKind
from backend.review.number_cells import number_cells
from backend.review.page_aids import review_page
from backend.review.values import CriticalKind, FlagKind
from backend.session.document_review import DocumentReviews
from backend.session.review_tables import default_settings
from backend.store import ReviewStore
from backend.tables import find_tables
from backend.tables.continued import continued_table, ending_header, header_of, running_header

FIRST = "附表\n\n| 編號 | 物品 | 金額（新臺幣） |\n|---|---|---|\n| 1 | 手機 | 參仟 |\n"
REST = "| 2 | 存摺 | 壺萬伍仟 |\n| 3 | 現金 | 貳佰 |\n"  # 壹 read as 壺 in the transcript
READ = "2 存摺 壹萬伍仟\n3 現金 貳佰"  # the alternate reads 壹
HTML_FIRST = (
    "```html\n<table><tr><th>編號</th><th>物品</th><th>金額</th></tr>"
    "<tr><td>1</td><td>手機</td><td>參仟</td></tr></table>\n```\n"
)
HTML_REST = (
    "```html\n<table><tr><td>2</td><td>存摺</td><td>壺萬伍仟</td></tr>"
    "<tr><td>3</td><td>現金</td><td>貳佰</td></tr></table>\n```"
)


def _critical(text: str, continues: tuple[str, ...]) -> list[str]:
    review = review_page(
        1, text, AltText(READ, "rapidocr", ()), continues=continues, settings=default_settings()
    )
    return [text[f.start : f.end] for f in review.flags if f.kind is FlagKind.CRITICAL]


@pytest.mark.parametrize(
    ("first", "rest"), [(FIRST, REST), (HTML_FIRST, HTML_REST)], ids=["markdown", "html"]
)
def test_the_continued_tables_number_column_is_read_by_the_page_befores_header(
    first: str, rest: str
) -> None:
    header = ending_header(first)
    assert header[2].startswith("金額")
    assert _critical(rest, ()) == []  # no header: 壺 was a plain difference
    assert _critical(rest, header) == ["壺"]
    cells = number_cells(rest, header)
    assert [rest[c.start : c.end] for c in cells] == ["壺萬伍仟", "貳佰"]
    assert {c.kind for c in cells} == {CriticalKind.AMOUNT}


def test_what_is_a_continued_table() -> None:
    header = ending_header(FIRST)
    assert header == ("編號", "物品", "金額（新臺幣）")
    assert continued_table(REST, header) is not None
    assert continued_table("附表二\n" + REST, header) is None  # a heading: a new table
    assert continued_table(REST, header[:2]) is None  # another number of columns
    assert continued_table(FIRST, header) is None  # it has a header: its own
    assert continued_table(REST, ()) is None
    assert ending_header(FIRST + "\n以上。\n") == ()  # the table ended on that page
    assert ending_header("第一條") == ()
    assert ending_header(REST) == ()  # a table without a header gives none
    # A header two rows deep, a cell over two columns: each column's words, top down.
    deep = (
        "<table><tr><th colspan=2>物品</th><th>價額</th></tr>"
        "<tr><th>名稱</th><th>數量</th><th>元</th></tr></table>"
    )
    assert header_of(find_tables(deep)[0]) == ("物品 名稱", "物品 數量", "價額 元")


def test_a_table_over_three_pages_and_more_takes_the_first_pages_header() -> None:
    header = ending_header(FIRST)
    middle = "\n" + REST  # all one headerless table, from the top to the end
    assert running_header([middle, middle, FIRST]) == header  # nearest page first
    assert running_header([REST + "以上。", FIRST]) == ()  # the table ended on the page before
    assert running_header(["| 2 | 存摺 |\n", FIRST]) == ()  # the middle: another width
    assert running_header([middle] * 30 + [FIRST]) == ()  # past CHAIN_PAGES
    assert running_header([]) == ()


def test_the_session_gives_a_page_the_header_of_the_page_befores_last_table(
    tmp_path: Path,
) -> None:
    store = ReviewStore(tmp_path / "doc.review", author="ana")
    try:
        first = "| 編號 | 物品 | 數量 |\n|---|---|---|\n| 1 | 刀 | 一 |"
        store.add_versions(
            [(p, VersionKind.OCR, text, {}) for p, text in enumerate((first, REST, REST))]
        )
        reviews = DocumentReviews(store)
        assert reviews.review(1).continues == ("編號", "物品", "數量")  # no cache kept it
        assert reviews.review(0).continues == ()
        assert reviews.review(2).continues == ("編號", "物品", "數量")  # over three pages
        store.save_draft(0, "第一條　本頁無表格。")  # the page before, as being typed
        assert reviews.review(1).continues == ()
        assert reviews.review(2).continues == ()
    finally:
        store.close()
