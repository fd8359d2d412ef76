"""Whole-page failures of the kind VLMs are known for, made from a page's truth.

Fluent and plausible, never garbage: every broken transcript is built from the
page's own text or from the corpus's own sentences, as a model that loops, stops
early, skips a block, invents, drifts into Simplified, reads across columns or
loses a table cell would write it. ``break_page(page, kind, rng)`` gives the
broken text and where the failure is in it (``Failure``), or None when the page
has nothing for that kind to break (no table, no paragraph to convert).

The seven kinds (``KINDS``, the diagnoses' JSON names):

* ``repetition``: one sentence of the page written 40-150 times; the loop runs to
  the end of the answer, so what followed the sentence is lost;
* ``cut_short``: the answer stops at a line boundary with 30-50% of the page unread;
* ``missing_block``: 3-5 lines dropped mid-page, or the page's table;
* ``not_on_scan``: two sentences of the document's kind (the corpus's templates,
  filled afresh) inserted between two paragraphs;
* ``script_drift``: one paragraph converted to Simplified characters (the product's
  ``alternate-simplified.tsv``, read backwards);
* ``reading_order``: a two-column page read straight across (each line of the left
  column followed by the line beside it); a one-column page with two paragraphs swapped;
* ``table_cells``: a table row loses one cell and the cells after it slide left.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from bench.corpus import render
from bench.corpus.pages import CorpusPage
from bench.corpus.sentences import BY_KIND, PARTIES, fill

KINDS = (
    "repetition",
    "cut_short",
    "missing_block",
    "not_on_scan",
    "script_drift",
    "reading_order",
    "table_cells",
)
_FOLD = Path(__file__).resolve().parents[2] / "resources" / "normalise" / "alternate-simplified.tsv"
_BASE = {"fee table": "civil judgment", "evidence table": "criminal judgment"}


@dataclass(frozen=True)
class Failure:
    kind: str  # one of KINDS
    text: str  # the broken transcript
    start: int  # where the failure is in ``text``; start == end: something is missing here
    end: int


@lru_cache(maxsize=1)
def to_simplified() -> dict[str, str]:
    """Traditional → Simplified, from the product's table of Simplified forms."""
    table: dict[str, str] = {}
    for line in _FOLD.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            simp, trad = line.split("\t")[:2]
            if len(simp) == 1 and len(trad) == 1:
                table.setdefault(trad, simp)
    return table


def _lines(page: CorpusPage) -> list[tuple[str, float, float]]:
    """The transcript's lines with where they were drawn (x, y), in transcript order."""
    drawn, _ = render.lay_out(list(page.blocks), page.layout)
    return [(d.text, d.x, d.y) for d in drawn]


def _offsets(lines: list[str]) -> list[int]:
    out, pos = [], 0
    for line in lines:
        out.append(pos)
        pos += len(line) + 1
    return out


def _paragraphs(lines: list[str]) -> list[tuple[int, int]]:
    """(first line, end line) of each paragraph: a line opening with the indent and the
    lines after it up to the next indent or a line that is not body text."""
    starts = [i for i, line in enumerate(lines) if line.startswith("　　")]
    out: list[tuple[int, int]] = []
    for a, b in zip(starts, [*starts[1:], len(lines)], strict=False):
        end = a + 1
        while end < b and not lines[end].startswith("|") and len(lines[end]) > 6:
            end += 1
        out.append((a, end))
    return out


def break_page(page: CorpusPage, kind: str, rng: random.Random) -> Failure | None:
    return _MAKERS[kind](page, page.text.split("\n"), rng)


def _repetition(page: CorpusPage, lines: list[str], rng: random.Random) -> Failure | None:
    text = page.text
    ends = [m.end() for m in re.finditer("。", text)]
    picks = [
        (a, b)
        for a, b in zip([0, *ends], ends, strict=False)
        if 8 <= len(text[a:b].strip()) <= 60 and b < 0.75 * len(text) and "|" not in text[a:b]
    ]
    if not picks:
        return None
    a, b = rng.choice(picks)
    sentence = text[a:b].strip()
    sep = rng.choice(("", "\n"))
    loop = sep.join([sentence] * rng.randint(40, 150))
    return Failure("repetition", text[:b] + sep + loop, b, b + len(sep) + len(loop))


def _cut_short(page: CorpusPage, lines: list[str], rng: random.Random) -> Failure | None:
    offsets = _offsets(lines)
    n = len(page.text)
    keep = [i for i, o in enumerate(offsets) if 0.5 * n <= o <= 0.7 * n]
    if not keep:
        return None
    cut = offsets[rng.choice(keep)] - 1  # the line break before the first line lost
    text = page.text[:cut]
    return Failure("cut_short", text, len(text), len(text))


def _missing_block(page: CorpusPage, lines: list[str], rng: random.Random) -> Failure | None:
    offsets = _offsets(lines)
    table = [i for i, line in enumerate(lines) if line.startswith("|")]
    if table and table[-1] < len(lines) - 1 and rng.random() < 0.5:
        first, last = table[0], table[-1] + 1
        if first > 0 and lines[first - 1].startswith("附表"):
            first -= 1  # the table's heading goes with it
    else:
        size = rng.randint(3, 5)
        inner = range(2, len(lines) - size - 2)
        if not inner:
            return None
        first = rng.choice(inner)
        last = first + size
    text = "\n".join(lines[:first] + lines[last:])
    at = offsets[first]
    return Failure("missing_block", text, at, at)


def _not_on_scan(page: CorpusPage, lines: list[str], rng: random.Random) -> Failure | None:
    paras = _paragraphs(lines)
    if len(paras) < 2:
        return None
    base = _BASE.get(page.kind, page.kind)
    roles = rng.choice(PARTIES[base])
    # Sentences of the kind whose wording the page does not already hold (a template the
    # page used would only repeat the page with other numbers).
    fresh = [t for t in BY_KIND[base] if _overlap(fill(t, rng, roles), page.text) < 0.5]
    if len(fresh) < 2:
        return None
    invented = [fill(t, rng, roles) for t in rng.sample(fresh, 2)]
    _, end = paras[rng.randrange(len(paras) - 1)]
    insert = "　　" + "".join(invented)
    offsets = _offsets(lines)
    text = "\n".join([*lines[:end], insert, *lines[end:]])
    return Failure("not_on_scan", text, offsets[end], offsets[end] + len(insert))


def _overlap(sentence: str, text: str) -> float:
    """The share of the sentence's character pairs that the text holds too."""
    pairs = {sentence[i : i + 2] for i in range(len(sentence) - 1)}
    return sum(p in text for p in pairs) / max(1, len(pairs))


def _script_drift(page: CorpusPage, lines: list[str], rng: random.Random) -> Failure | None:
    fold = to_simplified()
    offsets = _offsets(lines)
    paras = []
    for a, b in _paragraphs(lines):
        start, end = offsets[a], offsets[b - 1] + len(lines[b - 1])
        if sum(c in fold for c in page.text[start:end]) >= 4:
            paras.append((start, end))
    if not paras:
        return None
    start, end = rng.choice(paras)
    drifted = "".join(fold.get(c, c) for c in page.text[start:end])
    return Failure("script_drift", page.text[:start] + drifted + page.text[end:], start, end)


def _reading_order(page: CorpusPage, lines: list[str], rng: random.Random) -> Failure | None:
    offsets = _offsets(lines)
    if page.columns == 2:  # each line of the left column, then the one beside it
        placed = _lines(page)
        left = [t for t, x, _ in placed if x < render.WIDTH / 2]
        right = [t for t, x, _ in placed if x >= render.WIDTH / 2]
        if len(right) < 3:
            return None
        rows = [a + b for a, b in zip(left, right, strict=False)]
        rows += left[len(right) :] + right[len(left) :]
        text = "\n".join(rows)
        return Failure("reading_order", text, 0, len(text))
    paras = _paragraphs(lines)
    if len(paras) < 3:
        return None
    k = rng.randrange(1, len(paras) - 1)
    (a, b), (c, d) = paras[k - 1], paras[k]
    if b != c:
        return None
    swapped = [*lines[:a], *lines[c:d], *lines[a:b], *lines[d:]]
    start, end = offsets[a], offsets[d - 1] + len(lines[d - 1])
    return Failure("reading_order", "\n".join(swapped), start, end)


def _table_cells(page: CorpusPage, lines: list[str], rng: random.Random) -> Failure | None:
    offsets = _offsets(lines)
    body = [i for i, line in enumerate(lines) if line.startswith("|") and "---" not in line]
    rows = [i for i in body if i + 1 >= len(lines) or "---" not in lines[i + 1]]  # no header
    picks = []
    for i in rows:
        cells = lines[i].strip("|").split("|")
        lost = [c for c in range(1, len(cells) - 1) if cells[c].strip()]
        picks += [(i, c) for c in lost]
    if not picks:
        return None
    i, c = rng.choice(picks)
    cells = lines[i].strip("|").split("|")
    row = "|" + "|".join(cells[:c] + cells[c + 1 :]) + "|"
    text = "\n".join([*lines[:i], row, *lines[i + 1 :]])
    return Failure("table_cells", text, offsets[i], offsets[i] + len(row))


_MAKERS = {
    "repetition": _repetition,
    "cut_short": _cut_short,
    "missing_block": _missing_block,
    "not_on_scan": _not_on_scan,
    "script_drift": _script_drift,
    "reading_order": _reading_order,
    "table_cells": _table_cells,
}
