"""Hunks from a character diff, as the legal-critical term tests feed them to critical_flags."""

from __future__ import annotations

import fast_diff_match_patch

from backend.review.values import DiffCategory, Hunk


def make_hunks(a: str, b: str, category: DiffCategory = DiffCategory.SUBSTANTIVE) -> list[Hunk]:
    """Hunks as a character diff gives them: each run of deletes/inserts is one hunk."""
    raw = fast_diff_match_patch.diff(a, b, counts_only=False, cleanup="Semantic")
    hunks: list[Hunk] = []
    i = j = 0
    span: list[int] | None = None
    for op, text in [*raw, ("=", "")]:
        if op == "=":
            if span:
                s, e, as_, ae = span
                hunks.append(Hunk(s, e, as_, ae, a[s:e], b[as_:ae], category))
            span = None
            i, j = i + len(text), j + len(text)
            continue
        span = span or [i, i, j, j]
        if op == "-":
            i += len(text)
            span[1] = i
        else:
            j += len(text)
            span[3] = j
    return hunks
