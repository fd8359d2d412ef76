"""The worker-process side: render a page and read it with one engine.

Everything here runs in a spawned worker (see ``runner``). The worker keeps
its engines (RapidOCR's models take ~3 s to load) and its last opened
document between pages. It ends itself, and any Tesseract it started, when
its parent dies or when the runner stops it (SIGTERM).
"""

from __future__ import annotations

import io
import os
import signal
import threading
import time
from dataclasses import dataclass
from types import FrameType
from typing import Any

from backend.documents.pdf import PdfDocument, open_pdf
from backend.engines.offline import tesseract_engine
from backend.engines.offline.base import AltEngine, AltOptions, AltReading, build_reading
from backend.models import RenderedPage

WORKER_NICENESS = 10
_doc: tuple[tuple[str, str | None], PdfDocument] | None = None


@dataclass(frozen=True)
class PageJob:
    pdf_path: str
    page: int  # 0-based
    engine: AltEngine
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


def warm_up(engine: AltEngine, options: AltOptions) -> str:
    """Load an engine now (RapidOCR's models) instead of on the first page; its version."""
    if engine is AltEngine.RAPIDOCR:
        from backend.engines.offline import rapidocr_engine  # only ever imported in a worker

        return rapidocr_engine.load()
    if engine is AltEngine.TESSERACT:
        return tesseract_engine.check(options.tesseract_cmd, options.tesseract_langs)
    return ""


def pid() -> int:
    return os.getpid()


def read_page(job: PageJob) -> AltReading:
    """Render ``job.page`` and read it with ``job.engine``."""
    doc = _open(job.pdf_path, job.password)
    if job.engine is AltEngine.TEXTLAYER:
        from backend.engines.offline.textlayer import read_text_layer

        return read_text_layer(doc, job.page)
    version = warm_up(job.engine, job.options)
    rendered, render_info = _render(doc, job.page, job.options)
    t0 = time.perf_counter()
    if job.engine is AltEngine.RAPIDOCR:
        from backend.engines.offline import rapidocr_engine

        lines = rapidocr_engine.read(_to_array(rendered))
    else:
        lines = tesseract_engine.read(
            _to_pgm(rendered),
            dpi=render_info["dpi"],
            cmd=job.options.tesseract_cmd,
            langs=job.options.tesseract_langs,
            timeout_s=job.options.timeout_s,
        )
    return build_reading(
        lines,
        engine=job.engine.value,
        page=job.page,
        size=(rendered.width, rendered.height),
        engine_version=version,
        render=render_info,
        latency_s=time.perf_counter() - t0,
    )


def _open(path: str, password: str | None) -> PdfDocument:
    global _doc
    key = (path, password)
    if _doc is None or _doc[0] != key:
        if _doc is not None:
            _doc[1].close()
            _doc = None
        _doc = (key, open_pdf(path, password, content_hash=False))
    return _doc[1]


def _render(
    doc: PdfDocument, page: int, options: AltOptions
) -> tuple[RenderedPage, dict[str, Any]]:
    rendered = doc.render(page, options.dpi / 72, max_pixels=options.max_pixels)
    info = {
        "dpi": round(rendered.scale * 72, 1),
        "pixels": [rendered.width, rendered.height],
        "clamped": rendered.clamped,
    }
    return rendered, info


def _to_array(rendered: RenderedPage) -> Any:
    import numpy as np  # a RapidOCR dependency: only needed where RapidOCR runs

    rows = np.frombuffer(rendered.samples, dtype=np.uint8).reshape(rendered.height, rendered.stride)
    return rows[:, : rendered.width * 3].reshape(rendered.height, rendered.width, 3)


def _to_pgm(rendered: RenderedPage) -> bytes:
    # Grey PGM: Tesseract binarises anyway, and PGM costs no compression time.
    from PIL import Image

    size = (rendered.width, rendered.height)
    image = Image.frombuffer("RGB", size, rendered.samples, "raw", "RGB", rendered.stride, 1)
    out = io.BytesIO()
    image.convert("L").save(out, "PPM")
    return out.getvalue()
