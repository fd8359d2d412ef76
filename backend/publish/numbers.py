"""Personal numbers in a page's text, each with its own validity check: identity and
resident certificate numbers (their check digit), phone numbers (Taiwan's numbering
plan), bank and postal accounts (after the word that names one), licence plates
(the formats plates are issued in) and e-mail addresses.

Matching runs on the text with full-width letters and digits folded to ASCII, one
character for one, so a match's offsets are the page's own (OCR'd text mixes
Ａ１２３ and A123).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain

from backend.publish.model import Finding, PersonalKind

# Full-width ASCII to ASCII, the ideographic space to a space, full-width parentheses
# and hyphens' look-alikes to ASCII: one code point for one, so offsets hold.
_WIDTH = (
    {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}
    | {0x3000: " "}
    | {ord(c): "-" for c in "‐‑‒–—－―"}
)


def ascii_folded(text: str) -> str:
    """``text`` with widths folded, the same length and offsets."""
    return text.translate(_WIDTH)


def _key(text: str) -> str:
    """A number's key: its letters (upper case) and digits, nothing else."""
    return "".join(c for c in ascii_folded(text).upper() if c.isascii() and c.isalnum())


# -- identity and resident certificate numbers ------------------------------------------

# The letter of the place of first registration, as the check digit reads it: A=10 …
# (I, O, W, X, Y, Z were added later and sit out of order).
_LETTER_CODES = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))
_WEIGHTS = (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1)
# Masks a source already applied to part of a number (A12345****).
_NUMBER_MASKS = "*＊○〇Ｏ×xX"
_ID = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Da-d0-9][0-9*○〇Ｏ×xX]{8}(?![A-Za-z0-9])")
# Words that say a number is a person's identity number; within this many characters
# before it, a number whose check digit fails is still taken (one digit misread).
# The same written with spaces or hyphens (A 123 456 789, A1-2345-6789).
_ID_SPACED = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][ -]?[0-9A-Da-d](?:[ -]?[0-9]){8}(?![A-Za-z0-9])")
_ID_WORDS = re.compile(r"身分證|身份證|統一證號|居留證|居留證號|證號|ID|護照|字號")
_ID_WORDS_BEFORE = 16
# ... and words that say a letter and digits are something else (an invoice's number
# is two letters and eight digits, as an old resident certificate's is).
_NOT_ID_WORDS = re.compile(r"發票|票號|單號|訂單|案號|批號|序號")


def check_digit_ok(number: str) -> bool:
    """Whether ``number`` (A123456789; an old resident certificate AB12345678, its
    second letter standing for its code's last digit) passes the check digit."""
    number = number.upper()
    first = _LETTER_CODES.get(number[0])
    if first is None or len(number) != 10:
        return False
    second = number[1]
    if second.isalpha():
        code = _LETTER_CODES.get(second)
        if code is None:
            return False
        second = str(code % 10)
    rest = second + number[2:]
    if not rest.isdigit():
        return False
    digits = [first // 10, first % 10, *map(int, rest)]
    return sum(d * w for d, w in zip(digits, _WEIGHTS, strict=True)) % 10 == 0


def id_numbers(page: int, text: str, folded: str) -> Iterator[Finding]:
    """National identity numbers (A123456789, second digit 1 or 2), resident
    certificate numbers (AB12345678, or A812345678 since 2021), and either with part
    already masked by the source (A12345****)."""
    spaced = (m for m in _ID_SPACED.finditer(folded) if not m[0].isalnum())
    for m in chain(_ID.finditer(folded), spaced):
        number = m[0].upper() if m[0].isalnum() or "*" in m[0] else _key(m[0])
        before = folded[max(0, m.start() - _ID_WORDS_BEFORE) : m.start()]
        if _NOT_ID_WORDS.search(before):
            continue
        if number[1] not in "1289ABCD":
            continue  # no identity or resident number has that second character
        masked = any(c in _NUMBER_MASKS for c in number[2:])
        # 1 and 2 are citizens' (the sex); 8, 9 and a letter resident certificates.
        kind = PersonalKind.NATIONAL_ID if number[1] in "12" else PersonalKind.RESIDENT_ID
        worded = _ID_WORDS.search(before) is not None
        if masked:
            reason = "masked in source"
            if not worded and sum(c.isdigit() for c in number) < 4:
                continue  # too little left to be sure it is a number at all
        elif check_digit_ok(number):
            reason = "check digit"
        elif worded:
            reason = "check digit fails: misread?"
        else:
            continue
        found = text[m.start() : m.end()]
        yield Finding(kind, page, m.start(), m.end(), found, _key(number), reason)


# -- phone numbers -----------------------------------------------------------------------

_SEP = r"[-\s.]?"
_PHONE = re.compile(
    r"(?<![0-9A-Za-z])(?:"
    # mobiles: 09xx xxx xxx, or +886 9xx xxx xxx
    rf"(?P<mobile>(?:\+?886{_SEP}|0)9\d{{2}}{_SEP}\d{{3}}{_SEP}\d{{3}})"
    "|"
    # landlines: (02)2345-6789, 02-2345-6789, 037-123456, +886-2-2345-6789; an extension
    rf"(?P<land>(?:\+?886{_SEP}\(?|\(0|0)[2-8]\d{{0,3}}\)?{_SEP}\d{{3,4}}{_SEP}\d{{3,4}})"
    r"(?P<ext>\s*(?:#|轉|分機|ext\.?)\s*\d{1,5})?"
    r")(?![0-9])"
)


def phone_numbers(page: int, text: str, folded: str) -> Iterator[Finding]:
    """Mobile and landline numbers whose digit count fits Taiwan's plan: a mobile is
    0 and nine digits; a landline 0, its area code and seven or eight digits, nine or
    ten digits in all (the area code is one to four digits)."""
    for m in _PHONE.finditer(folded):
        digits = "".join(c for c in (m["mobile"] or m["land"]) if c.isdigit())
        national = "0" + digits[3:] if digits.startswith("886") else digits
        mobile_ok = m["mobile"] and len(national) == 10
        land_ok = m["land"] and len(national) in (9, 10) and national[1] != "9"
        if mobile_ok or land_ok:
            yield Finding(
                PersonalKind.PHONE, page, m.start(), m.end(), text[m.start() : m.end()], national
            )


# -- bank and postal accounts -------------------------------------------------------------

# An account is a run of digits (with hyphens or spaces) after the word that names it:
# no check digit is shared by Taiwan's banks, so the word is what tells an account from
# an amount or a case number.
_ACCOUNT = re.compile(
    r"(?:帳號|帳戶|账号|劃撥|存簿|存摺|戶號|局號)[^0-9\n。；]{0,14}?"
    r"(?P<number>(?:\(\d{3,7}\)\s?)?\d[\d\- ]{4,22}\d)(?![0-9])"
)
_ACCOUNT_DIGITS = range(6, 17)
# An amount in an account (帳戶內存款新臺幣123456元) is no account number.
_MONEY_BEFORE = re.compile(r"新臺幣|新台幣|台幣|金額|餘額|存款|共計|計|NT\$?|\$")
_MONEY_AFTER = re.compile(r"\s*[元圓萬千百]")


def accounts(page: int, text: str, folded: str) -> Iterator[Finding]:
    """Bank and postal account numbers: six to sixteen digits after 帳號, 帳戶, 劃撥 …
    (a bank's code in parentheses before them is part of the finding)."""
    for m in _ACCOUNT.finditer(folded):
        number = m["number"].rstrip(" -")
        gap = folded[m.start() : m.start("number")]
        after = m.start("number") + len(number)
        if _MONEY_BEFORE.search(gap) or _MONEY_AFTER.match(folded, after):
            continue
        digits = "".join(c for c in number if c.isdigit())
        if len(digits) in _ACCOUNT_DIGITS:
            start = m.start("number")
            end = start + len(number)
            yield Finding(PersonalKind.ACCOUNT, page, start, end, text[start:end], digits)


# -- licence plates ------------------------------------------------------------------------

# The formats Taiwan issues (cars, then motorcycles, old and new): letters and digits
# joined by a hyphen. Taken alone only in these shapes; after 車牌/車號 any two groups.
_PLATE_SHAPES = (
    r"[A-Z]{3}-\d{4}|[A-Z]{2}-\d{4}|\d{4}-[A-Z]{2}|[A-Z]\d-\d{4}|\d{2}-[A-Z]\d"
    r"|[A-Z]{3}-\d{3}|\d{3}-[A-Z]{3}|[A-Z]{2}\d-\d{3}|\d{3}-[A-Z]\d|[A-Z]{3}-\d{2}"
)
_PLATE = re.compile(rf"(?<![A-Za-z0-9-])(?:{_PLATE_SHAPES})(?![A-Za-z0-9-])")
_PLATE_WORDS = re.compile(
    r"(?:車牌|車號|牌照|號牌|牌號)[^A-Za-z0-9\n。；]{0,8}?"
    r"(?P<plate>[A-Z0-9]{1,4}[- ]?[A-Z0-9]{1,4})(?![A-Za-z0-9])"
)


_UPPER = {c: c - 32 for c in range(ord("a"), ord("z") + 1)}


def plates(page: int, text: str, folded: str) -> Iterator[Finding]:
    """Licence plates: the issued shapes anywhere, any letters-and-digits after the
    words that name a plate (車牌號碼 ABC1234, written without its hyphen)."""
    folded = folded.translate(_UPPER)  # plates are written in capitals; OCR may not be
    seen: set[int] = set()
    for m in _PLATE_WORDS.finditer(folded):
        plate = m["plate"]
        if any(c.isalpha() for c in plate) and any(c.isdigit() for c in plate):
            seen.add(m.start("plate"))
            yield _plate(page, text, m.start("plate"), m.end("plate"))
    for m in _PLATE.finditer(folded):
        if m.start() not in seen:
            yield _plate(page, text, m.start(), m.end())


def _plate(page: int, text: str, start: int, end: int) -> Finding:
    found = text[start:end]
    return Finding(PersonalKind.PLATE, page, start, end, found, _key(found))


# -- e-mail ---------------------------------------------------------------------------------

_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+"
)


def emails(page: int, text: str, folded: str) -> Iterator[Finding]:
    for m in _EMAIL.finditer(folded):
        found = text[m.start() : m.end()]
        yield Finding(PersonalKind.EMAIL, page, m.start(), m.end(), found, m[0].lower())
