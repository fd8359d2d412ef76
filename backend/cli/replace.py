"""``proofdesk replace``: find & replace across the document, a dry run unless ``--apply``.

    proofdesk replace PDF FIND REPLACEMENT [--regex] [--normalised] [--ignore-case]
                      [--pages 1-5,8] [--apply] [--include-approved] [--json]
                      [--time-limit SECONDS]

Without ``--apply`` every match is listed with its context and nothing changes. With
it, each changed page gets one new version (undone by restoring the one before, as
every edit is); approved pages only with ``--include-approved``; never a page someone
else has claimed on the team server. Pages left as they were are named on stderr, and
the exit status is then 3, as for the other commands that leave pages undone.

A regex that runs away on a page (``(a|a)+$`` over a line of a's) is stopped after
``--time-limit`` seconds there: one line naming the page, nothing changed, exit 2 (the
pattern is the bad input), never a hang.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from backend.cli.arguments import free_text, real
from backend.cli.ocr import EXIT_SOME_FAILED
from backend.cli.output import say, say_json, warn
from backend.documents.page_ranges import parse_page_ranges
from backend.i18n import N_, _, list_join
from backend.session.document_session import DocumentSession
from backend.session.replace import (
    TIME_LIMIT,
    ReplaceMatch,
    ReplaceOutcome,
    ReplaceQuery,
    SkipReason,
    apply_matches,
    find_matches,
)


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "replace",
        parents=[common],
        help=_("find & replace across the document (a dry run unless --apply)"),
    )
    p.add_argument("find", type=free_text, help=_("the text to find (a regex with --regex)"))
    p.add_argument(
        "replacement", type=free_text, help=_("what replaces it (\\1 for a group with --regex)")
    )
    p.add_argument("--regex", action="store_true", help=_("FIND is a Python regular expression"))
    p.add_argument(
        "--normalised",
        action="store_true",
        help=_("match as the review compares: full/half width and variant glyphs alike"),
    )
    p.add_argument("--ignore-case", action="store_true", help=_("match Latin letters in any case"))
    p.add_argument("--pages", type=free_text, help=_("page range, e.g. 1-20 or 3,5,9 (1-based)"))
    p.add_argument("--apply", action="store_true", help=_("write the replacements"))
    p.add_argument(
        "--include-approved",
        action="store_true",
        help=_("with --apply: also change approved pages (their approval is taken back)"),
    )
    p.add_argument(
        "--time-limit",
        type=real(0.001, 3600.0),
        default=TIME_LIMIT,
        metavar="SECONDS",
        help=_("with --regex: the most time the pattern may take on one page (default: {0})")
        .format(TIME_LIMIT),
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    session = DocumentSession.open(
        args.pdf, password=args.password, store_path=args.store, create=False
    )
    try:
        query = ReplaceQuery(
            args.find,
            args.replacement,
            regex=args.regex,
            normalised=args.normalised,
            case_sensitive=not args.ignore_case,
            pages=parse_page_ranges(args.pages, session.page_count),
        )
        matches = find_matches(session.store, session.page_count, query, time_limit=args.time_limit)
        outcome = None
        if args.apply:
            outcome = apply_matches(
                session.store, matches, query, allow_approved=args.include_approved
            )
    finally:
        session.close()
    if args.json:
        say_json(_json(matches, outcome))
    else:
        _say(matches, outcome)
    return EXIT_SOME_FAILED if outcome is not None and outcome.skipped else 0


def _json(matches: list[ReplaceMatch], outcome: ReplaceOutcome | None) -> dict[str, Any]:
    return {
        "matches": [
            {
                "page": m.page + 1,
                "start": m.start,
                "end": m.end,
                "found": m.found,
                "replacement": m.replacement,
                "before": m.before,
                "after": m.after,
                "approved": m.approved,
                "claimed_by": m.claimed_by,
            }
            for m in matches
        ],
        "applied": outcome is not None,
        "changed": {} if outcome is None else {str(p + 1): v for p, v in outcome.changed.items()},
        "skipped": {}
        if outcome is None
        else {str(p + 1): reason.value for p, reason in outcome.skipped.items()},
        "replaced": 0 if outcome is None else outcome.replaced,
    }


def _say(matches: list[ReplaceMatch], outcome: ReplaceOutcome | None) -> None:
    for m in matches:
        note = ""
        if m.claimed_by is not None:
            note = "  " + _("(being edited by {person})").format(person=m.claimed_by)
        elif m.approved:
            note = "  " + _("(approved)")
        say(
            _("page {page}: {before}[{found} → {replacement}]{after}").format(
                page=m.page + 1,
                before=m.before,
                found=m.found,
                replacement=m.replacement,
                after=m.after,
            )
            + note,
            one_line=True,
        )
    pages = len({m.page for m in matches})
    if outcome is None:
        say(
            _("{matches} match(es) on {pages} page(s); nothing was changed (--apply writes them).")
            .format(matches=len(matches), pages=pages)
        )  # fmt: skip
        return
    say(
        _("Replaced {matches} match(es) on {pages} page(s).").format(
            matches=outcome.replaced, pages=len(outcome.changed)
        )
    )
    by_reason = Counter(outcome.skipped.values())
    for reason in SkipReason:
        if by_reason[reason]:
            numbers = list_join(p + 1 for p, r in sorted(outcome.skipped.items()) if r is reason)
            warn(_(_SKIPPED[reason]).format(pages=numbers))


_SKIPPED = {  # translated when said (the language is chosen after this loads)
    SkipReason.APPROVED: N_(
        "proofdesk: left approved page(s) {pages} as they were (--include-approved changes them)."
    ),
    SkipReason.CLAIMED: N_(
        "proofdesk: left page(s) {pages} as they were: someone else is editing them."
    ),
    SkipReason.CHANGED: N_(
        "proofdesk: left page(s) {pages} as they were: their text changed while searching."
    ),
}
