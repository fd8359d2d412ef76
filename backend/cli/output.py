"""Everything the CLI writes to the terminal goes through here.

Server messages, model ids, page text, PDF titles and file names all come from
outside ProofDesk and can hold escape sequences that retitle the terminal,
clear it, rewrite the progress line or write the clipboard (OSC 52). One choke
point means a new command cannot forget to escape them:

- ``say`` (stdout, line breaks kept) and ``warn`` (stderr, one line) show
  every other control character as a visible ``\\x..`` escape;
- ``fail`` is the one-line error every command ends with, exit 2;
- ``say_json`` is JSON, with the characters a terminal still acts on (C1
  controls, bidi overrides, lone surrogates) written as ``\\u`` escapes;
- ``control`` is the only way to write a terminal code of our own (the OCR
  progress line's ``\\r\\x1b[2K``).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any, TextIO

from backend.safe_text import printable

EXIT_BAD_INPUT = 2
PREFIX = "proofdesk: "

# What json.dumps(ensure_ascii=False) leaves raw although a terminal acts on it
# or it cannot be encoded. All of it is non-structural, so it only ever occurs
# inside a JSON string, where a \u escape means the same character.
# A file name that is not UTF-8 reaches Python with each bad byte as a surrogate
# U+DC80..U+DCFF ("surrogateescape"): shown as the byte it stands for, \xff.
_ESCAPED_BYTE = re.compile("[\udc80-\udcff]")
_JSON_UNSAFE = re.compile(
    "[\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]"
)


def shown(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` as the terminal gets it: ``printable``, undecodable bytes as ``\\xff``."""
    text = _ESCAPED_BYTE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)
    return printable(text, keep_newlines=keep_newlines)


def say(text: str = "", *, one_line: bool = False) -> None:
    """``text`` on stdout; line breaks and tabs stay unless ``one_line``."""
    _write(sys.stdout, shown(text, keep_newlines=not one_line) + "\n")


def warn(text: str) -> None:
    """One line on stderr: a line break inside ``text`` is shown as ``\\x0a``."""
    _write(sys.stderr, shown(text) + "\n")


def fail(message: str) -> int:
    """``proofdesk: <message>`` on stderr, one line; returns the bad-input exit code."""
    warn(PREFIX + message)
    return EXIT_BAD_INPUT


def json_text(data: Any, *, indent: int | None = 2) -> str:
    """``data`` as JSON that is safe on a terminal and decodes to the same values."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def say_json(data: Any, *, indent: int | None = 2) -> None:
    _write(sys.stdout, json_text(data, indent=indent) + "\n")


def control(out: TextIO, code: str) -> None:
    """A terminal code of ProofDesk's own, written as it is (never text from outside)."""
    _write(out, code)


def write_escaped(out: TextIO, text: str, *, end: str = "\n") -> None:
    """``text`` on ``out`` as ``warn`` does, then ``end`` (our own, written as is)."""
    _write(out, shown(text) + end)


def _write(out: TextIO, text: str) -> None:
    try:
        out.write(text)
    except UnicodeEncodeError:
        # A terminal that is not UTF-8 (LANG=C): CJK is shown as escapes, not a traceback.
        encoding = getattr(out, "encoding", None) or "ascii"
        out.write(text.encode(encoding, "backslashreplace").decode(encoding))
    out.flush()
