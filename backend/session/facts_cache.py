"""The document's grouped facts, kept in the store beside the facts index, so that
opening a long document need not group every fact again (``backend.facts.groups``
takes about a second for 3,000 pages; rebuilding from this, a tenth of it).

A grouping names its places by reference, (page, the fact's number on its page), and
is stamped with what it was grouped from: each page's *signature*, its facts without
their offsets. Typing that only moves facts leaves every signature, so the grouping
stays good, and its references find the facts at their new offsets. Any other change,
or other rules or glossary, changes the stamp: the document is grouped again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from itertools import chain
from operator import getitem

from backend.facts.model import Fact, FactGroup, FactKind, FactVariant

GROUPS_KEY = "facts_groups"  # the store's meta key


def signature(facts: Sequence[Fact]) -> str:
    """The page's facts as grouping sees them: kinds, labels, keys, values, in order."""
    digest = hashlib.blake2b(digest_size=8)
    for f in facts:
        digest.update(f"{f.kind.value}\x1f{f.label}\x1f{f.key}\x1f{f.value}\x1e".encode())
    return digest.hexdigest()


def stamp(reader: str, signatures: Mapping[int, str]) -> str:
    """What a grouping was made from: the rules and glossary, and every page's facts."""
    digest = hashlib.blake2b(reader.encode(), digest_size=16)
    for page in sorted(signatures):
        digest.update(f"{page}:{signatures[page]};".encode())
    return digest.hexdigest()


def encode_groups(
    made_from: str, groups: Sequence[FactGroup], facts: Mapping[int, Sequence[Fact]]
) -> str:
    """The grouping as stored: each place as (page, its number among the page's facts).
    Looked up by C's map and chain (~80,000 places for 3,000 pages: half the time)."""
    number = {id(f): (page, i) for page, found in facts.items() for i, f in enumerate(found)}
    where = number.__getitem__
    rows = []
    for g in groups:
        variants = []
        for v in g.variants:
            refs = list(chain.from_iterable(map(where, map(id, v.places))))
            variants.append([v.key, v.value, v.label, refs])
        rows.append([g.kind.value, g.label, g.conflict, variants])
    return json.dumps({"stamp": made_from, "groups": rows}, ensure_ascii=False)


def decode_groups(
    stored: str | None, made_from: str, facts: Mapping[int, Sequence[Fact]]
) -> list[FactGroup] | None:
    """The stored grouping when it was made from ``made_from`` (None: group anew)."""
    if not stored:
        return None
    try:
        data = json.loads(stored)
        if data.get("stamp") != made_from:
            return None
        return [
            FactGroup(
                FactKind(kind),
                label,
                tuple(
                    FactVariant(key, value, _places(refs, facts), label=vlabel)
                    for key, value, vlabel, refs in variants
                ),
                conflict=bool(conflict),
            )
            for kind, label, conflict, variants in data["groups"]
        ]
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None  # damaged: grouped anew, and stored again


def _places(refs: list[int], facts: Mapping[int, Sequence[Fact]]) -> tuple[Fact, ...]:
    # Each page's facts looked up, then indexed by C's map: ~2x a generator's speed
    # (opening a 3,000-page document finds ~80,000 places so).
    return tuple(map(getitem, [facts[page] for page in refs[::2]], refs[1::2]))
