"""``proofdesk stats``: review statistics of a document (issue 26).

    proofdesk stats PDF [--json] [--by model|prompt|server|person|page]

What each engine, model and prompt got wrong against the approved text (CER), the
time the pages took per person, and how the document goes (``backend.stats``). A
table by default, ``--json`` for scripts. Without ``--by``: the document's progress
and the table by model (``--json``: every grouping). On the team server an
administrator sees everyone's work, a reviewer their own.
"""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Sequence
from typing import Any

from backend.cli.output import PREFIX, say, say_json, warn
from backend.errors import NoReviewError
from backend.i18n import _
from backend.review.change_measures import critical_chars
from backend.session.document_session import DocumentSession
from backend.stats import (
    GROUPINGS,
    History,
    Statistics,
    as_json,
    compute,
    statistics_of,
)
from backend.stats.tables import document_lines, table_cells


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "stats",
        parents=[common],
        help=_("review statistics: CER per model and prompt, time per page, progress"),
    )
    p.add_argument(
        "--by",
        choices=GROUPINGS,
        help=_("one table: per model, prompt, server, person or page"),
    )


def run(args: argparse.Namespace) -> int:
    stats = _statistics(args)
    if args.json:
        say_json(as_json(stats, args.by))
        return 0
    if args.by is None:
        for line in document_lines(stats):
            say(line, one_line=True)
        say()
    for line in table_lines(stats, args.by or "model"):
        say(line, one_line=True)
    return 0


def _statistics(args: argparse.Namespace) -> Statistics:
    try:
        session = DocumentSession.open(
            args.pdf, password=args.password, store_path=args.store, create=False
        )
    except NoReviewError as exc:  # no review yet: every figure is empty, nothing made
        warn(PREFIX + _("notice: {notice}").format(notice=exc))
        return compute(History(exc.page_count), critical_chars(()))
    for notice in session.notices:
        warn(PREFIX + _("notice: {notice}").format(notice=notice))
    try:
        return statistics_of(session.store, session.page_count)
    finally:
        session.close()


def table_lines(stats: Statistics, by: str) -> list[str]:
    head, rows = table_cells(stats, by)
    if not rows:
        return [_("No figures yet: no page has both a machine reading and an approval.")]
    return columns([head, *rows])


def columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as aligned columns (a CJK character is two columns wide on a terminal)."""
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell + " " * (w - _width(cell)) for cell, w in zip(row, widths, strict=True)
        ).rstrip()
        for row in rows
    ]


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
