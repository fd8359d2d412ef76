"""One error, one item: a critical flag and the difference it sits in become one flag.

The diff flags a hunk ("the alternate reads 應 here") and the legal-critical
check flags the term that hunk changes ("modal word 得 → 應"). Shown as two
items, the reviewer visits the same error twice, and the critical one offers
nothing to accept. Merged, the item is CRITICAL (it sorts and counts as the
graver kind), spans both, names both, and accepting it applies exactly the
differences inside it: the text between them is the transcript's own, so the
replacement is stitched from the transcript and the alternate's readings.
A line the alternate did not read is the exception: its critical items are terms to
check against the scan, and stay apart from the line's difference.
"""

from __future__ import annotations

from collections.abc import Sequence

from backend.review.misreadings import unread_text
from backend.review.values import Flag, FlagKind

BOTH = " — "  # between the critical detail and the difference's detail


def merge_critical(flags: Sequence[Flag], transcript: str) -> tuple[Flag, ...]:
    """``flags`` with each critical flag and the DIFF flags touching it as one flag."""
    critical = [f for f in flags if f.kind is FlagKind.CRITICAL]
    diffs = [f for f in flags if f.kind is FlagKind.DIFF]
    if not critical or not diffs:
        return tuple(flags)
    groups: list[tuple[list[Flag], list[Flag]]] = []
    diff_spans = [(d, d.span) for d in diffs]
    for c in sorted(critical, key=lambda f: (f.start, f.end)):
        at = c.span
        # One place; but a difference over text the alternate did not read is not the
        # critical item's: that item is a term to check against the scan, narrow by
        # design (``legal_terms._unverified``), and accepting the line's difference
        # would delete the line. Merged, it made the whole line critical.
        touching = [d for d, span in diff_spans if at.overlaps(span) and not _unread(d, transcript)]
        # A difference touching an earlier group's critical flag joins that group.
        joined = next((g for g in groups if any(d in g[1] for d in touching)), None)
        if joined is None:
            groups.append(([c], touching))
        else:
            joined[0].append(c)
            joined[1].extend(d for d in touching if d not in joined[1])
    used = {id(d) for _, ds in groups for d in ds}
    merged = [_merged(cs, ds, transcript) for cs, ds in groups]
    rest = [f for f in flags if f.kind is not FlagKind.CRITICAL and id(f) not in used]
    return tuple(sorted((*rest, *merged), key=lambda f: (f.start, f.end, f.kind.value)))


def _unread(diff: Flag, transcript: str) -> bool:
    """One line (or cell) the alternate lacks or read as unrelated characters. A run
    of several is a block the two readings diverged over (a block dropped or moved,
    the transcript as likely wrong there as the alternate): its critical items stay
    one item with it, so the whole block is in view."""
    if diff.replacement is None or "\n" in transcript[diff.start : diff.end].strip():
        return False
    return unread_text(transcript, diff.start, diff.end, diff.replacement)


def _merged(criticals: list[Flag], diffs: list[Flag], transcript: str) -> Flag:
    if not diffs:  # a critical flag no difference touches: only ever alone in its group
        return criticals[0]
    diffs = sorted(diffs, key=lambda f: (f.start, f.end))
    start = min(f.start for f in (*criticals, *diffs))
    end = max(f.end for f in (*criticals, *diffs))
    replacement: str | None = ""
    pos = start
    for d in diffs:
        if d.replacement is None or d.start < pos:  # overlapping diffs: no exact stitch
            replacement = None
            break
        replacement = f"{replacement}{transcript[pos : d.start]}{d.replacement}"
        pos = d.end
    if replacement is not None:
        replacement += transcript[pos:end]
    # Where the alternate reads it: the term's own counterpart and the differences'.
    alt = [f for f in (*criticals, *diffs) if f.alt_start is not None and f.alt_end is not None]
    alt_start = min((d.alt_start for d in alt if d.alt_start is not None), default=None)
    alt_end = max((d.alt_end for d in alt if d.alt_end is not None), default=None)
    detail = "; ".join(dict.fromkeys(c.detail for c in criticals))
    detail += BOTH + "; ".join(dict.fromkeys(d.detail for d in diffs))
    return Flag(
        start,
        end,
        FlagKind.CRITICAL,
        detail,
        alt_start=alt_start,
        alt_end=alt_end,
        replacement=replacement,
        category=criticals[0].category,
        also_diff=True,
    )
