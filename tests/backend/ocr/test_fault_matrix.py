"""A batch of 50 pages on two servers through the whole fault matrix, one server dying
and coming back (issue 6): pages that can succeed do, the others fail with a readable
reason, the batch ends, nothing is lost or duplicated, and the dead server is noticed
and used again once back.

These are the batch's decisions; how long the event loop stalled meanwhile is a
duration, measured by ``python -m bench --only fault_stall`` against the same pages on
two healthy servers (bench/fault_stall.py runs this same scenario).
"""

from __future__ import annotations

import asyncio
import gc

from bench.fault_stall import GC_CLOCK
from tests.backend.ocr.fault_matrix_helpers import (
    GUARD_S,
    KNOBS,
    PAGES,
    PERMANENT,
    image_for,
    run_matrix,
)
from tests.fakevllm import spawn_fake_vllm


def test_the_gc_clock_counts_a_collection() -> None:
    gc.callbacks.append(GC_CLOCK)
    try:
        before = GC_CLOCK.total_s
        gc.collect()
        assert GC_CLOCK.total_s > before
    finally:
        gc.callbacks.remove(GC_CLOCK)


def test_fifty_pages_two_servers_every_fault_one_server_dies_and_returns() -> None:
    with spawn_fake_vllm(**KNOBS) as a, spawn_fake_vllm(**KNOBS) as b:
        run = asyncio.run(asyncio.wait_for(run_matrix(a, b), GUARD_S * 2))

    assert len(run.saved) + len(run.failed) == PAGES  # every page finished, one way or another
    for page, reading in run.saved.items():  # each page got its own text: none lost or swapped
        assert reading.text.startswith(f"FAKE {image_for(page).sha256[:16]}"), page
    # Only the refused requests failed, each with the server's reason and what to change.
    assert 1 <= len(run.failed) <= len(PERMANENT) * 2, run.failed
    assert all("5,621" in r and "--max-model-len" in r for r in run.failed.values()), run.failed
    # The dead server was noticed (its lane went down while it was dead: the scenario
    # waits for that before starting it again) and, once back, read pages again.
    assert run.a_down_while_dead, "lane a never went down while server a was dead"
    assert run.a_served_after_restart
