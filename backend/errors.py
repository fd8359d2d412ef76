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
    │   ├── StoreCorruptError         integrity check failed
    │   └── StoreMismatchError        the store belongs to a different PDF
    └── ImportError_                  transcripts to import are malformed
"""

from __future__ import annotations


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


class StoreMismatchError(StoreError):
    """The store was made for a different PDF."""


class ImportError_(ProofDeskError):
    """Transcripts to import are malformed or do not fit the document."""
