"""A list built in code takes its separator from the catalogue (issue 28: 「第 4, 5 頁」
and 「已核可 5, 尚未審閱 1」 in the zh_TW UI and exports)."""

from __future__ import annotations

from backend import i18n
from backend.export.open_critical import open_critical_notice
from backend.export.page_warnings import replaced_notice
from backend.export.words import draft_line, status_words
from backend.i18n import list_join
from backend.models import ReviewStatus
from tests.backend.review.tables import OPTIONS


def test_lists_use_the_languages_separator() -> None:
    assert list_join([4, 5]) == "4, 5"
    i18n.set_language("zh_TW")
    assert list_join([4, 5]) == "4、5"
    counts = list_join(
        f"{status_words(s)} {n}"
        for s, n in ((ReviewStatus.APPROVED, 5), (ReviewStatus.UNREVIEWED, 1))
    )
    assert (
        counts
        == f"{status_words(ReviewStatus.APPROVED)} 5、{status_words(ReviewStatus.UNREVIEWED)} 1"
    )
    for notice in (
        open_critical_notice((3, 4)),
        replaced_notice([(3, 1), (4, 2)]),
        draft_line([3, 7]),
    ):
        assert "4、" in notice and ", " not in notice, notice


def test_quotes_added_in_code_are_the_languages() -> None:
    # A flag's detail quoted the alternate with “ ” inside zh_TW sentences that use 「」.
    from backend.review.compare import compare_texts

    assert (
        compare_texts("得刪除", "不得刪除", OPTIONS)
        .flags()[0]
        .detail.startswith("the alternate has “不”")
    )
    i18n.set_language("zh_TW")
    detail = compare_texts("得刪除", "不得刪除", OPTIONS).flags()[0].detail
    assert "「不」" in detail and "“" not in detail, detail
