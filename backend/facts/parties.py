"""Persons and organisations after their role: 原告 林○○, 被告 某某股份有限公司,
法定代理人 王大明, 被上訴人甲○○.

A role word (``roles.ROLES``; spaced out in a heading, 原　　告) is followed, after
spaces or a colon, by the party's name; what counts as one is decided from the
characters alone, no list of names: an organisation ends in its kind
(股份有限公司, 銀行 …); a person's name is two to four characters, a name mask's
circles among them or not, none of them one of the function words of legal prose
(``roles.GRAMMAR``), and it ends where punctuation or such a word follows
(原告林志明因…, 被告王○○則以…). So 原告起訴請求 or 被告應給付 hold no name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from backend.facts.keys import fold
from backend.facts.model import Fact, FactKind
from backend.facts.roles import GRAMMAR, NAME_END_WORDS, NAME_ENDS, ORG_SUFFIXES, ROLES
from backend.review.charclass import HAN, MASK_CHARS

_SPACED = "[ \u3000]*"
_ROLE = re.compile("|".join(_SPACED.join(map(re.escape, role)) for role in ROLES))
_GAP = " \u3000：:"
_ORG = re.compile(
    rf"[{HAN}A-Za-z0-9０-９Ａ-Ｚａ-ｚ]{{0,18}}?(?:{'|'.join(ORG_SUFFIXES)})"
)  # fmt: skip
_NAME_CHAR = re.compile(rf"[{HAN}{''.join(sorted(MASK_CHARS))}]")
_LONGEST, _SHORTEST = 4, 2


def party_facts(page: int, text: str) -> Iterator[Fact]:
    """Each name that follows a role in ``text``, labelled with the role."""
    for m in _ROLE.finditer(text):
        start = m.end()
        while start < len(text) and text[start] in _GAP:
            start += 1
        end = _name_end(text, start)
        if end is None:
            continue
        role = "".join(m[0].split())
        value = text[start:end]
        yield Fact(FactKind.PARTY, value, page, start, end, role, fold(value))


def _name_end(text: str, start: int) -> int | None:
    """Where the name starting at ``start`` ends, or None when no name stands there."""
    if start >= len(text) or text[start] in GRAMMAR or text[start] in NAME_ENDS:
        return None
    org = _ORG.match(text, start)
    if org is not None:
        own = _org_name(org[0])
        if len(own) >= 2 and not GRAMMAR.intersection(own):  # not 被告公司: "the company"
            return org.end()
    for length in range(_LONGEST, _SHORTEST - 1, -1):
        end = start + length
        if end > len(text):
            continue
        name = text[start:end]
        if not all(_NAME_CHAR.match(c) for c in name) or GRAMMAR.intersection(name):
            continue
        if name[0] in MASK_CHARS:
            return None  # circles first: no surname, no name to keep (a seal, a blot)
        if end == len(text) or text[end] in NAME_ENDS or text[end] in GRAMMAR:
            return end
        if text[end : end + 2] in NAME_END_WORDS:
            return end
    return None


def _org_name(found: str) -> str:
    """An organisation's own name, its kind (股份有限公司) cut off."""
    for suffix in ORG_SUFFIXES:
        if found.endswith(suffix):
            return found[: -len(suffix)]
    return found
