"""The default interpreter for a local vLLM: this Python, except in the built app,
whose sys.executable is the app binary itself."""

from __future__ import annotations

import shutil
import sys
import types

import pytest

from backend.server import interpreter
from backend.server.local_server import LocalServerConfig


def test_source_install_uses_this_interpreter() -> None:
    assert not interpreter.is_built_app()
    assert interpreter.default_python() == sys.executable
    assert LocalServerConfig(model="m").python == sys.executable


@pytest.mark.parametrize("how", ["nuitka", "frozen"])
def test_built_app_never_defaults_to_its_own_binary(
    how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "executable", "/opt/proofdesk/proofdesk")
    if how == "nuitka":
        main = types.ModuleType("__main__")
        main.__compiled__ = object()  # type: ignore[attr-defined]  # what Nuitka sets
        monkeypatch.setitem(sys.modules, "__main__", main)
    else:
        monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert interpreter.is_built_app()
    chosen = interpreter.default_python()
    assert chosen != "/opt/proofdesk/proofdesk"
    assert chosen == (shutil.which("python3") or shutil.which("python") or "python3")
    assert LocalServerConfig(model="m").python == chosen
