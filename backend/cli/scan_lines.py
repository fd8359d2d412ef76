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
import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from backend.cli.output import PREFIX, warn
from backend.i18n import _

if TYPE_CHECKING:
    from backend.engines.offline import AltOcrRunner
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
    from backend.session.layout import layout_wanted
    from backend.session.scan_lines import scan_lines_wanted

    lines = not args.no_scan_lines and scan_lines_wanted()
    layout = not args.no_layout and layout_wanted()
    if not (lines or layout):
        return
    from backend.engines.offline import AltOcrRunner

    runner = AltOcrRunner()  # one worker for both models
    try:
        if lines:
            _use_lines(session, args, pages, runner)
        if layout:
            _use_layout(session, args, pages, runner)
    finally:
        runner.close()


def _use_lines(
    session: DocumentSession, args: argparse.Namespace, pages: list[int], runner: AltOcrRunner
) -> None:
    from backend.session.scan_lines import ScanLineSource

    info = session.pdf.info
    source = ScanLineSource(info.sha256, info.path, runner, password=args.password)
    if source.problem is None:
        todo = [p for p in pages if source.known(p) is None]
        try:
            asyncio.run(source.detect_pages(todo, _progress if len(todo) > 1 else None))
        except KeyboardInterrupt:
            warn(PREFIX + _("stopped finding the scan's lines; the other pages go without them"))
    if source.problem is not None:
        warn(PREFIX + _("notice: {notice}").format(notice=source.problem))
    session.reviews.scan_lines = source.known


def _use_layout(
    session: DocumentSession, args: argparse.Namespace, pages: list[int], runner: AltOcrRunner
) -> None:
    from backend.session.layout import LayoutSource, needs_layout

    info = session.pdf.info
    source = LayoutSource(info.sha256, info.path, runner, password=args.password)
    if source.problem is None:
        given = _given_transcript(args)
        todo = [
            p
            for p in pages
            if source.known(p) is None
            and needs_layout(given if given is not None else session.store.working_text(p))
        ]
        try:
            asyncio.run(source.detect_pages(todo, _layout_progress if len(todo) > 1 else None))
        except KeyboardInterrupt:
            warn(PREFIX + _("stopped finding the scan's tables; the other pages go without them"))
    if source.problem is not None:
        warn(PREFIX + _("notice: {notice}").format(notice=source.problem))
    session.reviews.layout = source.known


def _given_transcript(args: argparse.Namespace) -> str | None:
    """``compare --transcript``'s text (what its one page is reviewed as), else None.
    ``run_compare`` read it already: an unreadable file never comes this far."""
    path: Path | None = getattr(args, "transcript", None)
    return None if path is None else path.read_text("utf-8")


def _layout_progress(done: int, total: int, page: int) -> None:
    warn(
        _("{done}/{total} pages: found the tables of page {page} on the scan").format(
            done=done, total=total, page=page + 1
        )
    )


def _progress(done: int, total: int, page: int) -> None:
    warn(
        _("{done}/{total} pages: found the lines of page {page} on the scan").format(
            done=done, total=total, page=page + 1
        )
    )
