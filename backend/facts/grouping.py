"""The document's groups kept current page by page: ``group_facts`` without reading
every place again after each change.

``group_facts`` over a 3,000-page file touches ~90,000 places, tens of
milliseconds of Python on its own. A ``FactGrouping`` keeps each variant's places by
page and its spellings counted; a page read again replaces that page's places in
the variants it touches, and only the buckets those variants are in (the amounts,
one law's statutes …) are grouped again. The groups are the same as
``group_facts`` over the same facts (a property test keeps them so).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from operator import attrgetter

from backend.facts.groups import Variant, group_key, grouped, in_order
from backend.facts.model import Fact, FactGroup, FactKind

_VariantKey = tuple[FactKind, str, str, str]  # (kind, bucket, key, role): ``group_key``
_Bucket = tuple[FactKind, str]


@dataclass
class _Places:
    """One variant's places, by page, and their values counted."""

    by_page: dict[int, list[Fact]] = field(default_factory=dict)
    spellings: Counter[str] = field(default_factory=Counter)

    def ordered(self) -> tuple[Fact, ...]:
        """In text order (a page's facts as given, pages in order)."""
        return tuple(chain.from_iterable(map(self.by_page.__getitem__, sorted(self.by_page))))


class FactGrouping:
    """The groups of a document whose pages' facts are set one page at a time."""

    def __init__(self, pages: Iterable[tuple[int, Sequence[Fact]]] = ()) -> None:
        self._pages: dict[int, tuple[_VariantKey, ...]] = {}  # the variants each page holds
        self._places: dict[_VariantKey, _Places] = {}
        self._variants: dict[_VariantKey, Variant] = {}  # built, for the keys not dirty
        self._dirty: set[_VariantKey] = set()
        # Variants whose places on these pages only moved (typing before them): the
        # new places are spliced into the built variant, not built again (a save that
        # changes one sum moves the page's other sums: each thousands of places).
        self._moved: dict[_VariantKey, set[int]] = {}
        self._groups: dict[_Bucket, list[tuple[FactGroup, int]]] = {}
        self._stale: set[_Bucket] = set()
        for page, facts in pages:
            self.set_page(page, facts)

    def set_page(self, page: int, facts: Sequence[Fact]) -> None:
        """Page ``page`` now holds ``facts`` (all of them from that page; () to drop it).
        A variant whose places on the page are what they were is left as built: a save
        that changed one fact rebuilds that fact's variants, not the page's others."""
        new: dict[_VariantKey, list[Fact]] = {}
        for fact in facts:
            new.setdefault(group_key(fact), []).append(fact)
        for key in self._pages.pop(page, ()):
            places = self._places[key]
            found = new.get(key)
            if found == places.by_page[page]:
                continue
            if found is not None and _only_moved(found, places.by_page[page]):
                places.by_page[page] = found
                self._moved.setdefault(key, set()).add(page)
                continue
            for fact in places.by_page.pop(page):
                places.spellings[fact.value] -= 1
            if not places.by_page:
                del self._places[key]
            self._dirty.add(key)
        for key, found in new.items():
            if key not in self._places:
                self._places[key] = _Places()
            places = self._places[key]
            if page in places.by_page:
                continue  # the same places as before
            places.by_page[page] = found
            places.spellings.update(f.value for f in found)
            self._dirty.add(key)
        if new:
            self._pages[page] = tuple(new)

    def groups(self) -> list[FactGroup]:
        """The document's groups, as ``group_facts`` gives them for every page's facts."""
        for key, moved in self._moved.items():
            built = self._variants.get(key)
            if key in self._dirty or built is None:
                continue  # built again below, moved places and all
            found = built.variant.places
            for page in moved:
                found = _spliced(found, page, self._places[key].by_page[page])
            self._variants[key] = replace(built, variant=replace(built.variant, places=found))
            self._stale.add(key[:2])
        self._moved.clear()
        for key in self._dirty:  # only the variants whose places changed are built again
            places = self._places.get(key)
            if places is None:
                self._variants.pop(key, None)
            else:
                found, spellings = places.ordered(), +places.spellings  # counts above 0
                pages = len(places.by_page)
                self._variants[key] = Variant.made(key[2], key[3], found, spellings, pages)
            self._stale.add(key[:2])
        self._dirty.clear()
        if self._stale:
            members: dict[_Bucket, list[Variant]] = {b: [] for b in self._stale}
            for key, variant in self._variants.items():
                if key[:2] in members:
                    members[key[:2]].append(variant)
            for bucket, variants in members.items():
                if variants:
                    self._groups[bucket] = grouped(*bucket, variants)
                else:
                    self._groups.pop(bucket, None)
            self._stale.clear()
        return in_order([g for groups in self._groups.values() for g in groups])


def _only_moved(new: list[Fact], old: list[Fact]) -> bool:
    """The same places but for their offsets: what a variant is built from is the same."""
    return len(new) == len(old) and all(
        a.value == b.value and a.label == b.label for a, b in zip(new, old, strict=True)
    )


def _spliced(places: tuple[Fact, ...], page: int, found: list[Fact]) -> tuple[Fact, ...]:
    """``places`` (in page order) with ``page``'s replaced by ``found`` (as many)."""
    start = bisect_left(places, page, key=attrgetter("page"))
    return places[:start] + tuple(found) + places[start + len(found) :]
