"""``proofdesk compare`` and ``proofdesk eval``: the review aids without the GUI.

    proofdesk compare PDF --page N [--transcript FILE]
        --alternate {ENGINE,PATH,version:ID,model:NAME,prompt:HASH}
    proofdesk eval PDF --a SELECTOR --b SELECTOR [--pages 1-5,9]

``compare`` prints the same flags the GUI shows, with offsets into the
transcript exactly as given (code points). An engine's reading is stored as an
alternate version when ``--store`` is given and reused on the next call, so a
slow engine runs once per page. A stored reading (another model's, another
prompt's) is named as ``proofdesk eval`` names one; without ``--transcript``
the page's working transcript is compared.
"""

from __future__ import annotations

import argparse
import asyncio
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backend.cli import scan_lines as cli_scan_lines
from backend.cli.arguments import free_text, quoted, whole
from backend.cli.output import say, say_json, shown
from backend.documents.page_ranges import parse_page_ranges
from backend.engines.offline.registry import engine_names
from backend.errors import ProofDeskError
from backend.i18n import _, and_join
from backend.review.percent import agreement_percent

if TYPE_CHECKING:  # imported when a command runs: `proofdesk --help` stays fast
    from backend.engines.offline import AltOcrRunner
    from backend.models import AltText
    from backend.review.run_eval import EvalReport
    from backend.review.values import PageReview
    from backend.session.document_session import DocumentSession

MAX_PAGE = 1_000_000_000
# SQLite keeps a version id in 64 bits: a larger "version:N" names no version (and
# would overflow the query instead of saying so).
MAX_VERSION_ID = 2**63 - 1
_VERSION_SELECTOR = re.compile(r"version:\s*([+-]?[0-9_]+)\s*")


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    compare = sub.add_parser(
        "compare", parents=[common], help=_("flag where a transcript needs checking")
    )
    compare.add_argument(
        "--page", type=whole(1, MAX_PAGE), required=True, help=_("page number (from 1)")
    )
    compare.add_argument(
        "--transcript", type=Path, help=_("UTF-8 text file (default: the working transcript)")
    )
    compare.add_argument(
        "--alternate",
        required=True,
        help=_(
            "an engine ({engines}), a UTF-8 text file, or a "
            "stored reading: version:ID, model:NAME, prompt:HASH"
        ).format(engines=", ".join(engine_names())),
    )
    compare.add_argument(
        "--fresh", action="store_true", help=_("run the engine even if the store has its reading")
    )
    cli_scan_lines.add_option(compare)
    ev = sub.add_parser(
        "eval", parents=[common], help=_("compare two runs (or a run and gold text)")
    )
    ev.add_argument("--a", required=True, dest="side_a", help=_("selector for side A"))
    ev.add_argument(
        "--b", required=True, dest="side_b", help=_("selector for side B (gold text: a folder)")
    )
    ev.add_argument(
        "--pages", type=free_text, help=_("pages to compare, e.g. 1-5,9 (default: all)")
    )


def run_compare(args: argparse.Namespace) -> int:
    from backend.session.document_session import DocumentSession

    transcript = None
    if args.transcript is not None:
        try:
            transcript = args.transcript.read_text("utf-8")
        except UnicodeDecodeError:
            raise ProofDeskError(
                _("{name} is not UTF-8 text.").format(name=quoted(args.transcript.name))
            ) from None
    _check_alternate(args.alternate)  # a typo makes no store (nor anything else)
    session = DocumentSession.open(args.pdf, password=args.password, store_path=args.store)
    try:
        # The same checks and message as --pages; str(int) is never blank, so never None.
        page = (parse_page_ranges(str(args.page), session.page_count) or (0,))[0]
        if transcript is None:
            transcript = session.store.working_text(page)
        cli_scan_lines.use_scan_lines(session, args, [page])
        review = compare_page(session, page, transcript, args)
    finally:
        session.close()
    if args.json:
        say_json(compare_json(review), indent=None)
    else:
        _print_review(review, transcript)
    return 0


def compare_page(
    session: DocumentSession, page: int, transcript: str, args: argparse.Namespace
) -> PageReview:
    """The review of ``transcript`` against the ``--alternate`` the user named, the
    session's review as the GUI's Compare dock shows it: a stored reading (a selector,
    an engine's kept with ``--store``) by its version, a file or a fresh engine run as
    a reading not stored."""
    from backend.session.readings import find_reading, is_selector

    if is_selector(args.alternate):
        version = find_reading(session.store, page, args.alternate)
        return session.review(page, alternate_id=version.id, text=transcript)
    alternate = _alternate(session, page, args)
    if isinstance(alternate, int):
        return session.review(page, alternate_id=alternate, text=transcript)
    return session.reviews.review_of(page, alternate, transcript)


def compare_json(review: PageReview) -> dict[str, Any]:
    """The ``--json`` shape the issues fix: page from 1, agreement, flags, the page's
    diagnoses (issue 22: kind, start, end, detail) and, when the alternate is the
    transcript's own reading, ``same_reading`` and no agreement."""
    data: dict[str, Any] = {
        "page": review.page + 1,
        "agreement": None if review.agreement is None else round(review.agreement, 4),
        "flags": [flag.as_json() for flag in review.flags],
        "diagnoses": [d.as_json() for d in review.diagnoses],
    }
    if review.same_reading:
        data["agreement"] = None
        data["same_reading"] = True
    return data


def _check_alternate(alternate: str) -> None:
    """Refuses an ``--alternate`` that names no stored reading, engine or file."""
    from backend.session.readings import is_selector

    if is_selector(alternate) or alternate in engine_names() or Path(alternate).is_file():
        return
    raise ProofDeskError(
        _("--alternate {alternate} is neither an engine ({join}) nor a text file.").format(
            alternate=quoted(alternate), join=", ".join(engine_names())
        )
    )


def _alternate(session: DocumentSession, page: int, args: argparse.Namespace) -> AltText | int:
    """The reading ``--alternate`` names: a stored version's id, else the reading."""
    from backend.models import AltText

    if args.alternate not in engine_names():
        _check_alternate(args.alternate)
        path = Path(args.alternate)
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ProofDeskError(
                _(
                    "--alternate {alternate} cannot be read as UTF-8 text; save it as UTF-8 "
                    "and try again."
                ).format(alternate=quoted(args.alternate)),
                detail=repr(exc),
            ) from exc
        return AltText(text=text, engine="file")
    from backend.engines.offline import AltOcrRunner, engine_problem, store_alt_text

    if args.store and not args.fresh:
        for version in session.alternates(page):
            if version.provenance.get("engine") == args.alternate:
                return version.id
    problem = engine_problem(args.alternate)
    if problem:
        raise ProofDeskError(problem)
    alt = asyncio.run(_read_page(AltOcrRunner(), session.pdf.info.path, page, args))
    if args.store:
        return store_alt_text(session.store, page, alt)[0]
    return alt


async def _read_page(
    runner: AltOcrRunner, pdf_path: str, page: int, args: argparse.Namespace
) -> AltText:
    try:
        return await runner.run_page(pdf_path, page, args.alternate, password=args.password)
    finally:
        runner.close()


def _print_review(review: PageReview, transcript: str) -> None:
    from backend.i18n import _
    from backend.review.diagnosis_names import diagnosis_name
    from backend.review.page_aids import flagged_share
    from backend.review.values import FlagKind

    agreement = agreement_percent(review.agreement)
    if review.same_reading:
        agreement = _("– (the alternate is the transcript's own reading: nothing to compare)")
    share = flagged_share(review, len(transcript), frozenset(FlagKind))
    say(
        _("page {page}: agreement {agreement}, {share:.1%} of characters flagged").format(
            page=review.page + 1, agreement=agreement, share=share
        )
    )
    for diagnosis in review.diagnoses:  # whole-page failures first: they matter most
        # Named in words, translated (the JSON keeps the kind's name for programs).
        name = diagnosis_name(diagnosis.kind)
        say(f"  {name:<14} {diagnosis.start}-{diagnosis.end} {diagnosis.detail}", one_line=True)
    for flag in review.flags:
        # One line a flag: the page text quoted (and the detail quoting it) is escaped,
        # line breaks included, so a span cannot clear the screen or fake a line.
        span = transcript[flag.start : flag.end] or "∅"
        say(
            f"  {flag.kind.value:<14} {flag.start}-{flag.end} «{span}» {flag.detail}", one_line=True
        )


def run_eval(args: argparse.Namespace) -> int:
    from backend.session.document_session import DocumentSession
    from backend.session.evaluation import evaluate_document

    for selector in (args.side_a, args.side_b):
        check_selector(selector)
    session = DocumentSession.open(
        args.pdf, password=args.password, store_path=args.store, create=False
    )
    try:
        pages = parse_page_ranges(args.pages, session.page_count)
        report = evaluate_document(
            session.store, session.page_count, args.side_a, args.side_b, pages
        )
    finally:
        session.close()
    if args.json:
        say_json(eval_json(report))
    else:
        say(eval_markdown(report))  # the selectors and the flags quote text: escaped
    return 0


def check_selector(selector: str) -> None:
    """Refuse a ``version:N`` no store can hold, before it reaches a query."""
    match = _VERSION_SELECTOR.fullmatch(selector)
    if match is None:
        return
    try:
        number = int(match[1]) if len(match[1]) <= 30 else MAX_VERSION_ID + 1
    except ValueError:
        return  # "version:1__2": the evaluation says it is not a whole number
    if not -MAX_VERSION_ID <= number <= MAX_VERSION_ID:
        raise ProofDeskError(
            _("{selector}: this document has no such version.").format(selector=quoted(selector))
        )


def eval_json(report: EvalReport) -> dict[str, Any]:
    return {
        "a": report.a,
        "b": report.b,
        "agreement": _round(report.agreement),
        "cer": _round(report.cer),
        "differences": report.differences,
        "pages": [
            {
                "page": p.page + 1,
                "agreement": _round(p.agreement),
                "differences": p.differences,
                "critical": [f.as_json() for f in p.critical],
                "diagnoses": [d.as_json() for d in p.diagnoses],  # as status --by-risk's
                "cer": _round(p.cer),
                "missing": " and ".join(p.missing) or None,  # a stable value, not prose
            }
            for p in report.pages
        ],
    }


def eval_markdown(report: EvalReport) -> str:
    """The report as a Markdown table (the CLI's output and the GUI's Copy), then each
    page's whole-page problems and critical items, one line each."""
    from backend.review.diagnosis_names import diagnosis_line

    # One line a row: what quotes a selector or page text is escaped, line breaks too,
    # so a newline in a reading cannot add a row of its own.
    lines = [
        f"A = {shown(report.a)}, B = {shown(report.b)}",
        "",
        _("| page | agreement | layout | punctuation | glyph | substantive | critical |")
        + (" CER |" if report.gold else ""),
        "|---|---|---|---|---|---|---|" + ("---|" if report.gold else ""),
    ]
    for p in report.pages:
        if p.agreement is None:
            lines.append(
                _("| {page} | no text on side {missing} | | | | | |").format(
                    page=p.page + 1, missing=and_join(p.missing)
                )
            )
            continue
        d = p.differences
        row = (
            f"| {p.page + 1} | {agreement_percent(p.agreement)} | {d['layout']} | "
            f"{d['punctuation']} | {d['glyph']} | {d['substantive']} | {len(p.critical)} |"
        )
        lines.append(row + (f" {p.cer:.2%} |" if p.cer is not None else ""))
    total = report.agreement
    lines.append("")
    lines.append(
        _("document: {compared_count} page(s) compared, agreement ").format(
            compared_count=len(report.compared)
        )
        + agreement_percent(total)
        + ("" if report.cer is None else f", CER {report.cer:.2%}")
    )
    for p in report.pages:
        for diagnosis in p.diagnoses:  # whole-page failures first, named as everywhere
            lines.append(
                _("- page {page}: {detail}").format(
                    page=p.page + 1, detail=shown(diagnosis_line(diagnosis))
                )
            )
        for flag in p.critical:
            lines.append(
                _("- page {page}: {detail}").format(page=p.page + 1, detail=shown(flag.detail))
            )
    return "\n".join(lines)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)
