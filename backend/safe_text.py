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

And one rule for text that will be *kept* (a page's transcript): ``admit`` is
the only place it is written, and every boundary where text enters the review
(a server's answer, a batch result file, an engine, an import, a paste) calls it.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, quote_plus

from backend.i18n import _

REDACTED = "[redacted]"
# Keys shorter than this are not searched for: "a" would redact every "a".
MIN_SECRET_LEN = 6
# A text cut at a byte cap may end with the first characters of a key: this many
# or more are redacted too (three, "sk-", say nothing of the key).
MIN_PARTIAL_LEN = 4
# Any run of this many characters of a secret, anywhere, is a piece of it: gateways
# echo a key's first characters ("sk-proj-A1b2…****"), and a key can be split
# between two fields. Ten characters of a random key do not occur in real text.
PIECE_LEN = 10

# "Bearer <token>" and "Authorization: <anything>" up to the end of the header value.
# After "token" only a value with a digit: "token count", "token budget" are words.
_BEARER = re.compile(
    r"(?i)\b(bearer|basic|token(?=\s+[A-Za-z._~+/=:-]*[0-9]))\s+[A-Za-z0-9._~+/=:-]{4,}"
)
_AUTH_HEADER = re.compile(r"""(?i)(["']?(?:proxy-)?authorization["']?\s*[:=]\s*)[^\r\n,;}]+""")
_API_KEY_FIELD = re.compile(
    r"""(?i)(["']?(?:api[_-]?key|x-api-key|access[_-]?token)["']?\s*[:=]\s*["']?)[^\s"',;}]+"""
)
# In page text "bearer" and "basic" are ordinary words ("payable to bearer upon
# demand"): there only a long token with a digit in it counts as a credential.
_STRONG_CREDENTIAL = re.compile(
    r"(?i)\b(bearer|basic)\s+(?=[A-Za-z0-9._~+/=-]*[0-9])[A-Za-z0-9._~+/=-]{20,}"
)

# C0 and C1 controls, DEL, and the Unicode characters that reorder or hide text
# (bidi overrides and isolates, zero-width joiners) — the last are how a file
# name can be made to read as something else.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
# One-line text also escapes the line and paragraph separators: no terminal
# acts on them, but str.splitlines() and many log readers break lines there.
_CONTROL_ALL = re.compile(
    "[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]"
)
_SURROGATE = re.compile("[\ud800-\udfff]")

# What a transcript may not hold (``admit``): C0 controls but tab and line feed, DEL,
# C1 controls, the bidi embeddings, overrides and isolates (they make a legal text
# read in another order than it is stored: a transcript has no use for them), lone
# surrogates (no file can encode them) and the noncharacters (U+FDD0-U+FDEF and the
# last two code points of every plane: XML 1.0, hence DOCX, refuses U+FFFE/U+FFFF).
_NOT_IN_TEXT = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]"
)
# The noncharacters past the BMP, searched only in a text with a character past it: a
# class of 32 more items costs every character of a CJK page (``admit`` on a
# 2,760-character page: 0.62 ms with them in one class, 0.09 ms so).
_PAST_BMP = re.compile("[\U00010000-\U0010ffff]")
_NONCHARACTERS_PAST_BMP = re.compile(
    "["
    + "".join(chr(p + 0xFFFE) + chr(p + 0xFFFF) for p in range(0x10000, 0x110000, 0x10000))
    + "]"
)
# CRLF, a lone CR (old Mac files, some OCR engines) and NEL (U+0085, the C1 line end
# of EBCDIC text) are line ends: made line feeds, the one line end ProofDesk stores.
_LINE_END = re.compile("\r\n?|\x85")
# U+FFFD REPLACEMENT CHARACTER: Unicode's own sign for "a character was lost here".
# Every font ProofDesk uses draws it (a visible �, in the editor and in each export),
# it is valid in XML, JSON, PDF and UTF-8, ``no_surrogates`` and ``placeholders``
# already use it, and no legal text holds it, so a reviewer who sees it knows it is
# not the document's. One symbol for all: which control it was does not matter to a
# transcript, only that something was there.
PLACEHOLDER = "\ufffd"
# The provenance key of how many characters ``admit`` replaced in a version's text.
REPLACED_KEY = "replaced_characters"


def redact(text: str, secrets: Iterable[str | None] = ()) -> str:
    """``text`` without the given secrets or anything that looks like a credential."""
    return Redactor(secrets).redact(text)


def secret_forms(secret: str) -> set[str]:
    """The ways ``secret`` can come back inside a server's text.

    As it is; JSON-escaped (an error body quoting the request); URL-encoded (an
    echoed query or form); and base64 at each of the three alignments, since a
    proxy may echo ``Authorization: Basic …`` or a body may carry the request's
    headers base64-encoded: only the characters that depend on the secret alone
    are kept, so the form is found wherever in the encoded text it began.
    """
    forms = {secret, quote(secret, safe=""), quote_plus(secret)}
    forms.update(json.dumps(secret, ensure_ascii=a)[1:-1] for a in (True, False))
    raw = secret.encode("utf-8")
    for lead in range(3):
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            encoded = encode(b"\0" * lead + raw).decode("ascii")
            start = 4 if lead else 0  # the first group mixes the lead bytes in
            end = len(encoded) - (4 if (lead + len(raw)) % 3 else 0)  # the last: what follows
            forms.add(encoded[start:end])
    return {f for f in forms if len(f) >= MIN_SECRET_LEN}


class Redactor:
    """``redact`` for one set of secrets, with its search compiled once.

    Secrets are matched without regard to case: an echo in capitals is still the
    key. ``clipped`` says the text was cut at a byte cap, so it may end with the
    start of a key; that tail is redacted too.
    """

    def __init__(self, secrets: Iterable[str | None] = ()) -> None:
        forms: set[str] = set()
        for secret in secrets:
            if secret and len(secret) >= MIN_SECRET_LEN:
                forms |= secret_forms(secret)
        self._forms = sorted(forms, key=len, reverse=True)  # longest first: no half-matches
        self._search = (
            re.compile("|".join(map(re.escape, self._forms)), re.IGNORECASE) if forms else None
        )
        pieces = {f[i : i + PIECE_LEN] for f in forms for i in range(len(f) - PIECE_LEN + 1)}
        # The lookahead on the pieces' first characters lets the search skip every
        # character that cannot start one (all of a CJK page) without trying each of
        # the hundreds of alternatives there: 2.0 → 0.45 ms on a 2,760-character page.
        starts = re.escape("".join(sorted({piece[0] for piece in pieces})))
        alternatives = "|".join(map(re.escape, sorted(pieces)))
        self._pieces = (
            re.compile(f"(?=[{starts}])(?:{alternatives})", re.IGNORECASE) if pieces else None
        )

    def secrets_only(self, text: str, *, clipped: bool = False) -> str:
        """``text`` without the secrets themselves (whole, cut short or in pieces)."""
        if self._search is not None:
            text = self._search.sub(REDACTED, text)
            text = self._redact_pieces(text)
            if clipped:
                text = self._cut_tail(text)
        return text

    def _redact_pieces(self, text: str) -> str:
        """Redact each run of a secret's characters that holds ``PIECE_LEN`` of them in
        a row, extended to the right as far as it goes on following the secret."""
        if self._pieces is None:
            return text
        out: list[str] = []
        pos = 0
        while (m := self._pieces.search(text, pos)) is not None:
            end = m.end()
            piece = m.group().lower()
            form = next((f for f in self._forms if piece in f.lower()), "")
            at = form.lower().find(piece) + PIECE_LEN
            while end < len(text) and at < len(form) and text[end].lower() == form[at].lower():
                end, at = end + 1, at + 1
            out += [text[pos : m.start()], REDACTED]
            pos = end
        out.append(text[pos:])
        return "".join(out)

    def page_text(self, text: str) -> str:
        """A page's text: the secrets, and only unmistakable credentials (_STRONG_CREDENTIAL)."""
        text = self.secrets_only(text)
        return _STRONG_CREDENTIAL.sub(lambda m: f"{m.group(1)} {REDACTED}", text)

    def redact(self, text: str, *, clipped: bool = False) -> str:
        """A server's message: the secrets and anything shaped like a credential."""
        text = self.secrets_only(text, clipped=clipped)
        text = _AUTH_HEADER.sub(lambda m: m.group(1) + REDACTED, text)
        text = _API_KEY_FIELD.sub(lambda m: m.group(1) + REDACTED, text)
        return _BEARER.sub(lambda m: f"{m.group(1)} {REDACTED}", text)

    def _cut_tail(self, text: str) -> str:
        for form in self._forms:
            for size in range(min(len(form) - 1, len(text)), MIN_PARTIAL_LEN - 1, -1):
                if text[-size:].lower() == form[:size].lower():
                    return text[:-size] + REDACTED
        return text


def no_surrogates(text: str) -> str:
    """``text`` with lone surrogates (from a JSON ``\\ud800`` escape) as U+FFFD: a text
    holding one cannot be written as UTF-8, to a file, a terminal or the store."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


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


@dataclass(frozen=True)
class Admitted:
    """Text as a transcript may keep it, and how many characters ``admit`` replaced."""

    text: str
    replaced: int = 0

    @property
    def warnings(self) -> tuple[str, ...]:
        """The reviewer's warning, when something was replaced (none otherwise)."""
        return (replaced_warning(self.replaced),) if self.replaced else ()

    def provenance(self) -> dict[str, Any]:
        """What a version's provenance keeps of it: the count and the warning, if any."""
        if not self.replaced:
            return {}
        return {"warnings": list(self.warnings), REPLACED_KEY: self.replaced}


def admit(text: str) -> Admitted:
    """``text`` as the review may keep it: CRLF, lone CR and NEL as line feeds (not
    counted: nothing is lost), and each character a transcript may not hold (``_NOT_IN_TEXT``)
    as ``PLACEHOLDER``, counted, so the reviewer can be told."""
    if "\r" in text or "\x85" in text:  # ``in`` is a fast scan; the regex is not
        text = _LINE_END.sub("\n", text)
    clean, replaced = _NOT_IN_TEXT.subn(PLACEHOLDER, text)
    if _PAST_BMP.search(clean):
        clean, more = _NONCHARACTERS_PAST_BMP.subn(PLACEHOLDER, clean)
        replaced += more
    return Admitted(clean, replaced)


def replaced_warning(count: int) -> str:
    """What the reviewer is told of ``count`` characters ``admit`` replaced."""
    return _(
        "{count} control or invalid character(s) in the text were replaced by “{placeholder}”: "
        "check the scan at those places."
    ).format(count=count, placeholder=PLACEHOLDER)
