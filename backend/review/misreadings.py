"""Evidence that a reading misread a term, so that a difference is no change of the law.

Kept apart from ``legal_terms`` (which finds the terms that differ) because these
are the rules that say a difference is the engine's misreading, from the text
alone. None hides a difference: the diff still flags it; they only keep it from
being raised as a critical change of the words or values:

* a line, a table cell, or a long stretch one reading lacks or read as
  unrelated characters (``unread_lines``): the other reading says nothing there;
* text holding Simplified-only characters (``garbled_spans``: 宝, 圆, 们), which
  no Traditional Chinese legal text has;
* a name mask read as look-alikes, a seal, fewer circles or none (``misread_mask``);
* a value the alternate misread (``misread_value``): the same digits with
  separators misplaced (not a decimal point dropped, added or read as a comma:
  0.55 / 055 is another number; but a thousands comma the alternate read as a
  point is its own), a numeral that is no number (去萬千 for 九萬六千), a
  digit read as another character (八 / 人), circles read as circles (○○ / 0C);
  a ○ zero after a numeral the alternate read as nothing (一○九 / 一九: engines
  often do; a ○ the transcript lacks, 一九 / 一○九, stays critical);
* a term the alternate reads in the wrong script (``wrong_script``: 被告 as BA CF).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from backend.review.charclass import CHINESE_NUMERALS, CIRCLES, is_han, is_numeral
from backend.review.numerals import CHINESE_CHARS, DECIMAL_POINTS, well_formed
from backend.review.term_extract import CriticalTerm
from backend.review.textnorm import DEFAULT_MARKERS
from backend.review.values import CriticalKind, DiffCategory, Hunk


def garbled_spans(
    hunks: Sequence[Hunk], alternate: str, simplified: frozenset[str]
) -> list[tuple[int, int]]:
    """The alternate's side of substantive hunks holding Simplified-only characters
    (宝, 圆, 们): no Traditional Chinese legal text has them, so the engine misread
    there (a seal, bleed-through, a blurred line), and a number or word found only
    in that text is not the document's. The diff still flags the hunk.
    ``simplified``: ``ReviewTables.simplified_only()``."""
    return [
        (h.alt_start, h.alt_end)
        for h in hunks
        if h.category is DiffCategory.SUBSTANTIVE
        and any(c in simplified for c in alternate[h.alt_start : h.alt_end])
    ]


def inside(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(s <= span[0] and span[1] <= e for s, e in spans)


def unread_lines(h: Hunk, transcript: str, alternate: str) -> bool:
    """Whole lines or table cells one reading lacks (an engine could not read them,
    or the transcript dropped them), or a long stretch the alternate read as
    unrelated characters (a seal or bleed-through over the line): the diff flags
    them; the other reading says nothing about the terms inside, so none is
    compared. A word or clause dropped or changed inside a line is compared."""
    if h.text.strip():
        return unread_text(transcript, h.start, h.end, h.alt_text)
    return _unread_unit(alternate, h.alt_start, h.alt_end) is not None


def unread_text(transcript: str, start: int, end: int, alt_text: str) -> bool:
    """``transcript[start:end]``, where the alternate reads ``alt_text``, is text the
    alternate did not read (``unread_lines``' rule from the transcript's side): whole
    lines or a cell it lacks, or a long stretch it read as unrelated characters."""
    text = transcript[start:end]
    if not text.strip():
        return False
    if alt_text.strip():
        return _garbled(text, alt_text)
    return _unread_unit(transcript, start, end, wrap_edges=False) is not None


def lines_unread(h: Hunk, transcript: str) -> int:
    """How many of the transcript's lines ``h`` is that the alternate has nothing for,
    by the rule of ``unread_lines``: whole lines only. A table cell alone is part of
    a line the alternate did read (its terms are still not compared)."""
    if not h.text.strip() or h.alt_text.strip():
        return 0
    if _unread_unit(transcript, h.start, h.end) != "lines":
        return 0
    return sum(1 for line in h.text.split("\n") if line.strip())


def _unread_unit(text: str, start: int, end: int, wrap_edges: bool = True) -> str | None:
    """ "lines" when text[start:end] is whole lines, "cell" when it is the whole of a
    table cell (between | marks), None when other text shares its line or cell.
    ``wrap_edges``: a stretch across a line break that is only one line's end and the
    next one's start counts as lines too (False for the transcript's text the alternate
    lacks: 17,⏎2 of 17,⏎200 is no line the alternate failed to read)."""
    piece = text[start:end]
    start, end = start + len(piece) - len(piece.lstrip()), end - len(piece) + len(piece.rstrip())
    if "\n" in text[start:end]:
        return "lines" if wrap_edges or _holds_a_line(text, start, end) else None
    # The line, or the table cell (between | marks), the missing text stands in.
    lo = max(text.rfind("\n", 0, start), text.rfind("|", 0, start)) + 1
    ends = [i for i in (text.find("\n", end), text.find("|", end)) if i >= 0]
    after = DEFAULT_MARKERS.sub("", text[end : min(ends, default=len(text))])
    if text[lo:start].strip() or after.strip():
        return None
    line_lo = text.rfind("\n", 0, start) + 1
    line_hi = len(text) if (e := text.find("\n", end)) < 0 else e
    rest = DEFAULT_MARKERS.sub("", text[line_lo:start] + text[end:line_hi])
    return "cell" if rest.strip(_CELL_MARKS) else "lines"


def _holds_a_line(text: str, start: int, end: int) -> bool:
    """text[start:end], across a line break, holds a whole line of text, or starts or
    ends one: no more than a wrap's two edges (17,⏎2 of 17,⏎200) is no line unread."""
    first, last = text.find("\n", start, end), text.rfind("\n", start, end)
    if text[first + 1 : last].strip():
        return True
    line_lo = text.rfind("\n", 0, start) + 1
    line_hi = len(text) if (e := text.find("\n", end)) < 0 else e
    return not text[line_lo:start].strip() or not text[end:line_hi].strip()


_CELL_MARKS = " \t\u3000|｜"  # a row's pipes and spaces: no text of its own


GARBLED_MIN = 12  # characters: a shorter replacement is a misreading to compare
GARBLED_SHARE = 0.25  # the alternate shares fewer of the transcript's characters than this


def _garbled(ours: str, theirs: str) -> bool:
    """The alternate read a long stretch as mostly other characters: not a reading
    of the same words, so its numbers and words there say nothing."""
    # Numerals are left out: 一百二十萬 and 1200000 share no character, and are one number.
    mine = {c for c in ours if is_han(c) and c not in CHINESE_CHARS}
    if len(ours.strip()) < GARBLED_MIN or len(mine) < GARBLED_MIN // 2:
        return False
    return len(mine & set(theirs)) < GARBLED_SHARE * len(mine)


def misread_mask(
    mask: str, seen: str, misreads: frozenset[str], after: str = "", seen_after: str = ""
) -> bool:
    """The other side reads the mask's circles as look-alikes, a seal, or fewer of
    them (王。。, 王㊞○, 王。), its surname the same: no name was filled in.

    ``after``: the transcript's text after its mask; ``seen_after``: the other
    side's after ``seen``. An engine that drops the circles (王○○與 read 王與)
    reads on with what follows the mask. Spaces are no reading of either: a Latin
    reading spaces its letters from the Han ones (余 0C0)."""
    seen, seen_after = squeezed(seen), squeezed(seen_after)
    circles = "".join(misreads)  # a seal among them is one (陳印○)
    lead = next((i for i, c in enumerate(mask) if c in misreads), len(mask))
    head, rest = mask[:lead], mask[lead:]
    if not seen.strip():
        # Nothing there: circles alone an engine drops (the diff flags the omission);
        # a character with them (胡志○ where the other reads 胡) may be a name filled in.
        return not head
    tail = rest.lstrip(circles)  # 明 of 王○明
    at = seen.find(head)
    if at < 0:
        return False  # another surname (or placeholder): another party
    body = seen[at + len(head) :]
    read = len(body) - len(body.lstrip(circles))
    if read == 0:
        # A character where the circles were is a name filled in, unless it is
        # what follows the mask (the engine dropped the circles).
        rest_seen = body + seen_after
        return bool(after.strip()) and not tail and rest_seen.startswith(after)
    # A circle fewer is the engine's (王○○ / 王。到庭: what follows is the next word).
    return not tail or body[read:].startswith(tail)


def squeezed(text: str) -> str:
    return "".join(text.split())


def wrong_script(seen: str) -> bool:
    """The alternate reads Latin letters (and marks) only where the transcript has a
    Han term (被告 read BA CF): a low-resolution reading of the wrong script, no
    reading of any word or numeral, so it neither confirms nor changes the term.
    The diff still flags it. A digit there is a reading of a numeral (5% / 59%):
    compared. Nothing there, or marks alone (。), is an omission: compared."""
    seen = squeezed(seen)
    latin = any(c.isascii() and c.isalpha() for c in seen)
    return latin and not any(is_han(c) or c.isdigit() for c in seen)


def zeros_only(text: str, misreads: frozenset[str]) -> bool:
    """Only circles: zeros or a name mask, as written (○, 〇, 0) or as an engine reads
    them (the table's look-alikes: 0C), which carry no value either way."""
    text = squeezed(text)
    return bool(text) and all(c in misreads or c in "0０" for c in text)


def misread_value(
    t_texts: list[str],
    a_texts: list[str],
    t_seen: str,
    a_seen: str,
    alone: bool = False,
    misreads: frozenset[str] = frozenset(),
) -> bool:
    """The alternate misread a value the transcript has (see the module's list).

    ``t_texts``/``a_texts``: the value's text on each side (the term and its
    counterparts); ``t_seen``/``a_seen``: the two readings over the term's span.
    ``alone``: the transcript's numeral stands alone on its line, counting nothing
    (a heading 主文 read as 二六): Han characters the alternate reads there are words
    where the transcript has numerals, no misread digit (issue 22)."""
    if not t_texts and zeros_only(t_seen, misreads) and zeros_only(a_seen, misreads):
        # 何○○ read 何 C0C): the transcript has no number there, only a mask's circles,
        # which the alternate took for zeros. (Zeros of a number count: 二〇〇九 / 20009.)
        return True
    digits = _digits(t_seen)
    t_han, a_han = _han_numerals(t_seen), _han_numerals(a_seen)
    # 3,127,023 / 3127，023 (or 113年 read 113貳: a frame read as a numeral); but
    # 第648條之二 / 第648條之三 share only the Arabic digits: each side writes a
    # Chinese numeral of the value, and they differ. And a decimal point one side
    # lacks, or reads as a comma, is another number with the same digits (0.55 / 055).
    if digits and digits == _digits(a_seen) and not (t_han and a_han and t_han != a_han):
        return _same_points([t_seen], [a_seen]) and _same_points(t_texts, a_texts)
    t, a = squeezed(t_seen), squeezed(a_seen)
    if _digit_read_as_letter(t, a) and not (alone and all(map(is_han, a))):
        return True
    if _circle_unseen(t, a):
        return True
    return bool(a_texts and t_texts) and (
        all(map(well_formed, t_texts)) and not all(map(well_formed, a_texts))
    )


def _digit_read_as_letter(t: str, a: str) -> bool:
    """One for one, every difference is a numeral character in the transcript read
    as a character no numeral has in the alternate (八 / 人, 九 / 去): the transcript
    still writes a number there, the alternate no longer does."""
    if len(t) != len(a) or t == a:
        return False
    pairs = [(x, y) for x, y in zip(t, a, strict=True) if x != y]
    return all(_NUMERAL_CHAR(x) and not _NUMERAL_CHAR(y) and y.isalpha() for x, y in pairs)


def _circle_unseen(t: str, a: str) -> bool:
    """The alternate reads the transcript's number less circle zeros that follow its
    numerals (一○五 / 一五, 一一○年 / 一一年): engines often read a ○ as nothing, so it
    is the alternate's misreading and the transcript's number stands. A circle the
    transcript lacks and the alternate has (一五 / 一○五) is no such thing: critical."""
    kept, run = [], False  # run: after a numeral, across the circles that follow it
    for c in t:
        if c in CIRCLES and run:
            continue
        run = _NUMERAL_CHAR(c) and c not in CIRCLES
        kept.append(c)
    return len(kept) < len(t) and "".join(kept) == a


def _NUMERAL_CHAR(c: str) -> bool:
    return is_numeral(c) or c.isdigit()


def _digits(text: str) -> str:
    return "".join(c for c in text.translate(_FULL_DIGITS) if c.isascii() and c.isdigit())


def _decimal_places(text: str) -> list[int]:
    """After how many digits each decimal point of ``text`` stands (每公升0.55毫克: [1]).

    A point (either width) between two digits is a decimal point: zh_TW groups
    thousands with a comma (1,000), never with a point. So a reading that drops it
    (0.55 / 055, 1.5% / 15%), moves it, or reads it as a comma writes another number
    with the same digits: 1,5 is no number in zh_TW (two, listed), and 1.220 / 1,220
    are one and a fifth against a thousand (``_same_points`` says whose). A point
    with no digit after it ends a sentence or an item (第3條. / 1.原告): not part of
    the number. Spaces are no reading of either."""
    text = squeezed(text).translate(_FULL_DIGITS)
    places, seen = [], 0
    for i, c in enumerate(text):
        if _ascii_digit(c):
            seen += 1
        elif (
            c in DECIMAL_POINTS
            and i
            and _ascii_digit(text[i - 1])
            and _ascii_digit(text[i + 1 : i + 2])
            and not _whole_after(text, i + 1)
        ):
            places.append(seen)
    return places


def _whole_after(text: str, start: int) -> bool:
    """The digits from ``start`` count a year or a month (113年, 5月): whole numbers,
    so the point before them ends an item's number (1.113年5月3日), no decimal point."""
    end = start
    while _ascii_digit(text[end : end + 1]):
        end += 1
    return text[end : end + 1] in ("年", "月")


def _same_points(ours: list[str], theirs: list[str]) -> bool:
    """The transcript's texts (``ours``) and the alternate's put their decimal points
    after the same digits (either side unknown: nothing says otherwise). The terms are
    compared as well as the spans the term covers: 1,5 read 1.5 is the terms 1 and 5
    against 1.5, and the span of the transcript's 1 is the alternate's 1 alone.

    A point the alternate reads where the transcript groups thousands with a comma
    (1,220元 / 1.220元) is the alternate's misreading, as an engine at low resolution
    reads the comma's tail away; the other way round (the transcript's 1.220元) the
    transcript's number is one and a fifth, critical."""
    if not ours or not theirs:
        return True
    mine, seen = "".join(ours), "".join(theirs)
    grouped = set(_grouping_places(mine))
    return _decimal_places(mine) == [p for p in _decimal_places(seen) if p not in grouped]


# A number grouped by thousands as zh_TW writes it: 1,220 / 3，127，023 (not 0,25 or 1,5).
_GROUPED = re.compile(r"(?<![0-9.．])[1-9][0-9]{0,2}(?:[,，][0-9]{3})+(?![0-9])")


def _grouping_places(text: str) -> list[int]:
    """After how many digits each thousands separator of ``text`` stands (1,220: [1])."""
    text = squeezed(text).translate(_FULL_DIGITS)
    places = []
    for m in _GROUPED.finditer(text):
        before = sum(map(_ascii_digit, text[: m.start()]))
        digits = 0
        for c in m.group():
            if _ascii_digit(c):
                digits += 1
            else:
                places.append(before + digits)
    return places


def _ascii_digit(c: str) -> bool:
    return c.isascii() and c.isdigit()


def _han_numerals(text: str) -> str:
    """The Chinese numerals among ``text`` (a zero's circle in any form is one zero)."""
    return "".join(c for c in text if c in CHINESE_NUMERALS and c not in CIRCLES)


_FULL_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")


_HEADING = re.compile(r"[ \u3000]*((?:第[^條項款目\s]{1,8}[條項款目])+)[ \u3000]")


def label(term: CriticalTerm, text: str) -> bool:
    """A numbered item's label: a numeral first on its line or in a table row,
    closed by 、 or the cell's end (一、… / | 二 | …), or a statute's article
    heading (第八條　…). It orders the items; an unread line's label is no item
    to check (the line's own flag shows it)."""
    line = text.rfind("\n", 0, term.start) + 1
    before = text[line : term.start].strip(" \u3000|")
    after = text[term.end : term.end + 3]
    if term.kind is CriticalKind.ARTICLE:
        heading = _HEADING.match(text, line)
        return heading is not None and term.end <= heading.end(1)
    return term.kind is CriticalKind.NUMBER and not before and after.lstrip()[:1] in ("、", "|")
