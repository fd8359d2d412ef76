"""The ``proofdesk`` GUI's command line: which PDF, which store, its password.

Qt-free, so the launcher (``gui.entry``) can read it before Qt is imported and
the app (``gui.app``) after, without the two importing each other.

``--help`` and argparse's own errors are in the language the CLI would use
(``backend.cli.language``: ``--lang``, else the locale); the language saved in the
GUI's settings needs Qt and is applied later, by ``gui.app``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from backend.cli import language as cli_language
from backend.i18n import _, current_language, set_language

SAMPLE_PDF = Path(__file__).resolve().parent.parent / "resources" / "samples" / "legal-sample.pdf"


def _store_target(value: str) -> Path | str:
    """A team server's address stays a string (a Path would fold its "//")."""
    return value if value.startswith(("postgresql://", "postgres://")) else Path(value)


def parse_args(argv: list[str]) -> argparse.Namespace:
    # The language only while parsing: what it prints (help, errors) exits, and the app
    # chooses its own language afterwards, as does a test that set one beforehand.
    before = current_language()
    cli_language.choose(argv)
    try:
        return _parser().parse_args(argv)
    finally:
        set_language(before)


class _LaunchParser(argparse.ArgumentParser):
    def format_help(self) -> str:
        # Built only when asked: listing the commands imports every command's module,
        # which an ordinary start of the window must not wait for.
        from backend.cli.overview import command_overview

        return f"{super().format_help()}\n{command_overview()}"


def _parser() -> argparse.ArgumentParser:
    parser = _LaunchParser(
        prog="proofdesk",
        description=_(
            "Proofread VLM transcripts of PDFs. With a PDF (or none: the bundled sample) "
            "it opens the window; with one of the commands below it works in the terminal."
        ),
    )
    parser.add_argument(
        "pdf", nargs="?", type=Path, help=_("PDF to open (default: the bundled sample document)")
    )
    parser.add_argument(
        "--store",
        type=_store_target,
        help=_("review store file, or a team server postgresql://host/db (default: per-user data)"),
    )
    parser.add_argument("--password", help=_("the PDF's password (otherwise asked for)"))
    parser.add_argument(
        "--lang",
        choices=("en", "zh_TW"),
        help=_("UI language (default: settings, then the system)"),
    )
    return parser
