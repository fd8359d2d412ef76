"""An offline engine installed while the app runs is found when asked again, not only
after a restart (issue 27: ``_ENGINE_PROBLEMS`` was process-global and kept "missing")."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from backend.engines.offline import tesseract_engine as tess
from gui.services.aids_hub import AidsHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner

FAKE_TESSERACT = """#!/bin/sh
case "$1" in
  --version) echo "tesseract 5.3.0" ;;
  *) echo "List of available languages (3):"; echo chi_tra; echo eng; echo osd ;;
esac
"""


async def _never(_question: str) -> bool:
    return False


def test_a_missing_engine_is_checked_again_when_asked(
    qapp: QApplication, arun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    monkeypatch.setenv("PATH", str(tools))  # an empty folder: no tesseract yet
    monkeypatch.setattr(tess, "_checked", {})
    runner = TaskRunner()
    hub = AidsHub(GuiSettings(tmp_path / "settings.ini"), runner, confirm=_never)
    try:
        problem = arun(hub.engine_problem("tesseract"))
        assert problem is not None and "not installed" in problem
        assert hub.known_engine_problem("tesseract") == (True, problem)

        installed = tools / "tesseract"  # the reviewer installs it, the app still running
        installed.write_text(FAKE_TESSERACT)
        installed.chmod(0o755)

        assert arun(hub.engine_problem("tesseract")) is None
        assert hub.known_engine_problem("tesseract") == (True, None)
    finally:
        hub.deleteLater()
        runner.deleteLater()
