"""A year written digit by digit with a digit too few or too many for its era.

Engines drop the ring of a zero (中華民國一〇八年 read 中華民國一八年) and often both
do, so the readings agree and no comparison sees it; yet the date is another, by
ninety years. The year's own form says so: a year written digit by digit (no 十 or
百, only the ten digits and the zero's forms) has as many digits as the years of
its era are long:

* Western (西元, 公元): four (二〇〇九);
* Minguo (民國, a case number's 年度): three from 100 on; a two-digit one of the
  1920s (一八, ROC 18) is written 十八 in a judgment, so 一 followed by one more
  digit is a three-digit year that lost one, and four or more digits are no
  Minguo year at all. A full date without an era is a Minguo one, but a four-digit
  year there may be Western, so only the 一-plus-one form is doubted.

What is doubted is flagged as a critical item to check against the scan, over the
year's digits only: it is not a disagreement, and the alternate vouches for nothing
here when it read the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from backend.i18n import _
from backend.review.charclass import CIRCLES
from backend.review.term_extract import CriticalTerm
from backend.review.values import CriticalKind, Flag, FlagKind

_DIGITS = "".join(sorted(CIRCLES)) + "零一二三四五六七八九"
# The era (if any) and the year's written digits at the start of a date or case number.
_YEAR = re.compile(
    rf"(?P<era>(?:中\s*華\s*)?民\s*國|西\s*元|公\s*元)?\s*(?P<y>[{_DIGITS}][{_DIGITS}\s]*?)\s*年"
)
_WESTERN = re.compile(r"[西公]\s*元")
# An era just before a year that the term found from its second line leaves out.
_ERA_BEFORE = re.compile(r"(?:民\s*國|[西公]\s*元)\s*$")
_KINDS = frozenset({CriticalKind.DATE, CriticalKind.CASE_NUMBER})


def year_flags(
    transcript: str, terms: Iterable[CriticalTerm], taken: Sequence[Flag] = ()
) -> list[Flag]:
    """A CRITICAL flag over each digit-by-digit year among the transcript's dates and
    case numbers (``terms``, offsets into ``transcript``) whose length no year of its
    era has; not for a year a flag of ``taken`` already covers (a year the readings
    disagree on is one item, its flag the comparison's). A flag elsewhere in the date
    (its day read otherwise) says nothing of the year: the reviewer checks what the
    flag points at, so the year keeps its own item."""
    # Doubted years are rare: each is checked against every flag.
    return [
        f
        for _term, f in _flags(transcript, terms)
        if not any(t.span.overlaps(f.span) for t in taken)
    ]


def _flags(transcript: str, terms: Iterable[CriticalTerm]) -> Iterator[tuple[CriticalTerm, Flag]]:
    for term in terms:
        if term.kind not in _KINDS:
            continue
        m = _YEAR.match(term.text)
        if m is None:
            continue
        start, end = term.start + m.start("y"), term.start + m.end("y")
        # A year broken over two lines (中華民國一\n一二年) is found from its second
        # line on: its digits and era go on before the term. Only with the era there:
        # a numeral ending the line before (如附表一\n一一二年度) is not the year's.
        own, start = start, _back_over_digits(transcript, start)
        before = _ERA_BEFORE.search(transcript, max(0, start - 8), start)
        if before is None and not m["era"]:
            start = own
        digits = "".join(transcript[start:end].split())
        era = m["era"] or (before.group() if before else "")
        if not _doubted(digits, era, term):
            continue
        said = _(
            "year 「{year}」 is written digit by digit with {count} digits, which no year "
            "of its era has (a digit lost or doubled?); check it against the scan"
        ).format(year=digits, count=len(digits))
        yield term, Flag(start, end, FlagKind.CRITICAL, said, category=term.kind)


def _doubted(digits: str, era: str, term: CriticalTerm) -> bool:
    if len(digits) < 2:
        return False  # 九年: a year of one digit reads the same either way
    if _WESTERN.search(era):
        return len(digits) != 4
    lost = len(digits) == 2 and digits[0] == "一"
    minguo = bool(era) or term.kind is CriticalKind.CASE_NUMBER
    return lost or (minguo and len(digits) >= 4)


def _back_over_digits(transcript: str, start: int) -> int:
    """Where the run of year digits and spaces that ends at ``start`` begins."""
    while start > 0 and (transcript[start - 1] in _DIGITS or transcript[start - 1].isspace()):
        start -= 1
    while transcript[start].isspace():
        start += 1
    return start
