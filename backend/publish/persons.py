"""Natural persons' names: those the party lines name (``backend.facts.parties``, the
same reading the Facts dock shows), then every other place on any page where the
same name stands, and the names the reviewer adds.

Kept by rule: organisations (a name that ends in its kind, 股份有限公司, 銀行 …) and
counsel (a representative's name followed by 律師). Officials in their function
(法官, 書記官, 檢察官) are no party, so the party lines never name them. The reviewer
overrides either way per name (``extra`` and ``kept``).

A name the source already masked (林○○○) is looked for as written, like any other, so
that it is reviewed and masked alike (林○○ under the default rule) wherever it
stands; the same person written in full elsewhere cannot be tied to it, since its
given name is not known (that one is found by its own party line).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain

from backend.facts.keys import fold
from backend.facts.parties import party_facts
from backend.facts.roles import ORG_SUFFIXES
from backend.publish.joined import Joined, joined
from backend.publish.model import Finding, PersonalKind

_GAP = " \u3000：:\t"
_COUNSEL = ("律師",)
_SHORTEST = 2  # a one-character "name" would mask that character everywhere


@dataclass(frozen=True)
class NamedPerson:
    """A name a party line gives, with its role (for the reason shown)."""

    page: int
    start: int
    end: int
    name: str  # without line ends
    role: str
    role_at: int  # where its role stands on the page
    cut: bool = False  # read as it stands, ending where a line end cut it


def named_persons(pages: Sequence[str]) -> Iterator[NamedPerson]:
    """Each natural person a party line names, in page order. The lines are read as
    they are and joined (a name going on in the next line: 潘文\n麗); where both read
    a name after one role, the longer is the name (joined, 陳美玲\n法定代理人 runs on
    into the next heading and reads none)."""
    for page, text in enumerate(pages):
        j = joined(text)
        found: dict[int, NamedPerson] = {}
        counsel: set[int] = set()
        for person, is_counsel in chain(_named(page, text, None), _named(page, j.text, j)):
            if is_counsel:
                counsel.add(person.role_at)
                continue
            kept = found.get(person.role_at)
            if kept is None or len(person.name) > len(kept.name):
                found[person.role_at] = person
        # Counsel keeps the name, though a line end cut 律師 off it (王大明律\n師).
        yield from sorted(
            (p for at, p in found.items() if at not in counsel), key=lambda p: p.start
        )


def _named(page: int, text: str, j: Joined | None) -> Iterator[tuple[NamedPerson, bool]]:
    """Each name after a role in ``text``, and whether counsel's (律師 after it)."""
    for fact in party_facts(page, text):
        start = _name_start(text, fact.start, fact.label)
        name = text[start : fact.end]
        if len(name) < _SHORTEST or name.endswith(ORG_SUFFIXES):
            continue
        is_counsel = text.startswith(_COUNSEL, fact.end)
        if j is None:
            cut = text[fact.end : fact.end + 1] in ("\n", "\r")
            person = NamedPerson(page, start, fact.end, name, fact.label, fact.start, cut)
        else:  # offsets of the page, the name as read (without its line end)
            end = j.at(fact.end - 1) + 1
            person = NamedPerson(page, j.at(start), end, name, fact.label, j.at(fact.start))
        yield person, is_counsel


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
    cut: dict[str, str] = {}
    for person in named_persons(pages):
        key = fold(person.name)
        if key in kept_keys:
            continue
        if person.cut:
            cut.setdefault(person.name, person.role)
        else:
            roles.setdefault(person.name, person.role)
    for name in extra:
        if len(name) >= _SHORTEST and fold(name) not in kept_keys:
            roles.setdefault(name, "glossary")
    # A name read only where a line end cut it, whose whole the file names elsewhere
    # (潘文 of 潘文\n麗寄發, when 潘文麗 is named): the whole is found there; looking for
    # the cut one would mask part of another's name (潘文彥律師).
    for name, role in cut.items():
        if not any(other.startswith(name) for other in roles if other != name):
            roles.setdefault(name, role)
    if not roles:
        return
    pattern = re.compile("|".join(map(re.escape, sorted(roles, key=len, reverse=True))))
    for page, text in enumerate(pages):
        j = joined(text)  # a name going on in the next line is found whole
        for m in pattern.finditer(j.text):
            if _in_function(j.text, m.start(), m.end()):
                continue
            name = m[0]
            found = Finding(
                PersonalKind.PERSON, page, m.start(), m.end(), name, fold(name), roles[name]
            )
            yield j.placed(found)


# Who keeps a name in a published judgment: counsel (…律師) and officials in their
# function (法官 王小明). A party's name found right before 律師 (within a name's length:
# 潘文 in 潘文彥律師) or right after an official's title is theirs, not the party's.
_COUNSEL_AFTER = re.compile("[^\\s，。、；：]{0,2}律師")
_OFFICIALS = re.compile(
    "(?:法官|審判長|庭長|書記官|檢察官|司法事務官|法官助理|通譯)[\\s\u3000：:]*$"
)


def _in_function(text: str, start: int, end: int) -> bool:
    return bool(_COUNSEL_AFTER.match(text, end)) or bool(
        _OFFICIALS.search(text, max(0, start - 10), start)
    )
