"""Exports read by people name statuses in words and times on the reader's clock."""

from __future__ import annotations

import time

import pytest

from backend.export.words import draft_line, local_time, status_words
from backend.models import ReviewStatus


def test_every_status_has_words_not_its_code() -> None:
    words = {status: status_words(status) for status in ReviewStatus}
    assert words[ReviewStatus.IN_PROGRESS] == "in progress"
    assert all("_" not in w for w in words.values())
    assert status_words("unreviewed") == "not reviewed"  # the code as stored


def test_times_are_local_with_their_offset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Taipei")
    time.tzset()
    try:
        assert local_time(0) == "1970-01-01 08:00 (UTC+08:00)"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_the_draft_line_is_short() -> None:
    assert draft_line((1, 3)) == "Draft: pages 2, 4 not yet approved."


def test_the_draft_line_stays_short_for_a_long_document() -> None:
    # Review fix: 300 unapproved pages were 300 numbers at the top of the document.
    assert draft_line(range(300)) == "Draft: pages 1–300 not yet approved."
    assert draft_line([0, 1, 2, 6, 9, 10]) == "Draft: pages 1–3, 7, 10–11 not yet approved."
    scattered = draft_line(range(0, 600, 2))
    assert len(scattered) < 80 and "300" in scattered, scattered
