"""What kind of difference one hunk is: layout, punctuation, glyph or substantive.

Kept apart from ``compare`` (which walks the alignment and collects hunks)
because these are the rules of the review's noise filter, decided from a
hunk's characters alone: what normalisation folded, footnote marks an engine
missed, and the ○ name masks an engine reads as 。/O/0, told apart from a
changed number (一〇〇年 / 一〇年). A mark is punctuation only when the
transcript is not the side that lost it: a sentence mark the alternate reads
and the transcript lacks or misreads (一，二 / 一二, 一·二) is a difference, as
is noise the transcript gained inside Han text. Both the review diff and the
plain evaluation diff (``classify_differences``) categorise through here.
"""

from __future__ import annotations

from collections import Counter

from backend.review.charclass import (
    ARABIC_DIGITS,
    BRACKETS,
    BROKEN_RINGS,
    GAINED_NOISE,
    HALF_RINGS,
    MASK_CHARS,
    PAUSE_MARKS,
    PLAIN_DIGITS,
    SENTENCE_MARKS,
    STRAY_MARKS,
    is_han,
    is_punctuation,
    only_punctuation,
)
from backend.review.numerals import DECIMAL_POINTS
from backend.review.textnorm import CompareOptions
from backend.review.values import DiffCategory

# The transcript's mask characters (``charclass``): with width folding on the circles
# are one mark and Ｏ is O (a look-alike below).
MASKS = MASK_CHARS
MASK_LOOKALIKES = MASKS | frozenset(".。Oo0°º") | BROKEN_RINGS  # after width folding
# Next to one of these a circle is a zero (一〇〇年, 第一○○號), never a name mask.
NUMERAL_CONTEXT = PLAIN_DIGITS | frozenset("十百千萬")
# What a speck inside a number is read as, after width folding (``mark_in_number``).
NUMBER_MARKS = DECIMAL_POINTS | frozenset(":")
_COLONS = str.maketrans("：", ":")
# Superscript digits and daggers mark footnote references; engines often miss them.
FOOTNOTE_MARKS = frozenset("⁰¹²³⁴⁵⁶⁷⁸⁹†‡")


def categorise(
    t_norm: str,
    a_norm: str,
    t_kept: str,
    a_kept: str,
    options: CompareOptions,
    context: tuple[str, str] = ("", ""),
) -> DiffCategory:
    """Only dropped text differs, or marks, or glyph forms, or else words.

    ``*_norm`` are a hunk's normalised characters, ``*_kept`` the original
    characters normalisation kept there (they differ from ``*_norm`` by folds).
    ``context``: the transcript's characters just before and after the run of
    circles the hunk lies in ("" at the text's edge), see ``mask_context``.
    """
    width = options.tables.fold_table(True, False)
    if t_kept == a_kept:
        return DiffCategory.LAYOUT
    if options.fold_width and t_kept.translate(width) == a_kept.translate(width):
        return DiffCategory.PUNCTUATION
    if t_norm == a_norm:
        return DiffCategory.GLYPH if options.fold_variants else DiffCategory.PUNCTUATION
    if options.fold_masks and set(t_norm + a_norm) <= FOOTNOTE_MARKS:
        return DiffCategory.PUNCTUATION  # a footnote reference mark one engine missed
    if options.fold_masks and _mask_lookalike(t_norm, a_norm, t_kept, context, width):
        return DiffCategory.PUNCTUATION
    if options.fold_masks and mark_misread(t_kept, a_kept, width):
        return DiffCategory.SUBSTANTIVE  # 一，二 read 一二 or 一·二: ink the transcript missed
    if options.fold_masks and not t_kept and set(a_kept) <= STRAY_MARKS:
        return DiffCategory.PUNCTUATION  # the engine's specks and rules (訴訟費|用): its noise
    if options.fold_masks and doubled_mark(t_kept, a_kept, context):
        return DiffCategory.SUBSTANTIVE  # 時效。，惟: a speck read as a second mark
    if options.fold_masks and stray_marks(t_kept, a_kept, context):
        return DiffCategory.SUBSTANTIVE  # 訴訟[費用: noise the transcript gained, no punctuation
    if options.fold_masks and ring_dropped(t_kept, a_kept, context):
        return DiffCategory.SUBSTANTIVE
    if options.fold_masks and decimal_point(t_kept, a_kept, context, width):
        return DiffCategory.SUBSTANTIVE  # 0.55 read 055: the number is another
    if options.fold_masks and mark_in_number(t_kept, a_kept, context, width):
        return DiffCategory.SUBSTANTIVE  # 301,574 read 301:,574: a speck read as a mark
    if options.fold_masks and only_punctuation(t_norm + a_norm):
        # A mark only the transcript has: engines drop faint marks all the time, and
        # a mark alone changes no word or number.
        return DiffCategory.PUNCTUATION
    return DiffCategory.SUBSTANTIVE


def mark_misread(t_kept: str, a_kept: str, width: dict[int, str]) -> bool:
    """The transcript missed or misread a mark the alternate reads (issue 22).

    Either the alternate reads a sentence mark (，。；：？！, any width) that the
    transcript lacks here, having nothing or another mark there (一，二 read 一二,
    一。二 or 一·二); or both read only marks, and the transcript's is no sentence
    mark and no Chinese punctuation at all (一·二 where the alternate reads 一'二):
    both engines saw ink, and the transcript's reading of it is an odd one.

    Not the other way round: a sentence mark only the transcript has is what an
    engine drops when the ink is faint, no sign that the transcript is wrong (and
    every comma the alternate missed would be a flag)."""
    theirs = Counter(c for c in a_kept.translate(width) if c in SENTENCE_MARKS)
    ours = Counter(c for c in t_kept.translate(width) if c in SENTENCE_MARKS)
    if theirs - ours:
        return True
    t_marks, a_marks = "".join(t_kept.split()), "".join(a_kept.split())
    return (
        not ours
        and only_punctuation(t_marks)
        and only_punctuation(a_marks)
        and t_marks.translate(width) != a_marks.translate(width)
        and not all(map(_chinese_mark, t_marks))
    )


def ring_dropped(t_kept: str, a_kept: str, context: tuple[str, str]) -> bool:
    """The alternate reads a ring's halves (a bracket, or a pair) between two Han
    characters where the transcript has nothing: a ○ the transcript dropped (徐○雅
    read 徐雅, the alternate 徐 ( 雅). Other look-alikes there (0, C) are no marks,
    so they are a difference anyway."""
    before, after = context
    halves = bool(a_kept) and set(a_kept) <= HALF_RINGS
    return not t_kept and halves and is_han(before) and is_han(after)


def decimal_point(
    t_kept: str, a_kept: str, context: tuple[str, str], width: dict[int, str]
) -> bool:
    """A point between two digits that one reading has and the other lacks: a
    decimal point (每公升0.55毫克, 利率1.5%), and without it the number is another,
    however small the mark (issue 22's review: it went unflagged). The number's
    critical flag is the value comparison's (``legal_terms``): the two readings'
    numbers differ, and ``misreadings.misread_value`` does not take the same
    digits for a separator misplaced when a decimal point is what differs."""
    before, after = context
    one_side = (t_kept, a_kept) if t_kept else (a_kept, t_kept)
    point, other = one_side[0].translate(width), one_side[1]
    return (
        bool(point)
        and set(point) <= DECIMAL_POINTS
        and not other
        and before in ARABIC_DIGITS
        and after in ARABIC_DIGITS
    )


def mark_in_number(
    t_kept: str, a_kept: str, context: tuple[str, str], width: dict[int, str]
) -> bool:
    """The transcript gained a point or a colon inside a number the alternate reads
    without it (1,.837,781 or 301:,574 for 1,837,781 and 301,574: ``hunk_context``
    looks past the grouping comma, and gives a colon a context only beside one): a
    speck read as a mark, and the number the transcript gives is another. Only the
    transcript's: an engine drops a faint colon (10:30 read 1030), which is no sign
    the transcript's time is wrong."""
    before, after = context
    mark = t_kept.translate(width)
    return (
        bool(mark)
        and set(mark) <= NUMBER_MARKS
        and not a_kept
        and before in ARABIC_DIGITS
        and after in ARABIC_DIGITS
    )


def _chinese_mark(char: str) -> bool:
    """A mark of the CJK punctuation blocks: 「」『』、。《》 (U+3000-303F) or a
    full-width form (，；（）, U+FF00-FFEF), what Chinese text is punctuated with."""
    return "\u3000" <= char <= "\u303f" or "\uff00" <= char <= "\uffef"


def stray_marks(t_kept: str, a_kept: str, context: tuple[str, str]) -> bool:
    """The transcript has marks no Chinese text writes there (``charclass.GAINED_NOISE``:
    [ | " “ , · / and a lone bracket) between two Han characters, which the alternate
    lacks: not a punctuation difference but noise inside the words (issue 22)."""
    before, after = context
    gained = set(t_kept) - set(a_kept)
    return bool(gained & GAINED_NOISE) and is_han(before) and is_han(after)


def doubled_mark(t_kept: str, a_kept: str, context: tuple[str, str]) -> bool:
    """The transcript gained a pause mark right beside another, where the alternate
    reads nothing (時效。，惟, 元。, 然): no text writes two in a row, so the gained one
    is a speck read as a mark. A mark gained alone stays punctuation (``categorise``:
    the alternate may have dropped faint ink); beside another it cannot be ink."""
    before, after = context
    marks = "".join(t_kept.split())
    return (
        bool(marks)
        and not a_kept.strip()
        and set(marks) <= PAUSE_MARKS
        and not set(marks) <= DECIMAL_POINTS  # 等語... for 等語..: an ellipsis's dots
        and (before in PAUSE_MARKS or after in PAUSE_MARKS)
    )


def _mask_lookalike(
    t_norm: str, a_norm: str, t_kept: str, context: tuple[str, str], width: dict[int, str]
) -> bool:
    """A masked name the engine read as 。/O/0, or with a circle fewer: how many
    circles mask a name says nothing about the name. A circle read as a look-alike
    one for one is also a zero read as 0. But a circle more or fewer next to a
    numeral is a changed number (一〇〇年 / 一〇年), and a missing one a name mask
    only after a name's first character (林○○ / 林○)."""
    if not t_kept or not set(t_kept) <= MASKS:
        return False
    if not set(a_norm.translate(width)) <= MASK_LOOKALIKES:
        return False
    if len(a_norm) == len(t_norm):
        return True
    before, after = context
    if before in NUMERAL_CONTEXT or after in NUMERAL_CONTEXT:  # "" is in no set
        return False
    return bool(a_norm) or is_han(before)


def hunk_context(text: str, i: int, j: int, t_kept: str) -> tuple[str, str]:
    """What ``categorise`` needs around normalised ``text[i:j]`` (its transcript's
    kept characters ``t_kept``): a run of circles is judged by the characters
    around the run, a stray mark by the nearest characters that are no marks (費用,'由:
    the ' lies between 用 and 由 however many marks stand by it), an insertion by
    the two it falls between; ("", "") else."""
    if t_kept and not t_kept.strip("".join(MASKS)):
        return mask_context(text, i, j)
    if not t_kept or not set(t_kept) - DECIMAL_POINTS:
        # An insertion, or a point only the transcript has: the characters around it,
        # past a grouping comma beside a point (1,.837: the point lies inside 1,837).
        if t_kept:
            i, j = _past_commas(text, i, j)
        return (text[i - 1] if i > 0 else "", text[j] if j < len(text) else "")
    if not set(t_kept.translate(_COLONS)) - NUMBER_MARKS and _past_commas(text, i, j) != (i, j):
        # A colon beside a grouping comma (301:,574): no number or time writes ,: or :,
        # (10:30 keeps no context: an engine's dropped colon is the alternate's).
        i, j = _past_commas(text, i, j)
        return (text[i - 1] if i > 0 else "", text[j] if j < len(text) else "")
    if (
        set(t_kept) <= PAUSE_MARKS
        and STRAY_MARKS.isdisjoint(t_kept)
        and NUMBER_MARKS.isdisjoint(t_kept.translate(_COLONS))
    ):
        # Pause marks alone (no colon or point, which a number's rules judge above):
        # the characters just beside them (``doubled_mark``).
        return (text[i - 1] if i > 0 else "", text[j] if j < len(text) else "")
    if t_kept in BRACKETS and _partnered(text, i, j, t_kept):
        return ("", "")  # 被告(下稱甲): a pair is written text, not a ring's half
    if not GAINED_NOISE.isdisjoint(t_kept):
        while i > 0 and is_punctuation(text[i - 1]):
            i -= 1
        while j < len(text) and is_punctuation(text[j]):
            j += 1
        return (text[i - 1] if i > 0 else "", text[j] if j < len(text) else "")
    return ("", "")


# How far a bracket's partner may stand (a parenthesis in legal text holds a short
# gloss: 下稱甲公司, 第1項, 即被告之父).
_PARTNER_REACH = 40


def _partnered(text: str, i: int, j: int, bracket: str) -> bool:
    """Whether the bracket at text[i:j] has its partner on its side within reach, with
    no other bracket of its own kind between them."""
    partner = BRACKETS[bracket]
    if bracket == "(":
        after = text[j : j + _PARTNER_REACH]
        at = after.find(partner)
        return at >= 0 and bracket not in after[:at]
    before = text[max(0, i - _PARTNER_REACH) : i]
    at = before.rfind(partner)
    return at >= 0 and bracket not in before[at + 1 :]


def _past_commas(text: str, i: int, j: int) -> tuple[int, int]:
    """[i, j) widened over the commas just around it."""
    while i > 0 and text[i - 1] in ",，":
        i -= 1
    while j < len(text) and text[j] in ",，":
        j += 1
    return i, j


def mask_context(text: str, i: int, j: int) -> tuple[str, str]:
    """The characters of normalised ``text`` around [i, j) widened over circles."""
    while i > 0 and text[i - 1] in MASKS:
        i -= 1
    while j < len(text) and text[j] in MASKS:
        j += 1
    return (text[i - 1] if i > 0 else "", text[j] if j < len(text) else "")
