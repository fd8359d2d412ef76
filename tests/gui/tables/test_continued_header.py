"""The Table dock shows the page before's header over a continued table only
(``whole_table.continued_header``): on a page that starts with the rest of the page
before's table and has a table of its own further down, the second table (as wide)
takes no header from the page before."""

from __future__ import annotations

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.session.review_tables import default_settings
from backend.tables import find_tables
from backend.tables.continued import ending_header
from gui.tables.whole_table import continued_header

BEFORE = "附表\n\n| 編號 | 物品 | 金額 |\n|---|---|---|\n| 1 | 手機 | 參仟 |\n"
PAGE = (
    "| 2 | 存摺 | 壹萬 |\n| 3 | 現金 | 貳佰 |\n\n附表二\n\n"
    "| 甲 | 乙 | 丙 |\n|---|---|---|\n| 一 | 二 | 三 |\n"
)


def test_only_the_continued_table_takes_the_page_befores_header() -> None:
    header = ending_header(BEFORE)
    review = review_page(
        1, PAGE, AltText(PAGE, "rapidocr", ()), continues=header, settings=default_settings()
    )
    first, second = find_tables(PAGE)
    assert continued_header(first, PAGE, review) == header
    assert continued_header(second, PAGE, review) == ()
