"""The redaction itself: a cut key, every spelling of it, and ordinary words left alone."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.safe_text import REDACTED, Redactor, redact
from tests.backend.secret_leaks import assert_clean, spellings

# --- the redaction itself ----------------------------------------------------------------

CANARY = "sk-canary-" + "7f3e9a1b2c4d5e6f"


@pytest.mark.parametrize("cut", range(4, len(CANARY)))
def test_a_text_cut_inside_the_key_loses_the_cut_part_too(cut: int) -> None:
    text = "invalid key " + CANARY[:cut]
    out = Redactor([CANARY]).redact(text, clipped=True)
    assert out == "invalid key " + REDACTED


@given(st.text(max_size=300), st.text(max_size=300))
def test_every_spelling_of_the_key_is_found(before: str, after: str) -> None:
    redactor = Redactor([CANARY])
    for form in ("as is", "JSON", "URL"):
        echoed = before + spellings(CANARY)[form] + after
        assert_clean(form, redactor.redact(echoed), CANARY)
        assert_clean(form, redactor.page_text(echoed), CANARY)
    for prefix in ("", "a", "ab", "Bearer ", "Authorization: Bearer "):
        echoed = before + base64.b64encode((prefix + CANARY + after).encode()).decode()
        assert_clean("base64", redactor.page_text(echoed), CANARY)


@pytest.mark.parametrize(
    "words",
    [
        "payable to bearer upon demand",
        "Basic rights of the tenant",
        "the token count exceeds the budget",
        "raise the first-token timeout of the profile",
    ],
)
def test_ordinary_words_are_not_taken_for_credentials(words: str) -> None:
    redactor = Redactor([CANARY])
    assert redactor.page_text(words) == words
    if "bearer" not in words and "Basic" not in words:
        assert redact(words, [CANARY]) == words
