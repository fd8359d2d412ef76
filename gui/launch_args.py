"""The ``proofdesk`` GUI's command line: which PDF, which store, its password.

Qt-free, so the launcher (``gui.entry``) can read it before Qt is imported and
the app (``gui.app``) after, without the two importing each other.
"""

from __future__ import annotations

import argparse
from pathlib import Path

SAMPLE_PDF = Path(__file__).resolve().parent.parent / "resources" / "samples" / "legal-sample.pdf"


def _store_target(value: str) -> Path | str:
    """A team server's address stays a string (a Path would fold its "//")."""
    return value if value.startswith(("postgresql://", "postgres://")) else Path(value)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="proofdesk",
        description="Proofread VLM transcripts of PDFs. Subcommands: info, status, import "
        "(see `proofdesk info --help`).",
    )
    parser.add_argument(
        "pdf", nargs="?", type=Path, help="PDF to open (default: the bundled sample document)"
    )
    parser.add_argument(
        "--store",
        type=_store_target,
        help="review store file, or a team server postgresql://host/db (default: per-user data)",
    )
    parser.add_argument("--password", help="the PDF's password (otherwise asked for)")
    parser.add_argument(
        "--lang", choices=("en", "zh_TW"), help="UI language (default: settings, then the system)"
    )
    return parser.parse_args(argv)
