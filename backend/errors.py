"""Every error ProofDesk raises on purpose, as one tree.

Each carries a message written for the user (``str(exc)``); details for the
log go in ``exc.detail``. Callers catch the narrowest class they can act on
and show ``str(exc)`` to the user for the rest.

    ProofDeskError
    ├── DocumentError                 a PDF cannot be opened or used
    │   ├── NotAPdfError              not a PDF at all, or garbage
    │   ├── EmptyFileError            zero bytes
    │   ├── DocumentNotFoundError     no such file / not readable
    │   ├── NoPagesError              opens, but has zero pages
    │   └── PasswordRequiredError     encrypted for opening; needs the user password
    │       └── WrongPasswordError    a password was given and it is wrong
    ├── RenderError                   a page could not be rendered at all
    ├── StoreError                    the review store cannot be read or written
    │   ├── StoreLockedError          another ProofDesk has this document open
    │   ├── StoreCorruptError         integrity check failed, or not a store at all
    │   │   └── StoreEmptyError       empty or cut short where a review was kept
    │   ├── StoreFullError            the disk under the store is full; nothing was written
    │   ├── StoreMismatchError        the store belongs to a different PDF
    │   ├── NoReviewError             a command that only reads found no review (made none)
    │   ├── PageTooLongError          a page's text is far beyond any real page; refused
    │   └── NoteTooLongError          a page note is far beyond any remark; refused
    ├── ImportError_                  transcripts to import are malformed
    ├── BatchFileError                an offline batch folder or its results cannot be used
    │   └── BatchMismatchError        results for another document or page count
    ├── ServerError                   an OCR server failed a request (``retryable`` says
    │   │                             whether the same request may succeed later)
    │   ├── ServerUnreachableError    refused, reset, DNS, TLS: no answer at all   [retry]
    │   ├── ServerTimeoutError        connect / first token / total time ran out   [retry]
    │   ├── ServerBusyError           429, 502, 503, 504, cold start                [retry]
    │   ├── EngineDeadError           500 from a dead engine; server must restart   [retry]
    │   ├── BadResponseError          malformed JSON, empty choices, cut-off body   [retry]
    │   ├── AuthenticationError       401: wrong or missing API key
    │   ├── ModelNotFoundError        404: the server does not serve that model
    │   │   └── LocalModelError       the in-process model cannot load (folder, files,
    │   │                             extra, device, memory: ``kind`` says which)
    │   └── RequestRejectedError      400: the request itself must change
    │       └── ContextTooLongError   image + prompt + max tokens exceed the context
    ├── PageRangeError                typed pages ("1-3,7") are malformed, reversed or
    │                                 outside the document (``part``, ``problem`` say which)
    ├── ProfileError                  a server profile is incomplete or invalid
    └── LocalServerError              the local vLLM server cannot start or died
"""

from __future__ import annotations

from typing import Literal

RangeProblem = Literal["not_a_range", "backwards", "outside"]  # why a PageRangeError


class ProofDeskError(Exception):
    """Base class. ``str(exc)`` is a message for the user; ``detail`` is for logs."""

    def __init__(self, message: str, *, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class DocumentError(ProofDeskError):
    """A PDF cannot be opened or used."""


class NotAPdfError(DocumentError):
    """The file is not a PDF (or is damaged beyond repair)."""


class EmptyFileError(DocumentError):
    """The file is empty."""


class DocumentNotFoundError(DocumentError):
    """The file does not exist or cannot be read."""


class NoPagesError(DocumentError):
    """The PDF opened but has no pages."""


class PasswordRequiredError(DocumentError):
    """The PDF is encrypted and needs its password to open."""


class WrongPasswordError(PasswordRequiredError):
    """The password given does not open the PDF."""


class RenderError(ProofDeskError):
    """A page could not be rendered at all."""


class StoreError(ProofDeskError):
    """The review store cannot be read or written."""


class StoreLockedError(StoreError):
    """Another process holds the store."""


class StoreCorruptError(StoreError):
    """The store failed its integrity check."""


class StoreEmptyError(StoreCorruptError):
    """The store file is empty or cut short, though a review was kept in it.

    ``backup`` is the backup that holds the review ("" when none was found), so a
    caller can offer to restore it.
    """

    def __init__(self, message: str, *, backup: str = "", detail: str = "") -> None:
        super().__init__(message, detail=detail)
        self.backup = backup


class StoreFullError(StoreError):
    """The disk (or quota) under the store is full: the change was not written."""


class StoreMismatchError(StoreError):
    """The store was made for a different PDF."""


class NoReviewError(StoreError):
    """A command that only reads found no review of the document, and made none.

    ``page_count`` is the document's, so a caller can still show every page as not
    reviewed, which is what a new review would say.
    """

    def __init__(self, message: str, *, page_count: int, detail: str = "") -> None:
        super().__init__(message, detail=detail)
        self.page_count = page_count


class PageTooLongError(StoreError):
    """A page's text is far longer than any real page; the store refuses to keep it."""

    def __init__(
        self, message: str, *, page: int, length: int, limit: int, detail: str = ""
    ) -> None:
        super().__init__(message, detail=detail)
        self.page = page  # 0-based
        self.length = length  # characters
        self.limit = limit


class NoteTooLongError(StoreError):
    """A page note is far longer than a remark; the store refuses to keep it."""

    def __init__(
        self, message: str, *, page: int, length: int, limit: int, detail: str = ""
    ) -> None:
        super().__init__(message, detail=detail)
        self.page = page  # 0-based
        self.length = length  # characters
        self.limit = limit


class ImportError_(ProofDeskError):
    """Transcripts to import are malformed or do not fit the document."""


class BatchFileError(ProofDeskError):
    """An offline batch folder (``vllm run-batch``) or its results cannot be used."""


class BatchMismatchError(BatchFileError):
    """Batch results name another document, or another page count: nothing is stored."""


class ServerError(ProofDeskError):
    """An OCR server failed a request. ``retryable``: may the same request succeed later?"""

    retryable = False

    def __init__(
        self, message: str, *, detail: str = "", status: int | None = None, server: str = ""
    ) -> None:
        super().__init__(message, detail=detail)
        self.status = status
        self.server = server


class ServerUnreachableError(ServerError):
    """No answer at all: connection refused or reset, name not found, TLS failed."""

    retryable = True


class ServerTimeoutError(ServerError):
    """A timeout ran out; ``phase`` is "connect", "first_token" or "total"."""

    retryable = True

    def __init__(self, message: str, *, phase: str, detail: str = "", server: str = "") -> None:
        super().__init__(message, detail=detail, server=server)
        self.phase = phase


class ServerBusyError(ServerError):
    """429/502/503/504: overloaded or starting up. ``retry_after`` in seconds when told."""

    retryable = True

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        retry_after: float | None = None,
        detail: str = "",
        server: str = "",
    ) -> None:
        super().__init__(message, detail=detail, status=status, server=server)
        self.retry_after = retry_after


class EngineDeadError(ServerError):
    """The server's engine crashed (500 EngineCore); it must be restarted."""

    retryable = True  # on another server, or after a restart


class BadResponseError(ServerError):
    """The answer was not what the protocol promises (bad JSON, no choices, cut off)."""

    retryable = True


class AuthenticationError(ServerError):
    """401: the API key is wrong or missing."""


class ModelNotFoundError(ServerError):
    """404: the server does not serve the model the profile names."""


class LocalModelError(ModelNotFoundError):
    """The in-process (transformers) model cannot be used on this machine.

    ``kind``: "folder", "unsupported", "files", "extra" (transformers missing),
    "device" (CUDA asked for, not there), "memory", "load". A batch treats it as
    a model the server lacks: no page can succeed until the user fixes it.
    """

    def __init__(self, message: str, *, kind: str, detail: str = "") -> None:
        super().__init__(message, detail=detail)
        self.kind = kind


class RequestRejectedError(ServerError):
    """400: the server refuses this request as it is; something must change."""


class ContextTooLongError(RequestRejectedError):
    """Image + prompt + max tokens do not fit the server's context length."""

    def __init__(
        self, message: str, *, needed: int, allowed: int, detail: str = "", server: str = ""
    ) -> None:
        super().__init__(message, detail=detail, status=400, server=server)
        self.needed = needed
        self.allowed = allowed


class PageRangeError(ProofDeskError):
    """Typed pages cannot be read: ``part`` as typed, and the ``problem`` with it."""

    def __init__(
        self, message: str, *, part: str, page_count: int, problem: RangeProblem, detail: str = ""
    ) -> None:
        super().__init__(message, detail=detail)
        self.part = part
        self.page_count = page_count
        self.problem = problem


class ProfileError(ProofDeskError):
    """A server profile is incomplete or invalid (bad URL, no model, ...)."""


class LocalServerError(ProofDeskError):
    """The local vLLM server could not start, or stopped unexpectedly."""
