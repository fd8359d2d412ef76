"""``backend`` exports one tidy public API: every error and every model value."""

from __future__ import annotations

import inspect
from types import ModuleType

import pytest

import backend
from backend import errors, models


def test_all_is_sorted() -> None:
    assert backend.__all__ == sorted(backend.__all__)


def test_all_has_no_duplicates() -> None:
    assert len(set(backend.__all__)) == len(backend.__all__)


def test_every_name_in_all_exists() -> None:
    missing = [name for name in backend.__all__ if not hasattr(backend, name)]
    assert missing == []


def _public_definitions(module: ModuleType) -> set[str]:
    """Classes and functions written in ``module`` itself (not imported into it)."""
    return {
        name
        for name, obj in vars(module).items()
        if not name.startswith("_")
        and (inspect.isclass(obj) or inspect.isfunction(obj))
        and obj.__module__ == module.__name__
    }


@pytest.mark.parametrize("module", [errors, models], ids=lambda m: m.__name__)
def test_module_public_names_are_exported(module: ModuleType) -> None:
    defined = _public_definitions(module)
    assert defined  # the filter found something: this test can fail
    assert defined - set(backend.__all__) == set()
    for name in defined:
        assert getattr(backend, name) is getattr(module, name)


def test_every_error_derives_from_proofdesk_error() -> None:
    for name in _public_definitions(errors):
        assert issubclass(getattr(errors, name), errors.ProofDeskError), name
