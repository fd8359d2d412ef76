"""Each page's machine readings measured against its approved text, from the cache
where it has them (``pair_cache``), the texts read and measured for the rest."""

from __future__ import annotations

from backend.stats.history import History, Reading
from backend.stats.measures import Changes, CriticalChars, changes_of
from backend.stats.pair_cache import PairCache, PairKey, pair_key


def measure_pairs(
    history: History, critical: CriticalChars, cache: PairCache | None
) -> dict[int, Changes]:
    """reading version id -> its changes to the approved text, for the approved pages."""
    approvals = history.approvals
    keys: dict[int, PairKey] = {}
    for r in history.readings:
        a = approvals.get(r.page)
        if a is not None:
            keys[r.version_id] = _key(r, a.version_id, a.version_at, critical)
    known = cache.get(history.scope) if cache is not None and history.scope else {}
    measured = {vid: known[k] for vid, k in keys.items() if k in known}
    missing = [r for r in history.readings if r.version_id in keys and r.version_id not in measured]
    if not missing:
        return measured
    wanted = {r.version_id for r in missing} | {approvals[r.page].version_id for r in missing}
    texts = history.texts(sorted(wanted))
    signatures: dict[int, bytes] = {}
    for r in missing:
        a = approvals[r.page]
        if a.version_id not in signatures:
            signatures[a.version_id] = critical.signature(texts.get(a.version_id, ""))
    pairs = [
        (texts.get(r.version_id, ""), texts.get(approvals[r.page].version_id, "")) for r in missing
    ]
    sigs = [signatures[approvals[r.page].version_id] for r in missing]
    new = []
    for r, c in zip(missing, changes_of(pairs, critical, sigs), strict=True):
        measured[r.version_id] = c
        new.append((keys[r.version_id], c))
    if cache is not None and history.scope:
        cache.put(history.scope, new)
    return measured


def _key(r: Reading, approved_id: int, approved_at: float, critical: CriticalChars) -> PairKey:
    return pair_key((r.version_id, r.created_at), (approved_id, approved_at), critical.digest)
