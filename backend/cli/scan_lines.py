"""``--no-scan-lines``: the scan's detected text lines for ``status --by-risk`` and ``compare``.

By default both detect the text lines of the pages they review (RapidOCR's
detector, in the offline engines' worker; ``backend.session.scan_lines``) so
the review can tell a transcript that misses or invents text. Detection costs
about a second a page once: results are cached per document, so a 2,000-page
document is detected once (with progress on stderr), and every later run reads
the cache. Ctrl+C stops detecting and reviews the rest without lines.
``--no-scan-lines`` (or ``PROOFDESK_SCAN_LINES=0``) skips it.
"""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING

from backend.cli.output import PREFIX, warn
from backend.i18n import _

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-scan-lines",
        action="store_true",
        help=_("do not detect the text lines on the scan (found once a page, then cached)"),
    )


def use_scan_lines(session: DocumentSession, args: argparse.Namespace, pages: list[int]) -> None:
    """Detect ``pages``' lines (those not cached) and give them to the session's reviews.
    A detector that cannot run is said once on stderr; the review goes on without."""
    from backend.session.scan_lines import scan_lines_wanted

    if args.no_scan_lines or not scan_lines_wanted():
        return
    from backend.engines.offline import AltOcrRunner
    from backend.session.scan_lines import ScanLineSource

    runner = AltOcrRunner()
    info = session.pdf.info
    source = ScanLineSource(info.sha256, info.path, runner, password=args.password)
    if source.problem is None:
        todo = [p for p in pages if source.known(p) is None]
        try:
            asyncio.run(source.detect_pages(todo, _progress if len(todo) > 1 else None))
        except KeyboardInterrupt:
            warn(PREFIX + _("stopped finding the scan's lines; the other pages go without them"))
        finally:
            runner.close()
    if source.problem is not None:
        warn(PREFIX + _("notice: {notice}").format(notice=source.problem))
    session.reviews.scan_lines = source.known


def _progress(done: int, total: int, page: int) -> None:
    warn(
        _("{done}/{total} pages: found the lines of page {page} on the scan").format(
            done=done, total=total, page=page + 1
        )
    )
