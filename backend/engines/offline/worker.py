"""The worker-process side: render a page and read it with one engine.

Everything here runs in a spawned worker (see ``runner``). The worker keeps
its engines (RapidOCR's models take ~3 s to load) and its last opened
document between pages. It ends itself, and any Tesseract it started, when
its parent dies or when the runner stops it (SIGTERM).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from dataclasses import dataclass
from types import FrameType

from backend.documents.pdf import PdfDocument, open_pdf
from backend.engines.offline import tesseract_engine
from backend.engines.offline.base import AltOptions, AltReading
from backend.engines.offline.registry import engine_spec
from backend.models import LayoutRegions, ScanLines

WORKER_NICENESS = 10
_doc: tuple[tuple[str, str | None], PdfDocument] | None = None


@dataclass(frozen=True)
class PageJob:
    pdf_path: str
    page: int  # 0-based
    engine: str  # a name in ``registry.ENGINES``
    options: AltOptions
    password: str | None = None


def init_worker(parent: int) -> None:
    """Pool initializer: privacy first, then the ways this worker may be told to end."""
    # Set before anything can import onnxruntime (RapidOCR does, on first use).
    os.environ["ORT_DISABLE_TELEMETRY"] = "1"
    if os.getppid() != parent:
        _end()
    signal.signal(signal.SIGTERM, _on_sigterm)
    if hasattr(os, "nice"):
        # Background work: RapidOCR keeps every core busy for seconds a page, and
        # the app's event loop must win the CPU whenever it has something to do.
        # Set before onnxruntime starts its threads, which inherit it.
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_watch_parent, args=(parent,), name="orphan-watch", daemon=True).start()


def _watch_parent(parent: int, interval_s: float = 0.5) -> None:
    # Polling works whichever thread started the pool (Linux's parent-death
    # signal follows the thread, which may end long before the app).
    while True:
        time.sleep(interval_s)
        if os.getppid() != parent:
            _end()


def _on_sigterm(_signum: int, _frame: FrameType | None) -> None:
    _end()


def _end() -> None:
    tesseract_engine.kill_running()  # it would otherwise finish its page as an orphan
    os._exit(0)


def warm_up(engine: str, options: AltOptions) -> str:
    """Load an engine now (RapidOCR's models) instead of on the first page; its version."""
    return engine_spec(engine).load(options)


def pid() -> int:
    return os.getpid()


def read_page(job: PageJob) -> AltReading:
    """Read ``job.page`` with ``job.engine`` (which renders it if it reads pixels)."""
    return engine_spec(job.engine).read(_open(job.pdf_path, job.password), job.page, job.options)


def detect_lines(job: PageJob) -> ScanLines:
    """The text lines of ``job.page`` found without reading them (``scan_lines``)."""
    from backend.engines.offline import scan_lines  # loads nothing until called

    return scan_lines.detect_page(_open(job.pdf_path, job.password), job.page, job.options)


def detect_layout(job: PageJob) -> LayoutRegions:
    """The layout regions of ``job.page`` and its tables' ruling lines (``layout``)."""
    from backend.engines.offline import layout  # loads nothing until called

    return layout.detect_page(_open(job.pdf_path, job.password), job.page, job.options)


def _open(path: str, password: str | None) -> PdfDocument:
    global _doc
    key = (path, password)
    if _doc is None or _doc[0] != key:
        if _doc is not None:
            _doc[1].close()
            _doc = None
        _doc = (key, open_pdf(path, password, content_hash=False))
    return _doc[1]
