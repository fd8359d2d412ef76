"""The generated pages: which document, which layout, which defects, and their image.

Everything follows from ``(seed, index)``: the same call gives the same page
on any machine (the fonts aside). Images are JPEG bytes, rendered on demand
and cached under ``bench/out/corpus/`` (or ``PROOFDESK_CORPUS_DIR``).
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from bench.corpus import render
from bench.corpus.documents import KINDS, Block, compose
from bench.corpus.render import DEFECTS, FACES, Layout

CACHE = Path(
    os.environ.get("PROOFDESK_CORPUS_DIR", Path(__file__).resolve().parents[1] / "out" / "corpus")
)
VERSION = "3"  # bump when the generator changes what a seed gives or how it is drawn


@dataclass(frozen=True)
class CorpusPage:
    """One generated page. ``text`` is its correct transcript (the truth)."""

    id: str  # "s7-p0012": seed and index
    seed: int
    index: int
    kind: str  # one of documents.KINDS
    face: str  # "Noto Serif CJK TC" or "Noto Sans CJK TC"
    columns: int
    dense: bool  # 700+ characters in a smaller type
    defects: tuple[str, ...]  # from render.DEFECTS
    text: str
    blocks: tuple[Block, ...] = field(repr=False, compare=False)

    @property
    def layout(self) -> Layout:
        size = 22 if self.dense else 27
        return Layout(self.face, size - (2 if self.columns == 2 else 0), self.columns)

    @property
    def image_path(self) -> Path:
        """The rendered page (JPEG, 1240 x 1754: A4 at 150 dpi), rendered on first use."""
        return cached_file(CACHE / f"v{VERSION}" / f"{self.id}.jpg", self._render)

    @cached_property
    def image(self) -> bytes:
        return self.image_path.read_bytes()

    @property
    def digest(self) -> str:
        """Identifies what is on the page (for caches of readings)."""
        key = f"{VERSION}|{self.id}|{self.face}|{self.defects}|{self.text}"
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    def _render(self) -> bytes:
        rng = random.Random(f"render-{self.seed}-{self.index}")
        drawn, rules = render.lay_out(list(self.blocks), self.layout)
        img = render.draw(drawn, rules, self.layout)
        back = None
        if "bleed" in self.defects:  # the back of the sheet: another page of the same seed
            other = make_page(self.seed, self.index + 1000)
            back_drawn, back_rules = render.lay_out(list(other.blocks), other.layout)
            back = render.draw(back_drawn, back_rules, other.layout)
        seal = "".join(c for c in self.text[:40] if "\u4e00" <= c <= "\u9fff")[:3] + "印"
        return render.encode(render.add_defects(img, self.defects, rng, back, seal))


def make_page(seed: int, index: int) -> CorpusPage:
    rng = random.Random(f"corpus-{VERSION}-{seed}-{index}")
    kind = KINDS[index % len(KINDS)] if index < 1000 else rng.choice(KINDS)
    face = sorted(FACES)[rng.randrange(2)]
    roll = rng.random()
    tabled = kind in ("fee table", "evidence table")
    columns = 2 if roll < 0.2 and not tabled else 1
    dense = columns == 1 and roll > 0.55
    min_chars = 760 if dense else 520 if columns == 2 else rng.randint(300, 560)
    blocks = compose(kind, rng, min_chars, table=not dense and rng.random() < 0.15)
    defects = tuple(d for d in DEFECTS if rng.random() < (0.3 if d != "noise" else 0.4))
    layout = Layout(face, (22 if dense else 27) - (2 if columns == 2 else 0), columns)
    drawn, _ = render.lay_out(blocks, layout)
    text = render.transcript(drawn)
    return CorpusPage(
        f"s{seed}-p{index:04d}",
        seed,
        index,
        kind,
        face,
        columns,
        dense,
        defects,
        text,
        tuple(blocks),
    )


def generate(seed: int, n_pages: int) -> list[CorpusPage]:
    """``n_pages`` pages for ``seed`` (images are rendered lazily: ``page.image_path``)."""
    return [make_page(seed, i) for i in range(n_pages)]


def cached_file(path: Path, make: Callable[[], bytes]) -> Path:
    """``path``, written from ``make()`` first when it is not there yet: through a
    file of this process's own, renamed into place, so two bench processes rendering
    the same page never leave a half-written image."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(make())
        tmp.replace(path)
    return path
