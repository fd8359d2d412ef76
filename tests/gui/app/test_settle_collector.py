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
    assert any(o is kept[0] for o in gc.get_objects())  # tracked: a full pass walks it
    frozen = gc.get_freeze_count()  # another test may have frozen some before
    first, second, _full = gc.get_threshold()
    app.settle_collector()
    assert gc.get_freeze_count() >= frozen + len(kept)
    # Frozen: in no generation a collection walks (the permanent one), so no pass sees it.
    assert not any(o is kept[0] for o in gc.get_objects())
    made_after = []
    assert any(o is made_after for o in gc.get_objects())  # only what was alive at the call
    assert gc.get_threshold() == (first, second, app.FULL_COLLECTION_EVERY)
    assert app.FULL_COLLECTION_EVERY > 10  # Python's own: one full pass every 10
