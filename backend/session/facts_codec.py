"""A page's facts as the facts index stores them (``DocumentFacts``' rows).

One record a fact, its fields apart by the ASCII unit and record separators, which no
page text holds (a value that does is stored as JSON). Opening a document decodes
every page's row (~90,000 facts for 3,000 pages), so decoding is made for speed: one
split a row, and each fact made without the dataclass's ``__init__`` (a frozen
dataclass sets each field through ``object.__setattr__``: half the decoding time).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import fields

from backend.facts.model import Fact, FactKind

_US, _RS = "\x1f", "\x1e"
_KINDS = {kind.value: kind for kind in FactKind}
_FIELDS = ("kind", "value", "page", "start", "end", "label", "key")


def encode(facts: Sequence[Fact]) -> str:
    rows = [(f.kind.value, f.value, str(f.start), str(f.end), f.label, f.key) for f in facts]
    if any(_US in x or _RS in x for row in rows for x in row):
        return json.dumps([list(row) for row in rows], ensure_ascii=False)
    return _RS.join(_US.join(row) for row in rows)


def decode(page: int, payload: str) -> tuple[Fact, ...] | None:
    """The row's facts; None for a row that cannot be decoded (read the page again)."""
    try:
        if payload.startswith("["):
            rows = json.loads(payload)
            if any(len(row) != 6 for row in rows):
                return None
            parts = [str(x) for row in rows for x in row]
        elif payload:
            parts = payload.replace(_RS, _US).split(_US)
            if len(parts) != 6 * (payload.count(_RS) + 1):
                return None  # a record with fields too many or too few
        else:
            return ()
        kinds, make = _KINDS, _MAKE
        it = iter(parts)
        return tuple(
            make(kinds[kind], value, page, int(start), int(end), label, key)
            for kind, value, start, end, label, key in zip(it, it, it, it, it, it, strict=True)
        )
    except (ValueError, TypeError, KeyError):
        return None


def _maker() -> Callable[[FactKind, str, int, int, int, str, str], Fact]:
    """A ``Fact`` from its fields, in their order: its dict filled in directly while
    ``Fact`` is the frozen, dict-backed dataclass of these fields; else its own
    ``__init__`` (the same facts, slower)."""
    names = tuple(f.name for f in fields(Fact))
    if names != _FIELDS or "__slots__" in vars(Fact) or hasattr(Fact, "__post_init__"):
        return Fact
    new = object.__new__

    def make(
        kind: FactKind, value: str, page: int, start: int, end: int, label: str, key: str
    ) -> Fact:
        fact = new(Fact)
        fact.__dict__.update(
            kind=kind, value=value, page=page, start=start, end=end, label=label, key=key
        )
        return fact

    return make


_MAKE = _maker()
