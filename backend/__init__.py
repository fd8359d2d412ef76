"""ProofDesk's backend: documents, the review store and the session facade.

Qt-free by contract (see ``[tool.importlinter]`` in pyproject.toml): everything
here runs headless, from the CLI, tests and benchmarks.
"""

from typing import TYPE_CHECKING, Any

from backend.errors import (
    AuthenticationError,
    BadResponseError,
    BatchFileError,
    BatchMismatchError,
    ContextTooLongError,
    DocumentError,
    DocumentNotFoundError,
    EmptyFileError,
    EngineDeadError,
    ImportError_,
    LocalModelError,
    LocalServerError,
    ModelNotFoundError,
    NoPagesError,
    NoReviewError,
    NotAPdfError,
    NoteTooLongError,
    PageRangeError,
    PageTooLongError,
    PasswordRequiredError,
    ProfileError,
    ProofDeskError,
    RenderError,
    RequestRejectedError,
    ServerBusyError,
    ServerError,
    ServerTimeoutError,
    ServerUnreachableError,
    StoreCorruptError,
    StoreEmptyError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreMismatchError,
    WrongPasswordError,
)
from backend.models import (
    AltLine,
    AltText,
    Change,
    DocumentInfo,
    LayoutKind,
    LayoutRegion,
    LayoutRegions,
    PageImage,
    PageState,
    RenderedPage,
    ReviewStatus,
    ScanLines,
    SearchHit,
    StatusEvent,
    TableGrid,
    Version,
    VersionKind,
    box_union,
)

if TYPE_CHECKING:
    from backend.documents.pdf import PdfDocument, open_pdf
    from backend.session.document_session import DocumentSession
    from backend.store.review_store import ReviewStore

# Imported on first use: they pull in PyMuPDF (~0.25 s), which the GUI process
# needs only once a document opens (on its store thread), not to show its window.
_LAZY = {
    "PdfDocument": "backend.documents.pdf",
    "open_pdf": "backend.documents.pdf",
    "DocumentSession": "backend.session.document_session",
    "ReviewStore": "backend.store.review_store",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'backend' has no attribute {name!r}")


__all__ = [
    "AltLine",
    "AltText",
    "AuthenticationError",
    "BadResponseError",
    "BatchFileError",
    "BatchMismatchError",
    "Change",
    "ContextTooLongError",
    "DocumentError",
    "DocumentInfo",
    "DocumentNotFoundError",
    "DocumentSession",
    "EmptyFileError",
    "EngineDeadError",
    "ImportError_",
    "LayoutKind",
    "LayoutRegion",
    "LayoutRegions",
    "LocalModelError",
    "LocalServerError",
    "ModelNotFoundError",
    "NoPagesError",
    "NoReviewError",
    "NotAPdfError",
    "NoteTooLongError",
    "PageImage",
    "PageRangeError",
    "PageState",
    "PageTooLongError",
    "PasswordRequiredError",
    "PdfDocument",
    "ProfileError",
    "ProofDeskError",
    "RenderError",
    "RenderedPage",
    "RequestRejectedError",
    "ReviewStatus",
    "ReviewStore",
    "ScanLines",
    "SearchHit",
    "ServerBusyError",
    "ServerError",
    "ServerTimeoutError",
    "ServerUnreachableError",
    "StatusEvent",
    "StoreCorruptError",
    "StoreEmptyError",
    "StoreError",
    "StoreFullError",
    "StoreLockedError",
    "StoreMismatchError",
    "TableGrid",
    "Version",
    "VersionKind",
    "WrongPasswordError",
    "box_union",
    "open_pdf",
]
