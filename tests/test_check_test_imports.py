"""The check that no test module imports another (scripts/check_test_imports.py) holds
on the tree, and fails on a tree where one does, in each form of import."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.check_test_imports import import_pairs, problems
from tests.conftest import ROOT


def test_the_tree_has_no_test_module_import() -> None:
    assert problems(import_pairs(ROOT)) == []


@pytest.mark.parametrize(
    "line",
    [
        "from tests.a.test_other import CELLS",
        "import tests.a.test_other",
        "from tests.a import test_other",
        "from . import test_other",
        "from .test_other import CELLS",
        "from ..a.test_other import CELLS",
        "import importlib; importlib.import_module('tests.a.test_other')",
        "__import__('tests.a.test_other')",
        "import pytest; pytest.importorskip('tests.a.test_other')",
        "pytest_plugins = ['tests.a.test_other']",
        "import importlib; importlib.import_module('.test_other', package=__package__)",
        "import importlib; importlib.import_module('..a.test_other', 'tests.a')",
        "from importlib import import_module; import_module(name='tests.a.test_other')",
        "import runpy; runpy.run_module('tests.a.test_other')",
    ],
)
def test_a_test_module_importing_another_fails(tmp_path: Path, line: str) -> None:
    folder = tmp_path / "tests" / "a"
    folder.mkdir(parents=True)
    (folder / "test_other.py").write_text("CELLS = 1\n", encoding="utf-8")
    (folder / "test_one.py").write_text(f"{line}\n", encoding="utf-8")
    found = problems(import_pairs(tmp_path))
    assert found and "tests/a/test_one.py imports the test module tests/a/test_other.py" in found[0]
    # Moved to a helpers module, it passes; a helpers module importing the test module fails.
    (folder / "test_one.py").write_text("from tests.a.a_helpers import CELLS\n", encoding="utf-8")
    assert problems(import_pairs(tmp_path)) == []
    (folder / "a_helpers.py").write_text(f"{line}\n", encoding="utf-8")
    assert problems(import_pairs(tmp_path)) == [
        "tests/a/a_helpers.py imports the test module tests/a/test_other.py:"
        " move what it shares to a *_helpers.py"
    ]
