"""``--no-scan-lines``: the scan's detected text lines for ``status --by-risk`` and ``compare``.

By default both detect the text lines of the pages they review (RapidOCR's
detector, in the offline engines' worker; ``backend.session.scan_lines``) so
the review can tell a transcript that misses or invents text. Detection costs
about a second a page once: results are cached per document, so a 2,000-page
document is detected once (with progress on stderr), and every later run reads
the cache. Ctrl+C stops detecting and reviews the rest without lines.
``--no-scan-lines`` (or ``PROOFDESK_SCAN_LINES=0``) skips it.

``--no-layout``: the same for the page's layout (``backend.session.layout``: the
table regions and their ruling lines, half a second a page, cached), found in the
same worker right after the lines, and only for pages whose transcript holds a
table (the layout is checked against tables alone). ``PROOFDESK_LAYOUT=0`` too.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from backend.cli.detection import detect_unknown, say_problem
from backend.i18n import _

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-scan-lines",
        action="store_true",
        help=_("do not detect the text lines on the scan (found once a page, then cached)"),
    )
    parser.add_argument(
        "--no-layout",
        action="store_true",
        help=_("do not detect the tables' ruling lines on the scan (found once, then cached)"),
    )


def use_scan_lines(session: DocumentSession, args: argparse.Namespace, pages: list[int]) -> None:
    """Detect ``pages``' lines and layouts (those not cached; a layout only for a page
    with a table) and give them to the session's reviews. A detector that cannot run is
    said once on stderr; the review goes on without."""
    from backend.session.layout import LayoutSource, layout_wanted, needs_layout
    from backend.session.scan_lines import ScanLineSource, scan_lines_wanted

    lines = not args.no_scan_lines and scan_lines_wanted()
    layout = not args.no_layout and layout_wanted()
    if not (lines or layout):
        return
    from backend.engines.offline import AltOcrRunner

    info = session.pdf.info
    runner = AltOcrRunner()  # one worker for both models
    try:
        if lines:
            source = ScanLineSource(info.sha256, info.path, runner, password=args.password)
            detect_unknown(
                source,
                pages,
                progress=_("{done}/{total} pages: found the lines of page {page} on the scan"),
                stopped=_("stopped finding the scan's lines; the other pages go without them"),
            )
            say_problem(source)
            session.reviews.scan_lines = source.known
        if layout:
            tables = LayoutSource(info.sha256, info.path, runner, password=args.password)
            detect_unknown(
                tables,
                pages,
                wanted=lambda p: needs_layout(_transcript(session, args, p)),
                progress=_("{done}/{total} pages: found the tables of page {page} on the scan"),
                stopped=_("stopped finding the scan's tables; the other pages go without them"),
            )
            say_problem(tables)
            session.reviews.layout = tables.known
    finally:
        runner.close()


def _transcript(session: DocumentSession, args: argparse.Namespace, page: int) -> str:
    """What ``page`` is reviewed as: ``compare --transcript``'s text (its one page; read
    already by ``run_compare``, so an unreadable file never comes this far), else the
    store's working text. Asked only of a page whose layout is not known."""
    path: Path | None = getattr(args, "transcript", None)
    return session.store.working_text(page) if path is None else path.read_text("utf-8")
