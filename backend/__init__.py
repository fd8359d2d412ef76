"""ProofDesk's backend: documents, the review store and the session facade.

Qt-free by contract (see ``[tool.importlinter]`` in pyproject.toml): everything
here runs headless, from the CLI, tests and benchmarks.
"""

from backend.errors import (
    DocumentError,
    DocumentNotFoundError,
    EmptyFileError,
    ImportError_,
    NoPagesError,
    NotAPdfError,
    PasswordRequiredError,
    ProofDeskError,
    RenderError,
    StoreCorruptError,
    StoreError,
    StoreLockedError,
    StoreMismatchError,
    WrongPasswordError,
)
from backend.models import (
    Change,
    DocumentInfo,
    PageState,
    RenderedPage,
    ReviewStatus,
    SearchHit,
    StatusEvent,
    Version,
    VersionKind,
)
from backend.pdf import PdfDocument, open_pdf
from backend.session import DocumentSession
from backend.store import ReviewStore

__all__ = [
    "Change",
    "DocumentError",
    "DocumentInfo",
    "DocumentNotFoundError",
    "DocumentSession",
    "EmptyFileError",
    "ImportError_",
    "NoPagesError",
    "NotAPdfError",
    "PageState",
    "PasswordRequiredError",
    "PdfDocument",
    "ProofDeskError",
    "RenderError",
    "RenderedPage",
    "ReviewStatus",
    "ReviewStore",
    "SearchHit",
    "StatusEvent",
    "StoreCorruptError",
    "StoreError",
    "StoreLockedError",
    "StoreMismatchError",
    "Version",
    "VersionKind",
    "WrongPasswordError",
    "open_pdf",
]
