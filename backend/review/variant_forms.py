"""Variant glyph forms the transcript writes where the alternate reads the standard form.

Folding makes 内/內, 决/決, 减/減 (``resources/normalise/variant-glyphs.tsv`` and the
compatibility ideographs; a user's own pairs stay folded) one character, so that two engines'
habits do not flood a page with differences. That excuse is the alternate's: the
transcript is the document. Where the transcript writes a variant form and the
alternate, at the same place, reads its standard form, the alternate's reading is
evidence that the page prints the standard form, and the transcript's character is
a misreading an export would keep (search for 內容 would not find 内容). Such a
place gets a DIFF flag of category GLYPH that the reviewer accepts with one key.
The other way round (the alternate writes the variant) is the alternate's habit and
is not flagged. Never critical: the word is the same.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache

from backend.i18n import _
from backend.review.tables import ReviewTables
from backend.review.values import DiffCategory, Flag, FlagKind


def variant_flags(
    transcript: str,
    alternate: str,
    matches: Sequence[tuple[int, int, int]],
    tables: ReviewTables,
) -> list[Flag]:
    """A GLYPH flag on each variant form in the transcript whose counterpart in the
    alternate is its standard form. ``matches``: the runs both readings agree on after
    folding (``Comparison.matches``), as (transcript start, alternate start, length)."""
    basic, astral, standard = _variants(tables)
    hits = [m.start() for m in basic.finditer(transcript)]
    if _ASTRAL.search(transcript):  # rare: a compatibility ideograph beyond U+FFFF
        hits = sorted(hits + [m.start() for m in astral.finditer(transcript)])
    if not hits or not matches:
        return []
    starts = [m[0] for m in matches]
    flags = []
    for i in hits:
        k = bisect_right(starts, i) - 1
        if k < 0:
            continue
        t_start, a_start, length = matches[k]
        if i >= t_start + length:
            continue  # not in an agreeing run: a substantive difference flags it already
        j = a_start + i - t_start
        form = standard[transcript[i]]
        if alternate[j] != form:
            continue
        detail = _(
            "the transcript writes the variant form {variant}; "
            "the alternate reads the standard form {standard} here"
        ).format(variant=transcript[i], standard=form)
        flags.append(
            Flag(
                i,
                i + 1,
                FlagKind.DIFF,
                detail,
                alt_start=j,
                alt_end=j + 1,
                replacement=form,
                category=DiffCategory.GLYPH,
            )
        )
    return flags


@lru_cache(maxsize=4)  # tables are hashed by identity: one entry per load
def _variants(tables: ReviewTables) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]]:
    """The variant forms as character classes (a page is searched in C), and each one's
    standard form. The alternate-only Simplified folds are not variants: a Simplified
    character in the transcript is a substantive difference already.

    Two classes: ``re`` makes a class of characters up to U+FFFF a bitmap, one test a
    character, but a class holding any beyond (the compatibility ideographs' supplement)
    a list it walks for every character of the page (0.7 ms a page of 1,500)."""
    fold = tables.fold_table(width=False, variants=True, alternate=False)
    # A user's own pairs are theirs to fold: they said the two are one character in
    # their documents (a name written 甯 read 寧 is no misreading to them).
    own = tables.user_variants
    standard = {
        chr(code): form for code, form in fold.items() if len(form) == 1 and chr(code) not in own
    }
    basic = "".join(re.escape(c) for c in sorted(standard) if ord(c) <= 0xFFFF)
    astral = "".join(re.escape(c) for c in sorted(standard) if ord(c) > 0xFFFF)
    return _class(basic), _class(astral), standard


def _class(chars: str) -> re.Pattern[str]:
    return re.compile(f"[{chars}]" if chars else r"(?!)")


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
