"""Table cells that are numbers by their column's header: a numeral of one read as a
look-alike is a critical change of that number, with no 新臺幣…元 or …件 around it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from backend.models import AltText
from backend.review.number_cells import NumberCell, header_kind, lost_in_cells, number_cells
from backend.review.page_aids import review_page
from backend.review.values import CriticalKind, DiffCategory, FlagKind, Hunk, PageReview
from backend.session.review_tables import default_settings


def _review(transcript: str, alternate: str) -> PageReview:
    reading = AltText(alternate, "rapidocr", ())
    return review_page(0, transcript, reading, scan_lines=None, settings=default_settings())


def _markdown(header: str, cells: list[str]) -> str:
    rows = [f"| {i + 1} | {cell} |" for i, cell in enumerate(cells)]
    return "\n".join([f"| 編號 | {header} |", "|---|---|", *rows])


def _html(header: str, cells: list[str]) -> str:
    rows = "".join(f"<tr><td>{i + 1}</td><td>{c}</td></tr>" for i, c in enumerate(cells))
    return f"<table><tr><th>編號</th><th>{header}</th></tr>{rows}</table>"


def _read(header: str, cells: list[str]) -> str:
    """The alternate: the table read line by line, no markup."""
    return "\n".join([f"編號 {header}", *(f"{i + 1} {c}" for i, c in enumerate(cells))])


@pytest.mark.parametrize("write", [_markdown, _html])
@pytest.mark.parametrize(
    ("header", "page", "misread"),
    [
        ("金額（新臺幣）", "壹萬伍仟", "壺萬伍仟"),  # 萬伍仟 is 15,000 too: no value differs
        ("扣押日期", "一一二年五月三日", "一一二年五月王日"),
        ("單價", "貳佰", "貳佰"),  # unchanged: nothing to flag
    ],
)
def test_a_look_alike_in_a_number_column_is_critical(
    write: Callable[[str, list[str]], str], header: str, page: str, misread: str
) -> None:
    transcript = write(header, [misread, "參仟"])
    review = _review(transcript, _read(header, [page, "參仟"]))
    critical = [f for f in review.flags if f.kind is FlagKind.CRITICAL]
    if misread == page:
        assert review.flags == ()
        return
    changed = next(i for i, (a, b) in enumerate(zip(misread, page, strict=True)) if a != b)
    (flag,) = critical
    assert flag.category is header_kind(header)
    assert transcript[flag.start : flag.end] == misread[changed]


def test_zeros_and_unframed_cells_are_left_to_the_other_rules() -> None:
    hunk = Hunk(10, 11, 4, 5, "O", "○", DiffCategory.SUBSTANTIVE)
    cell = NumberCell(8, 12, CriticalKind.DATE)
    assert list(lost_in_cells("x" * 20, [hunk], [cell])) == []  # 一O五 / 一○五
    swapped = Hunk(10, 11, 4, 5, "壺", "壹", DiffCategory.SUBSTANTIVE)
    assert [t.kind for _h, t in lost_in_cells("x" * 20, [swapped], [cell])] == [cell.kind]
    assert list(lost_in_cells("x" * 20, [swapped], [])) == []


def test_the_same_misreading_under_another_header_is_a_plain_difference() -> None:
    review = _review(_markdown("項目", ["壺萬伍仟"]), _read("項目", ["壹萬伍仟"]))
    assert [f.kind for f in review.flags] == [FlagKind.DIFF]


def test_which_cells_are_numbers() -> None:
    text = _html("金額", ["1,000元", "2,000元"]).replace("<th>編號</th>", "<th>日期</th>")
    cells = number_cells(text)
    assert [text[c.start : c.end] for c in cells] == ["1", "1,000元", "2", "2,000元"]
    assert [c.kind for c in cells] == [CriticalKind.DATE, CriticalKind.AMOUNT] * 2
    assert number_cells("第一條　無表格") == []
    assert header_kind("備註") is None and header_kind("件數") is CriticalKind.NUMBER
