"""Every user-visible string in the GUI goes through tr(), ready for the zh-TW UI."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from tests.conftest import ROOT

# Qt calls whose string argument a person reads.
VISIBLE = {
    "setText",
    "setWindowTitle",
    "setPlaceholderText",
    "setToolTip",
    "addMenu",
    "setAccessibleName",
    "showMessage",
    "QAction",
    "QLabel",
    "QPushButton",
    "QDockWidget",
    "warning",
    "information",
    "question",
    "getText",
    "getInt",
    "_dock",
    "_tool_button",
    "add",
    "add_dock",
    "ActionSpec",
}


def _plain_literals(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = (
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        )
        owner = getattr(getattr(node.func, "value", None), "id", "")
        if name not in VISIBLE or owner in ("log", "logging"):  # logs are not UI
            continue
        for arg in node.args:
            if (
                isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and any(c.isalpha() for c in arg.value)
                and " " in arg.value.strip()
            ):
                found.append((node.lineno, arg.value))
    return found


def test_no_untranslated_visible_strings_in_gui() -> None:
    offenders = []
    paths = sorted((ROOT / "gui").rglob("*.py"))  # every feature package, not only the top
    assert len(paths) > 40  # the walk found the modules: this test can fail
    for path in paths:
        for line, text in _plain_literals(ast.parse(path.read_text("utf-8"))):
            offenders.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert offenders == []


def test_the_checker_catches_a_bare_string() -> None:
    tree = ast.parse('label.setText("Page one of many")\nlabel.setText(self.tr("Fine here"))')
    assert _plain_literals(tree) == [(1, "Page one of many")]


def test_translation_catalogue_lists_the_gui_strings() -> None:
    ts = (ROOT / "resources" / "translations" / "proofdesk_zh_TW.ts").read_text("utf-8")
    assert ts.count("<message>") >= 80
    assert "Approve and Next" in ts and "not saved — retrying: {0}" in ts


def _sources(ts_file: Path) -> set[tuple[str, str]]:
    root = ElementTree.parse(ts_file).getroot()
    return {
        (context.findtext("name") or "", message.findtext("source") or "")
        for context in root.iter("context")
        for message in context.iter("message")
        if message.find("translation") is None
        or message.find("translation").get("type") not in ("obsolete", "vanished")  # type: ignore[union-attr]
    }


def test_the_catalogue_matches_the_code(tmp_path: Path) -> None:
    """Every tr() string, in the class it is translated in: a string moved to another
    class (or module) is looked up under its new context, so a stale catalogue would
    leave it in English. ``bash scripts/update_translations.sh`` refreshes it."""
    fresh = tmp_path / "fresh.ts"
    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    sources = sorted(str(p) for p in (ROOT / "gui").rglob("*.py"))
    subprocess.run(
        [str(lupdate), *sources, "-ts", str(fresh)], check=True, capture_output=True, timeout=120
    )
    committed = _sources(ROOT / "resources" / "translations" / "proofdesk_zh_TW.ts")
    current = _sources(fresh)
    assert len(current) > 500  # lupdate read the code: this test can fail
    assert current - committed == set(), "missing from the catalogue"
    assert committed - current == set(), "in the catalogue but gone from the code"


def tr_calls(tree: ast.AST) -> set[tuple[str, str]]:
    """(class, text) of every ``self.tr("...")`` in the code, f-strings included."""
    found = set()
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for node in ast.walk(cls):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "tr"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add((cls.name, node.args[0].value))
    return found


def test_every_tr_string_reaches_the_catalogue() -> None:
    """A tr() lupdate does not see stays English in the zh_TW UI: one inside an f-string
    (issue 28: F1's heading "The page list"). Compared with the catalogue, by class."""
    committed = _sources(ROOT / "resources" / "translations" / "proofdesk_zh_TW.ts")
    called: set[tuple[str, str]] = set()
    for path in sorted((ROOT / "gui").rglob("*.py")):
        called |= tr_calls(ast.parse(path.read_text("utf-8")))
    assert len(called) > 500  # the walk found the calls: this test can fail
    assert sorted(called - committed) == []


def test_the_tr_walk_sees_inside_f_strings() -> None:
    tree = ast.parse(
        "class A:\n    def f(self):\n        return f\"<h3>{self.tr('Heading')}</h3>\""
    )
    assert tr_calls(tree) == {("A", "Heading")}
