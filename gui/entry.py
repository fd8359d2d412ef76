"""The ``proofdesk`` command: CLI subcommands go to the Qt-free backend CLI,
anything else launches the GUI (Qt is imported only then)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from backend import cli


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in cli.COMMANDS:
        return cli.main(args)
    from gui.app import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
