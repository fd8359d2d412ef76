"""Which of many spans meet a given one, without asking each of them.

A page with a loop (a clause the model wrote 3,000 times) holds thousands of
critical terms and hits. Comparing every one with every other is quadratic: a
30,000-character looped transcript took over a minute to review. Both structures
here answer in O(log n) (plus what they return), so such a page costs what its
length does.

* ``Reach``: fixed spans; the furthest end among those starting at or before a
  point, which says whether any of them holds or crosses a span.
* ``SpanIndex``: spans that may be taken out as the caller goes; every span whose
  closed interval [start, end] meets a query's (a segment tree over the spans in
  order of start, each node the furthest end below it).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable, Iterable
from itertools import accumulate
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

_NONE = -(1 << 62)  # no span: below any end (ends are code point offsets)


class Reach:
    """Fixed spans (start, end), asked how far those starting early enough reach."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [s for s, _e in ordered]
        self._ends = list(accumulate((e for _s, e in ordered), max))

    def furthest_end(self, start_at_most: int) -> int:
        """The largest end among the spans starting at or before ``start_at_most``
        (a very negative number when there is none)."""
        i = bisect_right(self._starts, start_at_most)
        return self._ends[i - 1] if i else _NONE


class SpanIndex(Generic[K]):
    """Spans under keys, each asked for by where it lies; ``remove`` takes one out."""

    def __init__(self, spans: Iterable[tuple[K, int, int]]) -> None:
        ordered = sorted(spans, key=lambda x: x[1])
        self._keys = [k for k, _s, _e in ordered]
        self._starts = [s for _k, s, _e in ordered]
        self._at = {k: i for i, k in enumerate(self._keys)}
        size = 1
        while size < len(ordered):
            size *= 2
        self._size = size
        tree = [_NONE] * (2 * size)
        for i, (_k, _s, e) in enumerate(ordered):
            tree[size + i] = e
        for node in range(size - 1, 0, -1):
            tree[node] = max(tree[2 * node], tree[2 * node + 1])
        self._tree = tree

    def meeting(self, lo: int, hi: int) -> list[K]:
        """The keys of the spans left whose [start, end] meets [lo, hi] (start <= hi
        and end >= lo: abutting counts), in order of start."""
        last = bisect_right(self._starts, hi)  # only the spans starting at or before hi
        tree, out = self._tree, []
        stack = [(1, 0, self._size)]
        while stack:
            node, left, right = stack.pop()
            if left >= last or tree[node] < lo:
                continue
            if right - left == 1:
                out.append(self._keys[left])
                continue
            middle = (left + right) // 2
            stack.append((2 * node + 1, middle, right))
            stack.append((2 * node, left, middle))
        return out

    def remove(self, key: K) -> None:
        node = self._size + self._at.pop(key)
        tree = self._tree
        tree[node] = _NONE
        node //= 2
        while node:
            tree[node] = max(tree[2 * node], tree[2 * node + 1])
            node //= 2
