"""What a server sends, made safe before anything else in ProofDesk sees it.

A server, or a proxy in front of it, can echo the request's ``Authorization``
header — the API key — into an error body, an error event in a stream, a model
id, the metrics page, a response header, or the page text itself; it can also
send lone surrogates (a JSON ``\\ud800``) that no file or terminal can encode.
The client is the one place all of that enters, so it is cleaned there, once:
every text taken from a server goes through the client's ``ServerText`` (made
with the profile's key), every error the client raises passes its ``guard``,
and the log records of the client and of httpx/httpcore (which log response
headers at DEBUG) pass ``guard_logs``'s filter. Downstream — the batch, the
store, its backups, the CLI, the GUI — never sees the raw text.

Server text is redacted in two strengths (``backend.safe_text.Redactor``):
messages, ids and headers lose anything shaped like a credential as well as the
key; page text and reasoning lose the key and only unmistakable credentials, as
"bearer" and "basic" are ordinary words in a legal document.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from backend.errors import BadResponseError, ProofDeskError
from backend.i18n import _
from backend.safe_text import Redactor, no_surrogates

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000  # characters of an error's message or detail
QUOTE_LIMIT = 500  # characters of server text quoted inside a message

# What code reading a malformed answer raises, as opposed to a bug elsewhere; the
# message of such an error may quote the answer, so it must not travel as it is.
DATA_ERRORS = (
    TypeError,
    ValueError,
    KeyError,
    IndexError,
    AttributeError,
    OverflowError,
    RecursionError,
)

_JSON_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
E = TypeVar("E", bound=ProofDeskError)


def _unescape(text: str) -> str:
    """JSON ``\\u`` escapes decoded, so a key spelled as escapes is found too."""
    if "\\u" not in text:
        return text
    return _JSON_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


class ServerText:
    """The cleaning of one client's server text, with that client's key."""

    def __init__(self, api_key: str | None) -> None:
        self._redactor = Redactor([api_key])
        guard_logs(api_key)

    def quote(self, text: str, *, clipped: bool = False) -> str:
        """Server words for a message, its detail, a model id or a header value."""
        return no_surrogates(self._redactor.redact(_unescape(text), clipped=clipped))

    def excerpt(self, text: str, limit: int = QUOTE_LIMIT, *, clipped: bool = False) -> str:
        """``quote`` cut to ``limit`` characters: redacted first, so no key is cut in half."""
        return self.quote(text, clipped=clipped)[:limit]

    def page(self, text: str) -> str:
        """A page's text or the model's reasoning: the key removed, every word kept."""
        return no_surrogates(self._redactor.page_text(text))

    def holds_secret(self, text: str) -> bool:
        """Would ``page`` remove something from ``text`` (other than lone surrogates)?"""
        return self._redactor.page_text(text) != text

    def scrub(self, exc: E) -> E:
        """``exc`` with no key in its message or detail (both bounded), for any caller."""
        message = str(exc)
        clean = no_surrogates(self._redactor.secrets_only(message, clipped=True))
        if clean != message or len(clean) > MESSAGE_LIMIT:
            exc.args = (clean[:MESSAGE_LIMIT],)
        if exc.detail:
            exc.detail = self.excerpt(exc.detail, MESSAGE_LIMIT, clipped=True)
        return exc

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Every error leaving the block is scrubbed; an answer that made the reading code
        fail (a type no check foresaw) is a ``BadResponseError``, not a traceback."""
        try:
            yield
        except ProofDeskError as exc:
            self.scrub(exc)
            raise
        except DATA_ERRORS as exc:
            log.warning("an answer could not be read: %s", type(exc).__name__)
            raise self.scrub(
                BadResponseError(
                    _(
                        "The server's answer could not be read (it is not shaped like an "
                        "OpenAI-compatible answer); check the server, then run the page again."
                    ),
                    detail=repr(exc),
                )
            ) from None


# --- the log records -------------------------------------------------------------------

# httpx logs each request and its status line at INFO; httpcore logs the response
# headers at DEBUG. A filter on a logger sees only the records made on that very
# logger (not its children's), hence the list.
_LOGGERS = (
    "httpx",
    "httpcore.connection",
    "httpcore.http11",
    "httpcore.http2",
    "httpcore.proxy",
    "httpcore.socks",
)
_PREFIXES = ("httpx", "httpcore", "backend.engines")


class _RedactRecords(logging.Filter):
    """Redacts every record of the loggers it is on, with every key a client was given."""

    def __init__(self) -> None:
        super().__init__()
        self._secrets: list[str] = []
        self._redactor = Redactor()

    def add(self, secret: str) -> None:
        if secret not in self._secrets:
            self._secrets.append(secret)
            self._redactor = Redactor(self._secrets)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a record whose arguments do not fit: logging reports it
            return True
        clean = no_surrogates(self._redactor.redact(message))
        if clean != message:
            record.msg, record.args = clean, ()
        if record.exc_info and not record.exc_text:
            text = logging.Formatter().formatException(record.exc_info)
            record.exc_text = no_surrogates(self._redactor.redact(text))
        return True


_FILTER = _RedactRecords()


def guard_logs(secret: str | None) -> None:
    """Redact ``secret`` (and any credential-shaped text) from the client's and httpx's logs."""
    if secret:
        _FILTER.add(secret)
    names = set(_LOGGERS)
    names.update(
        name
        for name, logger in logging.Logger.manager.loggerDict.items()
        if isinstance(logger, logging.Logger) and name.startswith(_PREFIXES)
    )
    for name in names:
        logging.getLogger(name).addFilter(_FILTER)  # a no-op when it is already there
