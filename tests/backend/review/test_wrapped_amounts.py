"""An amount whose digits a line break or an engine's spaces cut in pieces is one
number: its frame (新臺幣…元) holds one (issue 22 point 3). A digit the transcript gains
at the wrap changes it, and the two edges of a wrap the alternate lacks are no line it
failed to read, so the change is compared. Amounts are generated, not the sample's."""

from __future__ import annotations

import random

import pytest

from backend.review.term_extract import extract_terms
from backend.review.values import CriticalKind, FlagKind
from tests.backend.review.legal_terms_helpers import critical_of
from tests.backend.review.tables import TABLES

SEEDS = range(12)


def _grouped(value: int) -> str:
    return f"{value:,}"


def _amount(rng: random.Random) -> tuple[int, str, str]:
    """A value of two to four groups, and its text cut at one of its commas: (value,
    the digits before the cut, those after)."""
    value = rng.randrange(10_000, 10**12)
    text = _grouped(value)
    cuts = [i for i, c in enumerate(text) if c == ","]
    cut = rng.choice(cuts)
    return value, text[:cut], text[cut + 1 :]


@pytest.mark.parametrize("seed", SEEDS)
def test_an_amount_cut_by_a_line_break_or_spaces_is_one_number(seed: int) -> None:
    rng = random.Random(seed)
    value, head, tail = _amount(rng)
    for text in (
        f"新臺幣{head},\n{tail}元",
        f"新臺幣{head}\n{tail}元",
        f"新臺幣 {head} ,{tail} 元",
    ):
        terms = [t for t in extract_terms(f"處{text}以下罰鍰", TABLES.rules)]
        assert [(t.kind, t.value) for t in terms] == [(CriticalKind.AMOUNT, value)], text
    # No 元: no closed frame, and the pieces stay apart (a date, a count may follow).
    open_frame = extract_terms(f"新臺幣{head}\n{tail}", TABLES.rules)
    assert len(open_frame) == 2


def _page(amount: str) -> str:
    return f"違反前條規定者，處新臺幣{amount}元以下罰鍰，並得按次處罰。\n第六條　本法自公布日施行。"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_digit_gained_at_an_amounts_wrap_is_critical(seed: int) -> None:
    rng = random.Random(seed)
    _value, head, tail = _amount(rng)
    # Half the time the digit the next line starts with: the alignment pairs it with
    # that digit, and the difference is the wrap's two edges (",⏎2" of "2,⏎200").
    gained = tail[0] if seed % 2 else str(rng.randrange(1, 10))
    # The transcript gains a digit before the wrap; the alternate drops the comma there.
    transcript = _page(f" {head} {gained},\n{tail} ")
    alternate = _page(f"{head}\n{tail}")
    at = transcript.index(f" {gained},") + 1
    flags = critical_of(transcript, alternate)
    assert [f for f in flags if f.kind is FlagKind.CRITICAL and f.start <= at + 1 and f.end >= at]
    # The page's own amount, the alternate dropping the comma: the same number.
    assert critical_of(_page(f"{head},\n{tail}"), alternate) == []
