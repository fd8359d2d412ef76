"""``backend.tables.continued`` at its edges: a table at a page's top with a header of
its own continues nothing, and a table over three pages takes the first page's header
only when each middle page's table is as wide (tables of two rows, so that each text is
read as a table at all)."""

from __future__ import annotations

from backend.tables.continued import continued_table, ending_header, running_header

FIRST = "附表\n\n| 編號 | 物品 | 金額 |\n|---|---|---|\n| 1 | 手機 | 參仟 |\n"
REST = "| 2 | 存摺 | 壹萬 |\n| 3 | 現金 | 貳佰 |\n"
NARROW = "| 2 | 存摺 |\n| 3 | 現金 |\n"  # all one headerless table, two columns


def test_a_table_at_the_top_with_its_own_header_continues_nothing() -> None:
    header = ending_header(FIRST)
    own = "| 編號 | 物品 | 金額 |\n|---|---|---|\n| 2 | 存摺 | 壹萬 |\n"  # at the very top
    assert continued_table(REST, header) is not None
    assert continued_table(own, header) is None


def test_a_middle_page_of_another_width_breaks_the_chain() -> None:
    assert running_header([REST, REST, FIRST]) == ("編號", "物品", "金額")
    assert running_header([REST, NARROW, FIRST]) == ()
    assert running_header([NARROW, FIRST]) == ()
