"""``proofdesk facts`` and ``proofdesk glossary``: the document's facts, and its terms.

    proofdesk facts PDF [--json]
    proofdesk glossary PDF [--add TERM]... [--remove TERM]... [--import FILE] [--export FILE]

``facts``: each fact (a case number, a party with its role, an amount with its phrase,
a date, a statute, an exhibit, a glossary term) with its value, its variants and the
pages (1-based) each is on; a fact whose variants the cross-page checks take for one
value misread is marked. Read from the store's facts index: pages whose text changed
since are read again (and the index kept). ``glossary``: the document's terms, which
the facts and the checks read; without an option it prints them. ``--import`` adds a
file's terms (JSON, or one a line); ``--export`` writes them for another file of the case.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from backend.cli.arguments import free_text
from backend.cli.output import PREFIX, say, say_json, warn
from backend.errors import NoReviewError
from backend.facts.checks import page_runs
from backend.facts.model import FactGroup, FactKind
from backend.i18n import N_, _
from backend.session.document_session import DocumentSession
from backend.session.facts import DocumentFacts
from backend.session.facts_glossary import export_glossary, import_glossary

KIND_LABELS = {
    FactKind.CASE_NUMBER: N_("case number"),
    FactKind.PARTY: N_("party"),
    FactKind.AMOUNT: N_("amount"),
    FactKind.DATE: N_("date"),
    FactKind.STATUTE: N_("statute"),
    FactKind.EXHIBIT: N_("exhibit"),
    FactKind.GLOSSARY: N_("glossary term"),
}


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    sub.add_parser(
        "facts",
        parents=[common],
        help=_("the document's facts (case numbers, parties, amounts, ...) and their pages"),
    )
    g = sub.add_parser("glossary", parents=[common], help=_("the document's glossary terms"))
    g.add_argument(
        "--add", action="append", default=[], type=free_text, metavar="TERM", help=_("add a term")
    )
    g.add_argument(
        "--remove",
        action="append",
        default=[],
        type=free_text,
        metavar="TERM",
        help=_("remove a term"),
    )
    g.add_argument(
        "--import",
        dest="import_from",
        type=Path,
        metavar="FILE",
        help=_("add the terms of a glossary file (.json, or one term a line)"),
    )
    g.add_argument(
        "--export",
        type=Path,
        metavar="FILE",
        help=_("write the glossary to a file (.json or text)"),
    )


def _open(args: argparse.Namespace, *, create: bool) -> DocumentSession | None:
    try:
        session = DocumentSession.open(
            args.pdf, password=args.password, store_path=args.store, create=create
        )
    except NoReviewError as exc:  # nothing read yet: no facts, and nothing made
        warn(PREFIX + _("notice: {notice}").format(notice=exc))
        return None
    for notice in session.notices:
        warn(PREFIX + _("notice: {notice}").format(notice=notice))
    return session


def run_facts(args: argparse.Namespace) -> int:
    session = _open(args, create=False)
    groups: list[FactGroup] = []
    if session is not None:
        try:
            groups = DocumentFacts(session.store).groups()
        finally:
            session.close()
    if args.json:
        say_json({"facts": [group_json(g) for g in groups]})
        return 0
    if not groups:
        say(_("No facts found."))
    for group in groups:
        for line in group_lines(group):
            say(line, one_line=True)
    return 0


def run_glossary(args: argparse.Namespace) -> int:
    changes = bool(args.add or args.remove or args.import_from)
    # Reading a file first: a bad one changes nothing (and makes no store).
    imported = import_glossary(args.import_from) if args.import_from else ()
    session = _open(args, create=changes)
    terms: Sequence[str] = ()
    if session is not None:
        try:
            facts = DocumentFacts(session.store)
            terms = facts.glossary()
            if changes:
                gone = set(args.remove)
                kept = [t for t in (*terms, *imported, *args.add) if t not in gone]
                terms = facts.set_glossary(kept)
        finally:
            session.close()
    if args.export:
        export_glossary(terms, args.export)
    if args.json:
        say_json({"glossary": list(terms)})
    elif args.export:
        say(_("{n} terms written to {path}.").format(n=len(terms), path=args.export), one_line=True)
    else:
        for term in terms:
            say(term, one_line=True)
    return 0


def group_json(group: FactGroup) -> dict[str, Any]:
    return {
        "kind": group.kind.value,
        "label": group.label,
        "conflict": group.conflict,
        "variants": [
            {
                "value": v.value,
                "key": v.key,
                "pages": [p + 1 for p in v.pages],
                "places": [{"page": f.page + 1, "start": f.start, "end": f.end} for f in v.places],
            }
            for v in group.variants
        ],
    }


def group_lines(group: FactGroup) -> list[str]:
    """The fact on one line, each other variant on one line below it, with their pages."""
    kind = _(KIND_LABELS[group.kind])
    head = f"{kind} {group.label}".strip() if group.label else kind
    mark = _(" (read differently)") if group.conflict else ""
    lines = []
    for i, variant in enumerate(group.variants):
        on = page_list(variant.pages)
        one = len(variant.pages) == 1
        pages = (_("page {pages}") if one else _("pages {pages}")).format(pages=on)
        # A value read across a line break is one value: shown on one line.
        value = "".join(variant.value.splitlines())
        if i == 0:
            lines.append(f"{head}: {value}  {pages}{mark}")
        else:
            lines.append("    " + _("variant {value}  {pages}").format(value=value, pages=pages))
    return lines


def page_list(pages: Iterable[int]) -> str:
    """0-based pages as 1-based runs: "1–6, 8, 10–12"."""
    return ", ".join(page_runs(pages))
