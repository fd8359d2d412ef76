"""Fail when a test module imports another test module.

    .venv/bin/python scripts/check_test_imports.py [DIR]   (default: tests)

Importing a test module runs its module-level code and ties the importer to a file
that is free to change as a list of cases: a broken import there fails the other's
collection too (CI fails at collection), and its tests' names land in the importer.
Shared helpers go in ``*_helpers.py`` modules (tests/README.md). No import is let
through: the 35 this check found when it came have moved to helpers modules, and any
file under the folder (a helpers module too) that imports a test module fails it.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _is_test(module: str) -> bool:
    return module.rsplit(".", 1)[-1].startswith("test_")


def imported_tests(path: Path) -> set[str]:
    """The test modules ``path`` imports (``tests.a.test_b``), TYPE_CHECKING ones too."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {
                a.name for a in node.names if a.name.startswith("tests.") and _is_test(a.name)
            }
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if not (node.module == "tests" or node.module.startswith("tests.")):
                continue
            if _is_test(node.module):
                found.add(node.module)
            else:  # from tests.a import test_b
                found |= {f"{node.module}.{a.name}" for a in node.names if _is_test(a.name)}
    return found


def import_pairs(root: Path, folder: str = "tests") -> set[tuple[str, str]]:
    """Every (importer, imported) pair of test modules under ``root / folder``."""
    pairs = set()
    for path in sorted((root / folder).rglob("*.py")):
        for module in imported_tests(path):
            target = module.replace(".", "/") + ".py"
            pairs.add((path.relative_to(root).as_posix(), target))
    return pairs


def problems(pairs: set[tuple[str, str]]) -> list[str]:
    """One failure per pair."""
    return [
        f"{a} imports the test module {b}: move what it shares to a *_helpers.py"
        for a, b in sorted(pairs)
    ]


def main(argv: list[str]) -> int:
    folder = argv[0] if argv else "tests"
    found = problems(import_pairs(ROOT, folder))
    for line in found:
        print(line)
    print(f"{len(found)} test-module import problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
