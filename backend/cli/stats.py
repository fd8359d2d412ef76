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
from backend.i18n import N_, _
from backend.session.document_session import DocumentSession
from backend.stats import (
    GROUPINGS,
    IDLE_CUTOFF_S,
    PACE_DAYS,
    History,
    PageRow,
    PersonRow,
    SourceRow,
    Statistics,
    as_json,
    compute,
    critical_chars,
    statistics_of,
)

SOURCE_LABELS = {"engine": N_("engine"), "model": N_("model"), "prompt_name": N_("prompt")}
SOURCE_LABELS |= {"prompt_sha256": N_("prompt hash"), "server": N_("server")}


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


def document_lines(stats: Statistics) -> list[str]:
    d = stats.document
    lines = [
        _("{pages} pages: {approved} approved, {remaining} to go.").format(
            pages=d.pages, approved=d.approved, remaining=d.remaining
        )
    ]
    if d.seconds_per_page is not None and d.work_left_s is not None:
        lines.append(
            _("Time per page (median): {s:.0f} s; work left: {h:.1f} h.").format(
                s=d.seconds_per_page, h=d.work_left_s / 3600
            )
        )
    if d.pages_per_day is not None and d.working_days_left is not None:
        lines.append(
            _(
                "Pace: {n:.1f} pages a day (the last {k} days with approvals): "
                "about {days:.1f} working days left."
            ).format(n=d.pages_per_day, k=min(PACE_DAYS, len(d.by_day)), days=d.working_days_left)
        )
    lines.append(
        _("Time on a page counts gaps between a person's actions up to {m:.0f} min.").format(
            m=IDLE_CUTOFF_S / 60
        )
    )
    if stats.viewer is not None:
        lines.append(_("Your own work is shown (an administrator sees everyone's)."))
    return lines


def table_lines(stats: Statistics, by: str) -> list[str]:
    if by == "person":
        head = [_("reviewer"), _("pages timed"), _("s/page"), _("approved"), _("written")]
        rows = [_person_row(p) for p in stats.people]
        head += [_("chars corrected"), _("critical")]
    elif by == "page":
        head = [_("page"), _("approved"), _("model"), _("CER"), _("CER of reading")]
        head += [_("changed"), _("critical"), _("seconds")]
        rows = [_page_row(r) for r in stats.pages]
    else:
        keys = list(stats.sources[by][0].key) if stats.sources[by] else []
        head = [_(SOURCE_LABELS[k]) for k in keys]
        head += [_("pages"), _("compared"), _("mean CER"), _("median CER"), _("pooled CER")]
        head += [_("critical"), _("tokens/page"), _("s/page")]
        rows = [_source_row(s) for s in stats.sources[by]]
    if not rows:
        return [_("No figures yet: no page has both a machine reading and an approval.")]
    return columns([head, *rows])


def _person_row(p: PersonRow) -> list[str]:
    timed = [p.person, str(p.pages_timed), _num(p.seconds_per_page, 0)]
    return [*timed, str(p.pages_approved), str(p.pages_written), str(p.chars_corrected),
            str(p.critical_corrections)]  # fmt: skip


def _page_row(r: PageRow) -> list[str]:
    seconds = ", ".join(f"{who} {s:.0f}" for who, s in r.seconds.items())
    cers = [_pct(r.cer), _pct(r.cer_of_reading), _num(r.chars_changed, 0)]
    return [str(r.page + 1), _yes(r.approved), r.model or r.engine, *cers, _yes(r.critical),
            seconds]  # fmt: skip


def _source_row(s: SourceRow) -> list[str]:
    # A prompt's hash, shortened as git shortens commits: enough to tell prompts apart.
    key = [v[:12] if k == "prompt_sha256" else v for k, v in s.key.items()]
    cers = [_pct(s.mean_cer), _pct(s.median_cer), _pct(s.pooled_cer)]
    return [*key, str(s.pages_read), str(s.pages_compared), *cers, _pct(s.critical_share),
            _num(s.tokens_per_page, 0), _num(s.seconds_per_page, 1)]  # fmt: skip


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


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.2f}%"


def _num(value: float | int | None, digits: int) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _yes(value: bool | None) -> str:
    return "–" if value is None else _("yes") if value else _("no")
