"""A party's name changed where it follows its role: 原告姜○柏 / 原告姜志柏 / 原告姜柏.

Masked names are found by their circles (``term_extract``), but an engine often
reads the circles as nothing (姜○柏 read 姜柏), and then neither reading has a
mask to compare: the transcript's 姜志柏 (a name filled in, a privacy leak) would
pass as an ordinary difference. Where a party role stands (原告, 相對人, 義務人 …:
the rule table's party words), the next few characters are that party's name; a
character one reading has there and the other lacks or reads otherwise is a
change of who the party is, so it is critical. Circles, seals and punctuation
alone are not (the mask's own look-alikes).
"""

from __future__ import annotations

from collections.abc import Sequence

from backend.i18n import _
from backend.review.charclass import MASK_CHARS, has_han
from backend.review.term_extract import CriticalTerm, LegalKind
from backend.review.values import CriticalKind, DiffCategory, Flag, FlagKind, Hunk

NAME_CHARS = 4  # a name starts within this many characters after its role
_GAP = " \u3000：:"  # between a role and its name in a heading (原告　王○○)


def name_flags(
    transcript: str,
    hunks: Sequence[Hunk],
    words: Sequence[CriticalTerm],
    taken: Sequence[Flag],
    misreads: frozenset[str],
    terms: Sequence[CriticalTerm] = (),
) -> list[Flag]:
    """CRITICAL flags for name characters changed right after a party role.

    ``words``: the transcript's outcome and party terms, ``terms`` its other terms
    (a modal word after a role is no name: 被告免予); ``taken``: flags already
    raised (a change they cover is not flagged twice); ``misreads``: what an engine
    reads in place of a mask's circle (a seal, 。): no name change.

    Only a character one reading lacks counts, or any change next to a mask or in
    a heading (原告　王○○): after a role in running text a verb follows as often
    as a name (買受人取得), and a misread verb is an ordinary difference."""
    names: list[tuple[CriticalTerm, int, bool]] | None = None  # when a hunk first asks
    out: list[Flag] = []
    for h in hunks:
        if h.category is not DiffCategory.SUBSTANTIVE or not (
            has_han(h.text) or has_han(h.alt_text)
        ):
            continue
        if max(len(h.text), len(h.alt_text)) > NAME_CHARS or set(h.text + h.alt_text) <= misreads:
            continue  # a clause, not a name; or the mask's look-alikes
        one_sided = not h.text.strip() or not h.alt_text.strip()
        if names is None:
            roles = [w for w in words if w.kind is LegalKind.PARTY]
            names = _name_starts(transcript, roles, {t.start for t in (*terms, *words)})
        role = next((n[0] for n in names if _at_name(transcript, n, h.start, one_sided)), None)
        if role is None or any(f.span.touches(h.span) for f in (*taken, *out)):
            continue
        said = _("name after {role}: transcript {ours}, alternate {theirs}").format(
            role=role.text,
            ours=_quote(h.text),
            theirs=_quote(h.alt_text),
        )
        category = CriticalKind.MASK
        out.append(
            Flag(
                h.start,
                h.end,
                FlagKind.CRITICAL,
                said,
                h.alt_start,
                h.alt_end,
                h.alt_text,
                category,
            )
        )
    return out


# What follows a role in a sentence when no name does (被告應…, 原告之訴, 相對人則以):
# the grammar of legal prose, not names.
_NOT_A_NAME = frozenset("之應得須不未非無於與及就為所則雖如即主提起已亦並對向請辯稱等均各得可以自")


def _name_starts(
    text: str, roles: list[CriticalTerm], terms: set[int]
) -> list[tuple[CriticalTerm, int, bool]]:
    """Each role a name follows, where the name starts (after spaces), and whether it is
    evidently a name even where a reading changed a character of it (a heading's
    spaces before it, or a mask in it). Worked out once a page, not once for every
    hunk and role (that was most of the names' cost: hundreds of calls a page)."""
    out = []
    for role in roles:
        start = role.end
        while start < len(text) and text[start] in _GAP:
            start += 1
        if start >= len(text) or text[start] in _NOT_A_NAME or start in terms:
            continue
        window = text[start : start + NAME_CHARS]
        out.append((role, start, start > role.end or bool(set(window) & MASK_CHARS)))
    return out


def _at_name(text: str, name: tuple[CriticalTerm, int, bool], at: int, one_sided: bool) -> bool:
    """``at`` lies in the name (``_name_starts``), not past it nor on another line; a
    character only one reading has, or any in an evident name."""
    role, start, evident = name
    return (
        start <= at < start + NAME_CHARS
        and (evident or one_sided)
        and ("\n" not in text[role.end : at])
    )


def _names(text: str, role: CriticalTerm, at: int, one_sided: bool, terms: set[int]) -> bool:
    """``at`` lies in the name that follows ``role`` (after spaces), not past it."""
    return any(_at_name(text, n, at, one_sided) for n in _name_starts(text, [role], terms))


def _quote(text: str) -> str:
    return f"「{text}」" if text.strip() else _("nothing")
