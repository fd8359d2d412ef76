"""Fail when a module grows past the size one person can hold in their head.

    .venv/bin/python scripts/check_sizes.py [--max-lines N] [DIR ...]

Defaults: at most 400 lines, in backend, gui, bench and scripts.

A module over ``--max-lines`` lines is a sign it does more than one job: split
it by what it does (docs/ARCHITECTURE.md). Tests are not counted: a test file
is a list of cases, not a design.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

MAX_LINES = 400
DEFAULT_DIRS = ("backend", "gui", "bench", "scripts")


def module_sizes(dirs: list[Path]) -> dict[Path, int]:
    """Line count of every ``.py`` file under ``dirs``."""
    return {
        path: len(path.read_text(encoding="utf-8").splitlines())
        for folder in dirs
        for path in sorted(folder.rglob("*.py"))
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-lines", type=int, default=MAX_LINES)
    parser.add_argument("dirs", nargs="*", type=Path, default=[Path(d) for d in DEFAULT_DIRS])
    args = parser.parse_args(argv)
    missing = [d for d in args.dirs if not d.is_dir()]
    sizes = module_sizes([d for d in args.dirs if d.is_dir()])
    if missing or not sizes:  # a check that looked at nothing must not pass
        where = ", ".join(map(str, missing or args.dirs))
        print(f"no Python modules to check in {where}: run from the project root")
        return 2
    big = {path: lines for path, lines in sizes.items() if lines > args.max_lines}
    for path, lines in big.items():
        print(f"{path}: {lines} lines (at most {args.max_lines}): split it by what it does")
    if sizes:
        largest = max(sizes, key=lambda path: sizes[path])
        print(f"{len(sizes)} modules; the largest: {largest} ({sizes[largest]} lines)")
    return 1 if big else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
