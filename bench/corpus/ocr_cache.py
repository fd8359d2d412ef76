"""RapidOCR's real readings of the generated pages, cached on disk.

RapidOCR takes 4-7 s a page on two cores, so each reading is kept as JSON under
``bench/out/corpus/readings/`` by the page's digest (what is on it): a rerun,
or the tests after the bench, read it back at once. Pages are read through the
product's own offline engine (``AltOcrRunner``: a worker process at nice 10),
from a PDF holding the scans at 150 dpi, the resolution the engine renders at.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import pymupdf

from backend.engines.offline import AltOcrRunner, colour_dropout, faint_ink, rapidocr_engine
from backend.engines.offline.base import AltReading
from backend.models import AltLine, AltText
from bench.corpus.pages import CACHE, CorpusPage
from bench.corpus.render import HEIGHT, WIDTH

READINGS = CACHE / "readings"
# Readings depend on the page and on how the engine prepares it: a new step, new readings.
_ENGINE_KEY = (
    f"-faint{faint_ink.VERSION}-drop{colour_dropout.VERSION}-read{rapidocr_engine.READING_VERSION}"
)
_PT = 72 / 150  # points per pixel at 150 dpi


def cached_reading(page: CorpusPage) -> AltText | None:
    path = READINGS / f"{page.digest}{_ENGINE_KEY}.json"
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    lines = tuple(AltLine.from_json(x) for x in data["lines"])
    return AltText(str(data["text"]), str(data["engine"]), lines)


def _store(page: CorpusPage, reading: AltReading) -> None:
    READINGS.mkdir(parents=True, exist_ok=True)
    lines = [line.as_json() for line in reading.lines]
    data = {"id": page.id, "text": reading.text, "engine": reading.engine, "lines": lines}
    tmp = READINGS / f"{page.digest}{_ENGINE_KEY}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    tmp.replace(READINGS / f"{page.digest}{_ENGINE_KEY}.json")


def _pdf(pages: Sequence[CorpusPage], path: Path) -> None:
    with pymupdf.open() as doc:
        for page in pages:
            pdf_page = doc.new_page(width=WIDTH * _PT, height=HEIGHT * _PT)
            pdf_page.insert_image(pdf_page.rect, filename=str(page.image_path))
        doc.save(path)


def rapidocr_readings(
    pages: Sequence[CorpusPage],
    *,
    read_missing: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, AltText]:
    """{page.id: RapidOCR's reading} for ``pages``; missing ones are read now
    (unless ``read_missing`` is False: then they are left out)."""
    found = {p.id: r for p in pages if (r := cached_reading(p)) is not None}
    todo = [p for p in pages if p.id not in found]
    if todo and read_missing:
        for page, reading in zip(todo, _read(todo, progress), strict=True):
            if not reading.failed:
                found[page.id] = AltText(reading.text, reading.engine, reading.lines)
    return found


def _read(todo: list[CorpusPage], progress: Callable[[int, int], None] | None) -> list[AltReading]:
    with tempfile.TemporaryDirectory(prefix="proofdesk-corpus-") as tmp:
        pdf = Path(tmp) / "corpus.pdf"
        _pdf(todo, pdf)

        def stored(reading: AltReading) -> None:
            if not reading.failed:
                _store(todo[reading.page], reading)

        def report(done: int, total: int, _page: int) -> None:
            if progress is not None:
                progress(done, total)

        async def run() -> list[AltReading]:
            runner = AltOcrRunner()
            try:
                return await runner.run_pages(
                    pdf, range(len(todo)), "rapidocr", report, on_result=stored
                )
            finally:
                runner.close()

        return asyncio.run(run())


def main(argv: list[str]) -> int:
    """``python -m bench.corpus.ocr_cache SEED N``: read (and cache) the corpus now."""
    from bench.corpus.pages import generate

    seed, n = (int(a) for a in argv[:2]) if len(argv) >= 2 else (13, 200)
    pages = generate(seed, n)

    def say(done: int, total: int) -> None:
        print(f"{done}/{total}", file=sys.stderr, flush=True)

    print(len(rapidocr_readings(pages, progress=say)), "readings")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
