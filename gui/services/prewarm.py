"""Starting the render worker for the launch document as early as possible.

Qt-free on purpose: ``gui.entry`` calls ``prewarm`` before importing Qt, so the
worker's start (a new Python, PyMuPDF, opening the PDF) overlaps Qt's import
and the window's construction instead of following them.
"""

from __future__ import annotations

from pathlib import Path

from backend.documents.render_service import RenderService

_prewarmed: tuple[Path, str | None, RenderService] | None = None


def prewarm(path: str | Path, password: str | None) -> None:
    """Start the render worker for the document the app was launched with, before
    Qt and the window are even built: its start-up then overlaps theirs."""
    global _prewarmed
    service = RenderService(path, password)
    service.warm_up()
    _prewarmed = (Path(path).resolve(), password, service)


def take_prewarmed(path: str | Path, password: str | None) -> RenderService | None:
    global _prewarmed
    if _prewarmed is None:
        return None
    wanted, pw, service = _prewarmed
    _prewarmed = None
    if wanted == Path(path).resolve() and pw == password:
        return service
    service.close()  # launched with another file, or a password was added since
    return None
