"""The ``proofdesk`` command: CLI subcommands go to the Qt-free backend CLI,
anything else launches the GUI (Qt is imported only then)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from backend import cli

SAMPLE_PDF = Path(__file__).resolve().parent.parent / "resources" / "samples" / "legal-sample.pdf"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in cli.COMMANDS:
        return cli.main(args)
    _prewarm_renderer(args)
    from gui.app import run  # only now: `proofdesk info` and friends never import Qt

    return run(args)


def _prewarm_renderer(args: list[str]) -> None:
    """Start rendering the launch document's first page before Qt is imported."""
    from gui.prewarm import prewarm

    options = parse_args(args)
    target = options.pdf or SAMPLE_PDF
    if target.is_file():
        prewarm(target, options.password)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="proofdesk",
        description="Proofread VLM transcripts of PDFs. Subcommands: info, status, import "
        "(see `proofdesk info --help`).",
    )
    parser.add_argument(
        "pdf", nargs="?", type=Path, help="PDF to open (default: the bundled sample document)"
    )
    parser.add_argument("--store", type=Path, help="review store file (default: per-user data)")
    parser.add_argument("--password", help="the PDF's password (otherwise asked for)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
