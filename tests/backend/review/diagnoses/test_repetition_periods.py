"""The loop detector's periodic stretches, found with a few array and regex passes,
are the ones a character-by-character scan finds (the scans it had before are kept
here as the reference)."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import example, given
from hypothesis import strategies as st

from backend.review.diagnoses.repetition import (
    _PIECE_END,
    FEWEST,
    MAX_UNITS,
    SHORT_PERIOD,
    _Loop,
    _piece_periods,
    _short_periods,
    _widen,
    min_repeats,
)
from tests.properties import examples


def _short_by_period(text: str) -> list[_Loop]:
    if len(text) < 2:
        return []
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    found = []
    for period in range(1, min(SHORT_PERIOD, len(text) - 1) + 1):
        same = np.concatenate(([False], codes[period:] == codes[:-period], [False]))
        edges = np.diff(same.astype(np.int8))
        starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
        for s, e in zip(
            starts[ends - starts >= period], ends[ends - starts >= period], strict=True
        ):
            found.append(_Loop(int(s), int(e) + period, period))
    return found


def _pieces_by_scanning(text: str) -> list[_Loop]:
    bounds = [0] + [m.end() for m in _PIECE_END.finditer(text)]
    if bounds[-1] != len(text):
        bounds.append(len(text))
    pieces = [text[a:b] for a, b in itertools.pairwise(bounds)]
    found = []
    for step in range(1, MAX_UNITS + 1):
        i = 0
        while i + step < len(pieces):
            j = i
            while j + step < len(pieces) and pieces[j] == pieces[j + step]:
                j += 1
            if j - i >= step:
                start = bounds[i]
                found.append(_Loop(start, bounds[j + step], bounds[i + step] - start))
            i = max(j, i + 1)
    return [c for c in found if c.period > SHORT_PERIOD]


# Few letters and piece ends, so that periods and repeated pieces come often.
texts = st.text(alphabet="ab一。，\n", max_size=80) | st.lists(
    st.sampled_from(["被告應給付原告新臺幣壹萬元，", "理由。", "一一", "\n", "○○"]), max_size=40
).map("".join)


@examples(400)
@given(texts)
@example("主管機關應予駁回。" * 30)
@example("ab" * 20 + "，" + "被告應給付原告，" * 14)
def test_periodic_stretches_are_the_ones_a_scan_finds(text: str) -> None:
    assert _short_periods(text) == _short_by_period(text)
    assert _piece_periods(text) == _pieces_by_scanning(text)


@examples(400)
@given(texts, st.integers(2, 5))
@example("。。一一一一一一一" + "0" * 30, FEWEST)
def test_short_stretches_of_fewer_copies_are_left_out_in_the_arrays(text: str, k: int) -> None:
    # ``_periodic`` asks for FEWEST copies at least: the arrays drop the rest, the
    # same stretches as dropping them from the whole list.
    assert _short_periods(text, k) == [c for c in _short_periods(text) if c.repeats >= k]


@examples(400)
@given(texts)
@example("主管機關應予駁回。" * 30)
@example("。。一一一一一一一" + "0" * 30)
def test_widening_a_short_units_stretch_never_lengthens_it(text: str) -> None:
    # What lets ``_periodic`` leave out a short unit's stretches of fewer than FEWEST
    # copies before widening: widened, they would have no more copies.
    for loop in _short_periods(text):
        wide = _widen(text, loop)
        assert wide.period == loop.period and wide.end == loop.end
        assert loop.start <= wide.start < loop.start + loop.period


@examples(400)
@given(st.text(max_size=20) | st.text("ab一。 ○|<>td", max_size=20), st.booleans())
@example("一", False)
@example("ab", False)
def test_no_unit_is_a_loop_under_the_fewest_copies(unit: str, alone: bool) -> None:
    assert min_repeats(unit, alone=alone) >= FEWEST
