"""The adaptive in-flight limit's decisions, driven by scripted ``/metrics`` readings.

No clocks and no sockets: each "round trip" is one call to ``decide`` with what a
server of known size would report for the pages the lane has out. How fast the
ramp is in seconds is the benchmark's business (``python -m bench --only ocr``).
"""

from __future__ import annotations

import pytest

from backend.engines.server_info import ServerLoad
from backend.ocr.lanes import Lane
from backend.ocr.ramp import MAX_ADAPTIVE_LIMIT, RAMP_POLL_S, Ramp, queue_margin


def server(slots: int, ours: int, others: int = 0, kv_per_slot: float | None = None) -> ServerLoad:
    """What a server with ``slots`` sequences reports with our pages and others' in it.

    By default its KV cache fills with its slots, as the fake vLLM reports it
    (so a full server also shows a full cache); ``kv_per_slot`` sets another ratio.
    """
    total = ours + others
    running = min(total, slots)
    kv = running / slots if kv_per_slot is None else min(1.0, running * kv_per_slot)
    return ServerLoad(running=running, waiting=max(0, total - slots), kv_cache_usage=kv)


def ramp_against(slots: int, rounds: int, start: int = 4, others: int = 0) -> list[int]:
    """The limit after each round trip, the lane keeping every page it may send out."""
    ramp = Ramp(start)
    limits = []
    for _ in range(rounds):
        limits.append(ramp.decide(server(slots, ramp.limit, others), out=ramp.limit))
    return limits


def test_slow_start_doubles_every_round_trip_while_the_server_has_room() -> None:
    ramp = Ramp(4)
    roomy = [ramp.decide(server(256, ramp.limit), out=ramp.limit) for _ in range(4)]
    assert roomy == [8, 16, 32, 64]
    assert ramp.slow_start


@pytest.mark.parametrize("slots", [32, 64, 256])
def test_the_ramp_fills_the_server_then_holds_a_small_queue(slots: int) -> None:
    limits = ramp_against(slots, rounds=30)
    held = slots + queue_margin(slots)
    # Full within log2(slots / 4) + 2 round trips, and steady from there on.
    first = limits.index(held)
    assert first <= (slots // 4).bit_length() + 1
    assert set(limits[first:]) == {held}


def test_doubling_never_outruns_what_the_server_has_taken_in() -> None:
    ramp = Ramp(16)
    # 16 pages out but only 5 visible (uploading, or in vLLM's image preprocessing,
    # which num_requests_waiting leaves out): no proof of room for 32.
    assert ramp.decide(ServerLoad(running=5, waiting=0, kv_cache_usage=0.1), out=16) == 16
    assert ramp.decide(ServerLoad(running=12, waiting=0, kv_cache_usage=0.2), out=16) == 24
    assert ramp.slow_start


def test_no_growth_while_the_limit_is_not_what_holds_the_lane_back() -> None:
    ramp = Ramp(32)
    # A short batch (or slow rendering): 10 pages out of 32 allowed.
    assert ramp.decide(server(256, 10), out=10) == 32


def test_waiting_requests_end_slow_start_and_a_small_queue_is_held() -> None:
    ramp = Ramp(40)
    margin = queue_margin(32)
    assert ramp.decide(ServerLoad(32, waiting=margin + 1, kv_cache_usage=0.5), out=40) == 40
    assert not ramp.slow_start
    # Anywhere from the small queue to twice it: hold.
    for waiting in range(margin, 2 * margin + 1):
        assert ramp.decide(ServerLoad(32, waiting, 0.5), out=40) == 40


def test_a_full_cache_with_nothing_waiting_tops_up_to_the_small_queue() -> None:
    """Every slot busy and nothing queued: a slot that frees would idle a round trip."""
    ramp = Ramp(32)
    assert ramp.decide(ServerLoad(32, waiting=0, kv_cache_usage=1.0), out=32) == 32 + queue_margin(
        32
    )
    assert not ramp.slow_start


def test_backs_off_a_queue_longer_than_twice_the_small_one() -> None:
    ramp = Ramp(64)
    assert ramp.decide(ServerLoad(32, waiting=30, kv_cache_usage=0.5), out=64) == 64 - (30 - 4)


def test_backs_off_a_nearly_full_cache_once_pages_wait_beyond_the_small_queue() -> None:
    ramp = Ramp(48)
    # Six waiting is within twice the queue of 4: held with cache room ...
    assert ramp.decide(ServerLoad(32, waiting=6, kv_cache_usage=0.5), out=48) == 48
    # ... but not with the cache nearly full, where vLLM starts preempting.
    assert ramp.decide(ServerLoad(32, waiting=6, kv_cache_usage=0.97), out=48) == 48 - (6 - 4)


def test_room_after_being_full_grows_by_a_queue_not_by_doubling() -> None:
    ramp = Ramp(40)
    ramp.decide(ServerLoad(32, waiting=8, kv_cache_usage=0.9), out=40)  # full: slow start ends
    assert ramp.decide(ServerLoad(40, waiting=0, kv_cache_usage=0.5), out=40) == 40 + 5


def test_a_server_shared_with_another_client_is_not_crowded_out() -> None:
    """Others keep 20 pages there: our lane settles where the queue is small, and stays."""
    limits = ramp_against(32, rounds=40, others=20)
    assert len(set(limits[-20:])) == 1
    steady = limits[-1]
    waiting = server(32, steady, others=20).waiting
    assert queue_margin(32) <= waiting <= 2 * queue_margin(32)


def test_the_limit_stays_within_one_and_the_ceiling() -> None:
    ramp = Ramp(300, ceiling=400)
    assert ramp.decide(server(10_000, 300, kv_per_slot=0.0), out=300) == 400
    assert ramp.decide(server(10_000, 400, kv_per_slot=0.0), out=400) == 400
    low = Ramp(2)
    assert low.decide(ServerLoad(1, waiting=500, kv_cache_usage=1.0), out=2) == 1
    assert Ramp(10**6).limit == MAX_ADAPTIVE_LIMIT


def test_polls_quickly_while_ramping_then_at_the_batch_pace() -> None:
    ramp = Ramp(4)
    assert ramp.poll_interval(1.0) == RAMP_POLL_S
    ramp.decide(ServerLoad(4, waiting=3, kv_cache_usage=0.5), out=4)
    assert ramp.poll_interval(1.0) == 1.0


def test_a_batch_smaller_than_the_limit_is_not_polled_quickly() -> None:
    ramp = Ramp(8)
    ramp.decide(server(256, 3), out=3)  # three pages in all
    assert ramp.slow_start and ramp.poll_interval(1.0) == 1.0
    ramp.decide(server(256, 8), out=8)  # a longer batch uses its limit again
    assert ramp.poll_interval(1.0) == RAMP_POLL_S


def test_a_lane_adapts_from_the_limit_it_has_and_the_pages_it_reads() -> None:
    lane = Lane("x", None, limit=4)  # type: ignore[arg-type]
    lane.reading = 4
    assert lane.adapt(server(256, 4)) == 8
    lane.limit, lane.reading = 20, 20  # the user changed it meanwhile
    assert lane.adapt(server(256, 20)) == 40
    assert lane.poll_interval(1.0) == RAMP_POLL_S


def test_the_same_queue_seen_again_is_not_taken_off_twice() -> None:
    """Pages queued at the server stay out until read (10-60 s), so several looks see
    the same queue: the lane backs off once, and holds (before: 36, 8, 1, 1)."""
    ramp = Ramp(64)
    margin = queue_margin(32)
    limits = [ramp.decide(ServerLoad(32, waiting=32, kv_cache_usage=0.5), out=64) for _ in range(4)]
    assert limits == [64 - (32 - margin)] * 4
    # As its queued pages are read the lane's pages out fall with the queue: still held.
    assert ramp.decide(ServerLoad(32, waiting=20, kv_cache_usage=0.5), out=52) == 36
