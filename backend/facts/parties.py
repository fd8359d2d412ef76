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
from collections import Counter
from collections.abc import Iterator

from backend.facts.keys import fold
from backend.facts.model import Fact, FactKind
from backend.facts.roles import (
    DOUBLE_SURNAMES,
    GRAMMAR,
    NAME_END_WORDS,
    NAME_ENDS,
    ORG_BREAKS,
    ORG_SUFFIXES,
    ROLES,
    SURNAMES,
)
from backend.review.charclass import HAN, MASK_CHARS

# A heading spaces its role out with what the transcript has: spaces, ideographic
# spaces, tabs (a table's columns), no-break spaces.
_SPACED = "[ \t\u00a0\u3000]*"


def role_pattern(roles: tuple[str, ...]) -> re.Pattern[str]:
    """Any of ``roles`` (longest first), spaced out or not."""
    ordered = sorted(roles, key=lambda r: (-len(r), r))
    return re.compile("|".join(_SPACED.join(map(re.escape, role)) for role in ordered))


_ROLE = role_pattern(ROLES)
_GAP = " \t\u00a0\u3000：:"
_ORG = re.compile(
    rf"[{HAN}A-Za-z0-9０-９Ａ-Ｚａ-ｚ]{{0,18}}?(?:{'|'.join(ORG_SUFFIXES)})"
)  # fmt: skip
_KIND = re.compile("|".join(ORG_SUFFIXES))  # tried first: most names are no company's
_ORG_CHARS = 18 + max(map(len, ORG_SUFFIXES))
_STOPS = GRAMMAR | NAME_ENDS
_PROSE = _STOPS - frozenset(_GAP)  # right after a role: no name follows
_AFTER_NAME = frozenset("因則於與及等之所係")  # the words right after a party's name
_LONGEST, _SHORTEST = 4, 2


def party_facts(page: int, text: str, roles: re.Pattern[str] = _ROLE) -> Iterator[Fact]:
    """Each name that follows a role in ``text``, with its role (``value`` and the
    span hold both; ``label`` is the role, ``key`` the name). ``roles``: which role
    words (``role_pattern``); the parties' and their representatives' by default."""
    for m in roles.finditer(text):
        start = m.end()
        if start < len(text) and text[start] in _PROSE:
            continue  # 原告之訴, 被告應…: most role words in prose have no name after them
        while start < len(text) and text[start] in _GAP:
            start += 1
        end = _name_end(text, start, headed=start > m.end())
        if end is None:
            continue
        role = "".join(m[0].split())
        # The fact is the role and the name (原告　林○○): a name given another role is
        # flagged, and offered back, where the role stands. The key is the name alone.
        name = text[start:end]
        yield Fact(FactKind.PARTY, text[m.start() : end], page, m.start(), end, role, fold(name))


def _name_end(text: str, start: int, headed: bool) -> int | None:
    """Where the name starting at ``start`` ends, or None when no name stands there.
    ``headed``: spaces or a colon stand between the role and it (原告　林志明)."""
    if start >= len(text) or text[start] in _STOPS or text[start] in MASK_CHARS:
        return None  # a function word, or circles with no surname: no name to keep
    if text[start : start + 2] in NAME_END_WORDS:
        return None  # 原告主張: what a party does, no name
    org = _ORG.match(text, start) if _KIND.search(text, start, start + _ORG_CHARS) else None
    if org is not None:
        own = _org_name(org[0])
        if len(own) >= 2 and own[0] not in GRAMMAR and not ORG_BREAKS.intersection(own):
            return org.end()  # not 被告公司 ("the defendant company"), nor a clause
    n = 0
    while n < _LONGEST and start + n < len(text) and _name_char(text[start + n]):
        n += 1
    if n < _SHORTEST:
        return None
    end = next(
        (
            start + k
            for k in range(_SHORTEST, n)
            if text[start + k : start + k + 2] in NAME_END_WORDS
        ),
        None,
    )  # 林志明主張: the name ends before 主張
    if end is None:
        end = start + n
        if (
            end < len(text)
            and text[end] not in _STOPS
            and text[end : end + 2] not in NAME_END_WORDS
        ):
            return None  # more name-like characters than a name has: prose, not a name
    name = text[start:end]
    if name in ORG_SUFFIXES:
        return None  # 被告公司: "the company", no name
    if headed or _surnamed(text, start) or MASK_CHARS.intersection(name):
        return end
    # No surname we know (a rare one, or a misread one: 材志明 for 林志明): a name still
    # where what a party does follows it (主張, 辯稱 …), or if it is three characters
    # ending as a name ends (，, 因 …), not a clause's.
    after = text[end : end + 2]
    if after in NAME_END_WORDS:  # 秀雅主張: what only a party does follows
        return end
    ends = after[:1] in NAME_ENDS or after[:1] in _AFTER_NAME
    return end if len(name) == 3 and (ends or end == len(text)) else None


def _surnamed(text: str, start: int) -> bool:
    return text[start] in SURNAMES or text[start : start + 2] in DOUBLE_SURNAMES


def _name_char(c: str) -> bool:
    """A character a name may hold: Han (or a mask's circle), no function word."""
    if c in _STOPS:
        return False
    code = ord(c)
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0xF900 <= code <= 0xFAFF
        or 0x20000 <= code <= 0x3134F
        or c in MASK_CHARS
    )


def _org_name(found: str) -> str:
    """An organisation's own name, its kind (股份有限公司) cut off."""
    for suffix in ORG_SUFFIXES:
        if found.endswith(suffix):
            return found[: -len(suffix)]
    return found


def party_names(key: str, spellings: Counter[str]) -> Counter[str]:
    """A party's places (their values counted) as names: a place is the role and the
    name (原　　告　林○○), so a flag on a role given to another stands on the role, but
    the fact's value, shown and offered as a replacement, is the name alone. The key
    is the name glyph for glyph (a fold changes no name's length), so the name is the
    place's last glyphs."""
    names: Counter[str] = Counter()
    for spelling, count in spellings.items():
        names[spelling[len(spelling) - len(key) :]] += count
    return names
