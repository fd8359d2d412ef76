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

from backend.facts.keys import fold
from backend.facts.parties import party_facts, role_pattern
from backend.facts.roles import (
    GRAMMAR,
    NAME_END_WORDS,
    NAME_ENDS,
    ORG_SUFFIXES,
    OTHER_PERSONS,
    ROLES,
)
from backend.publish.joined import LINE_ENDS, Joined, joined
from backend.publish.model import Finding, PersonalKind

_GAP = " \u3000：:\t"
_COUNSEL = ("律師",)
_SHORTEST = 2  # a one-character "name" would mask that character everywhere
# Witnesses, experts, guarantors … named in running text (證人陳大文到庭證稱): no party
# line names them, but their names are as personal as a party's.
_ANY_ROLE = (*ROLES, *OTHER_PERSONS)
_ROLES = role_pattern(_ANY_ROLE)


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
    """Each natural person a party line names, in page order.

    Each page is read as it stands and with its line ends taken out. The name as it
    stands is the name, unless a line end cut it: it ends at a line end, no heading's
    spaces or colon stand before it (a heading's line ends with its name: 被　　告
    陳美玲\n原告…), and the next line goes on with a name's character, not a role
    (聲請人潘文\n麗寄發). Then the joined reading, when longer, is the name."""
    for page, text in enumerate(pages):
        j = joined(text)
        as_read = {p.role_at: (p, c) for p, c in _named(page, text, None)}
        as_joined = {p.role_at: (p, c) for p, c in _named(page, j.text, j)}
        for at in sorted(as_read.keys() | as_joined.keys()):
            read, whole = as_read.get(at), as_joined.get(at)
            if (read and read[1]) or (whole and whole[1]):
                continue  # counsel keeps the name, though a line end cut 律師 (律\n師)
            if read and not read[0].cut:
                yield read[0]
            elif whole and (
                read is None
                or len(whole[0].name) > len(read[0].name)
                or read[0].name.startswith(whole[0].name)
            ):
                # The joined reading sees past the line end: the name goes on there
                # (潘文\n麗), or the cut reading ran on past it into the words after it
                # (莫嬌到\n庭陳稱, 覃振現住\n屏東縣: 到庭 and 現住 end a name).
                yield whole[0]
            elif read:
                yield read[0]
        yield from _spaced_names(page, text)


def _named(page: int, text: str, j: Joined | None) -> Iterator[tuple[NamedPerson, bool]]:
    """Each name after a role in ``text``, and whether counsel's (律師 after it)."""
    for fact in party_facts(page, text, _ROLES):
        if fact.label == "證人" and text[: fact.start].rstrip(LINE_ENDS).endswith("公"):
            continue  # 公證人, a notary in their function, keeps the name
        start = _name_start(text, fact.start, fact.label)
        name = text[start : fact.end]
        if len(name) < _SHORTEST or name.endswith(ORG_SUFFIXES):
            continue
        is_counsel = text.startswith(_COUNSEL, fact.end)
        if j is None:
            headed = any(c in _GAP for c in text[fact.start : start])
            cut = not headed and _goes_on(text, fact.end)
            person = NamedPerson(page, start, fact.end, name, fact.label, fact.start, cut)
        else:  # offsets of the page, the name as read (without its line end)
            end = j.at(fact.end - 1) + 1
            person = NamedPerson(page, j.at(start), end, name, fact.label, j.at(fact.start))
        yield person, is_counsel


def _goes_on(text: str, at: int) -> bool:
    """Whether a name ending at ``at`` goes on in the next line: a line end there, and
    the next line starts with a character a name holds, and no role."""
    if text[at : at + 1] not in LINE_ENDS or not text[at : at + 1]:
        return False
    after = text[at:].lstrip(LINE_ENDS)
    if not after or after[0] in GRAMMAR or after[0] in NAME_ENDS or not _han(after[0]):
        return False
    compact = "".join(after[:16].split())
    return not compact.startswith(_ANY_ROLE)


def _han(c: str) -> bool:
    return "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" or c >= "\U00020000"


# A two-character name set three characters wide in a heading (被　　告　王　強): the
# party lines do not read it (a space ends a name), so it is read here.
_SPACED = re.compile(
    "^[ \u3000\t]*(?P<role>"
    + "|".join("[ \u3000]*".join(map(re.escape, role)) for role in _ANY_ROLE)
    + ")[ \u3000\t：:]+(?P<name>[\u3400-\u9fff][ \u3000][\u3400-\u9fff])[ \u3000\t]*$",
    re.MULTILINE,
)


def _spaced_names(page: int, text: str) -> Iterator[NamedPerson]:
    for m in _SPACED.finditer(text):
        name = m["name"]
        if name[0] in GRAMMAR or name[-1] in GRAMMAR:
            continue
        role = "".join(m["role"].split())
        yield NamedPerson(page, m.start("name"), m.end("name"), name, role, m.start("role"))


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
    names = {"".join(name.split()): role for name, role in roles.items()}
    pattern = re.compile("|".join(map(_written, sorted(names, key=len, reverse=True))))
    for page, text in enumerate(pages):
        j = joined(text)  # a name going on in the next line is found whole
        for m in pattern.finditer(j.text):
            if _in_function(j.text, m.start(), m.end()):
                continue
            name = m[0]
            role = names.get("".join(name.split()).replace("台", "臺"), "")
            role = role or names.get("".join(name.split()).replace("臺", "台"), "")
            found = Finding(PersonalKind.PERSON, page, m.start(), m.end(), name, fold(name), role)
            yield j.placed(found)


# Who keeps a name in a published judgment: counsel (…律師) and officials in their
# function (法官 王小明). A party's name found right before 律師 (within a name's length:
# 潘文 in 潘文彥律師) or right after an official's title is theirs, not the party's.
_COUNSEL_AFTER = re.compile("(?P<more>[^\\s，。、；：]{0,2})律師")
_OFFICIALS = re.compile(
    "(?:法官|審判長|庭長|書記官|檢察官|司法事務官|法官助理|通譯)[\\s\u3000：:]*$"
)


def _written(name: str) -> str:
    """A pattern for ``name`` however the text sets it: a space between its characters
    (王　強, 林 美玲) and 台 or 臺 alike."""
    return "[ \u3000]?".join("[台臺]" if c in "台臺" else re.escape(c) for c in name)


def _in_function(text: str, start: int, end: int) -> bool:
    counsel = _COUNSEL_AFTER.match(text, end)
    if counsel is not None:
        more = counsel["more"]  # the rest of counsel's name, not 委任 or 之 (…委任律師)
        if not GRAMMAR.intersection(more) and more not in NAME_END_WORDS:
            return True
    return _OFFICIALS.search(text, max(0, start - 10), start) is not None
