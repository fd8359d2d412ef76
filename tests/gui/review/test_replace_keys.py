"""The keys of find & replace and the Facts dock (issue 24): each is the one action's
on Linux and Windows and on macOS, where History takes Ctrl+Shift+H (⌘⇧H)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gui.shell.keys import mac_safe
from gui.shell.main_window import MainWindow
from tests.gui.shell.shortcuts_helpers import portable, window_keys


def test_replace_and_facts_keys_are_theirs_alone(make_window: Any) -> None:
    w: MainWindow = make_window()
    keys = window_keys(w)
    assert ("replace", "Ctrl+Shift+H") in keys and ("facts_dock", "Ctrl+K") in keys
    window_wide = [k for n, k in keys if n in {"replace", "facts_dock", "show_history"}]
    everywhere = Counter(k for _n, k in keys)
    assert all(everywhere[k] == 1 for k in window_wide), keys
    on_mac = {n: portable(m) for n, k in keys for m in mac_safe((k,), "darwin")}
    assert on_mac["replace"] == "Ctrl+Alt+F" and on_mac["show_history"] == "Ctrl+Shift+H"
    assert sum(1 for _n, k in keys for m in mac_safe((k,), "darwin") if m == "Ctrl+Alt+F") == 1
