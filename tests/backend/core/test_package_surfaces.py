"""Each backend package lists a small public surface, and importing it stays cheap.

A package's ``__init__`` names what it offers (``__all__``); the names are
served lazily from their modules (``backend._surface``) and typed for mypy by
a ``TYPE_CHECKING`` block. These tests keep the three in step.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = sorted(
    ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "backend").glob("*/__init__.py")
)


def test_every_backend_folder_is_a_listed_package() -> None:
    assert {"backend.store", "backend.review", "backend.session", "backend.cli"} <= set(PACKAGES)


@pytest.mark.parametrize("name", PACKAGES)
def test_the_package_says_what_it_owns(name: str) -> None:
    package = importlib.import_module(name)
    assert package.__doc__ and len(package.__doc__.split()) >= 8, f"{name} needs a docstring"


@pytest.mark.parametrize("name", PACKAGES)
def test_every_listed_name_resolves_from_inside_the_package(name: str) -> None:
    # Sorted by ruff (RUF022, isort-style: constants, classes, functions).
    package = importlib.import_module(name)
    names = list(package.__all__)
    assert names and len(set(names)) == len(names)
    for public in names:
        value = getattr(package, public)  # AttributeError if the table points nowhere
        if inspect.isclass(value) or inspect.isfunction(value):  # not constants, aliases
            home = value.__module__
            assert home == name or home.startswith(name + "."), (public, home)


def _type_checking_names(init: Path) -> dict[str, str]:
    """Name -> the module the TYPE_CHECKING block imports it from."""
    names: dict[str, str] = {}
    for node in ast.walk(ast.parse(init.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for stmt in node.body:
                if isinstance(stmt, ast.ImportFrom) and stmt.module:
                    for alias in stmt.names:
                        names[alias.asname or alias.name] = stmt.module
    return names


@pytest.mark.parametrize("name", PACKAGES)
def test_the_typed_names_are_the_listed_names(name: str) -> None:
    package = importlib.import_module(name)
    init = ROOT / Path(*name.split(".")) / "__init__.py"
    surface = getattr(package, "_SURFACE", None)
    if surface is None:  # an eager package (export, offline engines): imports are the surface
        return
    typed = _type_checking_names(init)
    assert set(typed) == set(surface) == set(package.__all__)
    # Typed from the very module the name is served from at run time.
    assert typed == {public: f"{name}.{module}" for public, module in surface.items()}


def test_an_unknown_name_is_an_attribute_error() -> None:
    import backend.store

    with pytest.raises(AttributeError, match="has no attribute 'NoSuchThing'"):
        _ = backend.store.NoSuchThing  # type: ignore[attr-defined]


def test_importing_a_package_imports_none_of_its_heavy_modules() -> None:
    # The GUI imports packages long before a document opens: PyMuPDF and Pillow must wait.
    code = (
        "import sys, backend.documents, backend.store, backend.session, backend.review;"
        "print(sorted(m for m in ('pymupdf', 'PIL', 'backend.documents.pdf') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "[]"
