"""``proofdesk export``: write the corrected text, a searchable PDF, the audit trail, or
PAGE XML / ALTO / hOCR (a folder, one file per page: OUT/0001.xml, ...).

    proofdesk export PDF --format FORMAT [-o OUT]
                     [--approved-only] [--pages A-B] [--store PATH] [--strip-markers]
                     [--marker PATTERN]... [--separator TEXT] [--force]

The formats are ``backend.export.registry``'s (``proofdesk export --help`` lists
them). Without ``-o`` the file goes next to the PDF, named after its title. An
existing file is replaced only with ``--force``; the PDF and its review store
never are. Pages not yet approved, and approved pages with legal-critical items or
whole-page problems open, are named on stderr.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

from backend.cli.arguments import free_text
from backend.cli.output import say, warn
from backend.export import (
    ExportError,
    ExportExistsError,
    ExportFormat,
    ExportOptions,
    ExportResult,
    collect,
    default_name,
    export_format,
    parse_pages,
    review_aids_provider,
    write_export,
)
from backend.export.open_critical import approved_open_items, open_items_notice
from backend.export.pages import collect_statistics
from backend.export.safe_write import link_target
from backend.i18n import _, list_join
from backend.review.markers import MarkerSet
from backend.review.page_aids import AidSettings
from backend.session.document_session import DocumentSession
from backend.session.review_tables import default_options


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "export", parents=[common], help=_("export corrected text or an audit trail")
    )
    p.add_argument(
        "--format",
        required=True,
        choices=[f.value for f in ExportFormat],
        help="; ".join(f"{f.value}: {_(f.spec.label)}" for f in ExportFormat),
    )
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        help=_(
            "output file (default: next to the PDF); page, alto and hocr write a folder "
            "with one file per page named by its number: OUT/0001.xml, OUT/0002.xml "
            "(hocr: OUT/0001.hocr), each naming the page image 0001.png at 300 dpi"
        ),
    )
    p.add_argument("--pages", type=free_text, help=_("page range, e.g. 1-20 or 3,5,9 (1-based)"))
    p.add_argument("--approved-only", action="store_true", help=_("leave out unapproved pages"))
    p.add_argument("--strip-markers", action="store_true", help=_("remove 【模糊】-style markers"))
    p.add_argument(
        "--marker",
        action="append",
        type=free_text,
        help=_("also a marker: this text, or a regex after re: (repeat for more)"),
    )
    p.add_argument(
        "--separator",
        default="\f",
        type=free_text,
        help=_('txt page separator: text between pages, or a line such as "--- page {page} ---"'),
    )
    p.add_argument("--force", action="store_true", help=_("replace the output file if it exists"))


def run(args: argparse.Namespace) -> int:
    fmt = export_format(args.format)
    session = DocumentSession.open(
        args.pdf, password=args.password, store_path=args.store, create=False
    )
    try:
        options = ExportOptions(
            pages=parse_pages(args.pages, session.page_count),
            approved_only=args.approved_only,
            strip_markers=args.strip_markers,
            markers=markers_of(args.marker),
            separator=args.separator.replace("\\f", "\f").replace("\\n", "\n"),
        )
        wants_aids = fmt.spec.needs_aids  # a diff per page: only where the file carries it
        # The aids count the same markers.
        settings = AidSettings(compare=default_options(), markers=options.markers)
        document = collect(
            session, options, aids=review_aids_provider(session, settings) if wants_aids else None
        )
        if fmt.spec.needs_statistics:  # the report's charts
            document = replace(document, statistics=collect_statistics(session))
        open_items = approved_open_items(document, None if wants_aids else session)
    finally:
        session.close()
    target = args.output or Path(args.pdf).resolve().parent / default_name(document, fmt)
    pointed_to = link_target(target)
    try:
        result = write_export(document, fmt, target, overwrite=args.force, password=args.password)
    except ExportExistsError as exc:
        raise ExportExistsError(_("{exc} Use --force to replace it.").format(exc=exc)) from exc
    if pointed_to is not None:  # --force replaced a link: say which file was not touched
        warn(
            _(
                "proofdesk: “{name}” was a link to “{pointed_to}”; the link was replaced "
                "and that file was left as it was (name it with -o to replace it)."
            ).format(name=target.name, pointed_to=pointed_to)
        )
    _report(result)
    if open_items:
        warn(_("proofdesk: warning: ") + open_items_notice(open_items))
    return 0


def markers_of(patterns: list[str] | None) -> MarkerSet:
    """The default markers and the ``--marker`` patterns; a bad regex is named."""
    if not patterns:
        return MarkerSet.default()
    try:
        return MarkerSet.from_patterns([*MarkerSet.default().patterns, *patterns])
    except ValueError as exc:
        raise ExportError(_("--marker: {exc}").format(exc=exc)) from exc


def _report(result: ExportResult) -> None:
    if result.skipped:
        left_out = _numbers(result.skipped)
        warn(_("proofdesk: left out unapproved page(s): {left_out}").format(left_out=left_out))
    if result.unapproved:
        warn(
            _(
                "proofdesk: warning: page(s) {numbers} are not approved; the export is "
                "marked as containing unapproved pages."
            ).format(numbers=_numbers(result.unapproved))
        )
    if result.replaced:  # a store from before the boundary: said, never refused
        warn(_("proofdesk: warning: ") + result.replaced_notice)
    say(
        _("{path} ({pages} page(s), {bytes:,} bytes)").format(
            path=result.path, pages=result.pages, bytes=result.bytes
        ),
        one_line=True,
    )


def _numbers(pages: tuple[int, ...]) -> str:
    return list_join(p + 1 for p in pages)
