"""Escaped text in a table's markup (issue 23): Markdown's ``\\|`` and HTML's entities
are compared as the characters they stand for, and map back to the whole escape."""

from __future__ import annotations

import pytest

from backend.review.compare import compare_texts
from backend.review.textnorm import CompareOptions, normalise
from backend.review.values import DiffCategory
from tests.backend.review.tables import TABLES

ALL = CompareOptions(tables=TABLES)
# Long enough for the numpy path (fast_fold.MIN_LENGTH), which must agree.
LONG = "本院認定事實如下。" * 30 + "\n"


@pytest.mark.parametrize("before", ["", LONG])
@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("| 甲&amp;乙 | 1 |\n|---|---|\n| A\\|B | 2 |", "| 甲&乙 | 1 |\n| A|B | 2 |"),
        ("<table><tr><td>甲&amp;乙</td><td>&lt;3&gt;</td></tr></table>", "甲&乙 <3>"),
        (
            "<table><tr><td>&#20803;</td><td>&#x5143;整</td><td>1&nbsp;2</td></tr></table>",
            "元 元整 1 2",
        ),
        ("```html\n<table><tr><td>附表</td></tr></table>\n```", "附表"),
        ("<html><body><table><tr><td>附表</td></tr></table></body></html>", "附表"),
    ],
)
def test_a_correct_escaped_cell_is_no_difference(
    before: str, transcript: str, alternate: str
) -> None:
    comparison = compare_texts(before + transcript, before + alternate, ALL)
    assert comparison.flags() == []
    assert normalise(before + transcript, ALL).text == normalise(before + alternate, ALL).text


@pytest.mark.parametrize("before", ["", LONG])
def test_a_range_over_an_escape_maps_back_to_the_whole_escape(before: str) -> None:
    text = before + "| 甲&lt;乙 | A\\*B |\n|---|---|"
    norm = normalise(text, ALL)
    k = norm.text.index("<")
    assert text[slice(*norm.source_range(k, k + 1))] == "&lt;"
    assert text[slice(*norm.source_range(k - 1, k + 2))] == "甲&lt;乙"
    star = norm.text.index("*")
    assert text[slice(*norm.source_range(star, star + 1))] == "\\*"


def test_a_wrong_escaped_cell_still_differs() -> None:
    comparison = compare_texts("| 甲&lt;乙 | 1 |", "| 甲>乙 | 1 |", ALL)
    assert [h.category for h in comparison.hunks if h.category is DiffCategory.SUBSTANTIVE]
    assert normalise("&lt;", ALL).text == "<"


def test_escapes_are_markup_and_fold_only_with_it() -> None:
    raw = CompareOptions(ignore_markdown=False, tables=TABLES)
    assert normalise("A&amp;B\\|", raw).text == "A&amp;B\\|"
    # Not an entity (no semicolon, or no such name): the text as written.
    assert normalise("A&ampB &zz9;", ALL).text == "A&ampB&zz9;"


def test_a_fence_line_is_layout_but_text_after_backticks_is_not() -> None:
    assert normalise("```html\n附表\n```\n~~~\n", ALL).text == "附表"
    # A language tag is ASCII: Han text on a fence-like line is the transcript's.
    assert normalise("```附表", ALL).text == "```附表"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("| 甲 | 乙 |\n|:-:|-|\n| 1 | 2 |", "甲乙12"),  # GitHub's delimiter, one dash a cell
        ("甲 | 乙\n:-: | -\n1 | 2", "甲乙12"),
        ("| 甲 | 乙 |\n| 1 | 2 |\n| - | - |", "甲乙12--"),  # a body row of "-" is text
        ("甲\n|-|\n", "甲-"),  # below no table row: no delimiter
    ],
)
def test_a_short_delimiter_row_is_layout_where_a_table_reads_it(text: str, expected: str) -> None:
    assert normalise(text, ALL).text == expected


@pytest.mark.parametrize("before", ["", LONG])
def test_a_flag_on_a_wrong_escape_covers_the_whole_escape(before: str) -> None:
    # (helper V) The alternate reads > where the transcript's cell says &lt;: the
    # difference is the whole entity, so accepting the alternate replaces all of it.
    transcript = before + "| 甲&lt;乙 | 1 |"
    comparison = compare_texts(transcript, before + "| 甲>乙 | 1 |", ALL)
    (hunk,) = [h for h in comparison.hunks if h.category is DiffCategory.SUBSTANTIVE]
    assert transcript[hunk.start : hunk.end] == "&lt;"


@pytest.mark.parametrize("before", ["", LONG])
def test_a_backslash_before_an_entity_maps_back_over_both(before: str) -> None:
    # (helper T) ``\&amp;``: the backslash escapes the entity's ``&``, which both escapes
    # keep; a range over it covered ``\&`` and left ``amp;`` behind in the transcript.
    text = before + "| A\\&amp;B | 1 |"
    norm = normalise(text, ALL)
    k = norm.text.index("&")
    assert norm.text[k - 1 : k + 2] == "A&B"
    assert text[slice(*norm.source_range(k, k + 1))] == "\\&amp;"
    assert text[slice(*norm.source_range(k - 1, k + 2))] == "A\\&amp;B"
