"""Table errors caught at the cell (issue 23): seeded structural and numeric errors.

``python -m bench --only table_checks``. Generated table pages
(``corpus.table_pages``: ruled and unruled, empty and merged cells, wide tables,
continued tables, Arabic, Chinese and financial numerals, damaged scans), their
alternate RapidOCR's real reading at 150 dpi with its line boxes, and the lines
detected on the scan. Each page gets each kind of error in turn
(``corpus.table_errors``) and is reviewed as the session does (``review_page``).

* At the cell (the goal): a cell-level finding touches the broken rows: a
  ``table_cells`` diagnosis, or for ``number`` (a number cell changed) a critical
  flag.
* Any flag: a difference, critical flag or diagnosis touches them (what a reviewer
  reading the page would be shown, named or not).
* Clean tables: the page's true transcript against the same reading; the cells a
  cell-level finding touches, per 200 cells (goal: at most 1), and the cells any
  flag touches (the real engine's own misreadings among them).

With no alternate (the transcript, the scan's lines and its layout alone: what a
page with no second reading gets), the same errors and clean tables once more: what
the ruled table on the scan (``corpus.layout_cache``: the layout model's table
regions and their ruling lines) catches by itself. ``TABLE_LAYOUT=0`` reviews
without the layout (the numbers before it).

Two seed sets, as in ``real_errors``: ``TABLE_TUNING`` (looked at while building
the checks) and ``TABLE_HELD_OUT`` (never tuned on).
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from dataclasses import dataclass, field

from backend.models import AltText, LayoutRegions, ScanLines
from backend.review.page_aids import review_page
from backend.review.values import FlagKind, PageReview
from backend.session.review_tables import default_settings
from backend.tables import find_tables
from backend.tables.continued import Header, ending_header
from bench.corpus.engine_reads import readings
from bench.corpus.layout_cache import layout as page_layout
from bench.corpus.scan_cache import scan_lines
from bench.corpus.table_errors import KINDS, TableError, seed_error
from bench.corpus.table_pages import TablePage, generate, page_before
from bench.make_doc import OUT, Docs
from bench.real_errors import READ_MISSING
from bench.table import Row

# TABLE_CONTINUED=0: a continued table reviewed without the page before's header (as before).
CONTINUED = os.environ.get("TABLE_CONTINUED", "1") != "0"
STRUCTURAL = ("cell_lost", "shifted", "rows_merged", "row_lost", "filled")
FLAGGED = frozenset({FlagKind.DIFF, FlagKind.CRITICAL})


def _seed_set(name: str, default: str) -> tuple[int, int]:
    seed, pages = os.environ.get(name, default).split(":")
    return int(seed), int(pages)


TUNING = _seed_set("TABLE_TUNING", "212:30")
HELD_OUT = _seed_set("TABLE_HELD_OUT", "313:60")


@dataclass
class Tally:
    n: Counter[str] = field(default_factory=Counter)
    at_cell: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    critical: Counter[str] = field(default_factory=Counter)
    cells: int = 0
    false_cells: int = 0  # touched by a cell-level finding
    flagged_cells: int = 0  # touched by any flag
    missed: list[str] = field(default_factory=list)
    # With no alternate: the structural kinds caught at the cell, and clean cells flagged.
    alone_n: Counter[str] = field(default_factory=Counter)
    alone_at_cell: Counter[str] = field(default_factory=Counter)
    alone_cells: int = 0
    alone_false_cells: int = 0
    ruled_pages: int = 0  # pages whose table the layout found ruled (the grid check's)
    # Continued tables (the page before ends in the table's first half, ``page_before``):
    # the clean cells, and those under a cell-level / critical flag reviewed with the
    # header the page before gives (as the session does) and without it.
    continued_pages: int = 0
    continued_cells: int = 0
    continued_false: Counter[str] = field(default_factory=Counter)  # "with" / "without"
    continued_critical: Counter[str] = field(default_factory=Counter)
    # By the style the transcript writes its table in (``TablePage.style``): every kind's
    # errors together, the (style, kind) pairs missed, and the clean cells.
    style_n: Counter[str] = field(default_factory=Counter)
    style_at_cell: Counter[str] = field(default_factory=Counter)
    style_missed: Counter[tuple[str, str]] = field(default_factory=Counter)
    style_cells: Counter[str] = field(default_factory=Counter)
    style_false_cells: Counter[str] = field(default_factory=Counter)


def _review(
    i: int,
    text: str,
    alt: AltText | None,
    lines: ScanLines | None,
    layout: LayoutRegions | None = None,
    continues: Header = (),
) -> PageReview:
    settings = default_settings()
    return review_page(
        i, text, alt, scan_lines=lines, layout=layout, continues=continues, settings=settings
    )


def _spans(review: PageReview, kinds: frozenset[FlagKind]) -> list[tuple[int, int]]:
    out = [(f.start, f.end) for f in review.flags if f.kind in kinds]
    if kinds == FLAGGED:
        out += [(d.start, d.end) for d in review.diagnoses]
    return out


def _cell_level(review: PageReview) -> list[tuple[int, int]]:
    """Where the table findings are: each place a table diagnosis names (every row out
    of place, at its cell), or the diagnosis itself (a whole table's row count)."""
    return [
        (p.start, p.end)
        for d in review.diagnoses
        if d.kind.value == "table_cells"
        for p in (d.places or (d,))
    ]


def _touches(spans: list[tuple[int, int]], e: TableError) -> bool:
    return any(a <= e.end + 1 and b >= e.start - 1 for a, b in spans)


def broken(
    t: Tally,
    i: int,
    page: TablePage,
    alt: AltText,
    lines: ScanLines | None,
    layout: LayoutRegions | None = None,
    continues: Header = (),
) -> None:
    rng = random.Random(f"table-errors-{page.seed}-{page.index}")
    for kind in KINDS:
        err = seed_error(page, kind, rng)
        if err is None:
            continue
        review = _review(i, err.text, alt, lines, layout, continues)
        critical = _touches(_spans(review, frozenset({FlagKind.CRITICAL})), err)
        at_cell = _touches(_cell_level(review), err) or (kind == "number" and critical)
        t.n[kind] += 1
        t.at_cell[kind] += at_cell
        t.caught[kind] += _touches(_spans(review, FLAGGED), err)
        t.critical[kind] += critical
        t.style_n[page.style] += 1
        t.style_at_cell[page.style] += at_cell
        if not at_cell:
            t.style_missed[page.style, kind] += 1
            t.missed.append(
                f"- {kind} on {page.id} ({page.style}): `{err.text[err.start : err.end]}`"
            )


def clean(
    t: Tally,
    i: int,
    page: TablePage,
    alt: AltText,
    lines: ScanLines | None,
    layout: LayoutRegions | None = None,
    continues: Header = (),
) -> None:
    text = page.text
    review = _review(i, text, alt, lines, layout, continues)
    spans, cell_level = _spans(review, FLAGGED), _cell_level(review)
    if continues:
        _continued(t, text, review, _review(i, text, alt, lines, layout))
    for table in find_tables(text):
        for cell in table.cells:
            false = any(a <= cell.end and b >= cell.start for a, b in cell_level)
            t.cells += 1
            t.false_cells += false
            t.style_cells[page.style] += 1
            t.style_false_cells[page.style] += false
            t.flagged_cells += any(a <= cell.end and b >= cell.start for a, b in spans)


def _continued(t: Tally, text: str, taken: PageReview, alone: PageReview) -> None:
    """A continued table's clean cells under a flag, with the page before's header
    (``taken``) and without it (``alone``)."""
    t.continued_pages += 1
    for label, review in (("with", taken), ("without", alone)):
        cell_level = _cell_level(review)
        critical = _spans(review, frozenset({FlagKind.CRITICAL}))
        for table in find_tables(text):
            for cell in table.cells:
                t.continued_cells += label == "with"
                t.continued_false[label] += _over(cell_level, cell.start, cell.end)
                t.continued_critical[label] += _over(critical, cell.start, cell.end)


def _over(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(a <= end and b >= start for a, b in spans)


def evaluate(seed: int, n: int) -> Tally:
    pages = generate(seed, n)
    alts = readings(pages, "rapidocr", 150, read_missing=READ_MISSING)
    tally = Tally()
    for i, page in enumerate(pages):
        alt = alts.get(page.id)
        if alt is None:
            continue
        lines = scan_lines(page)
        layout = page_layout(page) if os.environ.get("TABLE_LAYOUT", "1") != "0" else None
        tally.ruled_pages += layout is not None and any(g.ruled for g in layout.tables)
        # The header a continued table takes from the page before, as the session gives it.
        continues = ending_header(page_before(page)) if CONTINUED else ()
        broken(tally, i, page, alt, lines, layout, continues)
        clean(tally, i, page, alt, lines, layout, continues)
        alone(tally, i, page, lines, layout)
    return tally


def alone(
    t: Tally, i: int, page: TablePage, lines: ScanLines | None, layout: LayoutRegions | None
) -> None:
    """The structural errors and the clean table reviewed with no alternate."""
    rng = random.Random(f"table-errors-{page.seed}-{page.index}")
    for kind in KINDS:  # the same errors as ``broken``'s (same seed, same order)
        err = seed_error(page, kind, rng)
        if err is None or kind not in STRUCTURAL:
            continue
        t.alone_n[kind] += 1
        t.alone_at_cell[kind] += _touches(
            _cell_level(_review(i, err.text, None, lines, layout)), err
        )
    cell_level = _cell_level(_review(i, page.text, None, lines, layout))
    for table in find_tables(page.text):
        for cell in table.cells:
            t.alone_cells += 1
            t.alone_false_cells += any(a <= cell.end and b >= cell.start for a, b in cell_level)


def _pct(a: int, b: int) -> float:
    return round(100 * a / b, 1) if b else 0.0


def rows(label: str, t: Tally) -> list[Row]:
    out = [Row(f"table errors, {label}: {sum(t.n.values())} seeded", None, None)]
    for kind in KINDS:
        if t.n[kind]:
            detail = f"any flag {t.caught[kind]}, critical {t.critical[kind]}"
            out.append(
                Row(
                    f"  {kind} ({t.n[kind]}; {detail}): at the cell",
                    _pct(t.at_cell[kind], t.n[kind]),
                    None,
                    "%",
                    "≥ 95%",
                )
            )
    if t.cells:
        out += [
            Row(
                f"  clean tables ({t.cells} cells): cell-level flags per 200 cells",
                round(200 * t.false_cells / t.cells, 2),
                None,
                "cells",
                "≤ 1",
            ),
            Row(
                "    cells under any flag (the engine's own misreadings too) per 200",
                round(200 * t.flagged_cells / t.cells, 2),
                None,
                "cells",
            ),
        ]
    return out + continued_rows(t) + style_rows(t) + alone_rows(t)


WITHOUT = "without it"


def continued_rows(t: Tally) -> list[Row]:
    """Clean continued tables' cells under a flag, with the page before's header / without."""
    if not t.continued_pages:
        return []
    name = f"  continued tables, clean ({t.continued_pages} pages, {t.continued_cells} cells)"
    return [
        Row(
            f"{name}: cell-level flags per 200 cells, with the page before's header",
            round(200 * t.continued_false["with"] / t.continued_cells, 2),
            round(200 * t.continued_false["without"] / t.continued_cells, 2),
            "cells",
            "≤ 1",
            baseline_name=WITHOUT,
        ),
        Row(
            f"{name}: cells under a critical flag, with the page before's header",
            t.continued_critical["with"],
            t.continued_critical["without"],
            "cells",
            baseline_name=WITHOUT,
        ),
    ]


def style_rows(t: Tally) -> list[Row]:
    """At the cell and clean tables' cell-level flags, by the style the table is written in."""
    head = Row("  by the style the transcript writes the table in", None, None)
    out = [head] if t.style_n else []
    for style in sorted(t.style_n):
        missed = ", ".join(
            f"{kind} {n}" for (s, kind), n in sorted(t.style_missed.items()) if s == style
        )
        out.append(
            Row(
                f"    {style} ({t.style_n[style]} errors; missed: {missed or 'none'}): at the cell",
                _pct(t.style_at_cell[style], t.style_n[style]),
                None,
                "%",
                "≥ 95%",
            )
        )
        if t.style_cells[style]:
            out.append(
                Row(
                    f"    {style} clean ({t.style_cells[style]} cells): cell-level flags per 200",
                    round(200 * t.style_false_cells[style] / t.style_cells[style], 2),
                    None,
                    "cells",
                    "≤ 1",
                )
            )
    return out


def alone_rows(t: Tally) -> list[Row]:
    if not t.alone_cells:
        return []
    out = [Row(f"  no alternate ({t.ruled_pages} pages with a ruled table found)", None, None)]
    for kind in STRUCTURAL:
        if t.alone_n[kind]:
            out.append(
                Row(
                    f"    {kind} ({t.alone_n[kind]}): at the cell",
                    _pct(t.alone_at_cell[kind], t.alone_n[kind]),
                    None,
                    "%",
                )
            )
    out.append(
        Row(
            f"    clean tables ({t.alone_cells} cells): cell-level flags per 200 cells",
            round(200 * t.alone_false_cells / t.alone_cells, 2),
            None,
            "cells",
            "≤ 1",
        )
    )
    return out


def run(docs: Docs | None) -> list[Row]:
    del docs  # the pages are generated
    out: list[Row] = []
    report = []
    for label, (seed, n) in (("tuning seeds", TUNING), ("held-out seeds", HELD_OUT)):
        tally = evaluate(seed, n)
        got = rows(f"{label} (seed {seed}, {n} pages)", tally)
        for r in got:
            than = "" if r.baseline is None else f" ({r.baseline_name or 'before'}: {r.baseline})"
            print(f"{r.name}: {r.measured}{than}", file=sys.stderr)
        report.append(f"## {label}: seed {seed}, {n} pages\n\n### missed\n\n")
        report.append("\n".join(tally.missed) + "\n\n")
        out += got
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "table_checks.md").write_text("".join(report), "utf-8")
    return out
