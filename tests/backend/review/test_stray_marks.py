"""Stray ASCII marks inside Chinese text (issue 22, point 3): noise the transcript
gained is a difference, not a punctuation fold.

A comma or full stop only the transcript has stays a punctuation difference
(engines drop them all the time; one the alternate reads and the transcript
lacks: ``test_mark_misread``); full and half width stay folded. A mark no
Chinese text writes between two Han characters ([ " “ , ...), which the
alternate lacks, is flagged. Sentences are written for this test.
"""

from __future__ import annotations

import pytest

from backend.review.values import DiffCategory
from tests.backend.review.legal_terms_helpers import comparison, critical_of

PAGE = "原告之訴駁回。訴訟費用由原告負擔。"


@pytest.mark.parametrize("mark", ["[", "]", '"', "“", ",", "'", "~", "_"])
def test_a_stray_mark_between_two_han_characters_is_flagged(mark: str) -> None:
    transcript = PAGE.replace("費用", f"費{mark}用")
    [flag] = comparison(transcript, PAGE).flags()
    assert transcript[flag.start : flag.end] == mark
    assert critical_of(transcript, PAGE) == []  # noise, no changed word


def test_an_underscore_between_a_name_and_its_address_is_flagged() -> None:
    """Tesseract reads the gap after a party's name as ' _ ' (seed 202: 被告丁恩 _ 住屏東市):
    a single underscore is no form's blank (a blank is a run, ___), and no Chinese
    text writes one between two Han characters."""
    page = "被告丁恩 住屏東市羅東路一號"
    transcript = page.replace("丁恩 ", "丁恩 _ ")
    [flag] = comparison(transcript, page).flags()
    assert "_" in transcript[flag.start : flag.end]
    assert critical_of(transcript, page) == []


@pytest.mark.parametrize(
    "transcript",
    [
        PAGE.replace("訴訟", "訴，訟"),  # a full-width comma the alternate lacks: punctuation
        PAGE.replace("負擔。", "負擔.["),  # not between two Han characters
    ],
)
def test_punctuation_and_marks_outside_han_text_stay_unflagged(transcript: str) -> None:
    hunks = comparison(transcript, PAGE).hunks
    assert hunks and all(h.category is not DiffCategory.SUBSTANTIVE for h in hunks)


def test_the_alternates_stray_mark_is_not_the_transcripts_noise() -> None:
    alternate = PAGE.replace("費用", "費[用")
    assert comparison(PAGE, alternate).flags() == []


def test_a_stray_mark_inside_an_amount_is_critical() -> None:
    page = "被告應給付新臺幣壹拾伍萬元。"
    assert critical_of(page.replace("拾伍", "拾,伍"), page)


def test_a_lone_pipe_inside_han_text_is_no_table_and_is_flagged() -> None:
    """A pipe is Markdown table syntax only where a table has it: one alone on its
    line between two Han characters is a stray mark the transcript gained."""
    transcript = PAGE.replace("費用", "費|用")
    [flag] = comparison(transcript, PAGE).flags()
    assert transcript[flag.start : flag.end] == "|"


@pytest.mark.parametrize(
    "table",
    [
        "| 帳冊 | 二十 |\n",
        "|帳冊|二十|\n",
        "品名 | 數量\n---|---\n帳冊 | 二十\n",
        "|帳冊|數量|二十|\n|---|---|---|\n",
    ],
)
def test_table_pipes_stay_layout(table: str) -> None:
    # A row without outer pipes is a table's by its neighbours (the delimiter row): a
    # line of one pipe alone is a stray mark (test_lone_pipe.py: 第四條 | 租賃期間).
    alternate = table.replace("|", " ").replace("-", "")
    assert comparison(table, alternate).flags() == []


def test_the_alternates_lone_pipe_is_its_noise() -> None:
    assert comparison(PAGE, PAGE.replace("費用", "費|用")).flags() == []


@pytest.mark.parametrize(
    ("transcript", "page"),
    [
        # Tesseract on seed 202: a speck beside a grouping comma read as a mark.
        ("被告應給付新臺幣1,.837,781元。", "被告應給付新臺幣1,837,781元。"),
        ("被告應給付新臺幣5,301:,574元。", "被告應給付新臺幣5,301,574元。"),
    ],
)
def test_a_point_or_colon_beside_a_grouping_comma_is_flagged(transcript: str, page: str) -> None:
    [flag] = comparison(transcript, page).flags()
    assert transcript[flag.start : flag.end] in (".", ":")


def test_a_time_s_colon_the_alternate_dropped_stays_unflagged() -> None:
    # No comma beside it: 10:30 is a time, and a faint colon is what engines drop.
    page = "定於上午10:30開庭。"
    assert comparison(page, page.replace(":", "")).flags() == []
