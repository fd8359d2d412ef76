"""A block the alternate reads and the transcript lacks, holding critical words (issue 22, point 3).

The alternate failing to read a line excuses nothing in the transcript; the
transcript lacking a line the alternate reads is the transcript's omission, and
critical when the line holds critical words, wherever the alternate put it in
its reading order. Sentences are written for this test.
"""

from __future__ import annotations

import random

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


JUNK_LETTERS = "ETAOINSHRDLUCMFWYPVBGKQJXZ"


@pytest.mark.parametrize("seed", range(6))
def test_junk_with_a_stray_digit_is_still_no_reading(seed: int) -> None:
    """A blur read as Latin letters may hold a digit or two (a count's numerals read
    among them, 〇 read O): the letters still read none of the line's words, so its
    被告 is missing, the alternate's Simplified 获 notwithstanding."""
    rng = random.Random(seed)
    count = rng.randint(2, 99)
    line = f"爰審酌被告不思以正當途徑获取財物{count}件，量處如主文所示之刑。"  # 获: Simplified
    words = ["".join(rng.choices(JUNK_LETTERS, k=rng.randint(3, 7))) for _ in range(4)]
    words.insert(rng.randrange(1, 4), f"O{count}")
    flags = critical_of(_page(HEAD, " ".join(words)), _page(HEAD, line))
    [flag] = [f for f in flags if f.start >= len(HEAD)]
    assert flag.category is LegalKind.PARTY and "被告" in flag.detail


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
        ("No.5", False),
        ("A123456789", False),  # an ID number
        ("ABC-1234", False),  # a plate
        ("POR ZMRICRH O24 WIA", True),  # a stray digit among many letters: a blur's junk
        ("第5條", False),  # Han: a reading
        ("。", False),  # marks alone: an omission, judged elsewhere
    ],
)
def test_no_reading_is_latin_letters_with_no_more_than_a_stray_digit(text: str, junk: bool) -> None:
    from backend.review.omitted_blocks import no_reading

    assert no_reading(text) is junk


# An article whose number the alternate lost (第 alone on its line: the numerals under
# a stamp), in a block the transcript lacks. Clauses written for this test.
CLAUSES = [
    "本法自公布日施行，其施行細則由主管機關定之。",
    "申請人應於期限內補正，逾期不補正者駁回之。",
    "前項處分應以書面為之，並載明理由及救濟方法。",
    "違反前條規定者，由主管機關命其限期改善。",
    "受僱人非有正當理由，不得拒絕雇主之調動。",
]


def _statute(rng: random.Random) -> tuple[str, str, str]:
    """(a clause before, the clause of the article whose number was lost, one after)."""
    before, lost, after = rng.sample(CLAUSES, 3)
    return before, lost, after


@pytest.mark.parametrize("seed", range(8))
def test_a_missing_block_holding_a_numberless_article_is_critical(seed: int) -> None:
    """The alternate reads 第 with no numeral, then the clause; the transcript lacks both.
    The block holds an article's number (lost by both): a critical omission, though the
    alternate has no numeral to name."""
    before, lost, after = _statute(random.Random(seed))
    cut = 2 + seed % 4  # the transcript resumes inside the clause's line
    transcript = _page(before, lost[cut:], after)
    alternate = _page(before, "第", lost, after)
    at = (len(before), len(before) + 1)  # at the line end before the block, or after it
    [flag] = [f for f in critical_of(transcript, alternate) if f.start == f.end and f.start in at]
    assert flag.category is CriticalKind.NUMBER and "第" in (flag.replacement or "")
    # The transcript's own numberless 第 elsewhere, before other words, is no excuse.
    elsewhere = _page(before, lost[cut:], "第" + after)
    assert [f for f in critical_of(elsewhere, alternate) if f.start == f.end and f.start in at]


@pytest.mark.parametrize("seed", range(8))
def test_a_numberless_article_the_transcript_reads_elsewhere_is_not_missing(seed: int) -> None:
    """The transcript has the article, numeral and all, where the alternate has no such
    block (it read it in its own order): its words are in the transcript, no omission."""
    rng = random.Random(seed)
    before, lost, after = _statute(rng)
    number = rng.choice(["二百零三條", "十五條之一", "七條"])
    transcript = _page(before, after, f"第{number}", lost)
    alternate = _page(before, "第", lost, after)
    assert not [f for f in critical_of(transcript, alternate) if f.category is CriticalKind.NUMBER]


@pytest.mark.parametrize("seed", range(6))
def test_junk_takes_no_term_from_a_block_the_transcript_drops(seed: int) -> None:
    """The alternate reads a number twice in a line the transcript reads as junk, and
    once more in a later line the transcript drops; the transcript reads it once, in a
    line the alternate could not read. The junk reads none of them: the dropped line's
    number is as missing as the junk line's, each an omitted term (the junk's must not
    use up the alternate's excess of it)."""
    from backend.review.omitted_blocks import omitted_terms
    from backend.review.term_extract import Terms, extract_terms
    from tests.backend.review.legal_terms_helpers import make_hunks
    from tests.backend.review.tables import TABLES

    rng = random.Random(seed)
    n = rng.randint(2, 9)
    junk = " ".join("".join(rng.choices(JUNK_LETTERS, k=rng.randint(3, 7))) for _ in range(5))
    address = f"住臺北市中山區民生路{n}段{n}號，送達代收人。"
    dropped = f"附件{n}份。"
    tail, end = "以上正本證明與原本無異。", "書記官　林佳蓉"
    # A line the alternate could not read, with the number: the transcript's one of it.
    unread = f"到庭{n}人。"
    transcript = _page(HEAD, unread, junk, tail, end)
    alternate = _page(HEAD, address, tail, dropped, end)
    rules = TABLES.rules

    def terms(text: str) -> Terms:
        return extract_terms(text, rules, rules.excluded(text))

    hunks = make_hunks(transcript, alternate)
    found = omitted_terms(transcript, alternate, hunks, terms(transcript), terms(alternate))
    values = [(h.alt_text, t.value) for h, t in found]
    assert (address, n) in values and (dropped, n) in values
