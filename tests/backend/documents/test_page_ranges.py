"""``parse_page_ranges``: the one reader of typed page ranges, and its callers' adapters."""

from __future__ import annotations

import re

import pytest

from backend import PageRangeError, ProofDeskError
from backend.cli.ocr import parse_pages as ocr_pages
from backend.documents.page_ranges import parse_page_ranges
from backend.errors import ProfileError
from backend.export import ExportError
from backend.export import parse_pages as export_pages

PAGES = 7

GOOD = [
    ("1", (0,)),
    ("7", (6,)),
    ("1-3,7", (0, 1, 2, 6)),
    ("3,1-2,2", (0, 1, 2)),  # sorted, each page once
    ("2-4,3-5", (1, 2, 3, 4)),  # overlapping ranges
    ("4-4", (3,)),
    ("1-7", tuple(range(7))),
    ("5-", (4, 5, 6)),  # to the last page
    ("7-", (6,)),
    ("05", (4,)),  # leading zeros
    # spaces, anywhere a person puts them
    (" 2 ", (1,)),
    ("1 - 3 , 7", (0, 1, 2, 6)),
    ("\t1-2,\n4", (0, 1, 3)),
    ("1-3, 5，7", (0, 1, 2, 4, 6)),
    ("1\u3000-\u30003", (0, 1, 2)),  # ideographic space
    # empty parts are skipped
    ("1,,3", (0, 2)),
    ("1,3,", (0, 2)),
    (",2", (1,)),
    # CJK input: full-width digits, commas and dashes
    ("３", (2,)),
    ("１－３", (0, 1, 2)),
    ("１－３，７", (0, 1, 2, 6)),
    ("2–4，4", (1, 2, 3)),  # en dash
    ("2—4", (1, 2, 3)),  # em dash
    ("2～4、6", (1, 2, 3, 5)),  # full-width tilde, ideographic comma
    ("2〜4", (1, 2, 3)),  # wave dash
    ("2~4", (1, 2, 3)),
    ("５－", (4, 5, 6)),
]

BLANK = [None, "", " ", "\t\n", "\u3000"]

BAD = [
    # (typed, problem, the part the message quotes)
    ("0", "outside", "0"),
    ("8", "outside", "8"),
    ("0-3", "outside", "0-3"),
    ("3-9", "outside", "3-9"),
    ("1,99", "outside", "99"),
    ("８", "outside", "８"),
    ("8-", "outside", "8-"),
    ("99999999999999999999", "outside", "99999999999999999999"),
    ("5-3", "backwards", "5-3"),
    ("5-2", "backwards", "5-2"),
    ("1, ５－２", "backwards", "５－２"),
    ("abc", "not_a_range", "abc"),
    ("1-x", "not_a_range", "1-x"),
    ("x-2", "not_a_range", "x-2"),
    ("1-2-3", "not_a_range", "1-2-3"),
    ("1 2", "not_a_range", "1 2"),
    ("1.5", "not_a_range", "1.5"),
    ("-3", "not_a_range", "-3"),  # a negative page or "1-3"? refused, not guessed
    ("-", "not_a_range", "-"),
    ("+2", "not_a_range", "+2"),
    ("1;3", "not_a_range", "1;3"),
    ("٣", "not_a_range", "٣"),  # other scripts' digits are not read as page numbers
    ("1, two", "not_a_range", "two"),
    (",", "not_a_range", ","),
    (" ，、 ", "not_a_range", "，、"),
]


@pytest.mark.parametrize(("text", "pages"), GOOD)
def test_good_ranges(text: str, pages: tuple[int, ...]) -> None:
    assert parse_page_ranges(text, PAGES) == pages


@pytest.mark.parametrize("text", BLANK)
def test_blank_means_every_page(text: str | None) -> None:
    assert parse_page_ranges(text, PAGES) is None


@pytest.mark.parametrize(("text", "problem", "part"), BAD)
def test_bad_ranges_name_the_part_and_the_page_count(text: str, problem: str, part: str) -> None:
    with pytest.raises(PageRangeError) as caught:
        parse_page_ranges(text, PAGES)
    error = caught.value
    assert isinstance(error, ProofDeskError)
    assert (error.problem, error.part, error.page_count) == (problem, part, PAGES)
    message = str(error)
    assert f"“{part}”" in message and f"The document has {PAGES} pages." in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("abc", "“abc” is not a page range like 1-20 or 3,5,9."),
        ("5-3", "“5-3” is not a page range: it runs backwards."),
        ("9", "“9” is outside 1–7."),
    ],
)
def test_each_problem_has_its_own_sentence(text: str, said: str) -> None:
    with pytest.raises(PageRangeError, match=re.escape(said)):
        parse_page_ranges(text, PAGES)


def test_a_document_without_pages_has_no_page_one() -> None:
    with pytest.raises(PageRangeError, match="The document has 0 pages"):
        parse_page_ranges("1", 0)


def test_export_and_ocr_cli_keep_their_error_classes() -> None:
    assert export_pages("1-2", PAGES) == ocr_pages("1-2", PAGES) == (0, 1)
    assert export_pages(" ", PAGES) is ocr_pages(None, PAGES) is None
    with pytest.raises(ExportError, match="“9” is outside 1–7") as caught:
        export_pages("1,9", PAGES)
    assert isinstance(caught.value.__cause__, PageRangeError)
    with pytest.raises(ProfileError, match=r"^--pages: “x” is not a page range"):
        ocr_pages("x", PAGES)
