"""Time on a page: which page each stretch of a person's work went to (issue 26).

A person's time stamps in the store: the versions they wrote, their status changes,
notes and typing (the draft's last save), and where they were: the pages they arrived
at in the app ('visit') and the document closed on a page ('leave').
"""

from __future__ import annotations

from collections.abc import Sequence

from backend.stats.history import Activity

# A person's time stamps further apart than this are a pause (a meeting, lunch, the
# night), not time on the page. Five minutes: a legal page takes a reviewer one to
# three minutes, ProofDesk saves typing every few seconds and records each page the
# reviewer arrives at, so a real page leaves gaps well under it; the time-tracking
# tools that derive time from activity use the same order (WakaTime's default
# "keystroke timeout" is 15 minutes, coarser than per-page work needs).
IDLE_CUTOFF_S = 300.0


def time_on_pages(
    activity: Sequence[Activity], cutoff: float = IDLE_CUTOFF_S
) -> dict[tuple[str, int], float]:
    """Seconds per (person, page).

    ``activity``: by person, then time. Each span between one of a person's events and
    their next is work on a page:
    - the page the person was on: that of their latest visit, when they have one (a
      page only looked at gets its time; typing on page B after arriving at B counts
      to B);
    - else (history from before visits were recorded, a script's changes, or after the
      document was closed) the page of the later event: the page they were working on
      until then.
    A span longer than ``cutoff`` is a pause and counts nowhere; a span that starts
    when the person closed the document ('leave') counts nowhere either.
    """
    spent: dict[tuple[str, int], float] = {}
    on: int | None = None  # the page of the person's latest visit; None: none, or left
    prev: Activity | None = None
    for cur in activity:
        if prev is None or prev.author != cur.author:
            on = None  # a new person
        elif prev.kind != "leave" and 0 < cur.at - prev.at <= cutoff:
            key = (cur.author, cur.page if on is None else on)
            spent[key] = spent.get(key, 0.0) + (cur.at - prev.at)
        if cur.kind == "visit":
            on = cur.page
        elif cur.kind == "leave":
            on = None
        prev = cur
    return spent
