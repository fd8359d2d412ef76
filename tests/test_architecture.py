"""The architecture's checks fail when the architecture is broken.

CI runs ``lint-imports`` (the layer contracts in pyproject.toml),
``scripts/check_cycles.py`` and ``scripts/check_sizes.py`` on the real tree;
these tests break a copy of the tree on purpose and see each check fail, so a
check that stopped checking (a renamed package, a contract that matches
nothing) cannot pass unnoticed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Dev tools: in .venv, not in the Qt-free backend venv (skip there, before importing them).
pytest.importorskip("importlinter")

from scripts.check_cycles import import_cycles
from scripts.check_sizes import main as check_sizes
from tests.conftest import ROOT

# One deliberate violation per contract: (module, import added, what lint-imports reports
# it imports; an outside package by its top-level name).
VIOLATIONS = [
    ("backend/documents/pdf.py", "PySide6.QtCore", "PySide6"),  # backend never imports Qt
    ("backend/store/lock.py", "backend.session.document_session", None),  # store under session
    ("gui/aids/review_queue.py", "gui.shell.main_window", None),  # no feature imports the shell
    ("gui/ocr/ocr_panel.py", "gui.review.controller", None),  # nor another feature
]


def _copy_tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    for package in ("backend", "gui"):
        shutil.copytree(
            ROOT / package, root / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_contracts_hold_on_the_tree_and_break_on_each_violation(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path)
    clean = _lint_imports(root)
    assert clean.returncode == 0, clean.stdout[-3000:]
    assert "3 kept, 0 broken" in clean.stdout
    for module, imported, _ in VIOLATIONS:
        path = root / module
        text = path.read_text(encoding="utf-8") + f"\nimport {imported}  # noqa\n"
        path.write_text(text, encoding="utf-8")
    broken = _lint_imports(root)
    assert broken.returncode != 0
    assert "0 kept, 3 broken" in broken.stdout, broken.stdout[-3000:]
    for module, imported, reported in VIOLATIONS:
        importer = module.removesuffix(".py").replace("/", ".")
        assert f"{importer} -> {reported or imported} (l." in broken.stdout, (importer, imported)


def test_the_project_has_no_import_cycle() -> None:
    sys.path.insert(0, str(ROOT))  # bench is found from the project root, as the script does
    try:
        assert import_cycles(["backend", "gui", "bench"]) == []
    finally:
        sys.path.remove(str(ROOT))


def test_a_cycle_kept_alive_by_type_hints_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "knot"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "window.py").write_text("import knot.feature\n")
    (package / "feature.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import knot.window\n"
    )
    (package / "leaf.py").write_text("import knot.feature\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles(["knot"]) == [["knot.feature", "knot.window"]]


def test_a_module_over_the_limit_fails_the_size_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "small.py").write_text("x = 1\n" * 400)
    assert check_sizes([str(tmp_path)]) == 0
    (tmp_path / "big.py").write_text("x = 1\n" * 401)
    assert check_sizes([str(tmp_path)]) == 1
    assert "big.py: 401 lines" in capsys.readouterr().out


def test_a_size_check_that_finds_nothing_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_sizes([str(tmp_path / "no-such-folder")]) == 2
    assert check_sizes([str(tmp_path)]) == 2  # exists, holds no module
    assert "no Python modules" in capsys.readouterr().out


def test_the_tree_is_within_the_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert check_sizes([]) == 0
