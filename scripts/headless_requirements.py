"""Print the requirements of the Qt-free backend environment, one per line.

Derived from pyproject.toml so the list of dependencies lives in one place:
every runtime dependency except the GUI toolkit, plus the test runner.
"""

import tomllib
from pathlib import Path

GUI_ONLY = ("pyside6", "qasync")
TEST_TOOLS = ("pytest", "pytest-timeout", "hypothesis", "hocr-spec", "alto-tools")

project = tomllib.loads(Path("pyproject.toml").read_text("utf-8"))["project"]
for req in project["dependencies"]:
    if not req.lower().startswith(GUI_ONLY):
        print(req)
for req in project["optional-dependencies"]["dev"]:
    if req.split(">")[0].split("=")[0] in TEST_TOOLS:
        print(req)
