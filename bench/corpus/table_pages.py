"""Generated table pages for issue 23's measurement: the grid, its markup, its scan.

Each page holds a short heading and one table drawn like a court file's 附表: ruled
or unruled, 4 to 9 columns, 3 to 12 body rows, empty cells, Arabic, Chinese and
financial numerals, and (written as HTML, since Markdown has no spans) merged
cells: a 合計 row over the first columns, or a group cell down several rows. A page
may be the second half of a table split across two pages: no heading, no header
row. The scan gets the corpus's damage (blur, noise, skew, low contrast, JPEG).

Nothing here is tuned to a check: the tables follow from the seed and the kinds
of table court files hold (``documents.table_block``'s vocabulary).
"""

from __future__ import annotations

import hashlib
import html
import io
import random
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import Image, ImageDraw

from bench.corpus import vocab as v
from bench.corpus.damage import low_contrast
from bench.corpus.pages import CACHE, cached_file
from bench.corpus.render import FACES, HEIGHT, MARGIN, WIDTH, add_defects, font

VERSION = "1"  # bump when what a seed gives changes
DEFECTS = ("blur", "noise", "skew", "contrast", "jpeg")


@dataclass(frozen=True)
class Span:
    row: int
    column: int
    rows: int
    columns: int


@dataclass(frozen=True)
class TablePage:
    seed: int
    index: int
    heading: str  # "" on a continued table
    grid: tuple[tuple[str, ...], ...]  # every position's text; covered positions ""
    spans: tuple[Span, ...]  # merged cells (their top-left holds the text)
    header: bool  # the first row is the header
    ruled: bool
    markup: str  # "markdown" | "html"
    face: str
    size: int
    defects: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"t{self.seed}-{self.index:03d}"

    @property
    def digest(self) -> str:
        key = f"{VERSION}|{self!r}"
        return "t" + hashlib.sha256(key.encode()).hexdigest()[:16]

    @property
    def image_path(self) -> Path:
        return cached_file(CACHE / f"tables-v{VERSION}" / f"{self.id}.jpg", self._render)

    def covered(self, row: int, column: int) -> bool:
        """A position another cell's span fills (not its top-left)."""
        return any(
            s.row <= row < s.row + s.rows
            and s.column <= column < s.column + s.columns
            and (row, column) != (s.row, s.column)
            for s in self.spans
        )

    def span_at(self, row: int, column: int) -> Span | None:
        return next((s for s in self.spans if (s.row, s.column) == (row, column)), None)

    @property
    def style(self) -> str:
        """How the transcript writes its table (``STYLES``): drawn from the page's own
        rng, so the page's image, its digest (which the cached engine readings and
        layouts are filed under) and every draw of ``make_page`` stay as they were."""
        return _style(self)[0]

    @property
    def text(self) -> str:
        return write(self, self.grid)

    def _render(self) -> bytes:
        rng = random.Random(f"table-render-{VERSION}-{self.seed}-{self.index}")
        img = draw(self)
        img = add_defects(
            img, tuple(d for d in self.defects if d in ("blur", "noise", "skew")), rng, None, ""
        )
        if "contrast" in self.defects:
            img = low_contrast(img, rng)
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=rng.randint(25, 40) if "jpeg" in self.defects else 85)
        return buf.getvalue()


# How a table is written, per markup: the neat form a careful reader writes first, then
# the forms VLMs write. Markdown: without the outer pipes (GitHub's), with alignment
# colons in the rule (|:---:|, or one dash a cell: |:-:|-|). HTML: a row a line; all
# on one line as Qwen writes it; one line with <thead>/<tbody>; one line in a ```html
# fence, <table border="1">.
STYLES = {
    "markdown": ("neat", "bare", "aligned"),
    "html": ("lines", "one_line", "sections", "fenced"),
}
_ALIGN = (":---", ":---:", "---:", "---")


def _style(page: TablePage) -> tuple[str, tuple[str, ...]]:
    """The page's style and (``aligned``) each column's rule segment."""
    rng = random.Random(f"style-{page.seed}-{page.index}")
    style = rng.choice(STYLES[page.markup])
    aligns = tuple(rng.choice(_ALIGN) for _ in page.grid[0])
    if rng.random() < 0.4:  # GitHub's delimiter needs one dash a cell: |:-:|-|
        aligns = tuple(a.replace("---", "-") for a in aligns)
    if page.markup == "markdown" and not page.header:
        # Without a header there is no rule: a pipe-less row, or colons, need one.
        style = "neat"
    return style, aligns


Grid = tuple[tuple[str, ...], ...] | list[list[str]]


def write(page: TablePage, grid: Grid) -> str:
    """The page's transcript with ``grid`` as its table: what a reader or a VLM writes."""
    return compose(page, units(page, grid))


def units(page: TablePage, grid: Grid) -> list[str]:
    """The table's markup in pieces, in text order: each row's markup, the Markdown rule,
    the HTML tags around the rows. ``compose`` joins them (a line each, or all on one
    line, as the style writes them), so an error can rewrite or drop a row's piece."""
    rows = [row_line(page, r, list(row)) for r, row in enumerate(grid)]
    style = page.style
    if page.markup == "markdown":
        if page.header:
            rows.insert(1, _rule(page, len(grid[0])))
        return rows
    if style == "sections":
        if page.header:
            return ["<table><thead>", rows[0], "</thead><tbody>", *rows[1:], "</tbody></table>"]
        return ["<table><tbody>", *rows, "</tbody></table>"]
    opening = '<table border="1">' if style == "fenced" else "<table>"
    return [opening, *rows, "</table>"]


def unit_of(page: TablePage, r: int) -> int:
    """Row ``r``'s index among ``units(page, page.grid)``."""
    if page.markup == "markdown":
        return r + (1 if page.header and r >= 1 else 0)
    if page.style == "sections" and page.header and r >= 1:
        return r + 2
    return 1 + r


def _joiner(page: TablePage) -> str:
    return "\n" if page.markup == "markdown" or page.style == "lines" else ""


def _prefix(page: TablePage) -> str:
    head = f"{page.heading}\n\n" if page.heading else ""
    return head + ("```html\n" if page.style == "fenced" else "")


def compose(page: TablePage, parts: list[str]) -> str:
    """The transcript holding the table ``parts`` (``units``) in the page's style."""
    tail = "\n```" if page.style == "fenced" else ""
    return _prefix(page) + _joiner(page).join(parts) + tail


def span_of(page: TablePage, parts: list[str], first: int, last: int) -> tuple[int, int]:
    """Where ``parts[first:last]`` are in ``compose(page, parts)`` (past the end: the
    parts there are; none: an empty span at ``first``'s place)."""
    gap = len(_joiner(page))
    start = len(_prefix(page)) + sum(len(p) + gap for p in parts[:first])
    inside = parts[first:last]
    end = start + sum(len(p) + gap for p in inside) - gap if inside else start
    return start, max(start, end)


def _rule(page: TablePage, columns: int) -> str:
    style, aligns = _style(page)
    if style == "bare":
        return " | ".join("---" for _ in range(columns))
    if style == "aligned":
        return "|" + "|".join(aligns[:columns]) + "|"
    return "|" + "|".join("---" for _ in range(columns)) + "|"


def row_line(page: TablePage, r: int, cells: tuple[str, ...] | list[str]) -> str:
    """Row ``r`` written with ``cells`` (its spans and covered positions as the page has
    them when ``cells`` is the page's own row; a changed row must hold no span)."""
    style = page.style
    if page.markup == "markdown":
        if style != "bare":
            return "| " + " | ".join(cells) + " |"
        # GitHub's pipe-less row: an empty first or last cell keeps its outer pipe, or
        # the row would read one cell short.
        bare = " | ".join(cells)
        return ("|" if not cells[0] else "") + bare + ("|" if not cells[-1] else "")
    # Qwen writes <td> in every row unless it writes a <thead>.
    head = page.header and r == 0 and style in ("lines", "sections")
    tag = "th" if head else "td"
    out = []
    for c, cell in enumerate(cells):
        if page.covered(r, c):
            continue
        span = page.span_at(r, c)
        attrs = ""
        if span and span.columns > 1:
            attrs += f' colspan="{span.columns}"'
        if span and span.rows > 1:
            attrs += f' rowspan="{span.rows}"'
        out.append(f"<{tag}{attrs}>{html.escape(cell, quote=False)}</{tag}>")
    return "<tr>" + "".join(out) + "</tr>"


_KINDS = {
    "fees": ("編號", "項目", "金額（新臺幣）", "繳納日期", "備註"),
    "seized": ("編號", "扣案物品", "數量", "所有人", "扣押日期", "備註"),
    "payments": ("期別", "給付日期", "金額", "受款人", "備註"),
    "exhibits": ("編號", "證據名稱", "數量", "卷頁", "提出人"),
}


def _cell(header: str, i: int, rng: random.Random) -> str:
    if header in ("編號",):
        return v.arabic(i + 1) if rng.random() < 0.6 else v.chinese(i + 1)
    if header == "期別":
        return f"第{v.chinese(i + 1)}期"
    if header.startswith("金額"):
        n = rng.randint(3, 9000) * 10
        form = rng.random()
        if form < 0.5:
            return f"{v.arabic(n, sep=True)}元"
        return f"{v.formal(n) if form < 0.75 else v.chinese(n)}元"
    if header == "數量":
        return (
            v.quantity(rng)[1]
            if rng.random() < 0.5
            else f"{v.any_count(rng.randint(1, 30), rng)}份"
        )
    if header.endswith("日期"):
        return v.roc_date(rng)
    if header in ("所有人", "受款人", "提出人"):
        return v.masked(rng) if rng.random() < 0.6 else v.name(rng)
    if header == "項目":
        return rng.choice(v.ITEMS_OF_FEES)
    if header == "扣案物品":
        return v.quantity(rng)[0]
    if header == "證據名稱":
        return rng.choice(v.EVIDENCE)
    if header == "卷頁":
        return f"第{v.arabic(rng.randint(1, 300))}頁"
    return rng.choice(("", "已繳", "匯款", "現金", "由被告負擔", "發還", "沒收"))


def _headers(rng: random.Random) -> list[str]:
    """The table's header: the page's first draws (``make_page``, ``page_before``)."""
    kind = rng.choice(sorted(_KINDS))
    headers = list(_KINDS[kind])
    if rng.random() < 0.3:  # a wide table: more columns of the same kinds
        headers += rng.sample(["備註", "數量", "金額", "卷頁"], rng.randint(1, 3))
    return headers[: rng.randint(4, len(headers))] if len(headers) > 4 else headers


def _page_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"table-page-{VERSION}-{seed}-{index}")


def page_before(page: TablePage) -> str:
    """The transcript of the page before a continued table's (``page.header`` False):
    a heading and the table's first half, its header and a row, at the page's end, in
    the page's markup and style. "": the page continues none. Made from the page's own
    draws: its image, digest and cached readings are unchanged."""
    if page.header:
        return ""
    headers = tuple(_headers(_page_rng(page.seed, page.index)))
    first = replace(page, heading="附表", grid=(headers, page.grid[0]), spans=(), header=True)
    return first.text


def make_page(seed: int, index: int) -> TablePage:
    rng = _page_rng(seed, index)
    headers = _headers(rng)
    n = rng.randint(3, 12)
    continued = rng.random() < 0.15
    first = rng.randint(5, 20) if continued else 0
    body = [[_cell(h, first + i, rng) for h in headers] for i in range(n)]
    for row in body:  # empty cells, as court tables leave them
        for c in range(1, len(row)):
            if rng.random() < 0.08:
                row[c] = ""
    grid = ([] if continued else [headers]) + body
    spans: list[Span] = []
    markup = "html" if rng.random() < 0.45 else "markdown"
    if markup == "html" and rng.random() < 0.6:
        top = 0 if continued else 1
        if rng.random() < 0.5 and len(grid) - top >= 3:  # a group cell down 2-3 rows
            r = rng.randint(top, len(grid) - 2)
            rows = min(rng.randint(2, 3), len(grid) - r)
            spans.append(Span(r, len(headers) - 1, rows, 1))
            grid[r][-1] = grid[r][-1] or rng.choice(("由被告負擔", "發還", "沒收"))
            for k in range(1, rows):
                grid[r + k][-1] = ""
        else:  # a 合計 row
            total = ["合計"] + [""] * (len(headers) - 1)
            total[min(2, len(headers) - 1)] = f"{v.arabic(rng.randint(10, 99999) * 10, sep=True)}元"
            grid.append(total)
            spans.append(Span(len(grid) - 1, 0, 1, 2))
    heading = (
        ""
        if continued
        else rng.choice(("附表", "附表一", "附表二", "扣案物品目錄表", "分期給付表"))
    )
    defects = tuple(d for d in DEFECTS if rng.random() < 0.3)
    return TablePage(
        seed,
        index,
        heading,
        tuple(tuple(r) for r in grid),
        tuple(spans),
        not continued,
        rng.random() < 0.6,
        markup,
        rng.choice(sorted(FACES)),
        rng.choice((26, 28, 30)),
        defects,
    )


def generate(seed: int, n: int) -> list[TablePage]:
    return [make_page(seed, i) for i in range(n)]


def draw(page: TablePage) -> Image.Image:
    """The table on an A4 page at 150 dpi: text in each cell, rules if ruled."""
    f = font(page.face, page.size)
    img = Image.new("RGB", (WIDTH, HEIGHT), "white")
    pen = ImageDraw.Draw(img)
    y = float(MARGIN)
    if page.heading:
        w = f.getlength(page.heading)
        pen.text(((WIDTH - w) / 2, y), page.heading, font=f, fill=(20, 20, 20))
        y += page.size * 2.2
    columns = len(page.grid[0])
    need = [30.0] * columns
    for r, row in enumerate(page.grid):
        for c, cell in enumerate(row):
            span = page.span_at(r, c)
            if span is None or span.columns == 1:  # a wide cell does not widen one column
                need[c] = max(need[c], f.getlength(cell) + 30)
    scale = (WIDTH - 2 * MARGIN) / sum(need)
    xs = [MARGIN + sum(need[:c]) * scale for c in range(columns + 1)]
    step = page.size * 1.9
    ys = [y + r * step for r in range(len(page.grid) + 1)]
    ink = (25, 25, 25)
    for r, row in enumerate(page.grid):
        for c, cell in enumerate(row):
            if page.covered(r, c):
                continue
            span = page.span_at(r, c) or Span(r, c, 1, 1)
            x0, x1 = xs[c], xs[c + span.columns]
            y0, y1 = ys[r], ys[r + span.rows]
            if page.ruled:
                pen.rectangle((x0, y0, x1, y1), outline=(40, 40, 40), width=2)
            if cell:
                ty = (y0 + y1) / 2 - page.size * 0.6
                pen.text((x0 + 12, ty), cell, font=f, fill=ink)
    return img
