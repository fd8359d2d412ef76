"""Identity numbers with their check digit, computed from the rule (independently of
``backend.publish.numbers``): the letter's two-digit code weighted 1 and 9, the digits
weighted 8 7 6 5 4 3 2 1, and the check digit makes the sum a multiple of 10."""

from __future__ import annotations

LETTERS = "ABCDEFGHJKLMNPQRSTUVXYWZIO"  # in the order of their codes, 10 to 35


def with_check_digit(letter: str, second: str, body: str) -> str:
    code = 10 + LETTERS.index(letter)
    second_digit = str((10 + LETTERS.index(second)) % 10) if second.isalpha() else second
    digits = [code // 10, code % 10, *map(int, second_digit + body)]
    total = sum(d * w for d, w in zip(digits, (1, 9, 8, 7, 6, 5, 4, 3, 2, 1), strict=True))
    return f"{letter}{second}{body}{(10 - total % 10) % 10}"
