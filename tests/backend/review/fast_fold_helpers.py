"""``options_st``: every combination of the compare options, with the built-in tables, for
the property tests of normalisation's two paths."""

from __future__ import annotations

from hypothesis import strategies as st

from backend.review.textnorm import CompareOptions
from tests.backend.review.tables import TABLES

options_st = st.builds(
    CompareOptions,
    tables=st.just(TABLES),
    ignore_whitespace=st.booleans(),
    fold_width=st.booleans(),
    fold_variants=st.booleans(),
    ignore_markers=st.booleans(),
    ignore_markdown=st.booleans(),
)
