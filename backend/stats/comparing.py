"""Each page's machine readings measured against its approved text: as the approver
shared them on the team store (``backend.session.approval_measures``), else from this
machine's cache (``pair_cache``), else the texts read and measured."""

from __future__ import annotations

from backend.review.change_measures import Changes, CriticalChars, changes_of
from backend.stats.history import History, Reading
from backend.stats.pair_cache import PairCache, PairKey, pair_key


def measure_pairs(
    history: History, critical: CriticalChars, cache: PairCache | None
) -> dict[int, Changes]:
    """reading version id -> its changes to the approved text, for the approved pages."""
    approvals = history.approvals
    keys: dict[int, tuple[PairKey, int]] = {}  # reading id -> its pair's key, its page
    for r in history.readings:
        a = approvals.get(r.page)
        if a is not None:
            keys[r.version_id] = (_key(r, a.version_id, a.version_at, critical), r.page)
    known = cache.get(history.scope) if cache is not None and history.scope else {}
    shared = trusted_measures(history, critical.digest)
    measured: dict[int, Changes] = {}
    for vid, (key, page) in keys.items():
        found = shared.get((vid, approvals[page].version_id)) or known.get(key)
        if found is not None:
            measured[vid] = found
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
        new.append((keys[r.version_id][0], c))
    if cache is not None and history.scope:
        cache.put(history.scope, new)
    return measured


def trusted_measures(history: History, digest: str) -> dict[tuple[int, int], Changes]:
    """(reading id, approved id) -> the measures shared on the team store by the page's
    approver (the person whose approval the statistics count), for the critical
    characters ``digest`` names; the newest row of a pair wins. Another member's rows
    are not read: a reviewer could otherwise skew a model's figures for everyone."""
    approver = {a.version_id: a.approver for a in history.approvals.values()}
    return {
        (m.reading_id, m.approved_id): m.changes
        for m in history.shared
        if m.critical_digest == digest and approver.get(m.approved_id) == m.author
    }


def _key(r: Reading, approved_id: int, approved_at: float, critical: CriticalChars) -> PairKey:
    return pair_key((r.version_id, r.created_at), (approved_id, approved_at), critical.digest)
