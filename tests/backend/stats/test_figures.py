"""Review statistics (issue 26 point 1) on small histories computed by hand, in a real
SQLite store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.review.change_measures import critical_chars
from backend.stats import IDLE_CUTOFF_S, History, Statistics, compute, statistics_of
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter

T0 = 1_767_225_600.0  # 2026-01-01 00:00 UTC


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ReviewStore]:
    s = ReviewStore(tmp_path / "r.sqlite3", author="ana")
    yield s
    s.close()


def test_cer_both_ways_per_model_and_prompt_by_hand(store: ReviewStore) -> None:
    approved = "本院認為被告之行為事實明確"  # 13 characters
    with HistoryWriter(store) as w:
        # Model A: one character misread (明 -> 朋): 1 change, 13 characters either way.
        w.reading(0, "本院認為被告之行為事實朋確", at=T0, model="A", tokens=(900, 100), seconds=2.0)
        # Model B: two characters dropped: 2 changes, over 13 approved or 11 read.
        w.reading(0, "本院認為被告行為事實明確"[:-1], at=T0 + 1, model="B", seconds=4.0)
        w.edit(0, approved, at=T0 + 60, author="ana")
        w.status(0, "approved", at=T0 + 90, author="ana")
        # Page 1: read by A only (prompt 2), not yet approved: read but not compared.
        w.reading(1, "第二頁", at=T0 + 2, model="A", prompt="Read it.", tokens=(800, 200))
    stats = statistics_of(store, page_count=3)
    by_model = {s.key["model"]: s for s in stats.sources["model"]}
    assert by_model["A"].pages_read == 2 and by_model["A"].pages_compared == 1
    assert by_model["A"].mean_cer == pytest.approx(1 / 13)
    assert by_model["A"].tokens_per_page == pytest.approx(1000)
    assert by_model["A"].seconds_per_page == pytest.approx(2.0)  # page 1 recorded none
    assert by_model["B"].mean_cer == pytest.approx(2 / 13)
    assert by_model["B"].pooled_cer == pytest.approx(2 / 13)
    assert by_model["B"].tokens_per_page is None
    prompts = {(s.key["model"], s.key["prompt_name"]): s for s in stats.sources["prompt"]}
    first = "Transcribe the page."
    assert set(prompts) == {("A", first), ("A", "Read it."), ("B", first)}
    assert prompts[("A", "Read it.")].mean_cer is None  # nothing approved to compare with
    page0 = stats.pages[0]
    assert page0.model == "A"  # the page's first machine reading
    assert page0.cer == pytest.approx(1 / 13) and page0.cer_of_reading == pytest.approx(1 / 13)
    assert page0.chars_changed == 1
    assert stats.document.approved == 1 and stats.document.remaining == 2


def test_cer_of_reading_differs_when_the_reading_is_shorter(store: ReviewStore) -> None:
    with HistoryWriter(store) as w:
        w.reading(0, "甲乙丙丁", at=T0)  # 4 read
        w.edit(0, "甲乙丙丁戊己", at=T0 + 10, author="ana")  # 6 approved: 2 inserted
        w.status(0, "approved", at=T0 + 20, author="ana")
    page = statistics_of(store, 1).pages[0]
    assert page.cer == pytest.approx(2 / 6) and page.cer_of_reading == pytest.approx(2 / 4)


def test_a_corrected_number_or_legal_word_is_a_critical_correction(store: ReviewStore) -> None:
    with HistoryWriter(store) as w:
        for page, (read, approved) in enumerate(
            [
                ("應給付新臺幣三萬元整", "應給付新臺幣五萬元整"),  # a number
                ("被告得上訴於本院之事實", "被告不得上訴於本院之事實"),  # a modal word
                ("天氣晴朗適合出門散步走", "天氣晴朗適合出門散心走"),  # neither
            ]
        ):
            w.reading(page, read, at=T0 + page)
            w.edit(page, approved, at=T0 + 100 + page, author="ana")
            w.status(page, "approved", at=T0 + 200 + page, author="ana")
    stats = statistics_of(store, 3)
    assert [p.critical for p in stats.pages] == [True, True, False]
    assert stats.sources["model"][0].critical_share == pytest.approx(2 / 3)
    assert stats.people[0].critical_corrections == 2


def test_time_on_page_counts_gaps_up_to_the_idle_cut_off(store: ReviewStore) -> None:
    assert IDLE_CUTOFF_S == 300  # the README and the CLI say five minutes
    with HistoryWriter(store) as w:
        w.reading(0, "一", at=T0 - 1000)
        w.reading(1, "二", at=T0 - 1000)
        w.status(0, "in_progress", at=T0, author="ana")  # starts: nothing before it
        w.edit(0, "一。", at=T0 + 60, author="ana")  # +60 on page 0
        w.status(0, "approved", at=T0 + 100, author="ana")  # +40 on page 0
        w.edit(1, "二。", at=T0 + 160, author="ana")  # +60 on page 1
        # Another person's stamps in between belong to their own time only.
        w.edit(1, "二。", at=T0 + 120, author="ben")
        w.status(1, "flagged", at=T0 + 170, author="ben")  # +50 for ben on page 1
        w.note(1, "seal unclear", at=T0 + 160 + 900, author="ana")  # after 15 min: idle
        w.status(1, "approved", at=T0 + 1150, author="ana")  # +90 on page 1
    stats = statistics_of(store, 2)
    assert stats.pages[0].seconds == {"ana": 100.0}
    assert stats.pages[1].seconds == {"ana": 150.0, "ben": 50.0}
    ana = {p.person: p for p in stats.people}["ana"]
    assert (ana.pages_timed, ana.seconds, ana.seconds_per_page) == (2, 250.0, 125.0)
    assert ana.pages_approved == 2
    assert stats.document.seconds_per_page == pytest.approx((100 + 200) / 2)


def test_progress_by_day_and_days_left_at_the_current_pace(store: ReviewStore) -> None:
    day = 86400.0
    with HistoryWriter(store) as w:
        for page, d in enumerate([0, 0, 0, 1, 3, 3]):  # 3, 1 and 2 pages on three days
            w.reading(page, "文", at=T0)
            w.edit(page, "文。", at=T0 + d * day + 10 * page, author="ana")
            w.status(page, "approved", at=T0 + d * day + 10 * page + 5, author="ana")
    progress = statistics_of(store, 10).document
    assert [(d.date, d.approved, d.total) for d in progress.by_day] == [
        ("2026-01-01", 3, 3),
        ("2026-01-02", 1, 4),
        ("2026-01-04", 2, 6),
    ]
    assert progress.pages_per_day == pytest.approx(2.0)  # 6 pages over 3 working days
    assert progress.working_days_left == pytest.approx(4 / 2.0)


def test_an_approval_taken_back_is_no_approval(store: ReviewStore) -> None:
    with HistoryWriter(store) as w:
        w.reading(0, "一", at=T0)
        w.status(0, "approved", at=T0 + 5, author="ana")
        w.edit(0, "一二", at=T0 + 10, author="ben")
        w.status(0, "in_progress", at=T0 + 11, author="ben")
    stats = statistics_of(store, 1)
    assert stats.document.approved == 0 and stats.sources["model"][0].pages_compared == 0


def test_an_empty_store_has_every_figure_empty(store: ReviewStore) -> None:
    stats = statistics_of(store, 4)
    _assert_empty(stats, 4)
    _assert_empty(compute(History(4), critical_chars(())), 4)


def _assert_empty(stats: Statistics, pages: int) -> None:
    assert stats.sources == {"model": [], "prompt": [], "server": []}
    assert stats.people == [] and stats.pages == []
    d = stats.document
    assert (d.pages, d.approved, d.remaining, d.by_day) == (pages, 0, pages, [])
    assert d.pages_per_day is None and d.work_left_s is None
