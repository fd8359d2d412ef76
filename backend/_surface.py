"""A package's public names, each imported from its module on first use.

A package's ``__init__`` lists what it offers; importing the package (or one
module of it) must not import every module in it: PyMuPDF, Pillow or keyring
would then load in processes that never use them (the GUI before a document
opens, the CLI's ``plan``). The names are typed for mypy by a
``TYPE_CHECKING`` block of ``from module import Name as Name`` lines, which
``tests/backend/core/test_package_surfaces.py`` checks against the table.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_surface(package: str, surface: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` serving ``name`` from ``package.<surface[name]>``."""

    def __getattr__(name: str) -> object:
        module = surface.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)  # the next lookup is a plain attribute
        return value

    return __getattr__
