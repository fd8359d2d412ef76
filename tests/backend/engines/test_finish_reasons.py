"""One rule for how an answer ended, for the live path, the offline import and export."""

from __future__ import annotations

import pytest

from backend.engines.base import Reading, at_token_limit, ended_early


@pytest.mark.parametrize(
    ("reason", "limit", "early"),
    [
        ("stop", False, False),
        ("STOP", False, False),
        ("eos", False, False),
        ("end_turn", False, False),
        (None, False, False),
        ("length", True, False),
        ("LENGTH", True, False),  # a server that shouts: still the token limit
        ("max_tokens", True, False),  # Anthropic's word, passed through by some gateways
        ("abort", False, True),
        ("repetition", False, True),
        ("content_filter", False, True),
        ("error", False, True),
    ],
)
def test_how_an_answer_ended(reason: str | None, limit: bool, early: bool) -> None:
    assert at_token_limit(reason) is limit
    assert ended_early(reason) is early
    reading = Reading(text="x", engine="vllm", finish_reason=reason)
    assert reading.truncated is limit and reading.ended_early is early


@pytest.mark.parametrize("odd", [7, [], {"why": "stop"}, True])
def test_a_reason_that_is_not_text_says_nothing(odd: object) -> None:
    # Stored provenance and results files are JSON written elsewhere: anything.
    assert not at_token_limit(odd)  # type: ignore[arg-type]
    assert not ended_early(odd)  # type: ignore[arg-type]
