"""The character diff of two long readings, cut at passages both share exactly once.

diff-match-patch's bisection costs about (length x differences): a long page an
engine read badly (a misreading every few characters, lines of garbage) takes
tens of milliseconds even in C++, most of it spent relating differences far
apart; a page read well takes well under a millisecond either way. Two readings
of one page agree on most 8-character passages, and a passage found exactly once
in each text can only pair with itself, so the texts are cut there (the cuts kept
in the same order in both: a longest increasing run) and the pieces between are
diffed on their own by
fast-diff-match-patch, with its semantic cleanup. The result is a diff of the
same texts, equal to the whole diff wherever a cut lies inside agreeing text.

Texts with almost nothing in common (two different pages) find few cuts; their
diff is given a time limit, after which diff-match-patch returns a coarser but
still correct diff: every character of each text is in it once.
"""

from __future__ import annotations

from bisect import bisect_left

import fast_diff_match_patch

Ops = list[tuple[str, str]]

ANCHOR = 8  # characters a passage must share to cut there
STEP = 48  # a candidate passage every this many characters of the first text
MIN_LENGTH = 2000  # shorter texts are diffed whole: cutting saves nothing
UNRELATED_SHARE = 0.2  # fewer candidates found than this: the texts are unrelated
UNRELATED_LIMIT_S = 0.03  # the time limit for those (with the reading order, two diffs)


def _whole(a: str, b: str, limit: float = 0.0) -> Ops:
    return fast_diff_match_patch.diff(  # type: ignore[no-any-return]
        a, b, counts_only=False, cleanup="Semantic", timelimit=limit
    )


def anchored_diff(a: str, b: str) -> Ops:
    """The diff from ``a`` to ``b`` as (op, text) pairs, op one of "=", "-", "+"."""
    if min(len(a), len(b)) < MIN_LENGTH:
        return _whole(a, b)
    candidates, cuts = _cuts(a, b)
    if len(cuts) < UNRELATED_SHARE * candidates:
        return _whole(a, b, UNRELATED_LIMIT_S)
    ops: Ops = []
    i = j = 0
    for p, q in cuts:
        ops += _whole(a[i:p], b[j:q]) if (p > i or q > j) else []
        ops.append(("=", a[p : p + ANCHOR]))
        i, j = p + ANCHOR, q + ANCHOR
    ops += _whole(a[i:], b[j:]) if (i < len(a) or j < len(b)) else []
    return _merged(ops)


def _cuts(a: str, b: str) -> tuple[int, list[tuple[int, int]]]:
    """How many passages were tried, and the (position in a, position in b) of the
    ones found exactly once in each, in the same order in both, not overlapping."""
    found: list[tuple[int, int]] = []
    tried = 0
    for p in range(STEP // 2, len(a) - ANCHOR, STEP):
        tried += 1
        piece = a[p : p + ANCHOR]
        q = b.find(piece)
        if q < 0 or b.find(piece, q + 1) >= 0 or a.find(piece, p + 1) >= 0 or a.find(piece) < p:
            continue
        found.append((p, q))
    return tried, _increasing(found)


def shared_share(a: str, b: str) -> float:
    """The share of ``a``'s sampled passages that ``b`` holds anywhere (0..1): near 0
    for two different pages, high for one page read in another order."""
    starts = range(STEP // 2, len(a) - ANCHOR, STEP)
    if not starts:
        return 1.0
    return sum(a[p : p + ANCHOR] in b for p in starts) / len(starts)


def _increasing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of ``pairs`` (sorted by their first item) whose second items
    increase by at least ``ANCHOR`` each step (so the passages do not overlap)."""
    tails: list[int] = []  # tails[k]: smallest end of a run of length k + 1 (its b position)
    tail_at: list[int] = []  # index into pairs of that tail
    parent: list[int] = []
    for n, (_, q) in enumerate(pairs):
        k = bisect_left(tails, q)
        # A run ending in pairs[tail_at[k-1]] may be extended only past its passage.
        while k > 0 and q < tails[k - 1] + ANCHOR:
            k -= 1
        parent.append(tail_at[k - 1] if k else -1)
        if k == len(tails):
            tails.append(q)
            tail_at.append(n)
        elif q < tails[k]:
            tails[k], tail_at[k] = q, n
    run, n = [], tail_at[-1] if tail_at else -1
    while n >= 0:
        run.append(pairs[n])
        n = parent[n]
    return run[::-1]


def _merged(ops: Ops) -> Ops:
    """Adjacent operations of one kind joined (a cut inside agreeing text)."""
    out: Ops = []
    for op, text in ops:
        if not text:
            continue
        if out and out[-1][0] == op:
            out[-1] = (op, out[-1][1] + text)
        else:
            out.append((op, text))
    return out
