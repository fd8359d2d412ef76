"""Grouping the document's fact occurrences into facts (issue 24 point 2).

Occurrences with one key (and, for a party, one role) are one *variant*. Variants
are compared within their kind (a statute's within its law, a glossary term's
within the term); a variant joins a recurring variant as its misreading, or
stands as a fact of its own. The rule that tells a misreading from a legitimate
second value (two case numbers joined in one judgment, two defendants):

* it is ``near`` the recurring value: one glyph changed, added or dropped, in the
  key (第五六號 / 第五八號: 56 / 58) or in the text as written (壹佰貳拾萬 /
  壹佰參拾萬); for a party, the same name under another role (原告 / 被告 林志明)
  counts as near too;
* and it is rare against it: on one page while the recurring value is on two or
  more, or on two pages while that one is on six or more.

Two values each on several pages (a joined case number in every header, a second
defendant named throughout) are two facts, however close; so are values far
apart. What recurs on no page but one cannot be told from a second value and is
left alone: a check needs the document to know the right value. Exhibits are
never merged (原證二 beside 原證三 is the next exhibit, not a misreading). A
glossary term's near-variants are always its misreadings: the reviewer said how
the term is written.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from backend.facts.keys import NearIndex, fold
from backend.facts.model import Fact, FactGroup, FactKind, FactVariant

# How rare a misreading is against the value it misreads: (its pages at most, the
# value's pages at least).
RARE = ((1, 2), (2, 6))


def group_facts(facts: Iterable[Fact]) -> list[FactGroup]:
    """The document's facts: occurrences of one fact (same kind and label, keys
    within a misreading of each other) gathered into one group of variants, the
    majority first; ``conflict`` set where the variants are one value misread
    rather than two legitimate values."""
    buckets: dict[tuple[FactKind, str], dict[tuple[str, str], list[Fact]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for fact in facts:
        bucket = fact.label if fact.kind in _BY_LABEL else ""
        role = fact.label if fact.kind is FactKind.PARTY else ""
        buckets[fact.kind, bucket][fact.key, role].append(fact)
    groups: list[FactGroup] = []
    for (kind, bucket), variants in buckets.items():
        groups += _grouped(kind, bucket, [_variant(k, r, p) for (k, r), p in variants.items()])
    groups.sort(key=lambda g: (g.kind, -len(g.variants[0].pages), g.label, g.variants[0].key))
    return groups


# Kinds whose label is part of what is compared: a statute's law, a glossary's term.
_BY_LABEL = frozenset({FactKind.STATUTE, FactKind.GLOSSARY, FactKind.EXHIBIT})


def _variant(key: str, role: str, places: list[Fact]) -> FactVariant:
    spellings: dict[str, int] = defaultdict(int)
    for fact in places:
        spellings[fact.value] += 1
    value = max(spellings, key=lambda s: (spellings[s], s))
    return FactVariant(key, value, tuple(places), label=role)


def _grouped(kind: FactKind, bucket: str, variants: list[FactVariant]) -> list[FactGroup]:
    variants.sort(key=lambda v: (-len(v.pages), -len(v.places), v.key, v.label))
    if kind is FactKind.GLOSSARY:
        return [_glossary_group(bucket, variants)]
    if kind is FactKind.EXHIBIT:
        return [FactGroup(kind, bucket, (v,)) for v in variants]
    heads: list[list[FactVariant]] = []
    index, written = NearIndex(), NearIndex()
    by_key: dict[str, list[int]] = defaultdict(list)
    for variant in variants:
        head = _misread_of(variant, heads, index, written, by_key)
        if head is not None:
            heads[head].append(variant)
            continue
        heads.append([variant])
        if len(variant.pages) >= RARE[0][1]:  # only a recurring value draws misreadings
            n = len(heads) - 1
            index.add(variant.key, n)
            by_key[variant.key].append(n)
            for spelling in {fold(f.value) for f in variant.places}:
                written.add(spelling, n)
    return [
        FactGroup(kind, members[0].label or bucket, tuple(members), conflict=len(members) > 1)
        for members in heads
    ]


def _misread_of(
    variant: FactVariant,
    heads: list[list[FactVariant]],
    index: NearIndex,
    written: NearIndex,
    by_key: dict[str, list[int]],
) -> int | None:
    """The recurring value ``variant`` misreads (its group's number), or None."""
    pages = len(variant.pages)
    if pages > RARE[-1][0]:
        return None
    found = index.find(variant.key)
    for spelling in {fold(f.value) for f in variant.places}:
        found |= written.find(spelling)
    # The same name under another role: one person given two roles.
    found |= {n for n in by_key.get(variant.key, ()) if heads[n][0].label != variant.label}
    for n in sorted(found):
        head = heads[n][0]
        if head.key == variant.key and head.label == variant.label:
            continue
        if any(pages <= most and len(head.pages) >= least for most, least in RARE):
            return n
    return None


def _glossary_group(term: str, variants: list[FactVariant]) -> FactGroup:
    """The term as the reviewer wrote it first, its near-variants after it."""
    exact = [v for v in variants if v.key == term]
    others = [v for v in variants if v.key != term]
    return FactGroup(FactKind.GLOSSARY, term, (*exact, *others), conflict=bool(others))
