"""A list built in code takes its separator from the catalogue (issue 28: 「第 4, 5 頁」
and 「已核可 5, 尚未審閱 1」 in the zh_TW UI and exports)."""

from __future__ import annotations

from backend import i18n
from backend.export.open_critical import open_critical_notice
from backend.export.page_warnings import replaced_notice
from backend.export.words import draft_line, status_words
from backend.i18n import list_join
from backend.models import ReviewStatus


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
