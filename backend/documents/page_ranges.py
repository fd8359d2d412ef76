"""Page ranges as people type them ("1-3, 7") → 0-based page numbers.

The one parser behind every ``--pages`` option and every page-range field:

* pages are 1-based as typed, 0-based as returned; sorted, each page once;
* ``None``, "" or only spaces: every page (``None``, so callers can say "all");
* parts are split by commas; a part is a page ("7"), a range ("3-5") or a
  range to the last page ("5-"); spaces around numbers and separators are
  fine, and empty parts ("1,,3", "1,") are skipped. "-3" is refused: it reads
  as much like a negative page (``--page -3``) as like "1-3";
* CJK input is read as typed: full-width digits (０-９), commas (，、) and
  dashes (－ – — ～ 〜 ~) count as their ASCII forms;
* a reversed range ("5-3"), a page outside 1..page_count, or anything else
  raises ``PageRangeError`` naming the bad part and the page count.
"""

from __future__ import annotations

import re

from backend.errors import PageRangeError, RangeProblem
from backend.i18n import _

# Full-width digits, and every dash or wave a CJK keyboard makes.
_ASCII = str.maketrans(
    {
        **{chr(0xFF10 + d): str(d) for d in range(10)},
        **dict.fromkeys("－–—‐‑‒−~～〜", "-"),
    }
)
_COMMA = re.compile("[,，、]")
_PART = re.compile(r"([0-9]+)\s*(?:(-)\s*([0-9]*))?")
SHOWN_CHARS = 40  # a message quotes at most this much of a bad part (``part`` keeps it all)


def parse_page_ranges(text: str | None, page_count: int) -> tuple[int, ...] | None:
    """'1-3, 7' → (0, 1, 2, 6); None or blank → None (all pages). See the module doc."""
    if text is None or not text.strip():
        return None
    pages: set[int] = set()
    for typed in _COMMA.split(text):  # fold each part after: errors quote what was typed
        if typed.strip():
            first, last = _bounds(typed.strip(), page_count)
            pages.update(range(first - 1, last))
    if not pages:  # only commas
        raise _error("not_a_range", text.strip(), page_count)
    return tuple(sorted(pages))


def _bounds(typed: str, page_count: int) -> tuple[int, int]:
    """(first, last), 1-based and inclusive, of one part such as "3-5", "5-" or "7"."""
    match = _PART.fullmatch(typed.translate(_ASCII))
    if match is None:
        raise _error("not_a_range", typed, page_count)
    first = _number(match[1])
    last = _number(match[3]) if match[3] else page_count if match[2] else first
    if first > last and match[3]:
        raise _error("backwards", typed, page_count)
    if not 1 <= first <= last <= page_count:
        raise _error("outside", typed, page_count)
    return first, last


def _number(digits: str) -> int:
    # int() refuses strings over 4,300 digits; any such page is outside the document.
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 12 else 10**12


def _error(problem: RangeProblem, part: str, page_count: int) -> PageRangeError:
    problems = {
        "not_a_range": _("is not a page range like 1-20 or 3,5,9"),
        "backwards": _("is not a page range: it runs backwards"),
        "outside": _("is outside 1–{page_count}").format(page_count=page_count),
    }
    shown = part if len(part) <= SHOWN_CHARS else part[:SHOWN_CHARS] + "…"
    return PageRangeError(
        _("“{shown}” {problems}. The document has {page_count} pages.").format(
            shown=shown, problems=problems[problem], page_count=page_count
        ),
        part=part,
        page_count=page_count,
        problem=problem,
    )
