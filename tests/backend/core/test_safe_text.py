"""Redaction of echoed secrets, and control characters made visible."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.safe_text import REDACTED, placeholders, printable, redact

KEY = "sk-canary-7f3e9a1b2c"


@pytest.mark.parametrize(
    "echo",
    [
        f"invalid key {KEY}",
        f"Authorization: Bearer {KEY}",
        f'{{"headers": {{"authorization": "Bearer {KEY}"}}}}',
        f"bearer {KEY[:-2]}",  # a key the profile does not hold, in credential form
        f"api_key={KEY[::-1]}",
        f'{{"x-api-key": "{KEY.upper()}"}}',
    ],
)
def test_echoed_credentials_are_redacted(echo: str) -> None:
    out = redact(echo, [KEY])
    assert REDACTED in out
    for fragment in (KEY, KEY[:-2], KEY[::-1], KEY.upper()):
        assert fragment not in out


def test_text_without_secrets_is_unchanged() -> None:
    text = "The model 'qwen' is not served here; try /v1/models. 原告不得上訴。"
    assert redact(text, [KEY, None, ""]) == text


def test_a_short_secret_is_not_searched_for() -> None:
    assert redact("a cat", ["a"]) == "a cat"


@given(st.text())
def test_printable_holds_no_control_character(text: str) -> None:
    out = printable(text)
    assert all(ord(c) >= 0x20 and not 0x7F <= ord(c) <= 0x9F for c in out)
    out.encode("utf-8")  # lone surrogates are escaped too


def test_printable_shows_escape_sequences_and_keeps_lines_when_asked() -> None:
    evil = "ok\x1b]0;pwned\x07\x1b[2J\rall pages done\n第二行\x1b]52;c;ZXZpbA==\x07"
    one_line = printable(evil)
    assert "\x1b" not in one_line and "\\x1b]0;pwned\\x07" in one_line and "\n" not in one_line
    lines = printable(evil, keep_newlines=True)
    assert lines.count("\n") == 1 and "\\r" not in lines and "\\x0d" in lines


def test_placeholders_make_escapes_visible_in_the_gui() -> None:
    assert placeholders("a\x1b[31mb\u202ec\n") == "a\u241b[31mb\ufffdc\n"


@pytest.mark.parametrize(
    "echo",
    [
        f"Incorrect API key provided: {KEY[:12]}****",  # a gateway's usual prefix echo
        f"bad key {KEY[3:17]}... rest",  # a piece from the middle
        f"{KEY[:10]} / {KEY[10:]}",  # split in two
    ],
)
def test_a_piece_of_the_key_is_redacted_too(echo: str) -> None:
    from backend.safe_text import Redactor

    out = Redactor([KEY]).secrets_only(echo)
    assert REDACTED in out
    assert not any(KEY[i : i + 6] in out for i in range(len(KEY) - 5)), out


def test_an_unknown_content_encoding_is_refused_without_quoting_it() -> None:
    from backend.engines.bounded_body import _layers
    from backend.errors import BadResponseError

    with pytest.raises(BadResponseError) as caught:
        _layers(f"br, {KEY}")
    assert KEY[:8] not in str(caught.value) and "gzip" in str(caught.value)
