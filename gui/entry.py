"""The ``proofdesk`` command: CLI subcommands go to the Qt-free backend CLI,
anything else launches the GUI (Qt is imported only then)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from backend import cli
from gui.launch_args import SAMPLE_PDF, parse_args


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in cli.COMMANDS:
        return cli.main(args)
    _prewarm_renderer(args)
    from gui.app import run  # only now: `proofdesk info` and friends never import Qt

    return run(args)


def _prewarm_renderer(args: list[str]) -> None:
    """Start rendering the launch document's first page before Qt is imported."""
    from gui.services.prewarm import prewarm

    options = parse_args(args)
    target = options.pdf or SAMPLE_PDF
    if target.is_file():
        prewarm(target, options.password)


if __name__ == "__main__":
    sys.exit(main())
