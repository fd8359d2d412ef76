"""A sentence mark the alternate read as 一 (issue 22's clean pages: critical noise).

A faint comma or full stop is a short stroke an engine reads as the numeral 一, and
engines drop or misread marks far more often than they invent them: where the
transcript writes a Chinese mark and the alternate a lone 一 in no number phrase,
the alternate misread. The difference stays a flag; it is no changed number. A 一
framed as a number (a counter after it, 第 or 之 before it, a numeral beside it, a
list's 一、) stays critical (issue 22, point 3). Sentences are written for this test.
"""

from __future__ import annotations

import pytest

from backend.models import AltText
from backend.review.page_aids import review_page
from backend.review.values import FlagKind
from tests.backend.review.legal_terms_helpers import comparison, critical_of
from tests.backend.review.tables import SETTINGS

# (transcript, alternate): the alternate's 一 for the transcript's mark, mid-sentence.
MISREAD_MARKS = [
    ("被告犯後坦承犯行，態度尚可，量處如主文。", "被告犯後坦承犯行一態度尚可，量處如主文。"),
    ("原告之訴駁回。訴訟費用由原告負擔。", "原告之訴駁回一訴訟費用由原告負擔。"),
    ("兩造不爭執事項如下；惟被告否認侵權。", "兩造不爭執事項如下一惟被告否認侵權。"),
    ("本院判斷如下：按當事人主張有利於己", "本院判斷如下一按當事人主張有利於己"),
    ("被告應給付原告租金、違約金及利息。", "被告應給付原告租金一違約金及利息。"),
]


@pytest.mark.parametrize(("transcript", "alternate"), MISREAD_MARKS)
def test_a_mark_the_alternate_read_as_one_is_a_difference_not_a_number(
    transcript: str, alternate: str
) -> None:
    assert critical_of(transcript, alternate) == []
    [flag] = comparison(transcript, alternate).flags()  # still there to look at
    assert flag.replacement == "一"
    review = review_page(0, transcript, AltText(alternate, "rapidocr"), settings=SETTINGS)
    [item] = [f for f in review.flags if f.start <= flag.start < max(f.end, f.start + 1)]
    assert item.kind is FlagKind.DIFF


# (transcript, alternate): the transcript lost a numeral of a number phrase to a mark.
NUMBERS_LOST = [
    ("依民法第，條規定請求。", "依民法第一條規定請求。"),  # an article's numeral
    ("處有期徒刑，年，緩刑二年。", "處有期徒刑一年，緩刑二年。"),  # a counter after it
    ("利率為百分之，點五。", "利率為百分之一點五。"),  # 之 before it
    ("中華民國一，二年三月五日", "中華民國一一二年三月五日"),  # a numeral beside it
    ("有下列情形之者：\n，、未檢附證明文件者。", "有下列情形之者：\n一、未檢附證明文件者。"),
    ("| 品名 | 數量 |\n| 帳冊 | ， |\n", "| 品名 | 數量 |\n| 帳冊 | 一 |\n"),  # a cell
]


@pytest.mark.parametrize(("transcript", "alternate"), NUMBERS_LOST)
def test_a_numeral_lost_to_a_mark_in_a_number_phrase_stays_critical(
    transcript: str, alternate: str
) -> None:
    assert [f for f in critical_of(transcript, alternate) if f.kind is FlagKind.CRITICAL]


def test_a_latin_comma_is_no_chinese_mark() -> None:
    """A Latin comma between Han characters may be a speck the transcript gained
    (``charclass.STRAY_MARKS``): no mark to set against the alternate's 一."""
    assert critical_of("坦承犯行,態度尚可。", "坦承犯行一態度尚可。")


def test_a_one_the_transcript_has_is_not_excused() -> None:
    """The mirror: the transcript's 一 where the alternate reads a mark is left to the
    rules as before (only the alternate's 一 is its misreading of a mark)."""
    page, engine = "扣案之刀械一把沒收。", "扣案之刀械，把沒收。"
    assert critical_of(page, engine)  # the alternate's mark against the transcript's 一
