"""The time on a page (issue 26): ``time_rule.time_on_pages`` on sequences of events
written by hand and generated, then the same rule read from a real SQLite store."""

from __future__ import annotations

import itertools
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from backend.stats import IDLE_CUTOFF_S, Activity, statistics_of, time_on_pages
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter

T0 = 1_767_225_600.0


def _a(page: int, at: float, kind: str = "work", who: str = "ana") -> Activity:
    return Activity(who, page, T0 + at, kind)


def test_a_page_only_looked_at_gets_its_time() -> None:
    spent = time_on_pages([_a(0, 0, "visit"), _a(1, 40, "visit"), _a(2, 100, "visit")])
    assert spent == {("ana", 0): 40.0, ("ana", 1): 60.0}


def test_typing_on_page_b_after_visiting_b_counts_to_b() -> None:
    spent = time_on_pages(
        [
            _a(0, 0, "visit"),
            _a(0, 30),
            _a(1, 50, "visit"),
            _a(1, 80),
            _a(1, 120),
            _a(2, 150, "visit"),
        ]
    )
    assert spent == {("ana", 0): 50.0, ("ana", 1): 100.0}


def test_a_pause_longer_than_the_cut_off_gets_none() -> None:
    spent = time_on_pages([_a(0, 0, "visit"), _a(0, IDLE_CUTOFF_S + 1), _a(0, IDLE_CUTOFF_S + 21)])
    assert spent == {("ana", 0): 20.0}
    at_the_cut_off = time_on_pages([_a(0, 0, "visit"), _a(0, IDLE_CUTOFF_S)])
    assert at_the_cut_off == {("ana", 0): IDLE_CUTOFF_S}


def test_the_page_one_is_on_wins_over_the_page_an_event_names() -> None:
    # On page 3, a status given to page 7 (a script, the page list): the time was on page 3.
    assert time_on_pages([_a(3, 0, "visit"), _a(7, 30)]) == {("ana", 3): 30.0}


def test_without_visits_the_time_goes_to_the_next_events_page() -> None:
    # History from before visits were recorded: the page worked on until then.
    assert time_on_pages([_a(0, 0), _a(0, 60), _a(1, 100)]) == {("ana", 0): 60.0, ("ana", 1): 40.0}


def test_after_closing_the_document_nothing_counts_until_the_next_event() -> None:
    events = [_a(0, 0, "visit"), _a(0, 50, "leave"), _a(4, 200, "visit"), _a(4, 230)]
    assert time_on_pages(events) == {("ana", 0): 50.0, ("ana", 4): 30.0}
    # A script's change after the close: the old rule (the page it names).
    assert time_on_pages([_a(0, 0, "visit"), _a(0, 10, "leave"), _a(5, 40), _a(6, 70)]) == {
        ("ana", 0): 10.0,
        ("ana", 6): 30.0,
    }


def test_each_person_is_on_their_own_page() -> None:
    events = [_a(0, 0, "visit"), _a(0, 60, "work"), _a(1, 10, "visit", "ben"), _a(2, 70, who="ben")]
    assert time_on_pages(events) == {("ana", 0): 60.0, ("ben", 1): 60.0}
    # Ben has no visits (his history predates them): not on the page Ana was last on.
    events = [_a(0, 0, "visit"), _a(2, 10, who="ben"), _a(2, 40, who="ben")]
    assert time_on_pages(events) == {("ben", 2): 30.0}


_EVENT = st.tuples(
    st.integers(0, 4), st.floats(0, 3 * IDLE_CUTOFF_S), st.sampled_from(["work", "visit", "leave"])
)


@given(st.lists(_EVENT, max_size=40))
def test_the_time_never_exceeds_the_time_worked(events: list[tuple[int, float, str]]) -> None:
    """Every second counted lies between two events no further apart than the cut-off,
    and goes to one page only: the total is the sum of the short gaps not after a leave."""
    ordered = sorted((_a(p, at, kind) for p, at, kind in events), key=lambda a: a.at)
    spent = time_on_pages(ordered)
    gaps = [
        b.at - a.at
        for a, b in itertools.pairwise(ordered)
        if a.kind != "leave" and 0 < b.at - a.at <= IDLE_CUTOFF_S
    ]
    assert abs(sum(spent.values()) - sum(gaps)) < 1e-6
    assert all(s > 0 for s in spent.values())
    visited = {a.page for a in ordered}
    assert {page for _who, page in spent} <= visited


def test_visits_in_the_store_count_a_page_only_looked_at(tmp_path: Path) -> None:
    store = ReviewStore(tmp_path / "r.sqlite3", author="ana")
    try:
        with HistoryWriter(store) as w:
            w.reading(0, "一", at=T0 - 1000)
            w.reading(1, "二", at=T0 - 1000)
            w.visit(0, at=T0, author="ana")
            w.visit(1, at=T0 + 45, author="ana")  # page 0 only looked at: 45 s
            w.edit(1, "二。", at=T0 + 100, author="ana")  # on page 1 since +45: 55 s
            w.status(1, "approved", at=T0 + 130, author="ana")  # +30
            w.visit(1, at=T0 + 140, author="ana", kind="leave")  # +10: closed on page 1
            w.visit(0, at=T0 + 250, author="ana")  # nothing while closed
        stats = statistics_of(store, 2)
        assert [p.seconds for p in stats.pages] == [{"ana": 45.0}, {"ana": 95.0}]
        store.add_page_visit(0)  # the store's own write: this author, now
        kinds = store.connection.execute("SELECT kind, author FROM page_visits").fetchall()
        assert kinds[-1] == ("visit", "ana")
    finally:
        store.close()
