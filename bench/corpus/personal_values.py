"""The personal data of Taiwanese legal documents, generated as people write it, for
the publish bench (issue 25): identity-card and resident certificate numbers with
valid check digits, phones, addresses, dates of birth, bank and postal accounts,
licence plates, e-mail addresses, and names (a surname, double ones included).

Written from the formats themselves (the Ministry of the Interior's check digit,
the 2021 resident certificate format, the numbering plans), not from any detector.
"""

from __future__ import annotations

import random

from bench.corpus import vocab as v

# 身分證 letter codes: A=10 … Z=33 in this order (I, O, W, X, Y, Z out of line).
LETTER_CODES = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))
PLATE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # plates never use I or O
_WIDE = str.maketrans(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-()#+@.",
    "０１２３４５６７８９ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ"
    "ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ－（）＃＋＠．",
)
DOUBLE_SURNAMES = ("歐陽", "張簡", "司馬", "范姜")
FOREIGN_SURNAMES = "阮黎潘"  # residents from Vietnam or Indonesia, in Chinese script
COUNTIES = {
    "臺北市": ("中正區", "大安區", "信義區", "士林區"),
    "新北市": ("板橋區", "三重區", "新店區", "中和區"),
    "臺中市": ("西屯區", "北屯區", "豐原區", "大里區"),
    "臺南市": ("安平區", "永康區", "新營區"),
    "高雄市": ("苓雅區", "鳳山區", "左營區"),
    "桃園市": ("中壢區", "桃園區", "八德區"),
    "彰化縣": ("員林市", "鹿港鎮", "和美鎮", "埔心鄉"),
    "南投縣": ("埔里鎮", "草屯鎮", "名間鄉"),
    "屏東縣": ("潮州鎮", "東港鎮", "萬丹鄉"),
    "宜蘭縣": ("羅東鎮", "礁溪鄉"),
    "新竹縣": ("竹北市", "湖口鄉"),
}
VILLAGES = ("中山", "仁和", "福德", "光明", "永安", "新興", "忠孝", "大同")
BANKS = (
    "臺灣銀行", "第一商業銀行", "中國信託商業銀行", "玉山商業銀行", "國泰世華商業銀行",
    "台新國際商業銀行", "合作金庫商業銀行", "彰化商業銀行",
)  # fmt: skip
MAIL_DOMAINS = ("gmail.com", "yahoo.com.tw", "hotmail.com", "ms12.hinet.net", "outlook.com")
PINYIN = ("lin", "wang", "chen", "huang", "chang", "lee", "wu", "tsai", "yang", "hsu")
GIVEN_PINYIN = ("zhiming", "meiling", "junjie", "yating", "chienhung", "shufen", "kuanyu")


def wide(text: str) -> str:
    """``text`` with its ASCII letters, digits and punctuation in full width, as an
    OCR engine sometimes writes them."""
    return text.translate(_WIDE)


def maybe_wide(rng: random.Random, text: str, share: float = 0.15) -> str:
    return wide(text) if rng.random() < share else text


def check_digit(head: str) -> int:
    """The last digit of a 10-character identity-card or resident certificate number
    whose first nine characters are ``head``: the first letter's two-digit code
    weighted 1 and 9, then the next eight positions 8 … 1; a second letter (the old
    resident format) counts with its code's last digit."""
    code = LETTER_CODES[head[0]]
    total = code // 10 + (code % 10) * 9
    for weight, c in zip(range(8, 0, -1), head[1:], strict=True):
        total += weight * (LETTER_CODES[c] % 10 if c.isalpha() else int(c))
    return (10 - total % 10) % 10


def is_valid_id(number: str) -> bool:
    """Whether ``number`` (ASCII) carries the check digit ``check_digit`` computes."""
    return len(number) == 10 and number[-1].isdigit() and check_digit(number[:9]) == int(number[-1])


def national_id(rng: random.Random) -> str:
    """國民身分證統一編號: a letter, 1 (male) or 2 (female), seven digits, the check."""
    head = rng.choice("ABCDEFGHJKLMNPQTUVXWZ") + rng.choice("12")
    head += "".join(rng.choice("0123456789") for _ in range(7))
    return head + str(check_digit(head))


def resident_id(rng: random.Random) -> str:
    """居留證 / 統一證號: old (two letters, eight digits, the second letter A–D) or the
    2021 format (a letter, 8 or 9, seven digits, the check)."""
    if rng.random() < 0.5:
        head = rng.choice("ABCDEFGHJKLMNPQTUVXWZ") + rng.choice("ABCD")
    else:
        head = rng.choice("ABCDEFGHJKLMNPQTUVXWZ") + rng.choice("89")
    head += "".join(rng.choice("0123456789") for _ in range(7))
    return head + str(check_digit(head))


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def mobile(rng: random.Random) -> tuple[str, int]:
    """(a mobile number as written, how many leading characters are a country code)."""
    body = "09" + _digits(rng, 8)
    roll = rng.random()
    if roll < 0.35:
        return f"{body[:4]}-{body[4:7]}-{body[7:]}", 0
    if roll < 0.6:
        return body, 0
    if roll < 0.75:
        return f"{body[:4]} {body[4:7]} {body[7:]}", 0
    if roll < 0.9:
        return f"+886-{body[1:4]}-{body[4:7]}-{body[7:]}", 5
    return f"+886 {body[1:]}", 5


def landline(rng: random.Random) -> tuple[str, int]:
    """(a landline as written, 0): (02)2345-6789, 02-2345-6789, 04-2234-5678#12 …"""
    area, local = rng.choice((("02", 8), ("04", 8), ("03", 7), ("05", 7), ("06", 7), ("07", 7),
                              ("037", 6), ("049", 7), ("089", 6)))  # fmt: skip
    digits = str(rng.randint(2, 9)) + _digits(rng, local - 1)
    cut = 4 if local == 8 else 3
    number = f"{digits[:cut]}-{digits[cut:]}" if rng.random() < 0.8 else digits
    text = f"({area}){number}" if rng.random() < 0.4 else f"{area}-{number}"
    roll = rng.random()
    if roll < 0.15:
        text += f"#{rng.randint(10, 999)}"
    elif roll < 0.25:
        text += f"分機{rng.randint(10, 999)}"
    return text, 0


def address(rng: random.Random) -> tuple[str, int]:
    """(an address, the length of its county or city, which published judgments
    sometimes keep): districts, villages, 鄰, roads or streets with 段, 巷, 弄, 號,
    之 and 樓, in Arabic (half or full width) or Chinese numerals."""
    county = rng.choice(list(COUNTIES))
    text = county + rng.choice(COUNTIES[county])

    def num(n: int) -> str:
        roll = rng.random()
        return v.chinese(n) if roll < 0.3 else v.arabic(n, full=roll < 0.4)

    if rng.random() < 0.35:
        text += rng.choice(VILLAGES) + ("村" if text.endswith("鄉") else "里")
        if rng.random() < 0.6:
            text += f"{num(rng.randint(1, 30))}鄰"
    text += rng.choice(v.ROADS) + rng.choice(("路", "路", "街", "南路", "北路"))
    if rng.random() < 0.5:
        text += f"{v.chinese(rng.randint(1, 5))}段"
    if rng.random() < 0.5:
        text += f"{num(rng.randint(1, 400))}巷"
        if rng.random() < 0.4:
            text += f"{num(rng.randint(1, 30))}弄"
    text += f"{num(rng.randint(1, 500))}號"
    if rng.random() < 0.2:  # 號之3, then no floor: 之3 and 14樓 would run together
        return text + f"之{num(rng.randint(1, 9))}", len(county)
    if rng.random() < 0.5:
        text += f"{num(rng.randint(2, 25))}樓"
        if rng.random() < 0.2:
            text += f"之{num(rng.randint(1, 9))}"
    return text, len(county)


def birth_date(rng: random.Random) -> tuple[str, int]:
    """(a date of birth as written before 生 or after 出生年月日：, its ROC year)."""
    y, m, d = rng.randint(30, 95), rng.randint(1, 12), rng.randint(1, 28)
    roll = rng.random()
    if roll < 0.35:
        text = f"民國{maybe_wide(rng, str(y))}年{m}月{d}日"
    elif roll < 0.55:
        text = f"{y}年{m}月{d}日"
    elif roll < 0.75:
        text = f"民國{v.chinese(y)}年{v.chinese(m)}月{v.chinese(d)}日"
    elif roll < 0.9:
        text = f"西元{y + 1911}年{m}月{d}日"
    else:
        text = f"{y + 1911}/{m:02d}/{d:02d}"
    return text, y


def account(rng: random.Random) -> tuple[str, str]:
    """(an account number as written, the institution's name, "" for 劃撥)."""
    roll = rng.random()
    if roll < 0.25:  # a postal savings account: the office's seven digits, the account's seven
        return f"{_digits(rng, 7)}-{_digits(rng, 7)}", "中華郵政股份有限公司"
    if roll < 0.4:  # a postal giro account: eight digits
        return _digits(rng, 8), ""
    digits = _digits(rng, rng.choice((12, 13, 14)))
    if rng.random() < 0.5:
        digits = f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"
    return digits, rng.choice(BANKS)


def plate(rng: random.Random) -> str:
    """A licence plate of the formats on the road now: ABC-1234 (cars since 2012),
    AB-1234 and 1234-AB (older cars), ABC-123 and 123-ABC (motorcycles)."""

    def letters(n: int) -> str:
        return "".join(rng.choice(PLATE_LETTERS) for _ in range(n))

    form = rng.choice(("L3D4", "L3D4", "L2D4", "D4L2", "L3D3", "D3L3"))
    if form[0] == "L":
        return f"{letters(int(form[1]))}-{_digits(rng, int(form[3]))}"
    return f"{_digits(rng, int(form[1]))}-{letters(int(form[3]))}"


def email(rng: random.Random) -> str:
    local = rng.choice(PINYIN) + rng.choice((".", "_", "")) + rng.choice(GIVEN_PINYIN)
    if rng.random() < 0.5:
        local += str(rng.randint(1, 99) if rng.random() < 0.5 else rng.randint(1950, 2005))
    return f"{local}@{rng.choice(MAIL_DOMAINS)}"


def person_name(rng: random.Random, foreign: bool = False) -> tuple[str, str]:
    """(a natural person's name, its surname): mostly one-glyph surnames with one or
    two given glyphs, a few double surnames, residents' transliterated names."""
    if foreign:
        surname = rng.choice(FOREIGN_SURNAMES)
        return surname + rng.choice("氏文") + rng.choice(v.GIVEN), surname
    surname = rng.choice(DOUBLE_SURNAMES) if rng.random() < 0.06 else rng.choice(v.SURNAMES)
    given = "".join(rng.choice(v.GIVEN) for _ in range(rng.choice((1, 2, 2, 2))))
    return surname + given, surname
