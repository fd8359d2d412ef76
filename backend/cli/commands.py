"""The headless command line: the same backend the GUI drives, without Qt.

    proofdesk info PDF            pages, encryption, repaired
    proofdesk status PDF [--by-risk]   per-page review status summary (riskiest first)
    proofdesk import PDF --from PATH [--as alternate|transcript]
    proofdesk ocr PDF --server URL   transcribe pages with a vLLM server
    proofdesk export PDF --format pdf -o OUT   corrected text, searchable PDF, audit
    proofdesk plan --config FILE --gpu-gb G   VRAM planner for a model
    proofdesk alt PDF --engine rapidocr      alternate readings (offline engines)
    proofdesk layout PDF [--pages 1-3]       tables, text and figures on the scan
    proofdesk compare PDF --page N [--transcript FILE] --alternate ENGINE|FILE|model:NAME
    proofdesk eval PDF --a SELECTOR --b SELECTOR   compare two runs (or gold text)
    proofdesk batch-prepare PDF --out DIR [--shards N]   a job folder for vllm run-batch
    proofdesk batch-import PDF DIR/results*.jsonl   its answers as OCR versions
    proofdesk replace PDF FIND REPLACEMENT [--apply]   find & replace, a dry run by default
    proofdesk facts PDF [--json]   the document's facts, their variants and pages
    proofdesk glossary PDF [--add TERM] [--import FILE] [--export FILE]   its terms
    proofdesk publish PDF --review | --accept-all | --format pdf   de-identify for publishing
    proofdesk stats PDF [--json] [--by model|prompt|server|person|page]   review statistics

Bad input prints one line on stderr and exits 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from backend.cli import alt as cli_alt
from backend.cli import batch_files as cli_batch_files
from backend.cli import export as cli_export
from backend.cli import facts as cli_facts
from backend.cli import language as cli_language
from backend.cli import layout as cli_layout
from backend.cli import ocr as cli_ocr
from backend.cli import plan as cli_plan
from backend.cli import publish as cli_publish
from backend.cli import readable as cli_readable
from backend.cli import replace as cli_replace
from backend.cli import review as cli_review
from backend.cli import scan_lines as cli_scan_lines
from backend.cli import stats as cli_stats
from backend.cli import team as cli_team
from backend.cli.arguments import Parser, free_text, quoted
from backend.cli.output import EXIT_BAD_INPUT, PREFIX, fail, say, say_json, warn
from backend.documents.pdf import open_pdf
from backend.errors import (
    NoReviewError,
    PasswordRequiredError,
    ProofDeskError,
    WrongPasswordError,
)
from backend.i18n import _
from backend.models import ReviewStatus
from backend.session.archive_readings import import_archive
from backend.session.document_session import DocumentSession
from backend.store.archive_import import is_archive

# A bug, not bad input: scripts can tell the two apart (BSD's EX_SOFTWARE).
EXIT_INTERNAL_ERROR = 70
TRACEBACK_ENV = "PROOFDESK_TRACEBACK"
COMMANDS = (
    "info",
    "status",
    "import",
    "ocr",
    "alt",
    "layout",
    "plan",
    "compare",
    "eval",
    "export",
    "batch-prepare",
    "batch-import",
    "store",
    "replace",
    "facts",
    "glossary",
    "publish",
    "stats",
)


def build_parser() -> argparse.ArgumentParser:
    # Parser (one-line errors) for the subcommands too: add_parser() makes its own class.
    parser = Parser(
        prog="proofdesk",
        description=_("The headless command line: the same backend the GUI drives, without Qt."),
    )
    sub = parser.add_subparsers(dest="command", required=True)
    common = Parser(add_help=False)
    common.add_argument("pdf", type=Path, help=_("the PDF document"))
    common.add_argument("--password", type=free_text, help=_("the PDF's password, if it has one"))
    common.add_argument(
        "--store",
        type=cli_team.store_target,
        help=_("review store file, or a team server postgresql://host/db (default: per-user data)"),
    )
    common.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    cli_language.add_option(common)
    sub.add_parser("info", parents=[common], help=_("pages, size, encryption, repair notices"))
    status = sub.add_parser("status", parents=[common], help=_("review status per page"))
    status.add_argument(
        "--by-risk", action="store_true", help=_("pages riskiest first, with why (review aids)")
    )
    status.add_argument(
        "--alternate",
        type=free_text,
        help=_("with --by-risk: compare with this stored reading: version:ID, model:NAME, ..."),
    )
    cli_scan_lines.add_option(status)
    imp = sub.add_parser("import", parents=[common], help=_("add transcripts as 'import' versions"))
    imp.add_argument(
        "--from",
        dest="source",
        type=Path,
        required=True,
        help=_(
            "a JSONL file of {page, text}, a folder of page-N.txt/.md files, or PAGE XML, "
            "ALTO or hOCR files (a folder of them, one per page as export writes, or one file)"
        ),
    )
    imp.add_argument(
        "--as",
        dest="import_as",
        choices=["alternate", "transcript"],
        default="alternate",
        help=_(
            "PAGE XML, ALTO and hOCR pages become alternate readings (default), or the transcript"
        ),
    )
    cli_ocr.add_parser(sub, common)
    cli_alt.add_parser(sub, common)
    cli_layout.add_parser(sub, common)
    cli_export.add_parser(sub, common)
    cli_language.add_option(cli_plan.add_parser(sub))
    cli_review.add_parsers(sub, common)
    cli_team.add_parser(sub, common)  # store push / pull
    cli_batch_files.add_parsers(sub, common)
    cli_replace.add_parser(sub, common)
    cli_facts.add_parsers(sub, common)  # facts, glossary
    cli_publish.add_parser(sub, common)
    cli_stats.add_parser(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:
        # Ctrl+C: the shell's code for it (128 + SIGINT) and one line, never a
        # traceback. ``ocr`` and ``alt`` catch it themselves to say what was kept.
        warn(_("proofdesk: stopped (Ctrl+C)."))
        return cli_ocr.EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    cli_language.choose(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help (0), or a bad option already reported in one line
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT if exc.code else 0
    handler: Callable[[argparse.Namespace], int] = _HANDLERS[args.command]
    try:
        return handler(args)
    except WrongPasswordError as exc:
        return fail(str(exc))
    except PasswordRequiredError as exc:
        return fail(_("{exc} Give it with --password.").format(exc=exc))
    except ProofDeskError as exc:
        return fail(str(exc))
    except OSError as exc:  # unreadable file, full disk, name too long: still one clear line
        name = quoted(os.fsdecode(exc.filename)) if isinstance(exc.filename, str | bytes) else ""
        return fail(f"{exc.strerror or exc}: {name}".rstrip(": "))
    except Exception as exc:
        # The readers turn bad input into ProofDeskErrors; reaching here is a bug in
        # ProofDesk. Still one line on a terminal, with its own exit code so that
        # scripts (and the CLI fuzz test) can tell it from bad input.
        if os.environ.get(TRACEBACK_ENV):
            raise
        fail(
            _(
                "internal error ({name__}: {exc}). This is a bug in ProofDesk; please "
                "report it (set {traceback_env}=1 to see where it happened)."
            ).format(name__=type(exc).__name__, exc=exc, traceback_env=TRACEBACK_ENV)
        )
        return EXIT_INTERNAL_ERROR


def _info(args: argparse.Namespace) -> int:
    pdf = open_pdf(args.pdf, args.password)
    try:
        info = pdf.info
        width, height = pdf.page_size(0)
        data = {
            "path": info.path,
            "pages": info.page_count,
            "sha256": info.sha256,
            "first_page_size_pt": [round(width, 1), round(height, 1)],
            "encrypted": info.encrypted,
            "needed_password": info.needed_password,
            "repaired": info.repaired,
            "title": info.title,
            "notices": list(info.notices),
        }
    finally:
        pdf.close()
    if args.json:
        say_json(data)
    else:
        # The title and the notices come from the file: one line each, escaped.
        for line in cli_readable.info_lines(data):
            say(line, one_line=True)
    return 0


def _open_session(args: argparse.Namespace, *, create: bool = True) -> DocumentSession:
    """The document's session; what the opening noticed (a missing store started anew,
    the PDF repaired or moved) is told on stderr, one line each, never silently.
    A command that only reads (``create=False``) makes no store where there is none."""
    session = DocumentSession.open(
        args.pdf, password=args.password, store_path=args.store, create=create
    )
    for notice in session.notices:
        warn(PREFIX + _("notice: {notice}").format(notice=notice))
    return session


def _close_session(session: DocumentSession) -> None:
    """Close after the work succeeded; a failed backup on closing is then worth a line.
    After a failure, ``_abandon`` closes instead: the error's own line says it all."""
    session.close()
    if session.backup_error:
        warn(PREFIX + session.backup_error)


def _abandon(session: DocumentSession) -> None:
    session.close()


def _status(args: argparse.Namespace) -> int:
    try:
        session = _open_session(args, create=False)
    except NoReviewError as exc:  # every page is then not reviewed: said, and nothing made
        warn(PREFIX + _("notice: {notice}").format(notice=exc))
        return _print_status(args, [ReviewStatus.UNREVIEWED] * exc.page_count, None)
    if args.by_risk or args.alternate:  # --alternate only means anything for the risk
        from backend.cli.risk import print_by_risk

        try:
            cli_scan_lines.use_scan_lines(session, args, list(range(session.page_count)))
            print_by_risk(session, args.json, args.alternate)
        except BaseException:
            _abandon(session)
            raise
        _close_session(session)
        return 0
    try:
        statuses = session.statuses()
        team = cli_team.progress(session)  # on the team server: per person, claims
    except BaseException:
        _abandon(session)
        raise
    _close_session(session)
    return _print_status(args, statuses, team)


def _print_status(
    args: argparse.Namespace, statuses: list[ReviewStatus], team: dict[str, Any] | None
) -> int:
    counts = Counter(statuses)
    summary = {status: counts.get(status, 0) for status in ReviewStatus}
    if args.json:
        say_json(
            {
                "pages": [s.value for s in statuses],
                "summary": {k.value: v for k, v in summary.items()},
                **({"team": team} if team is not None else {}),
            }
        )
        return 0
    for line in cli_readable.status_lines(statuses, summary):
        say(line)
    if team is not None:
        cli_team.say_progress(team)
    return 0


def _import(args: argparse.Namespace) -> int:
    session = _open_session(args)
    try:
        if is_archive(args.source):
            change = import_archive(
                session, args.source, as_transcript=args.import_as == "transcript"
            )
        else:
            change = session.import_transcripts(args.source)
    except BaseException:
        _abandon(session)
        raise
    _close_session(session)
    say(change.message, one_line=True)
    return 0


_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "info": _info,
    "status": _status,
    "import": _import,
    "ocr": cli_ocr.run,
    "export": cli_export.run,
    "alt": cli_alt.run,
    "layout": cli_layout.run,
    "plan": cli_plan.run,
    "compare": cli_review.run_compare,
    "eval": cli_review.run_eval,
    "store": cli_team.run,
    "batch-prepare": cli_batch_files.run_prepare,
    "batch-import": cli_batch_files.run_import,
    "replace": cli_replace.run,
    "facts": cli_facts.run_facts,
    "glossary": cli_facts.run_glossary,
    "publish": cli_publish.run,
    "stats": cli_stats.run,
}


if __name__ == "__main__":
    sys.exit(main())
