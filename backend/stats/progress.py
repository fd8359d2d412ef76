"""A document's progress over time and the time left at the current pace.

Progress: the pages whose approval is in force, by the (UTC) day of that approval,
with the running total. The pace is that of the last ``PACE_DAYS`` days on which
pages were approved (days without work are not counted: a weekend does not slow the
estimate down); the work left is the pages not approved times the median time a
timed page took (``time_rule.time_on_pages``).
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from backend.stats.history import History

PACE_DAYS = 7


@dataclass(frozen=True)
class Day:
    date: str  # YYYY-MM-DD, UTC
    approved: int
    total: int


@dataclass(frozen=True)
class Progress:
    pages: int
    approved: int
    remaining: int
    by_day: list[Day] = field(default_factory=list)
    pages_per_day: float | None = None  # over the last PACE_DAYS days with approvals
    working_days_left: float | None = None
    seconds_per_page: float | None = None  # median over the pages timed
    work_left_s: float | None = None


def progress(history: History, page_seconds: list[float]) -> Progress:
    counts = Counter(
        time.strftime("%Y-%m-%d", time.gmtime(a.at))
        for a in history.approvals.values()
        if 0 <= a.page < history.page_count
    )
    days, total = [], 0
    for date in sorted(counts):
        total += counts[date]
        days.append(Day(date, counts[date], total))
    remaining = history.page_count - total
    recent = days[-PACE_DAYS:]
    pace = sum(d.approved for d in recent) / len(recent) if recent else None
    per_page = statistics.median(page_seconds) if page_seconds else None
    return Progress(
        pages=history.page_count,
        approved=total,
        remaining=remaining,
        by_day=days,
        pages_per_day=pace,
        working_days_left=remaining / pace if pace else None,
        seconds_per_page=per_page,
        work_left_s=remaining * per_page if per_page is not None else None,
    )
