"""Lays a document's blocks out on an A4 page at 150 dpi and draws it like a scan.

The transcript is what a careful reader writes: the visual lines in reading
order (column one, then column two), each table row as a Markdown row. The
image carries the scan's defects: a red seal over text, blur, bleed-through
from the back of the sheet (mirrored, faint), skew, noise.

Typefaces: Noto Serif CJK TC and Noto Sans CJK TC (``fonts-noto-cjk``), picked
by family name from the collection files so the Traditional Chinese face is used.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from bench.corpus.documents import Block

WIDTH, HEIGHT = 1240, 1754  # A4 at 150 dpi: what the offline engines render at
MARGIN = 110
FONT_DIR = Path("/usr/share/fonts/opentype/noto")
FACES = {
    "Noto Serif CJK TC": "NotoSerifCJK-Regular.ttc",
    "Noto Sans CJK TC": "NotoSansCJK-Regular.ttc",
}
DEFECTS = ("seal", "blur", "bleed", "skew", "noise")
_NO_LINE_START = set("，。、；：）」』！？％")


@dataclass(frozen=True)
class Layout:
    face: str  # one of FACES
    size: int  # pixels
    columns: int  # 1 or 2


@lru_cache(maxsize=16)
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """The TC face of a Noto CJK collection, by its family name (the index differs)."""
    path = FONT_DIR / FACES[face]
    for index in range(10):
        f = ImageFont.truetype(str(path), size, index=index)
        if f.getname()[0] == face:
            return f
    raise LookupError(f"{face} not in {path} (apt-get install fonts-noto-cjk)")


def _wrap(text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    lines, line = [], ""
    for ch in text:
        if line and f.getlength(line + ch) > width and ch not in _NO_LINE_START:
            lines.append(line)
            line = ""
        line += ch
    return [*lines, line] if line else lines


@dataclass
class _Drawn:
    text: str  # transcript line
    x: float
    y: float
    cells: tuple[tuple[str, float], ...] = ()  # a table row: (cell, x)


def lay_out(
    blocks: list[Block], layout: Layout
) -> tuple[list[_Drawn], list[tuple[float, float, float, float]]]:
    """Positioned lines (and table rules) for the page; lines that do not fit are left off."""
    f = font(layout.face, layout.size)
    gap = 40 if layout.columns == 2 else 0
    col_w = (WIDTH - 2 * MARGIN - gap) / layout.columns
    step = layout.size * 1.6
    drawn: list[_Drawn] = []
    rules: list[tuple[float, float, float, float]] = []
    col, y = 0, float(MARGIN)

    def place() -> float | None:
        nonlocal col, y
        if y + step > HEIGHT - MARGIN:
            if col + 1 >= layout.columns:
                return None
            col, y = col + 1, float(MARGIN)
        return MARGIN + col * (col_w + gap)

    for block in blocks:
        if block.kind == "table":
            # Tables span the page width (two-column pages have none).
            widths = _column_widths(block.rows, f, WIDTH - 2 * MARGIN)
            for r, row in enumerate(block.rows):
                if y + step > HEIGHT - MARGIN:
                    return drawn, rules
                xs, x = [], float(MARGIN)
                for w in widths:
                    xs.append(x)
                    x += w
                text = "| " + " | ".join(row) + " |"
                drawn.append(
                    _Drawn(
                        text, MARGIN, y, tuple((c, cx + 8) for c, cx in zip(row, xs, strict=True))
                    )
                )
                rules.append((MARGIN, y - 6, WIDTH - MARGIN, y - 6))
                if r == 0:
                    sep = "|" + "|".join("---" for _ in row) + "|"
                    drawn.append(_Drawn(sep, MARGIN, y, ()))
                for cx in [*xs, WIDTH - MARGIN]:
                    rules.append((cx, y - 6, cx, y + step - 6))
                y += step
            rules.append((MARGIN, y - 6, WIDTH - MARGIN, y - 6))
            y += step * 0.4
            continue
        width = col_w - (2 * layout.size if block.kind == "para" else 0)
        text = ("　　" if block.kind == "para" and layout.columns == 1 else "") + block.text
        for line in _wrap(text, f, col_w if block.kind == "para" else width):
            x0 = place()
            if x0 is None:
                return drawn, rules
            length = f.getlength(line)
            x = {"title": x0 + (col_w - length) / 2, "right": x0 + col_w - length}.get(
                block.kind, x0
            )
            drawn.append(_Drawn(line, x, y))
            y += step
        y += step * (0.5 if block.kind == "title" else 0.15)
    return drawn, rules


def _column_widths(
    rows: tuple[tuple[str, ...], ...], f: ImageFont.FreeTypeFont, total: float
) -> list[float]:
    need = [max(f.getlength(r[i]) for r in rows) + 24 for i in range(len(rows[0]))]
    scale = total / sum(need)
    return [n * scale for n in need]


def transcript(drawn: list[_Drawn]) -> str:
    return "\n".join(d.text for d in drawn)


def draw(
    drawn: list[_Drawn], rules: list[tuple[float, float, float, float]], layout: Layout
) -> Image.Image:
    f = font(layout.face, layout.size)
    img = Image.new("RGB", (WIDTH, HEIGHT), "white")
    pen = ImageDraw.Draw(img)
    for line in rules:
        pen.line(line, fill=(40, 40, 40), width=2)
    for d in drawn:
        if d.cells:
            for cell, x in d.cells:
                pen.text((x, d.y), cell, font=f, fill=(20, 20, 20))
        elif not d.text.startswith("|"):
            pen.text((d.x, d.y), d.text, font=f, fill=(20, 20, 20))
    return img


def add_defects(
    img: Image.Image,
    defects: tuple[str, ...],
    rng: random.Random,
    back: Image.Image | None,
    seal_text: str,
) -> Image.Image:
    if "bleed" in defects and back is not None:
        ghost = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT).convert("L")
        # Ink from the back shows as a light grey: the front's white becomes the ghost's tone.
        # A scan shows the back's ink at a tenth to a fifth of its strength.
        strength = rng.uniform(0.1, 0.2)
        ghost = ghost.point(lambda p: 255 - (255 - p) * strength)
        img = Image.composite(img, Image.merge("RGB", (ghost, ghost, ghost)), _ink_mask(img))
    if "seal" in defects:
        img = _seal(img, rng, seal_text)
    if "skew" in defects:
        img = img.rotate(
            rng.uniform(-1.2, 1.2), resample=Image.Resampling.BICUBIC, fillcolor="white"
        )
    if "blur" in defects:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.7, 1.3)))
    if "noise" in defects:
        img = _noise(img, rng)
    return img


def _ink_mask(img: Image.Image) -> Image.Image:
    """Where the front has ink (kept as is); elsewhere the back shows through."""
    return img.convert("L").point(lambda p: 255 if p < 200 else 0)


def _seal(img: Image.Image, rng: random.Random, text: str) -> Image.Image:
    size = rng.randint(150, 230)
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer)
    red = (200, 30, 40, rng.randint(150, 210))
    if rng.random() < 0.5:
        pen.ellipse((4, 4, size - 4, size - 4), outline=red, width=7)
    else:
        pen.rectangle((4, 4, size - 4, size - 4), outline=red, width=7)
    f = font("Noto Serif CJK TC", size // 4)
    chars = text[:4].ljust(4, "印")
    for i, ch in enumerate(chars):  # read top to bottom, right column first, as seals are
        x = size * (0.55 if i < 2 else 0.2)
        y = size * (0.18 + 0.36 * (i % 2))
        pen.text((x, y), ch, font=f, fill=red)
    layer = layer.rotate(rng.uniform(-20, 20), resample=Image.Resampling.BICUBIC)
    x = rng.randint(MARGIN, WIDTH - MARGIN - size)
    y = rng.randint(HEIGHT // 3, HEIGHT - MARGIN - size)
    out = img.convert("RGBA")
    out.alpha_composite(layer, (x, y))
    return out.convert("RGB")


def _noise(img: Image.Image, rng: random.Random) -> Image.Image:
    """Grain over the page and dark specks, the colour (a red seal) kept."""
    grain = Image.effect_noise(img.size, rng.uniform(12, 28)).point(
        lambda p: 255 if p > 60 else 190
    )
    dots = Image.new("L", img.size, 255)
    pen = ImageDraw.Draw(dots)
    for _ in range(rng.randint(300, 900)):
        x, y = rng.randrange(img.size[0]), rng.randrange(img.size[1])
        pen.point((x, y), fill=rng.randint(60, 160))
    shade = ImageChops.darker(Image.blend(Image.new("L", img.size, 255), grain, 0.12), dots)
    return ImageChops.multiply(img, Image.merge("RGB", (shade, shade, shade)))


def encode(img: Image.Image) -> bytes:
    """A JPEG, as a scanner writes one."""
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=80)
    return buf.getvalue()
