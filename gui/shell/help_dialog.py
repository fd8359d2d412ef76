"""F1: every shortcut, grouped by the menu it is in, and what the page list's symbols mean."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMenu, QTextBrowser, QVBoxLayout, QWidget


class PageListLegend(QObject):
    """The page list's symbols in words (the F1 help and the page list's tooltip)."""

    def rows(self) -> list[tuple[str, str]]:
        return [
            ("○", self.tr("not reviewed yet")),
            ("◐", self.tr("in progress: edited, not approved")),
            ("●", self.tr("reviewed: waiting for the final approval")),
            ("✓", self.tr("approved")),
            ("⚑", self.tr("flagged for another look")),
            ("92.0%", self.tr("agreement with the alternate reading (offline engine)")),
            ("=", self.tr("the alternate is the transcript's own reading: not compared")),
            ("◆2", self.tr("unreadable-text markers left on the page, e.g. 【模糊】")),
            ("⚠", self.tr("a whole-page problem, e.g. a loop or a page cut short (shown in red)")),
            ("‼1", self.tr("legal-critical items still open on the page (shown in red)")),
        ]

    def as_text(self) -> str:
        return "\n".join(f"{symbol}  {meaning}" for symbol, meaning in self.rows())


def own_keys(action: QAction) -> list[QKeySequence]:
    """The action's keys without the alternates Qt adds to a standard key (Undo is also
    F14 and the keyboard's Undo key, shown as the word "復原"): not keys to learn. Keys
    the app gave it itself (Next Page: Ctrl+PgDown and Alt+Right) all stay."""
    first, *rest = action.shortcuts()
    qts: set[str] = set()
    for standard in QKeySequence.StandardKey:
        bindings = QKeySequence.keyBindings(standard)
        if bindings and bindings[0] == first:
            qts.update(b.toString() for b in bindings[1:])
    return [first, *(k for k in rest if k.toString() not in qts)]


def grouped_shortcuts(actions: Iterable[QAction]) -> list[tuple[str, list[tuple[str, str]]]]:
    """(menu title, [(action, keys)]) in menu-bar order, for every action with a shortcut."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for action in actions:
        if not action.shortcuts():
            continue
        menus = [m for m in action.associatedObjects() if isinstance(m, QMenu)]
        title = menus[0].title().replace("&", "") if menus else ""
        keys = ", ".join(
            k.toString(QKeySequence.SequenceFormat.NativeText) for k in own_keys(action)
        )
        groups.setdefault(title, []).append((action.text().replace("&", ""), keys))
    return list(groups.items())


class HelpDialog(QDialog):
    def __init__(self, actions: Iterable[QAction], parent: QWidget) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.browser = QTextBrowser(self)
        self.browser.setHtml(self._html(actions))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        screen = parent.screen().availableGeometry()
        self.resize(min(560, screen.width() - 40), min(640, screen.height() - 80))

    def _html(self, actions: Iterable[QAction]) -> str:
        parts = []
        for title, rows in grouped_shortcuts(actions):
            parts.append(f"<h3>{escape(title)}</h3><table cellpadding='2'>")
            parts += [
                f"<tr><td>{escape(name)}</td><td>&nbsp;&nbsp;<b>{escape(keys)}</b></td></tr>"
                for name, keys in rows
            ]
            parts.append("</table>")
        # tr() outside the f-string: lupdate does not read inside one, so the heading
        # was missing from the catalogue and stayed English in the zh_TW UI.
        heading = self.tr("The page list")
        parts.append(f"<h3>{escape(heading)}</h3><table cellpadding='2'>")
        parts += [
            f"<tr><td><b>{escape(symbol)}</b></td><td>&nbsp;&nbsp;{escape(meaning)}</td></tr>"
            for symbol, meaning in PageListLegend(self).rows()
        ]
        parts.append("</table>")
        return "".join(parts)
