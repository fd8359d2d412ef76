"""The publish corpus's pages drawn as scans (issue 25: nothing recoverable from the
redacted PDF, measured on damaged scans), and RapidOCR's readings of them, cached.

``render`` lays out its own ``Block`` documents; a publish page is text whose lines
are fixed (a scan's transcript, or a paragraph a line). ``scan(text, ...)`` draws each
line of the text at the left margin, wrapping a line that is wider than the page
(the transcript keeps its own line ends: the text stored is the generated page text,
character for character), in the largest of a few sizes at which the page fits. The
image then gets the corpus's defects as ``pages.make_page`` draws them (seal, blur,
bleed-through of the next page, skew, noise) and at least one of ``damage``'s (hard
JPEG, low contrast, a stamp across the lines), from the seed and page alone.

Readings are cached by the digest of the JPEG and the engine's preparation, as
``ocr_cache`` does, under ``bench/out/corpus/publish-readings/``.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import os
import random
from collections.abc import Sequence
from pathlib import Path

import pymupdf
from PIL import Image, ImageDraw

from backend.engines.offline import AltOcrRunner, colour_dropout, faint_ink, rapidocr_engine
from backend.models import AltLine, AltText
from bench.corpus import damage, render
from bench.corpus.pages import CACHE
from bench.corpus.render import DEFECTS, FACES, HEIGHT, MARGIN, WIDTH

VERSION = "1"  # bump when what a (text, seed, page) draws changes
READINGS = CACHE / "publish-readings"
SIZES = (27, 24, 22, 20, 18)  # pixels; the first at which every line fits
PT = 72 / 150  # points per pixel at 150 dpi
# A reading depends on the image and on how the engine prepares it (as ``ocr_cache``).
ENGINE_KEY = (
    f"-faint{faint_ink.VERSION}-drop{colour_dropout.VERSION}-read{rapidocr_engine.READING_VERSION}"
)


def _lines(text: str, size: int, face: str) -> list[str] | None:
    """The drawn lines of ``text`` at ``size``, or None when they overflow the page."""
    f = render.font(face, size)
    out: list[str] = []
    for line in text.split("\n"):
        out += render._wrap(line, f, WIDTH - 2 * MARGIN) or [""]
    return out if len(out) * size * 1.6 <= HEIGHT - 2 * MARGIN else None


def _draw(text: str, face: str) -> Image.Image:
    for size in SIZES:
        lines = _lines(text, size, face)
        if lines is not None:
            break
    else:  # the generator's pages fit at 18 px; a longer one loses its last lines
        size, lines = SIZES[-1], _lines_anyway(text, face)
    f = render.font(face, size)
    img = Image.new("RGB", (WIDTH, HEIGHT), "white")
    pen = ImageDraw.Draw(img)
    for n, line in enumerate(lines):
        pen.text((MARGIN, MARGIN + n * size * 1.6), line, font=f, fill=(20, 20, 20))
    return img


def _lines_anyway(text: str, face: str) -> list[str]:
    f = render.font(face, SIZES[-1])
    out = [w for line in text.split("\n") for w in render._wrap(line, f, WIDTH - 2 * MARGIN)]
    return out[: int((HEIGHT - 2 * MARGIN) / (SIZES[-1] * 1.6))]


def scan(text: str, seed: int, index: int, back: str | None) -> tuple[bytes, tuple[str, ...]]:
    """Page ``index`` of file ``seed`` (its text ``text``; ``back``: the text on the
    back of the sheet, for bleed-through) as a damaged JPEG scan, and its defects."""
    rng = random.Random(f"publish-scan-{VERSION}-{seed}-{index}")
    face = sorted(FACES)[rng.randrange(2)]
    defects = tuple(d for d in DEFECTS if rng.random() < (0.3 if d != "noise" else 0.4))
    extra = tuple(d for d in damage.EXTRA if rng.random() < 0.45) or (rng.choice(damage.EXTRA),)
    behind = _draw(back, face) if back is not None and "bleed" in defects else None
    seal = "".join(c for c in text[:40] if "\u4e00" <= c <= "\u9fff")[:3] + "印"
    img = render.add_defects(_draw(text, face), defects, rng, behind, seal)
    if "contrast" in extra:
        img = damage.low_contrast(img, rng)
    if "stamp" in extra:
        img = damage.stamp(img, rng)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=rng.randint(22, 40) if "jpeg" in extra else 80)
    return buf.getvalue(), (*defects, *extra)


def scans_pdf(images: Sequence[bytes], path: Path) -> Path:
    """A PDF of A4 pages, each one scan at 150 dpi (the JPEG stored as it is)."""
    with pymupdf.open() as doc:
        for jpeg in images:
            page = doc.new_page(width=WIDTH * PT, height=HEIGHT * PT)
            page.insert_image(page.rect, stream=jpeg)
        doc.save(path)
    return path


def _path(digest: str) -> Path:
    return READINGS / f"{digest}{ENGINE_KEY}.json"


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:20]


def cached(digest: str) -> AltText | None:
    try:
        data = json.loads(_path(digest).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    lines = tuple(AltLine.from_json(x) for x in data["lines"])
    return AltText(str(data["text"]), str(data["engine"]), lines)


def _store(digest: str, reading: AltText) -> None:
    READINGS.mkdir(parents=True, exist_ok=True)
    lines = [line.as_json() for line in reading.lines]
    data = {"text": reading.text, "engine": reading.engine, "lines": lines}
    tmp = _path(digest).with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    tmp.replace(_path(digest))


def read_pages(
    runner: AltOcrRunner, pdf: Path, digests: Sequence[str], cache: bool = True
) -> list[AltText]:
    """RapidOCR's reading of every page of ``pdf`` (page n's content digest
    ``digests[n]``), through the product's runner; cached by digest when ``cache``.
    A page the engine fails on reads as empty (so nothing is found on it: said by the
    caller as a failure, never as a clean page)."""
    found = {n: r for n, d in enumerate(digests) if cache and (r := cached(d)) is not None}
    todo = [n for n in range(len(digests)) if n not in found]
    if todo:
        readings = asyncio.run(runner.run_pages(pdf, todo, "rapidocr"))
        for n, reading in zip(todo, readings, strict=True):
            if reading.failed:
                raise RuntimeError(f"RapidOCR failed on page {n + 1} of {pdf}: {reading.notice}")
            found[n] = AltText(reading.text, reading.engine, reading.lines)
            if cache:
                _store(digests[n], found[n])
    return [found[n] for n in range(len(digests))]
