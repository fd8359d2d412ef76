"""Hypothesis strategies for the table property tests: Markdown, HTML (with spans
laid out without overlap) and TSV tables, embedded in prose that holds no table."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from backend.tables import html, markdown, tsv

# What a reader may type: the characters each format must encode, CJK, spaces.
TYPED = st.text(alphabet="甲乙一 2a|<>&\\\t\n-:;\u3000", max_size=8)
# TSV cannot hold a pipe safely (a line beginning "|a|" reads as Markdown) nor a tab.
TSV_TYPED = st.text(alphabet="甲乙一 2a<>&\\-:;", max_size=8)
PROSE = st.text(alphabet="甲乙丙。， ab1\n", max_size=30)


@dataclass(frozen=True)
class Embedded:
    text: str
    start: int  # where the table's markup is
    end: int
    kind: str


def _embed(before: str, table: str, after: str, kind: str) -> Embedded:
    head = before + "\n"
    return Embedded(head + table + "\n" + after, len(head), len(head) + len(table), kind)


@st.composite
def markdown_tables(draw: st.DrawFn) -> Embedded:
    columns = draw(st.integers(1, 4))
    rows = draw(
        st.lists(st.lists(TYPED, min_size=columns, max_size=columns), min_size=2, max_size=5)
    )
    lines = ["| " + " | ".join(markdown.encode(v) for v in row) + " |" for row in rows]
    if draw(st.booleans()):
        lines.insert(1, "|" + "---|" * columns)
    return _embed(draw(PROSE), "\n".join(lines), draw(PROSE), "markdown")


@st.composite
def open_markdown_tables(draw: st.DrawFn) -> Embedded:
    """A ruled Markdown table whose rows leave out their outer pipes where GitHub's do
    (only beside a cell with text: an empty edge cell needs its pipe)."""
    columns = draw(st.integers(1, 4))
    rows = draw(
        st.lists(st.lists(TYPED, min_size=columns, max_size=columns), min_size=2, max_size=5)
    )
    lines = []
    for row in rows:
        cells = [markdown.encode(v) for v in row]
        lead = not cells[0].strip() or draw(st.booleans())
        trail = not cells[-1].strip() or draw(st.booleans()) or (columns == 1 and not lead)
        lines.append(("| " if lead else "") + " | ".join(cells) + (" |" if trail else ""))
    lines.insert(1, "|" + "---|" * columns)
    return _embed(draw(PROSE), "\n".join(lines), draw(PROSE), "markdown")


@st.composite
def tsv_tables(draw: st.DrawFn) -> Embedded:
    columns = draw(st.integers(2, 4))
    full = st.lists(TSV_TYPED.filter(lambda v: v.strip() != ""), min_size=columns, max_size=columns)
    # two rows with every cell written: the block has a tab between words after any one edit
    rows = draw(st.lists(full, min_size=2, max_size=2))
    rows += draw(st.lists(st.lists(TSV_TYPED, min_size=columns, max_size=columns), max_size=3))
    lines = ["\t".join(tsv.encode(v) for v in row) for row in rows]
    return _embed(draw(PROSE), "\n".join(lines), draw(PROSE), "tsv")


@st.composite
def html_tables(draw: st.DrawFn) -> Embedded:
    """A grid of cells, some spanning 2 rows or columns, none overlapping; tags in
    either case, spans quoted any way, </td> sometimes left out, a row a line or not."""
    count, columns = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    close = draw(st.booleans())
    taken: set[tuple[int, int]] = set()
    rows: list[list[str]] = [[] for _r in range(count)]
    for r in range(count):
        for c in range(columns):
            if (r, c) in taken:
                continue
            wide = 1 + (c + 1 < columns and (r, c + 1) not in taken and draw(st.booleans()))
            tall = 1 + (r + 1 < count and draw(st.integers(0, 3)) == 0)
            taken.update((r + i, c + j) for i in range(tall) for j in range(wide))
            rows[r].append(_cell(draw, wide, tall, close=close))
    closed = draw(st.booleans())
    gap = draw(st.sampled_from(["", "\n"]))
    body = gap.join("<tr>" + "".join(cells) + ("</tr>" if closed else "") for cells in rows)
    table = f"<table>{gap}{body}{gap}</table>"
    return _embed(draw(PROSE), table, draw(PROSE), "html")


def _cell(draw: st.DrawFn, wide: int, tall: int, *, close: bool) -> str:
    name = draw(st.sampled_from(["td", "TD", "th"]))
    quote = draw(st.sampled_from(["", "'", '"']))
    attributes = (f" colspan={quote}{wide}{quote}" if wide > 1 else "") + (
        f" ROWSPAN={quote}{tall}{quote}" if tall > 1 else ""
    )
    return f"<{name}{attributes}>{html.encode(draw(TYPED))}" + (f"</{name}>" if close else "")


TABLES = st.one_of(markdown_tables(), html_tables(), tsv_tables())
