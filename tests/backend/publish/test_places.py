"""Addresses and dates of birth (``backend.publish.places``)."""

from __future__ import annotations

import pytest

from backend.publish.places import addresses, birth_dates


def found(detector, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.text for f in detector(0, text)]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("原告住臺北市中正區重慶南路一段122號3樓之1，", "臺北市中正區重慶南路一段122號3樓之1"),
        ("設新北市板橋區文化路二段100巷5弄3號。", "新北市板橋區文化路二段100巷5弄3號"),
        ("住彰化縣員林市大同里5鄰中山路3號", "彰化縣員林市大同里5鄰中山路3號"),
        ("居南投縣埔里鎮大湖里3鄰45號", "南投縣埔里鎮大湖里3鄰45號"),
        ("住所：高雄市苓雅區四維三路2號", "高雄市苓雅區四維三路2號"),
        ("住台中市西屯區台灣大道三段九十九號五樓", "台中市西屯區台灣大道三段九十九號五樓"),
        ("住○○縣○○鄉○○村○○路000號", "○○縣○○鄉○○村○○路000號"),
        ("同住中山路12巷3號", "中山路12巷3號"),
    ],
)
def test_an_address_is_read_from_its_units_and_not_the_words_before_it(
    text: str, address: str
) -> None:
    assert found(addresses, text) == [address]


@pytest.mark.parametrize(
    "text",
    [
        "一一四年度訴字第五六號",  # a case number's 號 has no street before it
        "事故發生於臺北市中山路口",  # a place named in prose: no number
        "附表編號3號所示",
        "依民法第184條第1項",
    ],
)
def test_numbers_and_places_that_are_no_address(text: str) -> None:
    assert found(addresses, text) == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("林志明（民國70年1月2日生，男）", "民國70年1月2日"),
        ("被告陳○○，男，民國六十五年三月四日生", "民國六十五年三月四日"),
        ("出生年月日：1980/05/06", "1980/05/06"),
        ("生日：中華民國七十年十二月三十一日", "中華民國七十年十二月三十一日"),
        ("被告係79年8月9日出生", "79年8月9日"),
    ],
)
def test_a_date_is_a_birth_date_where_the_text_says_so(text: str, date: str) -> None:
    assert found(birth_dates, text) == [date]


@pytest.mark.parametrize(
    "text",
    ["本條例自民國100年1月1日生效", "於民國110年3月5日發生車禍", "民國114年5月6日宣示判決"],
)
def test_other_dates_are_no_birth_date(text: str) -> None:
    assert found(birth_dates, text) == []


def test_a_birth_date_is_read_whole_though_another_birth_stands_just_before_it() -> None:
    # Each date is read from where its own words stand: a window opened for the first
    # 出生 once cut the second date short (1951/08/0), leaving its last digit unmasked.
    text = "被告程君志（1951/08/03出生，國民身分證）。陳述。被告程君志，出生年月日：1951/08/03，有"
    assert found(birth_dates, text) == ["1951/08/03", "1951/08/03"]


def test_addresses_one_after_another_are_each_read_whole() -> None:
    text = "原告住臺北市士林區自強路1號，被告住新北市板橋區文化路二段100巷5弄3號之1，均同。"
    assert found(addresses, text) == [
        "臺北市士林區自強路1號",
        "新北市板橋區文化路二段100巷5弄3號之1",
    ]


@pytest.mark.parametrize(
    "address",
    [
        "臺北市大安區和平東路二段122之1巷3號",  # a lane's own sub-number (review V, item 6)
        "新北市板橋區中山路3之1弄5號",
        "臺北市中正區重慶南路一段 122 號",  # a typist's spaces around the number
    ],
)
def test_sub_numbers_of_lanes_and_spaces_around_numbers(address: str) -> None:
    assert found(addresses, f"住{address}，") == [address]
