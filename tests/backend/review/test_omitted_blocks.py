"""A block the alternate reads and the transcript lacks, holding critical words (issue 22, point 3).

The alternate failing to read a line excuses nothing in the transcript; the
transcript lacking a line the alternate reads is the transcript's omission, and
critical when the line holds critical words, wherever the alternate put it in
its reading order. Sentences are written for this test.
"""

from __future__ import annotations

import pytest

from backend.review.values import CriticalKind, FlagKind, LegalKind
from tests.backend.review.legal_terms_helpers import critical_of

BOXES = ["檢察官偵查終結", "認定犯罪嫌疑不足", "移送法院審理"]


def _page(*lines: str) -> str:
    return "".join(f"{line}\n" for line in lines)


@pytest.mark.parametrize("where", [0, 1, 3])
def test_a_missing_block_with_an_outcome_is_critical_wherever_the_alternate_reads_it(
    where: int,
) -> None:
    alternate = [*BOXES[:where], "為不起訴處分", *BOXES[where:]]
    transcript = _page(*BOXES)
    [flag] = critical_of(transcript, _page(*alternate))
    assert flag.kind is FlagKind.CRITICAL and flag.category is LegalKind.OUTCOME
    assert "不起訴處分" in flag.detail and flag.replacement == "為不起訴處分"


def test_a_missing_line_with_a_date_is_critical() -> None:
    transcript = _page("被告應給付原告新臺幣五萬元。")
    alternate = _page("被告應給付原告新臺幣五萬元。", "本判決於中華民國一一二年三月五日宣示。")
    [flag] = critical_of(transcript, alternate)
    assert flag.category is CriticalKind.DATE


def test_a_missing_line_without_critical_words_is_no_critical_item() -> None:
    transcript = _page("被告應給付原告新臺幣五萬元。")
    assert critical_of(transcript, _page("被告應給付原告新臺幣五萬元。", "上訴期間")) == []


def test_a_block_the_transcript_has_elsewhere_is_not_missing() -> None:
    """The alternate read the box in its own order: the transcript has it, elsewhere."""
    transcript = _page(BOXES[0], "為不起訴處分", *BOXES[1:])
    alternate = _page(*BOXES, "為不起訴處分")
    assert critical_of(transcript, alternate) == []


def test_a_line_the_alternate_could_not_read_is_still_no_change() -> None:
    """The mirror: the transcript has the line, the alternate lacks it. Its words are
    items to check against the scan, never a change the alternate vouches for."""
    flags = critical_of(_page(*BOXES, "為不起訴處分"), _page(*BOXES))
    assert flags and all("could not read" in f.detail for f in flags)


def test_a_long_lost_tail_is_one_flag_naming_a_few_of_its_terms() -> None:
    """A page cut short loses dozens of terms: one item, not a wall of text."""
    head = "被告應給付原告新臺幣五萬元。"
    tail = [f"被告應於民國一一二年{m}月{m}日前給付新臺幣{m}萬元。" for m in range(1, 10)]
    [flag] = critical_of(_page(head), _page(head, *tail))
    assert flag.detail.count("omits it") == 4 and flag.detail.endswith("…")


# The transcript reads a line as Latin junk: no Han character of it, so none of its
# words. (Sentences written for this test; the junk is what a Latin model makes of
# blurred Han characters.)
HEAD = "被告應給付原告新臺幣五萬元。"
LINE = "爰審酌被告不思以正當途徑获取財物，量處如主文所示之刑。"  # 获: Simplified-only


@pytest.mark.parametrize(
    "junk", ["El tay RSWMETELEMR TMMMA MI", "AGRAT ORR EBD > BE", "He RE AR OLEATE AI COOP 宣"]
)
def test_a_line_the_transcript_reads_as_latin_junk_loses_its_critical_words(junk: str) -> None:
    """The alternate's Han line holds 被告; the transcript's junk is no reading of it,
    so 被告 is missing from the transcript, like a dropped line. The alternate's
    Simplified 获 says it misread one character, not that the line was not there."""
    flags = critical_of(_page(HEAD, junk), _page(HEAD, LINE))
    [flag] = [f for f in flags if f.start >= len(HEAD)]
    assert flag.category is LegalKind.PARTY and "被告" in flag.detail
    assert flag.replacement.strip() == LINE
    assert "".join(junk.split())[:6] in "".join(flag.detail.split())  # what it reads instead


def test_a_transcript_that_reads_the_line_keeps_the_simplified_excuse() -> None:
    """Only junk is no reading: where the transcript reads Han words (a Latin name
    among them) the alternate's Simplified-holding stretch still says nothing of its
    own words (``misreadings.garbled_spans``)."""
    reading = "爰審酌LINE對話紀錄，量處如主文所示之刑。"
    flags = critical_of(_page(HEAD, reading), _page(HEAD, LINE))
    assert not any(f.category is LegalKind.PARTY for f in flags)


@pytest.mark.parametrize(
    ("text", "junk"),
    [
        ("AGRATORREBD>BE", True),  # letters only: no reading of the Han line
        ("HeREAROLEATEAICOOPRRS>ReaeRECT宣", True),  # a stray Han character among them
        ("ABC5D", False),  # a digit reads a numeral: a reading, compared
        ("第5條", False),  # Han: a reading
        ("。", False),  # marks alone: an omission, judged elsewhere
    ],
)
def test_no_reading_is_latin_letters_without_a_digit(text: str, junk: bool) -> None:
    from backend.review.omitted_blocks import no_reading

    assert no_reading(text) is junk
