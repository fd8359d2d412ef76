"""``proofdesk publish``: de-identify a document for publishing (issue 25).

    proofdesk publish PDF --review [--json]        the findings and their decisions
    proofdesk publish PDF --accept-all             accept every finding not yet decided
    proofdesk publish PDF --format pdf|txt|md|docx|jsonl [-o OUT] [--force]
                      [--approved-only] [--strip-markers] [--allow-unreviewed]

An export refuses (exit 2, with the list) while findings are unreviewed, unless
``--allow-unreviewed`` (they are then masked, as accepted ones are). A redacted PDF
also refuses while a masked finding has no place on the scan (the alternate reading
could not read that line): mark it in the app's page view, or ``--allow-unplaced``
to publish with those masked in the text only. Decisions are stored with the
review, never in the pages' versions.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from backend.cli.output import PREFIX, say, say_json, warn
from backend.export import ExportOptions, collect
from backend.export.deidentify import deidentify
from backend.export.publish_formats import PUBLISH_FORMATS, published_name, write_published
from backend.i18n import N_, _
from backend.publish import MaskRules
from backend.publish.decisions import Decision, Reviewed
from backend.publish.model import PersonalKind
from backend.session.document_session import DocumentSession
from backend.session.publish import PublishState, accept_all, publish_state

EXIT_UNREVIEWED = 2
CONTEXT = 12  # characters each side of a finding in the list

KIND_LABELS = {
    PersonalKind.PERSON: N_("person"),
    PersonalKind.NATIONAL_ID: N_("ID number"),
    PersonalKind.RESIDENT_ID: N_("resident certificate number"),
    PersonalKind.PHONE: N_("phone number"),
    PersonalKind.ADDRESS: N_("address"),
    PersonalKind.BIRTH_DATE: N_("date of birth"),
    PersonalKind.ACCOUNT: N_("account number"),
    PersonalKind.PLATE: N_("licence plate"),
    PersonalKind.EMAIL: N_("e-mail address"),
}
DECISION_LABELS = {
    None: N_("unreviewed"),
    Decision.ACCEPT: N_("masked"),
    Decision.SKIP: N_("kept"),
    Decision.MARK: N_("marked"),
}


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "publish", parents=[common], help=_("de-identify for publishing: review, accept, export")
    )
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--review", action="store_true", help=_("list the findings"))
    mode.add_argument(
        "--accept-all", action="store_true", help=_("accept every finding not yet decided")
    )
    mode.add_argument("--format", choices=list(PUBLISH_FORMATS), help=_("export in this format"))
    p.add_argument("-o", "--output", type=Path, help=_("output file (default: next to the PDF)"))
    p.add_argument("--force", action="store_true", help=_("replace the output file if it exists"))
    p.add_argument("--approved-only", action="store_true", help=_("leave out unapproved pages"))
    p.add_argument("--strip-markers", action="store_true", help=_("remove 【模糊】-style markers"))
    p.add_argument(
        "--allow-unreviewed",
        action="store_true",
        help=_("export although findings are unreviewed (they are masked)"),
    )
    p.add_argument(
        "--allow-unplaced",
        action="store_true",
        help=_("a redacted PDF although some findings have no place on the scan"),
    )


def run(args: argparse.Namespace) -> int:
    session = DocumentSession.open(
        args.pdf, password=args.password, store_path=args.store, create=False
    )
    try:
        state = publish_state(session.store, session.page_count)
        if args.review:
            _list(state, args.json)
            return 0
        if args.accept_all:
            n = accept_all(session.store, state)
            say(_("{n} finding(s) accepted.").format(n=n), one_line=True)
            return 0
        if state.unreviewed and not args.allow_unreviewed:
            warn(
                PREFIX
                + _(
                    "{n} finding(s) are unreviewed; review them (or --accept-all, or "
                    "--allow-unreviewed to mask them unreviewed):"
                ).format(n=len(state.unreviewed))
            )
            _list(PublishState(state.pages, state.unreviewed, state.decisions), False, warn)
            return EXIT_UNREVIEWED
        options = ExportOptions(approved_only=args.approved_only, strip_markers=args.strip_markers)
        document = deidentify(collect(session, options), state, MaskRules())
    finally:
        session.close()
    unplaced = [(p.page, kind) for p in document.pages for kind in p.unplaced]
    if args.format == "pdf" and unplaced and not args.allow_unplaced:
        warn(
            PREFIX
            + _(
                "{n} finding(s) have no place on the scan (no alternate reading with line "
                "boxes covers them): mark them on the page in the app, or --allow-unplaced:"
            ).format(n=len(unplaced))
        )
        for page, kind in unplaced:
            warn(f"  {page + 1}  {_(KIND_LABELS[PersonalKind(kind)])}")
        return EXIT_UNREVIEWED
    target = args.output or Path(args.pdf).resolve().parent / published_name(document, args.format)
    result = write_published(
        document, args.format, target, overwrite=args.force, password=args.password
    )
    say(
        _("{path} ({pages} page(s), {bytes:,} bytes); masks: {masks}").format(
            path=result.path, pages=result.pages, bytes=result.bytes, masks=result.masks
        ),
        one_line=True,
    )
    return 0


def _list(state: PublishState, as_json: bool, out: Any = None) -> None:
    write = out or (lambda line: say(line, one_line=True))
    if as_json:
        say_json(
            {
                "findings": [_json(r, state.pages[r.finding.page]) for r in state.items],
                "unreviewed": len(state.unreviewed),
            }
        )
        return
    if not state.items:
        write(_("No personal data found."))
    for item in state.items:
        f = item.finding
        before, after = _context(state.pages[f.page], f.start, f.end)
        write(
            f"{f.page + 1}  {_(KIND_LABELS[f.kind])}  {f.text}  "
            f"{_(DECISION_LABELS[item.decision])}  …{before}[{f.text}]{after}…"
        )


def _context(text: str, start: int, end: int) -> tuple[str, str]:
    flat = str.maketrans("\n\t", "  ")
    return (
        text[max(0, start - CONTEXT) : start].translate(flat),
        text[end : end + CONTEXT].translate(flat),
    )


def _json(item: Reviewed, text: str) -> dict[str, Any]:
    f = item.finding
    before, after = _context(text, f.start, f.end)
    return {
        "page": f.page + 1,
        "kind": f.kind.value,
        "text": f.text,
        "start": f.start,
        "end": f.end,
        "key": f.key,
        "reason": f.reason,
        "decision": item.decision.value if item.decision else None,
        "occurrence": item.occurrence,
        "context": {"before": before, "after": after},
    }
