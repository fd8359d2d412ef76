"""``CriticalTerm``'s written-out ``__init__`` stays the one its dataclass would make."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from backend.review.term_extract import CriticalTerm
from backend.review.values import CriticalKind


def test_it_takes_the_fields_in_order_with_their_defaults() -> None:
    # A field added to the class but not to __init__ would be missing from every term.
    params = list(inspect.signature(CriticalTerm.__init__).parameters.values())[1:]
    fields = dataclasses.fields(CriticalTerm)
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]


def test_a_term_is_set_frozen_equal_and_replaced_as_before() -> None:
    term = CriticalTerm(3, 5, CriticalKind.DATE, "5月", (None, 5, None))
    assert dataclasses.astuple(term) == (3, 5, CriticalKind.DATE, "5月", (None, 5, None), "")
    assert term == CriticalTerm(3, 5, CriticalKind.DATE, "5月", (None, 5, None))
    assert hash(term) == hash(CriticalTerm(3, 5, CriticalKind.DATE, "5月", (None, 5, None)))
    assert dataclasses.replace(term, word="月").word == "月"
    with pytest.raises(dataclasses.FrozenInstanceError):
        term.start = 4  # type: ignore[misc]
