"""The review statistics of one document, from its ``History``.

Per source of machine readings (engine and model, prompt, server): pages read, the
CER of the first reading of each page against its approved text (mean, median and
pooled: all characters changed over all approved characters), the share of pages
with a critical correction, tokens and seconds per page. Per person: time on pages
(``time_rule.time_on_pages``), pages approved, characters corrected. Per page: its
reading's CER both ways, its critical correction, each person's time; per page and per
person, the critical items raised at approval and what became of them. Per document:
``progress``.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from backend.review.change_measures import Changes, CriticalChars
from backend.stats.comparing import measure_pairs
from backend.stats.history import History, Outcome, Reading
from backend.stats.pair_cache import PairCache
from backend.stats.progress import Progress, progress
from backend.stats.time_rule import time_on_pages

GROUPINGS = ("model", "prompt", "server", "person", "page")
_KEYS: dict[str, Callable[[Reading], tuple[str, ...]]] = {
    "model": lambda r: (r.engine, r.model),
    "prompt": lambda r: (r.engine, r.model, r.prompt_sha256, r.prompt_name),
    "server": lambda r: (r.server,),
}
_KEY_NAMES = {
    "model": ("engine", "model"),
    "prompt": ("engine", "model", "prompt_sha256", "prompt_name"),
    "server": ("server",),
}


@dataclass(frozen=True)
class SourceRow:
    key: dict[str, str]
    pages_read: int
    pages_compared: int  # read and approved: what the CER is over
    mean_cer: float | None
    median_cer: float | None
    pooled_cer: float | None
    critical_share: float | None  # of the pages compared, those with a critical correction
    tokens_per_page: float | None
    seconds_per_page: float | None


@dataclass(frozen=True)
class PersonRow:
    person: str
    pages_timed: int
    seconds: float
    seconds_per_page: float | None
    pages_approved: int
    pages_written: int  # approved pages whose approved text they wrote
    chars_corrected: int  # on those pages, from the first machine reading
    critical_corrections: int
    # The critical items of the pages they approved (``Outcome``): None when no approval
    # of theirs has them stored (made before they were), never 0 for not known.
    critical_raised: int | None = None
    critical_accepted: int | None = None
    critical_dismissed: int | None = None
    outcomes_unknown: int = 0  # pages they approved whose items' outcomes were not stored


@dataclass(frozen=True)
class PageRow:
    page: int  # 0-based
    approved: bool
    engine: str
    model: str
    cer: float | None
    cer_of_reading: float | None
    chars_changed: int | None
    critical: bool | None
    seconds: dict[str, float] = field(default_factory=dict)
    # The critical items raised at its approval in force and what became of them; None:
    # not approved, or approved before they were stored.
    critical_raised: int | None = None
    critical_accepted: int | None = None
    critical_dismissed: int | None = None


@dataclass(frozen=True)
class Statistics:
    sources: dict[str, list[SourceRow]]  # by grouping: model, prompt, server
    people: list[PersonRow]
    pages: list[PageRow]
    document: Progress
    viewer: str | None


def compute(
    history: History, critical: CriticalChars, cache: PairCache | None = None
) -> Statistics:
    """``cache``: the pairs measured before (``pair_cache``); None measures every pair."""
    compared = measure_pairs(history, critical, cache)
    sources = {g: _sources(history.readings, compared, _KEYS[g], _KEY_NAMES[g]) for g in _KEYS}
    spent = time_on_pages(history.activity)
    first = _first_readings(history.readings)
    pages = _pages(history, first, compared, spent)
    people = _people(history, first, compared, spent)
    per_page = [sum(s.values()) for s in (p.seconds for p in pages) if s]
    return Statistics(sources, people, pages, progress(history, per_page), history.viewer)


def _sources(
    readings: list[Reading],
    compared: dict[int, Changes],
    key: Callable[[Reading], tuple[str, ...]],
    names: tuple[str, ...],
) -> list[SourceRow]:
    groups: dict[tuple[str, ...], list[Reading]] = defaultdict(list)
    for r in readings:
        groups[key(r)].append(r)
    rows = []
    for k, rs in sorted(groups.items()):
        done = [compared[r.version_id] for r in rs if r.version_id in compared]
        cers = [c.cer for c in done]
        approved_chars = sum(c.approved_chars for c in done)
        rows.append(
            SourceRow(
                key=dict(zip(names, k, strict=True)),
                pages_read=len({r.page for r in rs}),
                pages_compared=len(done),
                mean_cer=statistics.fmean(cers) if cers else None,
                median_cer=statistics.median(cers) if cers else None,
                pooled_cer=_pooled(done, approved_chars),
                critical_share=sum(c.critical for c in done) / len(done) if done else None,
                tokens_per_page=_mean(r.tokens for r in rs),
                seconds_per_page=_mean(r.seconds for r in rs),
            )
        )
    return rows


def _first_readings(readings: list[Reading]) -> dict[int, Reading]:
    """Each page's first machine reading: the text its review started from."""
    first: dict[int, Reading] = {}
    for r in readings:
        if r.page not in first or r.version_id < first[r.page].version_id:
            first[r.page] = r
    return first


def _pages(
    history: History,
    first: dict[int, Reading],
    compared: dict[int, Changes],
    spent: dict[tuple[str, int], float],
) -> list[PageRow]:
    seconds: dict[int, dict[str, float]] = defaultdict(dict)
    for (who, page), s in sorted(spent.items()):
        seconds[page][who] = round(s, 1)
    rows = []
    outcomes = outcomes_in_force(history)
    for page in sorted({*first, *history.approvals, *seconds}):
        reading = first.get(page)
        c = compared.get(reading.version_id) if reading else None
        o = outcomes.get(page)
        rows.append(
            PageRow(
                page=page,
                approved=page in history.approvals,
                engine=reading.engine if reading else "",
                model=reading.model if reading else "",
                cer=c.cer if c else None,
                cer_of_reading=c.cer_of_reading if c else None,
                chars_changed=c.distance if c else None,
                critical=c.critical if c else None,
                seconds=seconds.get(page, {}),
                critical_raised=o.raised if o else None,
                critical_accepted=o.accepted if o else None,
                critical_dismissed=o.dismissed if o else None,
            )
        )
    return rows


def outcomes_in_force(history: History) -> dict[int, Outcome]:
    """The critical outcomes recorded at each page's approval in force, by its approver,
    the newest (an outcome of an earlier approval of another text is not this one's, and
    one another member wrote is not the approver's: a reviewer could otherwise rewrite
    what became of someone else's items)."""
    found: dict[int, Outcome] = {}
    for o in history.outcomes:
        a = history.approvals.get(o.page)
        if a is not None and o.version_id == a.version_id and o.author == a.approver:
            found[o.page] = o
    return found


def _people(
    history: History,
    first: dict[int, Reading],
    compared: dict[int, Changes],
    spent: dict[tuple[str, int], float],
) -> list[PersonRow]:
    timed: dict[str, list[float]] = defaultdict(list)
    for (who, _page), s in spent.items():
        timed[who].append(s)
    approved: dict[str, int] = defaultdict(int)
    written: dict[str, list[Changes | None]] = defaultdict(list)
    for page, a in history.approvals.items():
        approved[a.approver] += 1
        reading = first.get(page)
        if a.text_author:
            written[a.text_author].append(compared.get(reading.version_id) if reading else None)
    outcomes: dict[str, list[Outcome]] = defaultdict(list)
    for page, o in outcomes_in_force(history).items():
        outcomes[history.approvals[page].approver].append(o)
    names = {*timed, *approved, *written}
    if history.viewer is not None:  # a reviewer sees their own work only
        names &= {history.viewer}
    rows = []
    for who in sorted(names):
        done = [c for c in written.get(who, []) if c is not None]
        total = sum(timed.get(who, []))
        n = len(timed.get(who, []))
        rows.append(
            PersonRow(
                person=who,
                pages_timed=n,
                seconds=round(total, 1),
                seconds_per_page=total / n if n else None,
                pages_approved=approved.get(who, 0),
                pages_written=len(written.get(who, [])),
                chars_corrected=sum(c.distance for c in done),
                critical_corrections=sum(c.critical for c in done),
                **_outcome_sums(outcomes.get(who, [])),
                outcomes_unknown=approved.get(who, 0) - len(outcomes.get(who, [])),
            )
        )
    return rows


def _outcome_sums(known: list[Outcome]) -> dict[str, int | None]:
    if not known:
        return {}  # not known: None, not 0
    return {
        "critical_raised": sum(o.raised for o in known),
        "critical_accepted": sum(o.accepted for o in known),
        "critical_dismissed": sum(o.dismissed for o in known),
    }


def _pooled(done: list[Changes], approved_chars: int) -> float | None:
    return sum(c.distance for c in done) / approved_chars if approved_chars else None


def _mean(values: Iterable[float | int | None]) -> float | None:
    known = [float(v) for v in values if v is not None]
    return statistics.fmean(known) if known else None


def as_json(stats: Statistics, only: str | None = None) -> dict[str, Any]:
    """The statistics as JSON values (pages 1-based); ``only``: one grouping."""
    out: dict[str, Any] = {"document": asdict(stats.document), "viewer": stats.viewer}
    for g in GROUPINGS if only is None else (only,):
        if g in stats.sources:
            out[g] = [asdict(r) for r in stats.sources[g]]
        elif g == "person":
            out[g] = [asdict(r) for r in stats.people]
        else:
            out[g] = [{**asdict(r), "page": r.page + 1} for r in stats.pages]
    return out
