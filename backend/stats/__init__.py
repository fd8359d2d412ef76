"""Review statistics (issue 26): what the machine readings got wrong, how long the
pages took, how the document goes, from what the review store already holds.

``statistics_of(store)`` reads the document's history in a few set-based queries
(the embedded store's or the team store's) and computes every figure in memory:
``figures.Statistics``. Nothing leaves the machine.
"""

from __future__ import annotations

from backend.stats.figures import (
    GROUPINGS,
    PageRow,
    PersonRow,
    SourceRow,
    Statistics,
    as_json,
    compute,
)
from backend.stats.history import Activity, Approval, History, Reading
from backend.stats.pair_cache import PairCache
from backend.stats.progress import PACE_DAYS, Day, Progress
from backend.stats.reading import statistics_of
from backend.stats.time_rule import IDLE_CUTOFF_S, time_on_pages

__all__ = [
    "GROUPINGS",
    "IDLE_CUTOFF_S",
    "PACE_DAYS",
    "Activity",
    "Approval",
    "Day",
    "History",
    "PageRow",
    "PairCache",
    "PersonRow",
    "Progress",
    "Reading",
    "SourceRow",
    "Statistics",
    "as_json",
    "compute",
    "statistics_of",
    "time_on_pages",
]
