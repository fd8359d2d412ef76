"""Once the window is up, the start-up heap leaves the garbage collector's full passes
(``gc.freeze``) and those come ten times rarer: a full pass over it stalled an Enter in a
table cell 20-35 ms (bench/table_view.py, which calls the same function)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from gui import app


@pytest.fixture
def collector() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("collector")
def test_the_start_up_heap_is_frozen_and_full_passes_rarer() -> None:
    kept = [[] for _ in range(10)]  # alive at start-up, as the window's objects are
    first, second, _full = gc.get_threshold()
    app.settle_collector()
    assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold() == (first, second, app.FULL_COLLECTION_EVERY)
    assert app.FULL_COLLECTION_EVERY > 10  # Python's own: one full pass every 10
