"""Natural persons' names: those the party lines name (``backend.facts.parties``, the
same reading the Facts dock shows), then every other place on any page where the
same name stands, and the names the reviewer adds.

Kept by rule: organisations (a name that ends in its kind, 股份有限公司, 銀行 …) and
counsel (a representative's name followed by 律師). Officials in their function
(法官, 書記官, 檢察官) are no party, so the party lines never name them. The reviewer
overrides either way per name (``extra`` and ``kept``).

A name the source already masked (林○○) is a finding where it stands, so that it is
reviewed and masked alike; it cannot be looked for elsewhere, since its given name is
not known.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from backend.facts.keys import fold
from backend.facts.parties import party_facts
from backend.facts.roles import ORG_SUFFIXES
from backend.publish.model import Finding, PersonalKind
from backend.review.charclass import MASK_CHARS

_GAP = " \u3000：:\t"
_COUNSEL = ("律師",)
_SHORTEST = 2  # a one-character "name" would mask that character everywhere


@dataclass(frozen=True)
class NamedPerson:
    """A name a party line gives, with its role (for the reason shown)."""

    page: int
    start: int
    end: int
    name: str
    role: str


def named_persons(pages: Sequence[str]) -> Iterator[NamedPerson]:
    """Each natural person a party line names, in page order."""
    for page, text in enumerate(pages):
        for fact in party_facts(page, text):
            start = _name_start(text, fact.start, fact.label)
            name = text[start : fact.end]
            if len(name) < _SHORTEST or name.endswith(ORG_SUFFIXES):
                continue
            if text.startswith(_COUNSEL, fact.end):
                continue  # 訴訟代理人 王大明律師: counsel keeps the name
            yield NamedPerson(page, start, fact.end, name, fact.label)


def _name_start(text: str, start: int, role: str) -> int:
    """Where the name begins after the role at ``start`` (spaced out in a heading,
    原　　告, and a colon or spaces before the name)."""
    i = start
    for char in role:
        while i < len(text) and text[i] in _GAP and text[i] != char:
            i += 1
        i += 1
    while i < len(text) and text[i] in _GAP:
        i += 1
    return i


def person_findings(
    pages: Sequence[str], extra: Iterable[str] = (), kept: Iterable[str] = ()
) -> Iterator[Finding]:
    """Every place on every page where a person's name stands.

    ``extra``: names the reviewer added; ``kept``: names the reviewer keeps (an
    override of the rule in either direction). Names are compared folded (widths,
    mask glyphs, 台/臺), so 林ＯＯ and 林○○ are one person."""
    kept_keys = {fold(name) for name in kept}
    roles: dict[str, str] = {}
    for person in named_persons(pages):
        key = fold(person.name)
        if key in kept_keys:
            continue
        if MASK_CHARS.intersection(person.name):
            yield Finding(
                PersonalKind.PERSON, person.page, person.start, person.end, person.name, key,
                person.role,
            )  # fmt: skip
        else:
            roles.setdefault(person.name, person.role)
    for name in extra:
        if len(name) >= _SHORTEST and fold(name) not in kept_keys:
            roles.setdefault(name, "glossary")
    if not roles:
        return
    pattern = re.compile("|".join(map(re.escape, sorted(roles, key=len, reverse=True))))
    for page, text in enumerate(pages):
        for m in pattern.finditer(text):
            name = m[0]
            yield Finding(
                PersonalKind.PERSON, page, m.start(), m.end(), name, fold(name), roles[name]
            )
