"""Opening PDFs and rendering their pages, with a clear message for every bad input.

A ``PdfDocument`` wraps one PyMuPDF document. PyMuPDF documents are not
thread-safe and hold the GIL while rendering, so each process (the UI's
metadata reader, each render worker) owns its own ``PdfDocument``.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from pathlib import Path

import pymupdf

from backend.errors import (
    DocumentNotFoundError,
    EmptyFileError,
    NoPagesError,
    NotAPdfError,
    PasswordRequiredError,
    ProofDeskError,
    RenderError,
    WrongPasswordError,
)
from backend.i18n import _
from backend.models import DEFAULT_MAX_PIXELS, DocumentInfo, RenderedPage

# MuPDF reports recoverable problems (broken content streams, bad fonts) as
# warnings on stderr; we collect them and show them as notices instead.
pymupdf.TOOLS.mupdf_display_errors(False)
pymupdf.TOOLS.mupdf_display_warnings(False)
# MuPDF keeps those warnings in one process-wide buffer. Renders in other threads
# (thumbnails, prefetch, a batch's encoder) would otherwise put their damaged
# page's warning on this page. PyMuPDF holds the GIL while it draws, so the lock
# costs no parallelism.
_WARNINGS_LOCK = threading.RLock()


def file_sha256(path: str | os.PathLike[str]) -> str:
    """Content hash that keys a document's review store (survives renames)."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


class PdfDocument:
    """One open PDF. Use ``open_pdf`` to create it."""

    def __init__(self, doc: pymupdf.Document, info: DocumentInfo) -> None:
        self._doc = doc
        self.info = info

    @property
    def page_count(self) -> int:
        return self.info.page_count

    def page_size(self, page: int) -> tuple[float, float]:
        """(width, height) in points, after the page's rotation."""
        rect = self._load(page).rect
        return float(rect.width), float(rect.height)

    def render(
        self, page: int, scale: float, *, max_pixels: int = DEFAULT_MAX_PIXELS
    ) -> RenderedPage:
        """Render a page as RGB at ``scale`` (1.0 = 72 dpi), clamped to ``max_pixels``."""
        pg = self._load(page)
        used, clamped = clamp_scale(pg.rect.width, pg.rect.height, scale, max_pixels)
        with _WARNINGS_LOCK:
            pymupdf.TOOLS.reset_mupdf_warnings()
            try:
                pix = pg.get_pixmap(matrix=pymupdf.Matrix(used, used), alpha=False)
            except Exception as exc:  # MuPDF raises several unrelated types (FzErrorLimit, …)
                raise RenderError(
                    _("Page {page} could not be drawn: the file is damaged there.").format(
                        page=page + 1
                    ),
                    detail=repr(exc),
                ) from exc
            # bytes(...) copies: a Pixmap freed while something still uses its buffer
            # raises BufferError in PyMuPDF 2.0.
            samples = bytes(pix.samples)
            warnings = _render_warnings(page, clamped)
        return RenderedPage(
            page=page,
            width=pix.width,
            height=pix.height,
            stride=pix.stride,
            samples=samples,
            scale=used,
            clamped=clamped,
            warnings=warnings,
        )

    def page(self, page: int) -> pymupdf.Page:
        """The PyMuPDF page, for code in this process that draws it its own way."""
        return self._load(page)

    def text(self, page: int) -> str:
        """The PDF's own text layer for a page ("" for a pure scan)."""
        pg = self._load(page)
        try:
            return str(pg.get_text("text"))
        except Exception as exc:
            raise RenderError(
                _(
                    "The text layer of page {page} could not be read: the file is damaged there."
                ).format(page=page + 1),
                detail=repr(exc),
            ) from exc

    def close(self) -> None:
        self._doc.close()

    def _load(self, page: int) -> pymupdf.Page:
        self._check_page(page)
        try:
            return self._doc[page]
        except Exception as exc:  # a damaged page tree (a cycle, a missing object)
            raise RenderError(
                _("Page {page} could not be read: the file is damaged there.").format(
                    page=page + 1
                ),
                detail=repr(exc),
            ) from exc

    def _check_page(self, page: int) -> None:
        if not 0 <= page < self.info.page_count:
            raise IndexError(f"page {page} out of range 0..{self.info.page_count - 1}")


def clamp_scale(
    width_pt: float, height_pt: float, scale: float, max_pixels: int
) -> tuple[float, bool]:
    """The largest scale ≤ ``scale`` whose pixmap fits ``max_pixels``; (scale, clamped)."""
    scale = max(scale, 1e-3)
    w, h = max(width_pt, 1.0), max(height_pt, 1.0)
    # MuPDF rounds each side up to whole pixels, so bound (w·s + 1)(h·s + 1):
    # the positive root of w·h·s² + (w + h)·s + 1 - max_pixels = 0.
    limit = (-(w + h) + ((w + h) ** 2 + 4 * w * h * (max_pixels - 1)) ** 0.5) / (2 * w * h)
    if scale <= limit:
        return scale, False
    return limit, True


# MuPDF folds a run of identical warnings into one and writes the summary
# ("... repeated 15 times...") only when the next message comes, which can be
# the next page drawn, of another document: that line says nothing of this page.
_REPEAT_SUMMARY = re.compile(r"\.\.\. repeated \d+ times?\.\.\.")


def _real_warnings(text: str) -> bool:
    return any(
        line.strip() and not _REPEAT_SUMMARY.fullmatch(line.strip()) for line in text.splitlines()
    )


def _render_warnings(page: int, clamped: bool) -> tuple[str, ...]:
    out: list[str] = []
    if clamped:
        out.append(
            _("Page {page} is unusually large; it is shown at reduced resolution.").format(
                page=page + 1
            )
        )
    if _real_warnings(pymupdf.TOOLS.mupdf_warnings()):
        out.append(
            _(
                "Page {page} has damaged content; what could be read is shown, parts may "
                "be missing."
            ).format(page=page + 1)
        )
        pymupdf.TOOLS.reset_mupdf_warnings()
    return tuple(out)


def open_pdf(
    path: str | os.PathLike[str], password: str | None = None, *, content_hash: bool = True
) -> PdfDocument:
    """Open a PDF or raise a ``DocumentError`` whose message tells the user what is wrong.

    ``content_hash=False`` skips hashing the file (render workers need no hash;
    hashing a several-hundred-MB scan once is enough).
    """
    p = Path(path)
    name = p.name
    if not p.is_file():
        raise DocumentNotFoundError(
            _("“{name}” was not found or is not a file.").format(name=name), detail=str(p)
        )
    if p.stat().st_size == 0:
        raise EmptyFileError(
            _("“{name}” is empty (0 bytes); it is not a usable PDF.").format(name=name)
        )
    pymupdf.TOOLS.reset_mupdf_warnings()
    doc = _open_raw(p)
    try:
        needed_password = _unlock(doc, name, password)
        if doc.page_count == 0:
            raise NoPagesError(
                _("“{name}” is a PDF with no pages; there is nothing to review.").format(name=name)
            )
        info = _document_info(doc, p, needed_password, content_hash)
    except ProofDeskError:
        doc.close()
        raise
    except Exception as exc:  # MuPDF on a damaged page tree ("Invalid number of pages", ...)
        doc.close()
        raise NotAPdfError(
            _("“{name}” is a PDF too damaged to open.").format(name=name), detail=repr(exc)
        ) from exc
    except BaseException:
        doc.close()
        raise
    return PdfDocument(doc, info)


def _open_raw(p: Path) -> pymupdf.Document:
    try:
        doc = pymupdf.open(p, filetype="pdf")
    except pymupdf.EmptyFileError as exc:
        raise EmptyFileError(
            _("“{name}” is empty; it is not a usable PDF.").format(name=p.name)
        ) from exc
    except pymupdf.FileNotFoundError as exc:
        raise DocumentNotFoundError(
            _("“{name}” could not be read.").format(name=p.name), detail=repr(exc)
        ) from exc
    except Exception as exc:  # FileDataError and friends: not a PDF, or beyond repair
        raise NotAPdfError(
            _("“{name}” is not a PDF, or it is too damaged to open.").format(name=p.name),
            detail=repr(exc),
        ) from exc
    if not doc.is_pdf:  # MuPDF sniffs content: an image named .pdf opens as an image
        doc.close()
        raise NotAPdfError(
            _("“{name}” is not a PDF (it looks like another kind of file).").format(name=p.name)
        )
    return doc


def _unlock(doc: pymupdf.Document, name: str, password: str | None) -> bool:
    """Authenticate if needed; True when a user password was required."""
    if not doc.needs_pass:
        return False  # unencrypted, or an owner password only (restrictions): opens as is
    if password is None:
        raise PasswordRequiredError(_("“{name}” is protected by a password.").format(name=name))
    if not doc.authenticate(password):
        raise WrongPasswordError(_("The password does not open “{name}”.").format(name=name))
    return True


def _document_info(
    doc: pymupdf.Document, p: Path, needed_password: bool, content_hash: bool
) -> DocumentInfo:
    notices: list[str] = []
    if doc.is_repaired:
        notices.append(
            _(
                "The file was damaged (for example cut short) and has been repaired to "
                "open it; check that no pages are missing."
            )
        )
    if doc.is_encrypted and not needed_password:
        notices.append(_("The file carries an owner password; it opens for reading."))
    meta = doc.metadata or {}
    return DocumentInfo(
        path=str(p.resolve()),
        page_count=doc.page_count,
        sha256=file_sha256(p) if content_hash else "",
        # After opening, is_encrypted is False for owner-only files; metadata still says.
        encrypted=bool(meta.get("encryption")) or needed_password,
        needed_password=needed_password,
        repaired=bool(doc.is_repaired),
        title=str(meta.get("title") or ""),
        notices=tuple(notices),
    )
