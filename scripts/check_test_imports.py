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


_LOADERS = {"import_module", "__import__", "importorskip", "run_module"}  # a module's name


def _absolute(node: ast.ImportFrom, package: str) -> str | None:
    """``from ..b import x``'s module as an absolute name, in the importer's ``package``."""
    if node.level == 0:
        return node.module
    parts = package.split(".")
    if node.level > len(parts):
        return None  # beyond the top: Python refuses it too
    base = ".".join(parts[: len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


def _named(node: ast.AST, package: str) -> set[str]:
    """Module names given as strings: ``importlib.import_module("tests.a.test_b")`` (or
    ``".test_b"``, against its ``package=`` or the importer's package), ``__import__``,
    ``pytest.importorskip``, ``runpy.run_module`` and ``pytest_plugins = [...]``."""
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in _LOADERS:
            return set()
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        first = node.args[0] if node.args else keywords.get("name")
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            return set()
        module = first.value
        if module.startswith("."):  # relative: as importlib resolves it
            anchor = keywords.get("package")
            if isinstance(anchor, ast.Constant) and isinstance(anchor.value, str):
                base = anchor.value
            else:  # ``package=__package__`` or none given: the importer's own
                base = package
            dots = len(module) - len(module.lstrip("."))
            parts = base.split(".")
            if dots > len(parts):
                return set()
            module = ".".join([*parts[: len(parts) - dots + 1], module.lstrip(".")])
        return {module}
    if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "pytest_plugins" for t in node.targets
    ):
        values = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
        return {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return set()


def imported_tests(path: Path, package: str = "tests") -> set[str]:
    """The test modules ``path`` imports (``tests.a.test_b``), TYPE_CHECKING ones too;
    ``package`` is the importer's own (``tests.a``), for relative imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, package)
            if module is None:
                continue
            if _is_test(module):  # from tests.a.test_b import x
                found.add(module)
            else:  # from tests.a import test_b
                found |= {f"{module}.{a.name}" for a in node.names}
        else:
            found |= _named(node, package)
    return {m for m in found if (m == "tests" or m.startswith("tests.")) and _is_test(m)}


def import_pairs(root: Path, folder: str = "tests") -> set[tuple[str, str]]:
    """Every (importer, imported) pair of test modules under ``root / folder``."""
    pairs = set()
    for path in sorted((root / folder).rglob("*.py")):
        package = ".".join(path.relative_to(root).parent.parts)
        for module in imported_tests(path, package):
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
