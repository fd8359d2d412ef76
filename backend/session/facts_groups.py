"""The document's grouped facts and cross-page flags, kept current page by page.

``backend.facts.group_facts`` groups a whole document (about a second for 3,000
pages); after a save only one page's facts changed, so this redoes no more than the
change needs:
- facts that only moved (typing before them): the same groups, with the moved places
  put in where they sit (a variant's places are in page order), in milliseconds;
- facts of some kinds changed: those kinds are grouped again (by a ``FactGrouping``
  of the kind, which builds again only the variants the save touched), the others
  kept (with their moves put in). Variants are compared only within their kind
  (``backend.facts.groups``), so this is the grouping of the whole document
  (tests/backend/session/test_facts*.py check it against grouping from scratch).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from backend.facts.checks import cross_page_flags
from backend.facts.grouping import FactGrouping
from backend.facts.groups import group_facts
from backend.facts.model import Fact, FactGroup, FactKind
from backend.review.values import Flag

Facts = Mapping[int, Sequence[Fact]]


class LiveGroups:
    """The groups of one document's facts (None: to group) and each page's flags."""

    def __init__(self) -> None:
        self.groups: list[FactGroup] | None = None
        self.flags: dict[int, tuple[Flag, ...]] = {}
        self.changed = False  # since set(): the grouping to store again
        self._kinds: dict[FactKind, list[FactGroup]] = {}
        # A kind's ``FactGrouping`` (``backend.facts.grouping``: variants kept, only those
        # a save touched built again), made the first time the kind's facts change, then
        # told of every page read again.
        self._live: dict[FactKind, FactGrouping] = {}

    def set(self, groups: list[FactGroup] | None, *, changed: bool = False) -> None:
        self.changed = changed
        self._kinds, self._live = {}, {}
        if groups is None:
            self.groups, self.flags = None, {}
            return
        for group in groups:
            self._kinds.setdefault(group.kind, []).append(group)
        self._joined()

    def _joined(self) -> None:
        # group_facts orders by kind first: the kinds in order, each as grouped, is its order.
        self.groups = [g for kind in sorted(self._kinds) for g in self._kinds[kind]]
        self.flags = _flags(self.groups)

    def compute(self, facts: Facts) -> list[FactGroup]:
        """Group every fact (once; kept until a change needs it again)."""
        if self.groups is None:
            self.set(group_facts(_every(facts)), changed=True)
        return self.groups or []

    def group_next(self, facts: Facts) -> bool:
        """Group one more kind, by its ``FactGrouping`` (kept for the saves after), for a
        worker's steps: grouping 3,000 pages at once takes ~0.4 s, a kind at most ~0.1 s.
        Once every kind is grouped, so is the document (kinds are grouped apart: the
        same groups as ``group_facts``). Whether it is."""
        if self.groups is not None:
            return True
        kind = next((k for k in sorted(FactKind) if k not in self._live), None)
        if kind is not None:
            pages = ((p, _of(found, kind)) for p, found in sorted(facts.items()))
            self._live[kind] = FactGrouping(pages)
            self._live[kind].groups()  # its variants built now, in this step
        if len(self._live) < len(FactKind):
            return False
        self._kinds = {k: found for k in sorted(self._live) if (found := self._live[k].groups())}
        self.changed = True
        self._joined()
        return True

    def update(self, page: int, old: Sequence[Fact], new: Sequence[Fact], facts: Facts) -> None:
        """``page``'s facts went from ``old`` to ``new`` (``facts`` has ``new`` already)."""
        if tuple(old) == tuple(new):
            return
        if self.groups is None:  # the kinds grouped so far (``group_next``) are told
            for kind in {f.kind for f in (*old, *new)} & self._live.keys():
                self._live[kind].set_page(page, _of(new, kind))
            return
        kinds = {f.kind for f in (*old, *new)}
        changed = {k for k in kinds if _shapes(old, k) != _shapes(new, k)}
        for kind in kinds & self._live.keys():
            self._live[kind].set_page(page, _of(new, kind))
        for kind in kinds - changed:
            # Every fact of the kind, moved or not, is the new object from now on: the
            # groups hold the page's facts themselves (``_place``, ``facts_cache``).
            moved = {id(a): b for a, b in zip(_of(old, kind), _of(new, kind), strict=True)}
            self._place(kind, page, moved)
        for kind in changed:
            if kind not in self._live:  # every page's facts of the kind, this page's new
                pages = ((p, _of(found, kind)) for p, found in sorted(facts.items()))
                self._live[kind] = FactGrouping(pages)
            self._kinds[kind] = self._live[kind].groups()
        self.changed = True
        self._joined()

    def prepare(self, facts: Facts) -> bool:
        """Make the next kind's ``FactGrouping`` (its variants built) before a save needs
        it: the first save that changes a kind's facts then regroups only them (making it
        for 3,000 pages' sums takes ~0.1 s). Whether kinds are left to make."""
        if self.groups is None:
            return False
        todo = [kind for kind in sorted(self._kinds) if kind not in self._live]
        if todo:
            pages = ((p, _of(found, todo[0])) for p, found in sorted(facts.items()))
            self._live[todo[0]] = FactGrouping(pages)
            self._live[todo[0]].groups()
        return len(todo) > 1

    def _place(self, kind: FactKind, page: int, moved: dict[int, Fact]) -> None:
        """Put the moved facts of ``page`` at their new places in ``kind``'s groups.
        A variant's places are in page order (grouping takes the pages in order), so
        the page's are found by bisection; were they not all found so, every place is
        looked at (the same result, slower)."""
        groups = self._kinds.get(kind, [])
        if self._put(groups, page, moved, _by_page) != len(moved):
            self._put(groups, page, moved, _every_place)

    @staticmethod
    def _put(
        groups: list[FactGroup],
        page: int,
        moved: dict[int, Fact],
        where: Callable[[tuple[Fact, ...], int], range],
    ) -> int:
        """Replace the moved facts where ``where`` says they may be; how many were."""
        found = 0
        for g, group in enumerate(groups):
            variants = list(group.variants)
            before = found
            for v, variant in enumerate(variants):
                row = list(variant.places)
                hits = 0
                for i in where(variant.places, page):
                    new = moved.get(id(row[i]))
                    if new is not None:
                        row[i], hits = new, hits + 1
                if hits:
                    variants[v] = replace(variant, places=tuple(row))
                    found += hits
            if found > before:  # (by count: a moved fact can equal the one it replaces)
                groups[g] = replace(group, variants=tuple(variants))
        return found


def _by_page(places: tuple[Fact, ...], page: int) -> range:
    start = bisect_left(places, page, key=_page)
    end = bisect_right(places, page, lo=start, key=_page)
    return range(start, end)


def _every_place(places: tuple[Fact, ...], _page: int) -> range:
    return range(len(places))


def _page(fact: Fact) -> int:
    return fact.page


def _flags(groups: Sequence[FactGroup]) -> dict[int, tuple[Flag, ...]]:
    return {p: tuple(f) for p, f in cross_page_flags(groups).items()}


def _every(facts: Facts) -> list[Fact]:
    return [f for page in sorted(facts) for f in facts[page]]


def _of(facts: Sequence[Fact], kind: FactKind) -> list[Fact]:
    return [f for f in facts if f.kind is kind]


def _shapes(facts: Sequence[Fact], kind: FactKind) -> list[tuple[str, str, str]]:
    """What grouping reads of a page's facts of one kind: all but their offsets."""
    return [(f.label, f.key, f.value) for f in facts if f.kind is kind]
