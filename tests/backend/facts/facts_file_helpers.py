"""``files``: generated pages of one court file (its case number in every header, its
plaintiff and its sum on some) and where each fact stands, for the property tests."""

from __future__ import annotations

from hypothesis import strategies as st

CHINESE = "一二三四五六七八九"
SURNAMES = "王李張陳林黃吳劉蔡楊"
GIVEN = "志明俊傑建宏家豪怡君雅婷淑芬"


def _chinese(n: int) -> str:
    """Digit by digit (一一四): the form a case number's year and number take."""
    return "".join("〇" if d == "0" else CHINESE[int(d) - 1] for d in str(n))


@st.composite
def files(draw: st.DrawFn) -> tuple[list[str], list[tuple[str, int, int, int]]]:
    """Pages of one file (its case number in every header, its plaintiff and its sum
    on some), and where each fact stands: (which fact, page, start, end)."""
    year = draw(st.integers(100, 114))
    number = draw(st.integers(11, 9999).filter(lambda n: sum(d != "0" for d in str(n)) >= 2))
    plaintiff = draw(st.sampled_from(SURNAMES)) + draw(st.text(GIVEN, min_size=2, max_size=2))
    amount = draw(st.integers(2, 99)) * 10_000 + draw(st.integers(1, 9)) * 1000
    pages, places = [], []
    for _ in range(draw(st.integers(4, 12))):
        arabic = draw(st.booleans())
        case = (
            f"{year}年度訴字第{number}號"
            if arabic
            else f"{_chinese(year)}年度訴字第{_chinese(number)}號"
        )
        text = case + "\n"
        places.append(("case", len(pages), 0, len(case)))
        if draw(st.booleans()):
            at = len(text) + 2
            text += f"原告{plaintiff}主張：被告應給付新臺幣{amount:,}元。\n"
            places.append(("plaintiff", len(pages), at, at + len(plaintiff)))
            money = f"{amount:,}"
            at = text.index(money)
            places.append(("amount", len(pages), at, at + len(money)))
        pages.append(text)
    return pages, places
