"""No default shortcut is one the desktops take or use for something else: every key
of the real window, pinned against the list in docs/SHORTCUTS.md (issue 14)."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from gui.services import language
from gui.shell.help_dialog import HelpDialog
from gui.shell.keys import MAC_REMAP, mac_safe
from gui.shell.main_window import MainWindow
from tests.conftest import ROOT
from tests.gui.services.language_helpers import installed
from tests.gui.shell.shortcuts_helpers import portable, window_keys

__all__ = ["installed"]  # the fixture: translators removed again after the test

LIST = ROOT / "docs" / "SHORTCUTS.md"
# The input-method frameworks take keys before any application, on GNOME and KDE alike.
DESKTOPS = ("GNOME", "KDE", "Windows", "macOS", "IBus", "fcitx5")
ROW = re.compile(r"^\| `([^`]+)` \| ([^|]+) \|[^|]*\| ([^|]+) \|$")


def reserved() -> dict[str, list[tuple[set[str], str]]]:
    """key → [(desktops, the ProofDesk action allowed to use it, or "—")]."""
    table: dict[str, list[tuple[set[str], str]]] = {}
    for line in LIST.read_text("utf-8").splitlines():
        if m := ROW.match(line.strip()):
            desktops = {d.strip() for d in m[2].split(",")}
            assert desktops <= set(DESKTOPS), line
            table.setdefault(portable(m[1]), []).append((desktops, m[3].strip()))
    return table


def clashes(keys: list[tuple[str, str]], desktop: str) -> list[str]:
    table = reserved()
    return [
        f"{name}: {key} ({desktop})"
        for name, key in keys
        for desktops, allowed in table.get(key, [])
        if desktop in desktops and allowed != name
    ]


def test_the_list_is_read() -> None:
    table = reserved()
    assert len(table) > 50 and "Ctrl+F8" in table and "Ctrl+G" in table
    # The input methods Taiwanese users type with: on/off, switching, S/T conversion.
    for key, ime in [("Ctrl+Shift+F", "fcitx5"), ("Ctrl+Space", "fcitx5"), ("Ctrl+Space", "IBus")]:
        assert any(ime in ds for ds, _a in table[key]), (key, ime)
    assert any("Windows" in ds for ds, _a in table["Ctrl+Shift+F"])  # Microsoft Pinyin
    assert all(d in {x for rows in table.values() for ds, _a in rows for x in ds} for d in DESKTOPS)


def test_no_default_shortcut_clashes_with_a_desktop(make_window: Any) -> None:
    w: MainWindow = make_window()
    keys = window_keys(w)
    assert ("goto", "Ctrl+L") in keys and ("critical_next", "F12") in keys
    assert ("find_next", "F3") in keys and ("show_history", "Ctrl+H") in keys
    assert ("search", "Ctrl+Shift+J") in keys  # moved off fcitx5's Ctrl+Shift+F
    for desktop in ("GNOME", "KDE", "Windows", "IBus", "fcitx5"):
        assert clashes(keys, desktop) == []
    # On macOS: the same keys as Qt gives them there (⌘ for Ctrl), with the remaps.
    on_mac = [(n, portable(m)) for n, k in keys for m in mac_safe((k,), "darwin")]
    assert clashes(on_mac, "macOS") == []
    assert set(MAC_REMAP) <= {k for _n, k in keys}  # each remap is of a key in use


def test_the_readme_and_f1_name_the_moved_keys(make_window: Any, installed: Any) -> None:
    # F1 in both languages: the moved keys on the rows of their actions.
    for lang in ("en", "zh_TW"):
        installed += language.install(QApplication.instance(), lang)
        w: MainWindow = make_window()
        help_text = HelpDialog(w.actions_by_name.values(), w).browser.toPlainText()
        for name, key in [("search", "Ctrl+Shift+J"), ("goto", "Ctrl+L"), ("find_next", "F3")]:
            title = w.actions_by_name[name].text().replace("&", "")
            assert bool(re.search("[\u4e00-\u9fff]", title)) == (lang == "zh_TW"), title
            lines = help_text.splitlines()  # a table row reads as "name", then "keys"
            at = next(i for i, line in enumerate(lines) if line.strip() == title)
            assert key in lines[at + 1], (lang, name, lines[at : at + 2])
        assert "Ctrl+Shift+F" not in help_text and "Ctrl+G," not in help_text, lang
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
        installed.clear()
    readme = (LIST.parents[1] / "README.md").read_text("utf-8")
    for old in ("`Ctrl+G`", "`Ctrl+F8`", "`Ctrl+Shift+Q`", "`Ctrl+Shift+F`"):
        assert old not in readme, old
    for new in (
        "`Ctrl+L`",
        "`F12`",
        "`Ctrl+Shift+K`",
        "`Ctrl+Shift+J`",
        "`F3`",
        "docs/SHORTCUTS.md",
    ):
        assert new in readme, new
