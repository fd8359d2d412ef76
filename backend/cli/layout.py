"""``proofdesk layout``: the regions the layout model finds on the scan, and tables' rules.

    proofdesk layout PDF [--pages 1-3,5] [--dpi DPI] [--json]

Each page's regions (text, title, table, figure, header, footer, ...) with the model's
score and a page-relative box (0..1 of the page's width and height), top to bottom; for
a table, the ruling lines found in it. Runs the CDLA model in the offline engines'
worker (``backend.session.layout``); results are cached per document, so a second run
reads the cache. Needs no review store.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from backend.cli.arguments import free_text, real
from backend.cli.detection import detect_unknown, say_problem
from backend.cli.ocr import EXIT_INTERRUPTED, EXIT_SOME_FAILED, parse_pages
from backend.cli.output import fail, say, say_json
from backend.documents.pdf import open_pdf
from backend.engines.offline.base import AltOptions
from backend.i18n import N_, _
from backend.models import LayoutKind, LayoutRegions

if TYPE_CHECKING:
    from backend.engines.offline import AltOcrRunner
    from backend.session.layout import LayoutSource

MIN_DPI, MAX_DPI = 30.0, 600.0  # the model sees 800x608 pixels; the rules need a few per pt

KIND_LABELS = {
    LayoutKind.TEXT: N_("text"),
    LayoutKind.TITLE: N_("title"),
    LayoutKind.FIGURE: N_("figure"),
    LayoutKind.FIGURE_CAPTION: N_("figure caption"),
    LayoutKind.TABLE: N_("table"),
    LayoutKind.TABLE_CAPTION: N_("table caption"),
    LayoutKind.HEADER: N_("header"),
    LayoutKind.FOOTER: N_("footer"),
    LayoutKind.REFERENCE: N_("reference"),
    LayoutKind.EQUATION: N_("equation"),
}


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "layout",
        parents=[common],
        help=_("find tables, text and figures on the scan (offline layout model)"),
    )
    p.add_argument(
        "--pages", type=free_text, help=_("page range, e.g. 1-3,5 (1-based; default: all)")
    )
    p.add_argument(
        "--dpi", type=real(MIN_DPI, MAX_DPI), default=AltOptions.dpi, help=_("render resolution")
    )


def run(args: argparse.Namespace) -> int:
    from backend.engines.offline import AltOcrRunner
    from backend.session.layout import LayoutSource

    pdf = open_pdf(args.pdf, args.password)
    info = pdf.info
    pdf.close()
    pages = parse_pages(args.pages, info.page_count) or range(info.page_count)
    runner = AltOcrRunner(AltOptions(dpi=args.dpi))
    source = LayoutSource(info.sha256, info.path, runner, password=args.password)
    try:
        return _find(args, source, runner, pages)
    finally:
        source.cache.close()  # its SQLite connection, not left to the collector


def _find(
    args: argparse.Namespace, source: LayoutSource, runner: AltOcrRunner, pages: Sequence[int]
) -> int:
    if source.problem is not None:
        runner.close()
        return fail(source.problem)
    try:
        interrupted = detect_unknown(
            source,
            pages,
            progress=_("{done}/{total} pages: found the layout of page {page}"),
            stopped=_("stopped finding the layout; the pages found so far follow"),
        )
    finally:
        runner.close()
    found = {p: source.known(p) for p in pages}
    from backend.session.layout import layout_json

    if args.json:
        say_json(
            {
                "pages": [
                    {"page": p + 1, **layout_json(layout)}
                    if layout is not None
                    else {"page": p + 1, "failed": True}
                    for p, layout in found.items()
                ]
            }
        )
    else:
        for p, layout in found.items():
            for line in _lines(p, layout):
                say(line, one_line=True)
    say_problem(source)
    if interrupted:
        return EXIT_INTERRUPTED
    return EXIT_SOME_FAILED if any(v is None for v in found.values()) else 0


def _lines(page: int, layout: LayoutRegions | None) -> list[str]:
    if layout is None:
        return [_("Page {page}: the layout could not be found").format(page=page + 1)]
    lines = [_("Page {page}: {count} regions").format(page=page + 1, count=len(layout.regions))]
    for region in layout.regions:
        x0, y0, x1, y1 = region.box
        lines.append(
            _("  {kind} ({score:.2f}) at {x0:.3f},{y0:.3f} to {x1:.3f},{y1:.3f}").format(
                kind=_(KIND_LABELS[region.kind]), score=region.score, x0=x0, y0=y0, x1=x1, y1=y1
            )
        )
    for number, grid in enumerate(layout.tables, 1):
        if grid.row_edges or grid.column_edges:
            lines.append(
                _("  table {number}: {rows} horizontal and {columns} vertical ruling lines").format(
                    number=number, rows=len(grid.row_edges), columns=len(grid.column_edges)
                )
            )
        else:
            lines.append(_("  table {number}: no ruling lines").format(number=number))
    return lines
