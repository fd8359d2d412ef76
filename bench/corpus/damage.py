"""The corpus's pages with a scanner's worse days on top: the images real engines read.

A ``CorpusPage`` already carries seals, blur, bleed-through, skew and noise
(``render.DEFECTS``). ``damaged(page)`` adds at least one of what office scans
add on top: hard JPEG compression, low contrast (grey ink on a grey sheet) and a
stamp pressed across the text lines themselves. The extra damage follows from the
page's seed alone; images are cached under ``bench/out/corpus/damaged-v<N>/``.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from bench.corpus.pages import CACHE, CorpusPage, cached_file
from bench.corpus.render import HEIGHT, MARGIN, WIDTH, font

VERSION = "1"  # bump when the damage a seed gives changes
EXTRA = ("jpeg", "contrast", "stamp")


@dataclass(frozen=True)
class DamagedPage:
    page: CorpusPage
    extra: tuple[str, ...]  # from EXTRA, at least one

    @property
    def id(self) -> str:
        return self.page.id

    @property
    def defects(self) -> tuple[str, ...]:
        return (*self.page.defects, *self.extra)

    @property
    def image_path(self) -> Path:
        return cached_file(CACHE / f"damaged-v{VERSION}" / f"{self.page.id}.jpg", self._render)

    @property
    def digest(self) -> str:
        return f"{self.page.digest}-d{VERSION}"

    def _render(self) -> bytes:
        rng = random.Random(f"damage-{VERSION}-{self.page.seed}-{self.page.index}")
        img = Image.open(io.BytesIO(self.page.image)).convert("RGB")
        if "contrast" in self.extra:
            img = low_contrast(img, rng)
        if "stamp" in self.extra:
            img = stamp(img, rng)
        quality = rng.randint(22, 40) if "jpeg" in self.extra else 80
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=quality)
        return buf.getvalue()


def damaged(page: CorpusPage) -> DamagedPage:
    rng = random.Random(f"damage-pick-{VERSION}-{page.seed}-{page.index}")
    extra = tuple(d for d in EXTRA if rng.random() < 0.45) or (rng.choice(EXTRA),)
    return DamagedPage(page, extra)


def low_contrast(img: Image.Image, rng: random.Random) -> Image.Image:
    """Ink at a mid grey, paper a shade darker than white: a faded copy of a copy."""
    ink, paper = rng.randint(95, 135), rng.randint(215, 235)
    scale = (paper - ink) / 255
    return img.point(lambda p: int(ink + p * scale))


def stamp(img: Image.Image, rng: random.Random) -> Image.Image:
    """A rectangular date/receipt stamp in blue-violet pressed across text lines."""
    w, h = rng.randint(260, 380), rng.randint(90, 130)
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer)
    ink = (70, 60, 170, rng.randint(140, 200))
    pen.rectangle((3, 3, w - 3, h - 3), outline=ink, width=5)
    f = font("Noto Sans CJK TC", h // 3)
    pen.text((14, h // 3 - 4), rng.choice(("收文", "收件", "核閱", "歸檔")), font=f, fill=ink)
    layer = layer.rotate(rng.uniform(-12, 12), expand=True, resample=Image.Resampling.BICUBIC)
    x = rng.randint(MARGIN, WIDTH - MARGIN - layer.width)
    y = rng.randint(MARGIN, HEIGHT // 2)
    out = img.convert("RGBA")
    out.alpha_composite(layer, (x, y))
    return out.convert("RGB")
