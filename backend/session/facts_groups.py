"""The document's grouped facts and cross-page flags, kept current page by page.

``backend.facts.group_facts`` groups a whole document (about a second for 3,000
pages); after a save only one page's facts changed, so this redoes no more than the
change needs:
- facts that only moved (typing before them): the same groups, with the moved places
  put in where they sit (``_where``, per kind and page), in milliseconds;
- facts of some kinds changed: those kinds are grouped again, the others kept (with
  their moves put in). Variants are compared only within their kind
  (``backend.facts.groups``), so this is the grouping of the whole document
  (tests/backend/session/test_facts.py checks it against grouping from scratch).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from backend.facts.checks import cross_page_flags
from backend.facts.groups import group_facts
from backend.facts.model import Fact, FactGroup, FactKind
from backend.review.values import Flag

Facts = Mapping[int, Sequence[Fact]]
Where = dict[int, list[tuple[int, int, int]]]  # page -> (group, variant, place) indices


class LiveGroups:
    """The groups of one document's facts (None: to group) and each page's flags."""

    def __init__(self) -> None:
        self.groups: list[FactGroup] | None = None
        self.flags: dict[int, tuple[Flag, ...]] = {}
        self.changed = False  # since set(): the grouping to store again
        self._kinds: dict[FactKind, list[FactGroup]] = {}
        self._where: dict[FactKind, Where] = {}  # built when first needed, per kind

    def set(self, groups: list[FactGroup] | None, *, changed: bool = False) -> None:
        self.changed = changed
        self._kinds, self._where = {}, {}
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

    def update(self, page: int, old: Sequence[Fact], new: Sequence[Fact], facts: Facts) -> None:
        """``page``'s facts went from ``old`` to ``new`` (``facts`` has ``new`` already)."""
        if self.groups is None or tuple(old) == tuple(new):
            return
        kinds = {f.kind for f in (*old, *new)}
        changed = {k for k in kinds if _shapes(old, k) != _shapes(new, k)}
        for kind in kinds - changed:
            # Every fact of the kind, moved or not, is the new object from now on: the
            # groups hold the page's facts themselves (``_where``, ``facts_cache``).
            moved = {id(a): b for a, b in zip(_of(old, kind), _of(new, kind), strict=True)}
            self._place(kind, page, moved)
        if changed:
            kinds_of = tuple(changed)  # (a tuple: an enum's hash is Python code, slow here)
            again = group_facts([f for f in _every(facts) if f.kind in kinds_of])
            for kind in changed:
                self._kinds.pop(kind, None)
                self._where.pop(kind, None)
            for group in again:
                self._kinds.setdefault(group.kind, []).append(group)
        self.changed = True
        self._joined()

    def _place(self, kind: FactKind, page: int, moved: dict[int, Fact]) -> None:
        """Put the moved facts of ``page`` at their new places in ``kind``'s groups."""
        groups = self._kinds.get(kind, [])
        if kind not in self._where:
            self._where[kind] = _where(groups)
        rows: dict[tuple[int, int], list[Fact]] = {}
        for g, v, i in self._where[kind].get(page, ()):
            row = rows.setdefault((g, v), list(groups[g].variants[v].places))
            row[i] = moved.get(id(row[i]), row[i])
        for (g, v), row in rows.items():  # the same places: every index still holds
            variants = list(groups[g].variants)
            variants[v] = replace(variants[v], places=tuple(row))
            groups[g] = replace(groups[g], variants=tuple(variants))


def _flags(groups: Sequence[FactGroup]) -> dict[int, tuple[Flag, ...]]:
    return {p: tuple(f) for p, f in cross_page_flags(groups).items()}


def _every(facts: Facts) -> list[Fact]:
    return [f for page in sorted(facts) for f in facts[page]]


def _of(facts: Sequence[Fact], kind: FactKind) -> list[Fact]:
    return [f for f in facts if f.kind is kind]


def _shapes(facts: Sequence[Fact], kind: FactKind) -> list[tuple[str, str, str]]:
    """What grouping reads of a page's facts of one kind: all but their offsets."""
    return [(f.label, f.key, f.value) for f in facts if f.kind is kind]


def _where(groups: Sequence[FactGroup]) -> Where:
    """Per page, where its facts are in ``groups``."""
    where: Where = {}
    for g, group in enumerate(groups):
        for v, variant in enumerate(group.variants):
            for i, fact in enumerate(variant.places):
                where.setdefault(fact.page, []).append((g, v, i))
    return where
