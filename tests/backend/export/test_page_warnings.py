"""The JSONL export's per-page warnings come from the working reading only."""

from __future__ import annotations

from backend.export.page_warnings import page_warnings


def test_the_working_readings_warnings_are_the_pages() -> None:
    thinking = "The model only thought and wrote no transcript."
    versions = [
        {"kind": "ocr", "current": False, "truncated": True},
        {"kind": "ocr", "current": True, "warnings": [thinking]},
    ]
    assert page_warnings(versions) == [thinking]


def test_a_cut_off_reading_without_stored_warnings_still_says_so() -> None:
    versions = [{"kind": "ocr", "current": True, "truncated": True, "finish_reason": "length"}]
    (warning,) = page_warnings(versions)
    assert "cut off at the token limit" in warning


def test_an_edit_over_a_cut_off_reading_is_the_pages_text() -> None:
    versions = [
        {"kind": "ocr", "current": False, "truncated": True},
        {"kind": "edit", "current": True},
    ]
    assert page_warnings(versions) == []


def test_an_empty_reading_without_stored_warnings_still_says_so() -> None:
    # Review fix: a single re-run stores no warnings; an empty answer must still show.
    versions = [{"kind": "ocr", "current": True, "finish_reason": "stop"}]
    (warning,) = page_warnings(versions, text="  \n")
    assert "no text" in warning
    assert page_warnings(versions, text="第一條") == []


def test_a_reading_that_spent_its_budget_writing_nothing_says_thinking_only() -> None:
    versions = [{"kind": "ocr", "current": True, "finish_reason": "length", "truncated": True}]
    (warning,) = page_warnings(versions, text="")
    assert "without writing any text" in warning


def test_a_reading_the_server_gave_up_without_stored_warnings_still_says_so() -> None:
    # vLLM's "abort" (or "repetition"): a single re-run stores no warnings.
    versions = [{"kind": "ocr", "current": True, "finish_reason": "abort"}]
    (warning,) = page_warnings(versions, text="第一條")
    assert "ended early" in warning and "abort" in warning
    empty = page_warnings(versions, text="")
    assert len(empty) == 2 and "no text" in empty[1]
    # What a store holds is JSON: a reason that is not text is no reason.
    assert page_warnings([{"kind": "ocr", "current": True, "finish_reason": 7}], "x") == []
    for normal in ("stop", "STOP", "eos", None):
        assert page_warnings([{"kind": "ocr", "current": True, "finish_reason": normal}], "x") == []
