"""Text from outside ProofDesk made safe to print, log, store or show.

Two dangers, one module, because every boundary needs both:

- **Secrets echoed back.** A server (or a proxy before it) may put the request's
  ``Authorization`` header, or the key itself, into an error body, a stream
  event or a model id. ``redact`` removes the keys it is given and anything
  shaped like a bearer credential, before the text goes anywhere.
- **Terminal control.** Server text, page text and file names can hold escape
  sequences that retitle the terminal, clear it, rewrite the line ("all pages
  done") or write the clipboard (OSC 52). ``printable`` shows every control
  character as a visible escape (``\\x1b``), keeping line breaks and tabs where
  asked; ``placeholders`` does the same for the GUI with visible symbols.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

REDACTED = "[redacted]"
# Keys shorter than this are not searched for: "a" would redact every "a".
MIN_SECRET_LEN = 6

# "Bearer <token>" and "Authorization: <anything>" up to the end of the header value.
_BEARER = re.compile(r"(?i)\b(bearer|basic|token)\s+[A-Za-z0-9._~+/=:-]{4,}")
_AUTH_HEADER = re.compile(r"""(?i)(["']?(?:proxy-)?authorization["']?\s*[:=]\s*)[^\r\n,;}]+""")
_API_KEY_FIELD = re.compile(
    r"""(?i)(["']?(?:api[_-]?key|x-api-key|access[_-]?token)["']?\s*[:=]\s*["']?)[^\s"',;}]+"""
)

# C0 and C1 controls, DEL, and the Unicode characters that reorder or hide text
# (bidi overrides and isolates, zero-width joiners) — the last are how a file
# name can be made to read as something else.
_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]"
)
_CONTROL_ALL = re.compile(
    "[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]"
)
_SURROGATE = re.compile("[\ud800-\udfff]")


def redact(text: str, secrets: Iterable[str | None] = ()) -> str:
    """``text`` without the given secrets or anything that looks like a credential."""
    for secret in sorted({s for s in secrets if s and len(s) >= MIN_SECRET_LEN}, key=len)[::-1]:
        text = text.replace(secret, REDACTED)
    text = _AUTH_HEADER.sub(lambda m: m.group(1) + REDACTED, text)
    text = _API_KEY_FIELD.sub(lambda m: m.group(1) + REDACTED, text)
    return _BEARER.sub(lambda m: f"{m.group(1)} {REDACTED}", text)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` for a terminal: control characters shown as ``\\x..`` escapes.

    With ``keep_newlines`` line breaks and tabs stay (page text, multi-line
    reports); otherwise they are escaped too (one-line messages, file names).
    Lone surrogates (from undecodable file names) are escaped as well, so the
    result always encodes as UTF-8."""
    pattern = _CONTROL if keep_newlines else _CONTROL_ALL
    text = pattern.sub(lambda m: _escape(m.group()), text)
    return _SURROGATE.sub(lambda m: _escape(m.group()), text)


def placeholders(text: str) -> str:
    """``text`` for a label or a dialog: controls as visible symbols (␛ for ESC, � else)."""
    text = _SURROGATE.sub("\ufffd", text)
    return _CONTROL.sub(lambda m: "\u241b" if m.group() == "\x1b" else "\ufffd", text)
