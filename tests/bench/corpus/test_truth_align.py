"""Aligning a real engine's reading with the page's truth (bench/corpus/truth_align.py).

The bench's figures for real engine errors rest on it: a reading that only differs
in what nobody counts (spaces, ``,`` for ``，``, a table's pipes) must have no error,
and each kind of misreading must land in its class, at its place in the reading,
critical exactly when the bench's definition says so.
"""

from __future__ import annotations

import pytest

from bench.corpus.truth_align import align, critical_regions

TRUTH = (
    "房屋租賃契約書\n"
    "　　承租人應於每月五日前給付租金新臺幣壹拾伍萬元，不得拖延。\n"
    "　　出租人得於民國一一二年三月一日終止契約，並應返還押金。\n"
    "| 編號 | 項目 | 金額 |\n"
    "|---|---|---|\n"
    "| 1 | 裁判費 | 3,000元 |"
)
# The page as an engine reads it, right: the table's cells without the Markdown.
READ = TRUTH.replace("|---|---|---|\n", "").replace("| ", "").replace(" |", "")


def test_a_reading_that_differs_only_in_spacing_width_and_pipes_has_no_error() -> None:
    # How Tesseract writes it: spaces between CJK and digits, ASCII comma; cells, no pipes.
    reading = READ.replace("，", " , ").replace("　　", "").replace("1 裁判費", "1 裁 判 費")
    assert align(TRUTH, reading) == []


def test_a_look_alike_is_a_substitution_at_its_place_and_not_critical() -> None:
    reading = READ.replace("拖延", "施延")
    [error] = align(TRUTH, reading)
    assert (error.cls, error.truth, error.read, error.critical) == (
        "look-alike substitution",
        "拖",
        "施",
        False,
    )
    assert reading[error.start : error.end] == "施"


def test_an_amounts_numeral_read_as_a_non_numeral_is_critical() -> None:
    [error] = align(TRUTH, READ.replace("壹拾伍萬", "臺拾伍萬"))
    assert (error.cls, error.critical) == ("numeral → non-numeral", True)


def test_a_modal_word_changed_is_critical_and_a_zero_form_is_not() -> None:
    [modal] = align(TRUTH, READ.replace("不得拖延", "不待拖延"))
    assert modal.critical
    [zero] = align(TRUTH, READ.replace("3,000", "3,OOO"))
    assert not zero.critical


def test_a_thousands_separator_dropped_keeps_the_value_and_is_not_critical() -> None:
    [dropped] = align(TRUTH, READ.replace("3,000", "3000"))
    assert (dropped.truth, dropped.read, dropped.critical) == (",", "", False)
    # Added where the page has none: the same.
    [added] = align("新臺幣2024000元", "新臺幣2,024,000元")[:1]
    assert not added.critical
    # Not a grouping: a comma between an article's numbers, or before fewer digits.
    for truth, read in (("第1,2項", "第12項"), ("新臺幣1,5元", "新臺幣15元")):
        [other] = align(truth, read)
        assert other.critical, (truth, read)
    # A digit lost beside it changes the amount: that stays critical.
    [changed] = align(TRUTH, READ.replace("3,000", "300"))
    assert changed.critical


def test_marks_inserted_between_han_are_noise_and_not_critical() -> None:
    reading = READ.replace("終止契約", "終止|契約").replace("返還", "返“還")
    errors = align(TRUTH, reading)
    assert [(e.cls, e.read, e.critical) for e in errors] == [
        ("noise insertion", "|", False),
        ("noise insertion", "“", False),
    ]
    assert [reading[e.start : e.end] for e in errors] == ["|", "“"]


def test_a_dropped_line_is_a_zero_width_block_critical_for_what_it_held() -> None:
    lines = READ.split("\n")
    reading = "\n".join(lines[:1] + lines[2:])
    [error] = align(TRUTH, reading)
    assert error.cls == "dropped line/block"
    assert error.start == error.end == reading.index("出租人")  # where the next text begins
    assert error.critical  # 應, 不得, an amount


def test_two_lines_read_in_the_wrong_order_are_an_order_error() -> None:
    lines = READ.split("\n")
    reading = "\n".join([lines[0], lines[2], lines[1], *lines[3:]])
    errors = align(TRUTH, reading)
    assert errors and {e.cls for e in errors} == {"order"}


def test_a_clause_comma_beside_a_number_is_no_part_of_it() -> None:
    # 五年 is a term (critical), the comma before it ends a clause: losing it changes no value.
    truth = "刑之執行完畢，五年以內故意再犯有期徒刑以上之罪者，為累犯。"
    [comma] = align(truth, truth.replace("畢，五", "畢五"))
    assert (comma.truth, comma.critical) == (",", False)
    # A separator between digits still belongs to the amount's span.
    amount = "判決被告應給付新臺幣2,024,000元，及自起訴狀"
    start = amount.index("2")
    assert (start, start + len("2,024,000")) in critical_regions(amount)


def test_a_number_phrase_is_read_within_one_table_cell() -> None:
    # The normalised truth runs the cells together: an owner's mask, the next row's
    # number and its item (葉○○ | 2 | 紙箱) read as a quantity ○○2紙 across three cells.
    table = "| 編號 | 物品 | 數量 | 所有人 |\n|---|---|---|---|\n"
    truth = table + "| 1 | 米酒 | 三十九瓶 | 葉○○ |\n| 2 | 紙箱 | 33箱 | 蕭○○ |"
    reading = truth.replace("|---|---|---|---|\n", "").replace("|", " ")
    [owner] = align(truth, reading.replace("葉○○", "#OO"))
    assert not owner.critical
    # A quantity inside its cell stays critical.
    [quantity] = align(truth, reading.replace("三十九瓶", "三千九瓶"))
    assert quantity.critical


def _read_cells(truth: str) -> str:
    """The table as an engine reads it: no rule line, a space for each pipe."""
    lines = [ln for ln in truth.split("\n") if not set(ln) <= set("|-")]
    return "\n".join(lines).replace("|", " ")


def test_a_phrase_across_two_cells_of_one_row_is_no_phrase() -> None:
    # 葉○○ | 2 | 紙箱 within one row: ○○2紙 crosses two pipes, not a row's end (the
    # end of a row alone made the test above pass with no pipe taken for a cell's end).
    truth = "| 編號 | 所有人 | 數量 | 物品 |\n|---|---|---|---|\n| 1 | 葉○○ | 2 | 紙箱 |"
    [owner] = align(truth, _read_cells(truth).replace("葉○○", "#OO"))
    assert not owner.critical


# Reviewer R3: a match across cells, dropped whole, hid the phrase inside one cell.
@pytest.mark.parametrize(
    ("truth", "old", "new"),
    [
        # A number column before a quantity (1 | 39瓶 made 139瓶, dropped whole).
        ("| 編號 | 數量 | 物品 |\n|---|---|---|\n| 1 | 39瓶 | 米酒 |", "39瓶", "89瓶"),
        # An owner's mask before a quantity (葉○○ | 39瓶 made ○○39瓶).
        ("| 所有人 | 數量 |\n|---|---|\n| 葉○○ | 39瓶 |", "39瓶", "89瓶"),
        # A number column before a date.
        ("| 編號 | 期日 |\n|---|---|\n| 1 | 3月5日 |", "3月5日", "8月5日"),
    ],
)
def test_a_phrase_within_its_cell_stays_critical_after_a_numeral_cell(
    truth: str, old: str, new: str
) -> None:
    [error] = align(truth, _read_cells(truth).replace(old, new))
    assert error.critical


# Reviewer R4 on 443a9d6: the running text around a table is a segment of its own
# (dropping the first or the last cell edge passed the tests above).
@pytest.mark.parametrize(
    "truth",
    [
        # Before: the running text's 葉○○ then the first cell's 2紙箱 is no ○○2紙.
        "扣押物品之所有人為葉○○\n| 2紙箱 | 米酒 |\n|---|---|\n| 甲 | 乙 |",
        # After: the last cell's 葉○○ then the running text's 2紙箱.
        "| 編號 | 所有人 |\n|---|---|\n| 1 | 葉○○ |\n2紙箱業經發還。",
    ],
)
def test_the_running_text_beside_a_table_is_no_part_of_its_cells(truth: str) -> None:
    [owner] = align(truth, _read_cells(truth).replace("葉○○", "#OO"))
    assert not owner.critical


@pytest.mark.parametrize(
    ("wrapped", "old", "new"),
    [("米酒共計39\n瓶業經沒收。", "39", "38"), ("判處有期徒刑三\n月。", "三", "五")],
)
def test_a_phrase_wrapped_across_two_lines_of_running_text_is_one_phrase(
    wrapped: str, old: str, new: str
) -> None:
    # Lines of running text run together, a table on the page or not (R4's brief): the
    # number alone on its line is no phrase, its unit on the next line makes it one.
    truth = "| 編號 | 品名 |\n|---|---|\n| 1 | 米酒 |\n" + wrapped
    [error] = align(truth, _read_cells(truth).replace(old, new))
    assert error.critical
