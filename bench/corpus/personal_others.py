"""Persons a judgment names outside its party lines, for the publish bench (issue 25):
witnesses, experts, victims, guarantors. Each is introduced by their role in running
text (證人陳大文於本院審理時證稱…) and named bare afterwards (陳大文之證述…), as
judgments write them; a notary in their function (公證人) is a decoy that keeps the name.

They draw on a stream of their own (``side``), so a seed's file is the file it was
before they existed, with their sentences added between its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bench.corpus import personal_values as pv
from bench.corpus.personal_pages import FileFacts, Page, Person

CIVIL_ROLES = ("證人", "證人", "鑑定人", "保證人", "見證人")
CRIMINAL_ROLES = ("證人", "證人", "鑑定人", "被害人", "關係人")
SHARE = 0.08  # chance of such a sentence after each of a page's own sentences

_INTRODUCED = (
    "{r}{w}於本院審理時具結證稱：當日確有見到{q}在場等語。",
    "經本院傳喚{r}{w}到庭，其陳述核與{q}所述相符。",
    "{r}{w}於警詢時陳稱：並未收受任何款項等語。",
    "據{r}{w}到庭陳述，{q}曾於事發前與其聯繫。",
)
_BARE = (
    "{w}之證述，核與卷內事證相符，堪予採信。",
    "{q}辯稱{w}所述不實，惟未提出任何證據。",
    "參以{w}前揭陳述，足認{q}所辯不足採。",
)


Make = Callable[[random.Random, tuple[str, str], str], Person]


def others_of(side: random.Random, f: FileFacts, taken: list[str], make: Make) -> list[Person]:
    """One to three such persons (none in half the files), their names apart from every
    name in ``taken`` (which they join); ``make`` gives a person their numbers."""
    if side.random() < 0.5:
        return []
    roles = CRIMINAL_ROLES if f.criminal else CIVIL_ROLES
    out: list[Person] = []
    while len(out) < side.randint(1, 3):
        name = pv.person_name(side)
        if not any(name[0] in t or t in name[0] for t in taken):
            taken.append(name[0])
            out.append(make(side, name, side.choice(roles)))
    return out


def other_sentence(p: Page, side: random.Random, f: FileFacts, introduced: set[str]) -> None:
    """A sentence naming one of ``f.others``: by role the first time the file names
    them, bare or by role afterwards; now and then a notary's certification instead."""
    if side.random() < 0.15:
        p.add("經公證人")
        p.decoy(f.officials[side.randrange(len(f.officials))], "official")
        p.add("認證在案。")
        return
    who = side.choice(f.others)
    party = side.choice(f.persons)
    bare = who.name in introduced and side.random() < 0.5
    template = side.choice(_BARE if bare else _INTRODUCED)
    introduced.add(who.name)
    done = 0
    for i, c in enumerate(template):
        if c != "{":
            continue
        p.add(template[done:i])
        slot = template[i + 1]
        if slot == "r":
            p.add(who.role)
        elif slot == "w":
            p.name(who)
        else:
            p.name(party)
        done = i + 3
    p.add(template[done:])
