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

Texts with almost nothing in common (two different pages, or a page an engine
read very badly) find few cuts. Their full character diff would cost seconds, so
they are diffed by lines first, and only the changed blocks small enough to
afford are diffed by characters (``_coarse``). This used to be a time limit on
diff-match-patch, which made the result depend on how busy the machine was, and
its output after a timeout was not merged (two "+" in a row): the same two texts
must give the same diff everywhere, in the canonical shape every reader assumes.
"""

from __future__ import annotations

from bisect import bisect_left

import fast_diff_match_patch

Ops = list[tuple[str, str]]

ANCHOR = 8  # characters a passage must share to cut there
STEP = 48  # a candidate passage every this many characters of the first text
MIN_LENGTH = 2000  # shorter texts are diffed whole: cutting saves nothing
UNRELATED_SHARE = 0.2  # fewer candidates found than this: the texts are unrelated
# The coarse diff refines a changed block by characters in pieces of about this
# many characters: ~8 ms for two unrelated pieces, ~1 ms for two readings of one.
PIECE = 500
# A reading with one wrong character in four keeps 0.75^8 = 10% of its 8-character
# passages somewhere in the other text; below half that, two texts are different
# pages, and their changed blocks are not worth a character diff.
RELATED_FLOOR = 0.05
PRIVATE_CODES = 0x10FFFE - 0xF0000  # U+F0000..U+10FFFD, one per distinct line


def _whole(a: str, b: str) -> Ops:
    """diff-match-patch with no time limit: the same answer on any machine."""
    return canonical(
        fast_diff_match_patch.diff(a, b, counts_only=False, cleanup="Semantic", timelimit=0)
    )


def anchored_diff(a: str, b: str) -> Ops:
    """The diff from ``a`` to ``b`` as (op, text) pairs, op one of "=", "-", "+"."""
    if min(len(a), len(b)) < MIN_LENGTH:
        return _whole(a, b)
    candidates, cuts = _cuts(a, b)
    if len(cuts) < UNRELATED_SHARE * candidates:
        return _coarse(a, b)
    ops: Ops = []
    i = j = 0
    for p, q in cuts:
        ops += _whole(a[i:p], b[j:q]) if (p > i or q > j) else []
        ops.append(("=", a[p : p + ANCHOR]))
        i, j = p + ANCHOR, q + ANCHOR
    ops += _whole(a[i:], b[j:]) if (i < len(a) or j < len(b)) else []
    return canonical(ops)


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


def _coarse(a: str, b: str) -> Ops:
    """A diff of two texts with little in common, at a cost bounded by their lines:
    each distinct line becomes one private character, those are diffed, and each
    changed block of two related texts is diffed by characters, a long one in pieces
    cut at the same share of each side (``_by_pieces``). Deterministic, unlike a
    time limit."""
    lines_a, lines_b = a.splitlines(keepends=True), b.splitlines(keepends=True)
    codes: dict[str, str] = {}
    # Planes 15-16 are private use: 131,070 distinct lines, more than any page holds.
    if len(set(lines_a) | set(lines_b)) > PRIVATE_CODES:
        return [("-", a), ("+", b)]
    key_a = "".join(codes.setdefault(line, chr(0xF0000 + len(codes))) for line in lines_a)
    key_b = "".join(codes.setdefault(line, chr(0xF0000 + len(codes))) for line in lines_b)
    text = {code: line for line, code in codes.items()}
    refine = shared_share(a, b) >= RELATED_FLOOR
    ops: Ops = []
    removed = added = ""
    for op, keys in [*_whole(key_a, key_b), ("=", "")]:
        piece = "".join(text[k] for k in keys)
        if op == "-":
            removed += piece
        elif op == "+":
            added += piece
        else:
            ops += _by_pieces(removed, added) if refine else [("-", removed), ("+", added)]
            ops.append(("=", piece))
            removed = added = ""
    return canonical(ops)


def _by_pieces(a: str, b: str) -> Ops:
    """The character diff of a changed block, at a cost linear in its length: both
    sides cut into as many pieces as the longer needs, at the same share of each
    (a badly read page drifts little against its transcript, so the pieces mostly
    pair text with its own reading; unrelated text costs no more than it is worth)."""
    n = max(1, -(-max(len(a), len(b)) // PIECE))
    ops: Ops = []
    for k in range(n):
        ops += _whole(
            a[k * len(a) // n : (k + 1) * len(a) // n], b[k * len(b) // n : (k + 1) * len(b) // n]
        )
    return ops


def canonical(ops: Ops) -> Ops:
    """``ops`` in the shape every reader of a diff assumes: no empty operation, no
    two agreeing runs in a row, and between two of them at most one removal
    followed by at most one addition. The same texts, the same changes."""
    out: Ops = []
    removed = added = ""
    for op, text in ops:
        if op == "-":
            removed += text
        elif op == "+":
            added += text
        elif text:
            out += [("-", removed)] if removed else []
            out += [("+", added)] if added else []
            removed = added = ""
            if out and out[-1][0] == "=":
                out[-1] = ("=", out[-1][1] + text)
            else:
                out.append(("=", text))
    out += [("-", removed)] if removed else []
    out += [("+", added)] if added else []
    return out
