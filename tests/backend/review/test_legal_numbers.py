"""Every number, in every form, wherever it stands: one value, and any changed digit critical.

Numbers are generated and written in each form a Taiwanese legal text uses
(Arabic half- and full-width, with and without thousand separators, Chinese
with units, formal 壹貳參, digit by digit with 〇 or ○ as zero, 兩, 廿/卅, mixed
1萬2千). Each form must parse to the number; the same number in two forms is
no difference; a change of any one digit is a critical flag, in a quantity
with any counter (not a closed list), a table cell, an amount, an article, a
date (ROC and AD), a case number, an annex number and a percentage.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from backend.review.compare import compare_texts
from backend.review.legal_terms import critical_flags
from backend.review.numerals import find_numbers, parse_number, well_formed
from backend.review.values import FlagKind
from tests.backend.review.tables import OPTIONS, RULES, TABLES
from tests.properties import examples

CN = "〇一二三四五六七八九"
FORMAL = "零壹貳參肆伍陸柒捌玖"
FULL = "０１２３４５６７８９"


def arabic(n: int) -> str:
    return str(n)


def grouped(n: int) -> str:
    return f"{n:,}"


def full_width(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789,", FULL + "，"))


def full_grouped(n: int) -> str:
    return grouped(n).translate(str.maketrans("0123456789,", FULL + "，"))


def _group(g: int, digits: str, units: str) -> str:
    """1..9999 with units: 三千零二十, 一百零五."""
    out, zero = "", False
    for d, u in zip((g // 1000, g // 100 % 10, g // 10 % 10, g % 10), (*units, ""), strict=True):
        if d == 0:
            zero = bool(out)
            continue
        out += (digits[0] if zero else "") + digits[d] + u
        zero = False
    return out


def chinese(n: int, digits: str = "零一二三四五六七八九", units: str = "千百十") -> str:
    """一億二千萬, 一億零五, 三百六十七: the usual section-by-section writing."""
    if n == 0:
        return digits[0]
    out, gap = "", False
    for part, unit in ((n // 10**8, "億"), (n // 10**4 % 10**4, "萬"), (n % 10**4, "")):
        if part == 0:
            gap = bool(out)
            continue
        if out and (gap or part < 1000):
            out += digits[0]
        out += _group(part, digits, units) + unit
        gap = False
    return out


def formal(n: int) -> str:
    return chinese(n, FORMAL, "仟佰拾")


def ten_short(n: int) -> str:
    """十五 rather than 一十五 (only where the number starts with 一十)."""
    written = chinese(n)
    return written[1:] if written.startswith("一十") else written


def two_as_liang(n: int) -> str:
    """兩萬, 兩千: 兩 for a leading 2 before a unit."""
    written = chinese(n)
    return (
        "兩" + written[1:]
        if written[:1] == "二" and written[1:2] in "千萬億百" and len(written) > 1
        else written
    )


def digit_by_digit(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", CN))


def digit_by_digit_circles(n: int) -> str:
    """一○五: the name-mask circle typed for a zero inside a numeral."""
    return str(n).translate(str.maketrans("0123456789", "○" + CN[1:]))


def mixed(n: int) -> str:
    """1萬2千: Arabic digits with Chinese units."""
    wan, rest = divmod(n, 10_000)
    if not wan or n >= 10**8:
        return str(n)
    thousands, below = divmod(rest, 1000)
    if below:
        return f"{wan}萬{rest}" if rest else f"{wan}萬"
    return f"{wan}萬{thousands}千" if thousands else f"{wan}萬"


FORMS: dict[str, Callable[[int], str]] = {
    "arabic": arabic,
    "grouped": grouped,
    "full width": full_width,
    "full width grouped": full_grouped,
    "chinese": chinese,
    "formal": formal,
    "ten short": ten_short,
    "兩": two_as_liang,
    "digit by digit": digit_by_digit,
    "digit by digit ○": digit_by_digit_circles,
    "mixed": mixed,
}
numbers = st.integers(min_value=1, max_value=10**11)


@pytest.mark.parametrize(
    ("n", "written"),
    [
        (12000, "一萬二千"),
        (3020, "三千零二十"),
        (105, "一百零五"),
        (120_000_000, "一億二千萬"),
        (100_000_005, "一億零五"),
        (10050, "一萬零五十"),
    ],
)
def test_the_renderer_writes_what_a_court_writes(n: int, written: str) -> None:
    assert chinese(n) == written


@examples(300)
@given(numbers)
def test_every_form_parses_to_the_number(n: int) -> None:
    for name, form in FORMS.items():
        assert parse_number(form(n)) == n, (name, form(n))


@pytest.mark.parametrize(
    ("written", "value"),
    [("廿", 20), ("廿三", 23), ("卅", 30), ("卅一", 31), ("一○五", 105), ("二○二三", 2023)],
)
def test_the_other_tens_and_the_circle_zero(written: str, value: int) -> None:
    assert parse_number(written) == value


@pytest.mark.parametrize("text", ["○", "○○", "○一"])
def test_a_numeral_never_starts_with_the_mask_circle(text: str) -> None:
    assert parse_number(text) is None


# Counters no list names: a quantity is a number whatever follows it.
COUNTERS = list("支顆包罐瓶枚把輛艘株尾頭盒箱袋桶捆疊棵片卷冊粒錠")


@examples(200)
@given(numbers, st.sampled_from(sorted(FORMS)), st.sampled_from(COUNTERS))
def test_a_quantity_with_any_counter_is_one_number(n: int, form: str, counter: str) -> None:
    written = FORMS[form](n)
    text = f"扣案之物品{written}{counter}，均沒收。"
    start = text.index(written)
    found = [(s, e, v) for s, e, v in find_numbers(text, RULES.excluded(text))]
    assert (start, start + len(written), n) in found, (text, found)


def changed_digit(n: int, data: st.DataObject) -> int:
    digits = str(n)
    at = data.draw(st.integers(0, len(digits) - 1))
    new = data.draw(st.sampled_from([d for d in "0123456789" if d != digits[at]]))
    changed = digits[:at] + new + digits[at + 1 :]
    assume(changed[0] != "0")  # another number of digits: also a change, tested elsewhere
    return int(changed)


# Where a number stands: (sentence around the numeral, the flag's categories).
PLACES = [
    ("扣得海洛因{}包。", {"number"}),
    ("| 證物 | {} | 支 |", {"number"}),
    ("被告應給付新臺幣{}元。", {"amount"}),
    ("依刑法第{}條論處。", {"article"}),
    ("附表{}所示之物。", {"number"}),
    ("附件{}之合約。", {"number"}),
]


@examples(150)
@given(numbers, st.sampled_from(sorted(FORMS)), st.sampled_from(range(len(PLACES))), st.data())
def test_a_changed_digit_is_critical_in_every_form_and_place(
    n: int, form: str, place: int, data: st.DataObject
) -> None:
    sentence, categories = PLACES[place]
    m = changed_digit(n, data)
    transcript, alternate = sentence.format(FORMS[form](n)), sentence.format(FORMS[form](m))
    assume(transcript != alternate)
    flags = review(transcript, alternate)
    at = sentence.index("{}")
    here = [f for f in flags if f.start <= at + len(FORMS[form](n)) and f.end >= at]
    assert here, (transcript, alternate)
    assert {f.category for f in here} <= categories | {"number"}, (transcript, alternate, here)


@examples(150)
@given(
    numbers,
    st.sampled_from(sorted(FORMS)),
    st.sampled_from(sorted(FORMS)),
    st.sampled_from(range(len(PLACES))),
)
def test_one_number_in_two_forms_is_no_critical_difference(
    n: int, one: str, other: str, place: int
) -> None:
    sentence, _ = PLACES[place]
    transcript, alternate = sentence.format(FORMS[one](n)), sentence.format(FORMS[other](n))
    assert review(transcript, alternate) == [], (transcript, alternate)


roc_years = st.integers(1, 150)
months = st.integers(1, 12)
days = st.integers(1, 28)


def circles_dropped(text: str, other: str) -> bool:
    """``other`` is ``text`` less some of its circle zeros (一〇月 / 一月)."""
    i = 0
    for c in text:
        if i < len(other) and other[i] == c:
            i += 1
        elif c not in "〇○":
            return False
    return i == len(other) < len(text)


@examples(150)
@given(roc_years, months, days, st.sampled_from(["chinese", "digit by digit", "arabic"]), st.data())
def test_a_changed_date_is_critical_roc_and_ad(
    year: int, month: int, day: int, form: str, data: st.DataObject
) -> None:
    write = FORMS[form]
    era, y = data.draw(st.sampled_from([("中華民國", year), ("民國", year), ("西元", year + 1911)]))
    part = data.draw(st.sampled_from(["y", "m", "d"]))
    values = {"y": y, "m": month, "d": day}
    values[part] = data.draw(
        st.integers(1, 28 if part != "y" else 2100).filter(lambda v: v != values[part])
    )

    def date(yy: int, mm: int, dd: int) -> str:
        return f"本判決於{era}{write(yy)}年{write(mm)}月{write(dd)}日宣示。"

    transcript, alternate = date(y, month, day), date(values["y"], values["m"], values["d"])
    if circles_dropped(transcript, alternate):
        # 一〇月 read 一月: the alternate read the circle as nothing, its misreading
        # (misreadings._circle_unseen); the transcript lacking it stays critical.
        transcript, alternate = alternate, transcript
    flags = review(transcript, alternate)
    # One item for the change; a year its era never writes digit by digit (一〇年: ROC 10
    # is 十年) is one more when the change is elsewhere in the date (``year_digits``).
    assert flags and {f.category for f in flags} == {"date"}, (transcript, alternate, flags)


@examples(100)
@given(
    roc_years,
    st.integers(1, 99999),
    st.sampled_from(["chinese", "digit by digit", "arabic"]),
    st.data(),
)
def test_a_changed_case_number_is_critical(
    year: int, number: int, form: str, data: st.DataObject
) -> None:
    write = FORMS[form]
    changed_year = data.draw(st.booleans())
    other = changed_digit(year if changed_year else number, data)

    def case(y: int, n: int) -> str:
        return f"（{write(y)}年度上訴字第{write(n)}號）"

    transcript = case(year, number)
    alternate = case(other, number) if changed_year else case(year, other)
    flags = review(transcript, alternate)
    # One item for the change; a year its era never writes digit by digit (一〇年度: ROC
    # 10 is 十年) is one more when the change is the number's (``year_digits``).
    doubted = form == "digit by digit" and 10 <= year <= 19
    assert flags and {f.category for f in flags} == {"case_number"}, (transcript, alternate, flags)
    assert len(flags) == 1 or doubted, (transcript, alternate, flags)


@pytest.mark.parametrize(
    ("transcript", "alternate", "critical"),
    [
        ("按週年利率百分之五計算。", "按週年利率5%計算。", False),
        ("按週年利率百分之五計算。", "按週年利率５％計算。", False),
        ("按週年利率百分之五計算。", "按週年利率百分之六計算。", True),
        ("按週年利率5%計算。", "按週年利率6%計算。", True),
        ("違約金按千分之三計算。", "違約金按百分之三計算。", True),
        ("違約金按十分之一計算。", "違約金按十分之二計算。", True),
        ("按日息萬分之五計算。", "按日息萬分之八計算。", True),
        ("按週年利率百分之五計算。", "按週年利率百分之五十計算。", True),
    ],
)
def test_percentages_and_interest_rates(transcript: str, alternate: str, critical: bool) -> None:
    flags = review(transcript, alternate)
    assert bool(flags) is critical, flags
    assert all(f.category == "number" for f in flags)


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("扣案之改造手槍二支沒收。", "扣案之改造手槍六支沒收。"),  # quantities in an evidence list
        ("扣得安非他命三包。", "扣得安非他命七包。"),  # a counter in no list
        ("| 編號 | 數量 |\n| 1 | 三 |", "| 編號 | 數量 |\n| 1 | 八 |"),  # a table cell
        ("處有期徒刑三年六月。", "處有期徒刑三年八月。"),  # …年…月 in a sentence
        ("依民法第一百八十四條第一項前段。", "依民法第一百八十四條第二項前段。"),
        ("依刑法第三百二十條之一。", "依刑法第三百二十條之二。"),
        ("第二條第三款第四目", "第二條第三款第五目"),
        ("於一一四年度偵字第三二一○號案件。", "於一一四年度偵字第三二一一號案件。"),
        ("附表一編號3所示", "附表一編號8所示"),
        ("被告於一一四年三月五日", "被告於一一四年三月六日"),
        ("廿三日到期。", "廿八日到期。"),
    ],
)
def test_every_number_wherever_it_stands(transcript: str, alternate: str) -> None:
    for t, a in ((transcript, alternate), (alternate, transcript)):
        assert review(t, a), (t, a)


@pytest.mark.parametrize(
    ("transcript", "alternate"),
    [
        ("於一一四年度偵字第三二一○號案件。", "於一一四年度偵字第三二一〇號案件。"),
        ("一○五年度台上字第七號", "一〇五年度臺上字第七號"),
        ("新臺幣壹萬貳仟元", "新臺幣一萬二千元"),
        ("扣得手機兩支", "扣得手機二支"),
    ],
)
def test_one_number_written_two_ways_is_not_critical(transcript: str, alternate: str) -> None:
    assert review(transcript, alternate) == []
    assert review(alternate, transcript) == []


def test_a_zero_read_as_a_full_stop() -> None:
    """The engine's 。 for the transcript's ○ is its look-alike misreading (no flag);
    the transcript's 。 for the engine's ○ is the transcript's error, and says so."""
    right, wrong = "於一一四年度偵字第三二一○號案件。", "於一一四年度偵字第三二一。號案件。"
    assert review(right, wrong) == []
    [flag] = review(wrong, right)
    assert flag.category == "case_number"
    assert "the transcript is more likely wrong: it has a full stop" in flag.detail


def review(transcript: str, alternate: str) -> list:  # type: ignore[type-arg]
    c = compare_texts(transcript, alternate, OPTIONS, folded=False)
    flags = critical_flags(transcript, alternate, c.hunks, c.matches, tables=TABLES)
    assert all(f.kind is FlagKind.CRITICAL for f in flags)
    return flags


@examples(300)
@given(numbers, st.sampled_from(sorted(FORMS)))
def test_every_form_of_a_number_is_well_formed(n: int, form: str) -> None:
    """``well_formed`` is evidence against a reading: it must never reject a number
    written the way courts write one (else a real change would be lowered)."""
    assert well_formed(FORMS[form](n)), FORMS[form](n)
