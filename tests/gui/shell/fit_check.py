"""Which widgets of a window cut their text: a label, button, combo box, group box
title or tab that was given less room than its text needs (``test_dialog_fit``).

What "needs" means, per kind (all measured by Qt's own style, in the UI's font):
- a label: its minimum size hint (the text on one line); a word-wrapped label only
  needs the height its text wraps to at its width (``heightForWidth``);
- a push, tool, check or radio button: its size hint (Qt draws no ellipsis on these:
  a narrower one simply loses the end of its text);
- a combo box: the box for its widest item (the text of whichever item is chosen must
  show whole; the drop-down list is as wide as its items anyway); an editable one, the
  box for the text in it (a model id must not show only its tail);
- a group box: its minimum size hint, which holds its title;
- a tab bar: each tab's size hint, unless the bar scrolls its tabs (then every tab
  shows whole when scrolled to);
- and any of these whose parent is too small for it (its visible part is smaller
  than it), unless it is inside a scroll area.

Nothing is exempt: no widget in gui/ elides its text on purpose (none sets an elide
mode or draws "…"); a widget that did would go in ``ELIDES`` here, with its reason.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QTabWidget,
    QWidget,
)

ELIDES: frozenset[str] = frozenset()  # objectNames of widgets that elide on purpose


def settle(top: QWidget, rounds: int = 30) -> None:
    """Process events until the layouts under ``top`` stop moving."""
    last: list[Any] | None = None
    for _ in range(rounds):
        QApplication.processEvents()
        now = [top.geometry()] + [w.geometry() for w in top.findChildren(QWidget)]
        if now == last:
            return
        last = now


def _combo_needs(combo: QComboBox) -> QSize:
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    metrics = combo.fontMetrics()
    # An editable box shows what is typed into it; a list box any of its items.
    items = [] if combo.isEditable() else [combo.itemText(i) for i in range(combo.count())]
    texts = items or [combo.currentText()]
    widest = max(metrics.horizontalAdvance(t) for t in texts)
    if any(not combo.itemIcon(i).isNull() for i in range(combo.count())):
        widest += combo.iconSize().width() + 4  # as QComboBox::sizeHint adds
    content = QSize(widest, max(metrics.height(), combo.iconSize().height()))
    return combo.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, content, combo)


def _text(widget: QWidget) -> str:
    if isinstance(widget, QLabel | QAbstractButton):
        return widget.text()
    if isinstance(widget, QGroupBox):
        return widget.title()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    return ""


def _needs(widget: QWidget) -> tuple[int, int] | None:
    """The (width, height) ``widget`` needs to show its text whole (None: no text)."""
    if isinstance(widget, QLabel):
        if not widget.text().strip():
            return None
        if widget.wordWrap():
            return (0, widget.heightForWidth(widget.width()))
        hint = widget.minimumSizeHint()
        return (hint.width(), hint.height())
    if isinstance(widget, QAbstractButton):
        if not widget.text().strip():
            return None
        hint = widget.sizeHint()
        return (hint.width(), widget.minimumSizeHint().height())
    if isinstance(widget, QComboBox):
        if widget.count() == 0 and not widget.currentText():
            return None
        hint = _combo_needs(widget)
        return (hint.width(), widget.minimumSizeHint().height())
    if isinstance(widget, QGroupBox):
        if not widget.title().strip():
            return None
        hint = widget.minimumSizeHint()
        return (hint.width(), hint.height())
    return None


def _shown(widget: QWidget, top: QWidget) -> bool:
    return widget.isVisibleTo(top) and widget.width() > 0


def text_widgets(top: QWidget) -> int:
    """How many widgets under ``top`` show text that ``cut_widgets`` holds to its size."""
    return sum(
        1
        for w in [top, *top.findChildren(QWidget)]
        if _shown(w, top) and (isinstance(w, QTabBar) or _needs(w) is not None)
    )


def _within(widget: QWidget) -> str:
    """The widget's nearest named ancestors, and a combo box's first items: an unnamed
    widget with no text is otherwise hard to find from a failure message."""
    names, parent = [], widget.parentWidget()
    while parent is not None and len(names) < 3:
        if parent.objectName() and not parent.objectName().startswith("qt_"):
            names.append(parent.objectName())
        parent = parent.parentWidget()
    items = ""
    if isinstance(widget, QComboBox):
        items = " items " + repr([widget.itemText(i) for i in range(min(3, widget.count()))])
    return " < ".join(names) + items


def cut_widgets(top: QWidget, where: str) -> list[dict[str, Any]]:
    """Every widget under ``top`` (itself included) whose size is below what its
    text needs, as rows that name it: where, class, objectName, text, size, needs."""
    cut: list[dict[str, Any]] = []
    for widget in [top, *top.findChildren(QWidget)]:
        if not _shown(widget, top) or widget.objectName() in ELIDES:
            continue
        row = {
            "where": where,
            "class": type(widget).__name__,
            "name": widget.objectName(),
            "size": [widget.width(), widget.height()],
            "within": _within(widget),
        }
        if isinstance(widget, QTabBar):
            if widget.usesScrollButtons() and widget.width() < widget.sizeHint().width():
                continue  # scrolled: each tab shows whole when it is scrolled to
            for i in range(widget.count()):
                rect, hint = widget.tabRect(i), widget.tabSizeHint(i)
                if rect.width() < hint.width():
                    cut.append(
                        row
                        | {
                            "text": widget.tabText(i),
                            "size": [rect.width(), rect.height()],
                            "needs": [hint.width(), hint.height()],
                        }
                    )
            continue
        needs = _needs(widget)
        if needs is None:
            continue
        if widget.width() < needs[0] or widget.height() < needs[1]:
            cut.append(row | {"text": _text(widget), "needs": list(needs)})
        elif not _in_scroll_area(widget, top):
            # Its own size holds its text, but a parent too small for it cuts it off.
            seen = widget.visibleRegion().boundingRect().size()
            if seen != widget.size():
                cut.append(
                    row
                    | {
                        "text": _text(widget),
                        "size": [seen.width(), seen.height()],
                        "needs": [widget.width(), widget.height()],
                    }
                )
    return cut


def _in_scroll_area(widget: QWidget, top: QWidget) -> bool:
    """Inside a scroll area: part of it may be scrolled out of sight, not cut."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def cut_in_every_tab(top: QWidget, where: str) -> list[dict[str, Any]]:
    """``cut_widgets`` with each page of every tab widget under ``top`` shown in turn
    (a page behind another tab is hidden, so it is not looked at otherwise)."""
    cut = cut_widgets(top, where)
    seen = {json.dumps(row, sort_keys=True) for row in cut}
    for tabs in top.findChildren(QTabWidget):
        if not tabs.isVisibleTo(top):
            continue
        first = tabs.currentIndex()
        for i in range(tabs.count()):
            if i == first:
                continue
            tabs.setCurrentIndex(i)
            settle(top)
            for row in cut_widgets(top, f"{where} [{tabs.tabText(i)}]"):
                key = json.dumps(row | {"where": where}, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    cut.append(row)
        tabs.setCurrentIndex(first)
    return cut


def outside_screen(top: QWidget, where: str) -> dict[str, Any] | None:
    """A row naming ``top`` when it (or the least its layout can shrink to) is larger
    than its screen's available area."""
    screen = top.screen().availableGeometry()
    frame = top.frameGeometry()
    least = top.minimumSizeHint()
    if (
        frame.width() <= screen.width()
        and frame.height() <= screen.height()
        and least.width() <= screen.width()
        and least.height() <= screen.height()
    ):
        return None
    return {
        "where": where,
        "size": [frame.width(), frame.height()],
        "least": [least.width(), least.height()],
        "screen": [screen.width(), screen.height()],
    }
