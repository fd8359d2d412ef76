"""Errors of the export, under ``ProofDeskError`` like every other error.

ProofDeskError
└── ExportError                 the export cannot be written (nothing was written)
    ├── ExportExistsError       the target exists and overwriting was not allowed
    ├── ProtectedTargetError    the target is the source PDF or the review store
    └── ExportCancelledError    the user stopped the export
"""

from __future__ import annotations

from backend.errors import ProofDeskError


class ExportError(ProofDeskError):
    """The export failed; no file was written or changed."""


class ExportExistsError(ExportError):
    """The target file exists and ``overwrite`` was False."""


class ProtectedTargetError(ExportError):
    """The target is the source PDF or the review store: never written over."""


class ExportCancelledError(ExportError):
    """The export was cancelled before it finished."""
