"""The statistics' words: the work left reads as a person would say it."""

from __future__ import annotations

import pytest

from backend.stats.tables import work_left


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (0.0, "0 min"),
        (20.0, "1 min"),
        (180.0, "3 min"),
        (3540.0, "59 min"),
        (3599.0, "1.0 h"),
        (5400.0, "1.5 h"),
    ],
)
def test_work_left_is_minutes_under_an_hour_and_hours_above(seconds: float, said: str) -> None:
    # One page of 180 s used to read "0.0 h" (visible in the Statistics screenshot).
    assert work_left(seconds) == said
