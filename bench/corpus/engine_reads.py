"""Real engines' readings of the damaged pages: RapidOCR and Tesseract, at two resolutions.

Each reading goes through the product's own offline engine (``AltOcrRunner``,
a worker process at nice 10) with ``AltOptions(dpi=...)``: the page (a 150-dpi
scan) is rendered at that resolution, as the product would read it. Readings are
cached as JSON under ``bench/out/corpus/readings/`` by page digest, engine and
dpi, so a rerun reads nothing. ``python -m bench.corpus.engine_reads SEED N``
reads a seed's pages ahead.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import pymupdf

from backend.engines.offline import AltOcrRunner, colour_dropout, faint_ink, rapidocr_engine
from backend.engines.offline.base import AltOptions, AltReading
from backend.models import AltLine, AltText
from bench.corpus.ocr_cache import READINGS
from bench.corpus.render import HEIGHT, WIDTH

ENGINES = ("rapidocr", "tesseract")
DPIS = (150, 100)
_KEY = f"faint{faint_ink.VERSION}-read{rapidocr_engine.READING_VERSION}"
# Only RapidOCR's page is cleaned of stamps (Tesseract reads the page as rendered), so
# only its readings key on the step: Tesseract's cached readings stay valid.
_KEYS = {"rapidocr": f"{_KEY}-drop{colour_dropout.VERSION}"}
_PT = 72 / 150


class Scanned(Protocol):
    """A page image to read: the damaged corpus pages, and the table pages."""

    @property
    def id(self) -> str: ...
    @property
    def digest(self) -> str: ...
    @property
    def image_path(self) -> Path: ...


def _path(page: Scanned, engine: str, dpi: int) -> Path:
    return READINGS / f"{page.digest}-{engine}-{dpi}-{_KEYS.get(engine, _KEY)}.json"


def cached(page: Scanned, engine: str, dpi: int) -> AltText | None:
    try:
        data = json.loads(_path(page, engine, dpi).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    lines = tuple(AltLine.from_json(x) for x in data["lines"])
    return AltText(str(data["text"]), str(data["engine"]), lines)


def _store(page: Scanned, engine: str, dpi: int, reading: AltReading) -> None:
    READINGS.mkdir(parents=True, exist_ok=True)
    data = {
        "id": page.id,
        "text": reading.text,
        "engine": reading.engine,
        "lines": [line.as_json() for line in reading.lines],
    }
    path = _path(page, engine, dpi)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    tmp.replace(path)


def readings(
    pages: Sequence[Scanned],
    engine: str,
    dpi: int,
    *,
    read_missing: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, AltText]:
    """{page id: the engine's reading at ``dpi``}; missing ones are read now unless told not."""
    found = {p.id: r for p in pages if (r := cached(p, engine, dpi)) is not None}
    todo = [p for p in pages if p.id not in found]
    if todo and read_missing:
        for page, reading in zip(todo, _read(todo, engine, dpi, progress), strict=True):
            if not reading.failed:
                found[page.id] = AltText(reading.text, reading.engine, reading.lines)
    return found


def _read(
    todo: list[Scanned], engine: str, dpi: int, progress: Callable[[int, int], None] | None
) -> list[AltReading]:
    with tempfile.TemporaryDirectory(prefix="proofdesk-damaged-") as tmp:
        pdf = Path(tmp) / "pages.pdf"
        with pymupdf.open() as doc:
            for page in todo:
                pdf_page = doc.new_page(width=WIDTH * _PT, height=HEIGHT * _PT)
                pdf_page.insert_image(pdf_page.rect, filename=str(page.image_path))
            doc.save(pdf)

        def stored(reading: AltReading) -> None:
            if not reading.failed:
                _store(todo[reading.page], engine, dpi, reading)

        def report(done: int, total: int, _page: int) -> None:
            if progress is not None:
                progress(done, total)

        async def run() -> list[AltReading]:
            runner = AltOcrRunner(AltOptions(dpi=float(dpi)))
            try:
                return await runner.run_pages(
                    pdf, range(len(todo)), engine, report, on_result=stored
                )
            finally:
                runner.close()

        return asyncio.run(run())


def main(argv: list[str]) -> int:
    """``python -m bench.corpus.engine_reads SEED N [DPI]``: every engine at every dpi
    (or at DPI), cached."""
    from bench.corpus.damage import damaged
    from bench.corpus.pages import generate

    seed, n = int(argv[0]), int(argv[1])
    pages = [damaged(p) for p in generate(seed, n)]
    for dpi in [int(argv[2])] if len(argv) > 2 else DPIS:
        for engine in ENGINES:

            def say(done: int, total: int, engine: str = engine, dpi: int = dpi) -> None:
                print(f"{engine} {dpi} dpi: {done}/{total}", file=sys.stderr, flush=True)

            got = readings(pages, engine, dpi, progress=say)
            print(f"{engine} {dpi} dpi: {len(got)} readings", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
