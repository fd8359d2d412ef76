"""Tables whose cells span rows (HTML ``rowspan``) and cells filled from the one above
where the page holds only pieces of a row, against the page's rows (``table_scan``):
split from test_table_scan.py, whose helpers and table this shares."""

from __future__ import annotations

import pytest

from tests.backend.review.diagnoses.layout_helpers import found, reading
from tests.backend.review.diagnoses.table_scan_helpers import (
    CELLS,
    html_table,
    read_cell_by_cell,
)


def test_a_cell_over_three_rows_read_at_the_middle_one_does_not_place_its_twin() -> None:
    # Corpus seed 919 page 9: a 備註 cell over three rows (rowspan), printed at the
    # middle row's height, reads 發還 as the middle row's own 處分 cell does (read in one
    # line with its date). The one piece reading 發還 alone may be either cell: the
    # middle row's is not placed by it (it was named "under column 6").
    header = ["編號", "項目", "金額", "日期", "處分", "備註"]
    rows = [
        ["一", "勘驗費", "伍萬元", "民國106年4月4日", "沒收", "已繳"],
        ["二", "抄錄費", "24,610元", "民國103年9月3日", "匯款", "發還"],
        ["三", "裁判費", "六千元", "民國103年6月15日", "發還", ""],
        ["四", "影印費", "71,960元", "民國99年5月11日", "現金", ""],
        ["五", "執行費", "3,640元", "民國98年2月1日", "沒收", "已繳"],
    ]
    text = html_table([header, *rows], spans={(2, 5): 3})
    page = [list(r) for r in [header, *rows]]
    page[2][5] = ""  # the spanning cell is printed at the middle row, 三
    page[3][5] = "發還"
    page[3][3], page[3][4] = "民國103年6月15日發還", ""  # 三's date and 處分 read as one line
    xs = [0.08, 0.16, 0.3, 0.42, 0.66, 0.8]
    assert found(text, read_cell_by_cell(page, xs), CELLS) == []


def test_halves_that_stand_at_other_rows_heights_are_no_merge() -> None:
    # Corpus seed 919 page 9: a row whose amount and date were misread (元 as 東, 中 as
    # 東), so no piece reads either whole; each splits into halves the page has at two
    # heights, but one half is another row's text there (十元 ends 八千二百七十元, 中華民國一〇
    # begins the row above's date). A merged page row has no transcript row of its own.
    header = ["編號", "項目", "金額", "日期"]
    rows = [
        ["一", "執行費", "八千二百七十元", "中華民國一〇八年九月三日"],
        ["二", "鑑定費", "二萬四千一百一十元", "中華民國一〇七年七月十日"],
        ["三", "勘驗費", "44,390元", "民國106年7月9日"],
        ["四", "影印費", "71,960元", "民國99年5月11日"],
    ]
    page = [list(r) for r in [header, *rows]]
    page[2][2] = "二萬四千一百一十東"
    page[2][3] = "東華民國一〇七年七月十日"
    xs = [0.08, 0.16, 0.3, 0.5]
    assert found(html_table([header, *rows]), read_cell_by_cell(page, xs), CELLS) == []


def test_a_cell_filled_from_above_is_named_though_a_long_line_shares_its_letters() -> None:
    # Corpus seed 919 page 6: the row's amount and date read as one line, which shares
    # 十 and 六 with the 三十六本 the transcript copied from the row above; scattered
    # letters are no misreading of the cell (they had excused it).
    header = ["編號", "項目", "金額", "日期", "數量", "備註"]
    page = [
        header,
        ["1", "裁判費", "6,430元", "民國96年6月1日", "四疊", "已繳"],
        ["2", "影印費", "34,230元", "民國112年4月12日", "卅四塊", "已繳"],
        ["3", "證人旅費", "48,230元", "民國105年5月2日", "三十六本", "沒收"],
        ["4", "勘驗費", "四萬八千二百六十元", "民國109年6月2日", "", "沒收"],
        ["5", "律師酬金", "21,180元", "民國113年6月2日", "十二本", "發還"],
    ]
    written = [list(r) for r in page]
    written[4][4] = "三十六本"
    xs = [0.08, 0.16, 0.3, 0.42, 0.66, 0.8]
    lines: list[tuple[str, tuple[float, float, float, float]]] = [("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate(page):
        y = 0.12 + r * 0.03
        cells = list(zip(xs, row, strict=True))
        if r == 4:  # amount and date in one line
            joined = row[2] + row[3]
            lines.append((joined, (xs[2], y, xs[3] + 0.02 * len(row[3]), y + 0.02)))
            cells = [cells[0], cells[1], cells[4], cells[5]]
        for x, text in cells:
            if text:
                lines.append((text, (x, y, x + 0.02 * len(text), y + 0.02)))
    text = html_table(written)
    (diagnosis,) = found(text, reading(lines), CELLS)
    assert "repeats the cell above it" in diagnosis.detail
    assert found(html_table(page), reading(lines), CELLS) == []


def test_a_cell_over_two_rows_does_not_set_its_first_rows_height() -> None:
    # Corpus seed 1122 page 31: 二十七顆 over rows 第九期 and 第十期 (rowspan), printed
    # half-way between them, was the only piece placing 第九期 (its other cells read as
    # one misread line, and a short name with 發還): the row stood half a row low, and its own
    # line above it read as a row the transcript lacked.
    header = ["期別", "日期", "金額", "受款人", "備註", "數量"]
    page = [
        header,
        ["第七期", "中華民國一〇九年三月八日", "3,800元", "唐豪永", "匯款", "五份"],
        ["第八期", "民國103年1月23日", "陸萬柒仟玖佰貳拾元", "魏〇〇", "沒收", "十三份"],
        ["第九期", "中華民國九八年九月十一日", "85,750元", "戊", "發還", "二十七顆"],
        ["第十期", "中華民國一〇三年七月二十七日", "", "覃○○", "由被告負擔", ""],
    ]
    xs = [0.08, 0.16, 0.42, 0.6, 0.72, 0.84]
    lines: list[tuple[str, tuple[float, float, float, float]]] = [("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate(page):
        y = 0.12 + r * 0.03
        for c, (x, text) in enumerate(zip(xs, row, strict=True)):
            if r == 3 and c < 5:
                continue  # read below as two lines
            if r == 3 and c == 5:
                y += 0.015  # printed half-way between its two rows
            if text:
                lines.append((text, (x, y, x + 0.02 * len(text), y + 0.02)))
    y = 0.12 + 3 * 0.03
    lines.append(("第九期中華民國九八年九月十一B85,750元", (xs[0], y, xs[3] - 0.02, y + 0.02)))
    lines.append(("戊發還", (xs[3], y, xs[4] + 0.04, y + 0.02)))
    text = html_table(page, spans={(3, 5): 2})
    assert found(text, reading(lines), CELLS) == []


@pytest.mark.parametrize("reading_of_row", ["first_cells_in_one_line", "long_date_box"])
def test_a_cell_filled_from_above_is_named_beside_pieces_of_the_rows_other_cells(
    reading_of_row: str,
) -> None:
    # The page leaves 第二期's 金額 empty; the transcript copies the one above. Its row's
    # pieces are the row's other cells, yet had excused it:
    # - corpus seed 1122 page 53: each row's 期別 and date read as one line at the left,
    #   whose place no column of known middle is near; the known column nearest it
    #   (金額, far to its right) took it for its own;
    # - corpus seed 818 page 41: a long date whose box reaches over 金額's place with
    #   no letter of it, taken for a run of cells holding the amount.
    header = ["期別", "日期", "金額", "受款人", "備註"]
    page = [
        header,
        ["第一期", "民國98年6月16日", "29,140元", "廖○", "由被告負擔"],
        ["第二期", "民國98年8月28日", "", "", "現金"],
        ["第三期", "民國99年1月2日", "16,430元", "馮○", "發還"],
        ["第四期", "民國99年3月5日", "17,360元", "黎○", "已繳"],
    ]
    written = [list(r) for r in page]
    written[2][2] = "29,140元"
    xs = [0.08, 0.16, 0.42, 0.6, 0.72]
    lines: list[tuple[str, tuple[float, float, float, float]]] = [("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate(page):
        y = 0.12 + r * 0.03
        first = 0
        if reading_of_row == "first_cells_in_one_line":  # the heading's too
            end = xs[1] + 0.02 * len(row[1])
            lines.append((row[0] + row[1], (xs[0], y, end, y + 0.02)))
            first = 2
        for c in range(first, len(row)):
            if not row[c]:
                continue
            right = xs[c] + 0.02 * len(row[c])
            text = row[c]
            if reading_of_row == "long_date_box" and (r, c) == (2, 1):
                right = xs[2] + 0.11  # past 金額's middle
                text = text[1:]  # misread: no cell reads as it
            lines.append((text, (xs[c], y, right, y + 0.02)))
    (diagnosis,) = found(html_table(written), reading(lines), CELLS)
    assert "repeats the cell above it" in diagnosis.detail
    assert found(html_table(page), reading(lines), CELLS) == []


@pytest.mark.parametrize("reading_of_page", ["row_in_runs", "last_column_in_runs"])
def test_a_cell_filled_from_above_is_named_where_the_page_has_only_the_rows_other_cells(
    reading_of_page: str,
) -> None:
    # The page leaves row 3's second 金額 empty; the transcript copies the one above.
    # - row_in_runs (corpus seed 818 page 49): row 3's 項目 and 金額 read as one line
    #   share 4, 0 and 元 with the copied 42,640元: they are the row's other cells, no
    #   misreading of it. Its 匯款 (備註, as the row above's) read alone is its own.
    # - last_column_in_runs (corpus seed 1122 page 35): the last column's cells (and its
    #   heading) read only in runs with the one before: its place, one pitch past the
    #   last known column, was unknown, and the fill went unchecked.
    header = ["編號", "項目", "金額", "日期", "備註", "金額"]
    page = [
        header,
        ["1", "抄錄費", "39,830元", "民國113年11月7日", "已繳", "16,470元"],
        ["2", "執行費", "81,700元", "民國96年7月7日", "匯款", "42,640元"],
        ["3", "鑑定費", "74,590元", "民國95年6月9日", "匯款", ""],
        ["4", "勘驗費", "24,400元", "民國108年5月3日", "發還", "1,640元"],
    ]
    if reading_of_page == "row_in_runs":
        page[3][1] = "匯款單"  # holds the 匯款 read alone, which is still the 備註's
    written = [list(r) for r in page]
    written[3][5] = "42,640元"
    xs = [0.08, 0.14, 0.28, 0.44, 0.7, 0.8]
    lines: list[tuple[str, tuple[float, float, float, float]]] = [("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate(page):
        y = 0.12 + r * 0.03
        runs = {1: 2} if reading_of_page == "row_in_runs" and r == 3 else {}
        if reading_of_page == "last_column_in_runs" and row[5]:
            runs = {4: 5}
        c = 0
        while c < len(row):
            last = runs.get(c, c)
            text = "".join(row[c : last + 1])
            if text:
                right = xs[last] + 0.02 * len(row[last])
                lines.append((text, (xs[c], y, right, y + 0.02)))
            c = last + 1
    (diagnosis,) = found(html_table(written), reading(lines), CELLS)
    assert "repeats the cell above it" in diagnosis.detail
    assert found(html_table(page), reading(lines), CELLS) == []


def test_a_long_cell_misread_by_a_letter_still_begins_its_line() -> None:
    # Corpus seed 414 (totals) and 1324: a row lost its amount, so its date slid under
    # 金額; the page has the date where dates stand, read with the row's 備註 as one line
    # and one letter misread (七 as 匕). The line begins with the date, a letter apart:
    # its left edge is the date's, on the 日期 column's line.
    header = ["編號", "項目", "金額", "日期", "備註"]
    page = [
        header,
        ["十一", "勘驗費", "23,070元", "中華民國一一三年八月十二日", "匯款"],
        ["十二", "鑑定費", "18,620元", "中華民國一一一年五月十五日", "發還"],
        ["十三", "影印費", "47,690元", "中華民國一〇九年七月一日", "沒收"],
        ["十四", "執行費", "89,960元", "中華民國一〇九年一月二十六日", "現金"],
        ["十五", "裁判費", "84,530元", "中華民國一一一年六月七日", "由被告負擔"],
    ]
    written = [list(r) for r in page]
    written[5][2:] = [page[5][3], page[5][4], ""]
    xs = [0.08, 0.14, 0.26, 0.42, 0.74]
    lines: list[tuple[str, tuple[float, float, float, float]]] = [("附表", (0.45, 0.08, 0.55, 0.1))]
    for r, row in enumerate(page):
        y = 0.12 + r * 0.03
        date = row[3].replace("七", "匕") if r == 5 else row[3]
        for x, text, right in (
            (xs[0], row[0], xs[0] + 0.02 * len(row[0])),
            (xs[1], row[1] + row[2], xs[2] + 0.02 * len(row[2])),
            (xs[3], date + row[4], xs[4] + 0.02 * len(row[4])),
        ):
            lines.append((text, (x, y, right, y + 0.02)))
    (diagnosis,) = found(html_table(written), reading(lines), CELLS)
    assert "cell 3 is under column 4" in diagnosis.detail
    assert found(html_table(page), reading(lines), CELLS) == []
