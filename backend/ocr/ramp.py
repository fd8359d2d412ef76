"""How many pages a lane keeps in flight, decided from the server's ``/metrics``.

Like TCP's slow start: a lane starts small (the server's capacity is unknown)
and doubles its limit every round trip while the server shows room: nothing
waiting and KV cache to spare. A round trip here is one look at ``/metrics``
after the pages of the last doubling reached the server, so the ramp takes a
few tenths of a second, not a few pages' worth of time: a page takes 10-60 s,
and a ramp paced by finished pages wasted most of a short batch (0.54× of the
server's rate over 160 pages at 32 slots).

Once the server is full (requests waiting, or the KV cache nearly full), the
lane holds a *small queue* at the server: enough waiting pages that a slot
which frees finds the next page already there instead of idling for a round
trip, and no more (pages queued at one server cannot go to another, and a long
queue only adds latency). It backs off only when the queue grows past twice
that, or the KV cache is nearly full while pages wait; and grows by a queue's
worth again when room opens (another client left).

``Ramp`` is pure: it is given what the server said and how many pages the lane
has out, and returns the limit. ``Lane`` (``lanes.py``) owns one and polls.
"""

from __future__ import annotations

import math

from backend.engines.server_info import ServerLoad

# An in-flight limit is a promise of memory (each page's encoded image is held
# until its answer) and of connections; vLLM's own default is 256 sequences
# (1,024 on H100-class GPUs): past that the server queues anyway.
MAX_ADAPTIVE_LIMIT = 512
MAX_COUNT = 1e9  # requests a server may report: far past any, and still finite
KV_NEARLY_FULL = 0.95  # vLLM preempts (recomputes) running requests past a full cache
QUEUE_FRACTION = 1 / 8  # of the running count: the small queue held at the server
MIN_QUEUE = 2
# How often to look at /metrics while ramping: the round trip of a few uploads,
# so the ramp is over in well under a second; afterwards the batch's own pace.
RAMP_POLL_S = 0.05
# Quick looks in a row that showed no room to grow (no /metrics, a garbage or
# stale page, uploads still on their way) before looking at the batch's pace:
# a server without /metrics is not polled 20 times a second for a whole batch.
QUICK_LOOKS = 20


def queue_margin(running: float) -> int:
    """The small queue to hold at a server running ``running`` requests."""
    return max(MIN_QUEUE, math.ceil(running * QUEUE_FRACTION))


class Ramp:
    """One lane's adaptive in-flight limit (slow start, then a held small queue)."""

    def __init__(self, limit: int, *, ceiling: int = MAX_ADAPTIVE_LIMIT) -> None:
        self.ceiling = max(1, ceiling)
        self.limit = max(1, min(limit, self.ceiling))
        self.slow_start = True
        self._held_back = True  # the limit is what holds the lane back (so far: assumed)
        self._fruitless = 0  # looks in a row that did not raise the limit

    def poll_interval(self, steady_s: float) -> float:
        """Seconds until the next look at ``/metrics``: quick while ramping, and only while
        the limit is what holds the lane back (a 3-page batch is not polled 20 times a
        second for minutes) and looks still show room to grow (a server without
        ``/metrics``, or with a page that never moves, is not either)."""
        quick = self.slow_start and self._held_back and self._fruitless < QUICK_LOOKS
        return min(RAMP_POLL_S, steady_s) if quick else steady_s

    def missed(self) -> None:
        """A look at ``/metrics`` that gave nothing (absent, unreadable, timed out)."""
        self._fruitless += 1

    def decide(self, load: ServerLoad, out: int) -> int:
        """The new limit, given the server's load and the pages this lane has ``out``.

        ``out`` counts pages being prepared, sent or read: the server may not
        have seen all of them yet (an upload, or vLLM's image preprocessing,
        which its ``waiting`` count leaves out).
        """
        before = self.limit
        self._decide(load, out)
        self._fruitless = 0 if self.limit > before else self._fruitless + 1
        return self.limit

    def _decide(self, load: ServerLoad, out: int) -> None:
        # A garbage page may sum to infinity (1e308 twice): no count past the ceiling's
        # scale means anything, and an infinite one would stop the ramp (OverflowError).
        running = min(max(0.0, load.running), MAX_COUNT)
        waiting = min(max(0.0, load.waiting), MAX_COUNT)
        self._held_back = self._using_limit(out)
        margin = queue_margin(running)
        kv_full = (load.kv_cache_usage or 0.0) >= KV_NEARLY_FULL
        if waiting > 2 * margin or (kv_full and waiting > margin):
            self.slow_start = False
            self.limit = self._back_off(waiting, margin, out)
        elif waiting > 0 or kv_full:
            # Full: leave slow start; top the queue up to the small one, else hold.
            self.slow_start = False
            if waiting < margin and self._using_limit(out):
                self.limit = self._bounded(self.limit + math.ceil(margin - waiting))
        elif self._using_limit(out):
            self.limit = self._grow(running, margin)

    def _back_off(self, waiting: float, margin: int, out: int) -> int:
        # Take away the pages waiting beyond the small queue (ours, or anyone's:
        # a server shared with others is not ours to fill).
        # From the pages out, not the limit: pages already queued stay out until they
        # are read (10-60 s), so the next looks see the same queue; taking it off the
        # limit again each look collapsed the lane to 1 (64 → 36 → 8 → 1 on 32 slots).
        excess = math.ceil(waiting - margin)
        return self._bounded(min(self.limit, out - excess))

    def _grow(self, running: float, margin: int) -> int:
        if not self.slow_start:  # room again after being full: a queue's worth more
            return self._bounded(self.limit + margin)
        # Double, but never past twice what the server has actually taken in:
        # pages still uploading or being preprocessed are not yet proof of room.
        seen = max(1, math.ceil(running))
        return self._bounded(max(self.limit, min(2 * self.limit, 2 * seen)))

    def _using_limit(self, out: int) -> bool:
        """The limit is what holds the lane back (not a short batch or slow rendering);
        a page or two may be between an answer and the next request."""
        return out >= self.limit - max(1, self.limit // 8)

    def _bounded(self, limit: int) -> int:
        return max(1, min(self.ceiling, limit))
