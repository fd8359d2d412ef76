"""The narrow interfaces a feature is given instead of the main window.

napari's rule: a widget takes the model it shows, never the window. A feature
here (the review aids, OCR, servers, export) receives only what it names:

- ``Host``: the window as a place to put things (docks, status messages, the
  parent of its dialogs) and to ask the user something;
- ``Navigator``: the open document and the page on screen;
- its own services (``OcrHub``, ``AidsHub``, ``TaskRunner``) and the shell's
  reusable widgets (the editor, the page view), passed one by one.

Menus and shortcuts are data: a feature lists ``ActionSpec``s and the shell
(``gui.shell.menus``) makes the actions and the menus. Only the composition
root (``gui.compose``) knows every feature and the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QWidget

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Coroutine

    from gui.services.workspace import Workspace

Key = str | QKeySequence.StandardKey


@dataclass(frozen=True)
class ActionSpec:
    """One menu entry: where it goes, what it says, what it does, its keys.

    Entries of one menu appear in the order given; a change of ``group`` draws
    a separator. ``action`` places an action that exists already (a dock's
    toggle); ``created`` is told the QAction once it is made (to keep a
    check mark in step with a dock, say)."""

    menu: str  # one of gui.shell.menus.MENUS: "file", "edit", "page", "view", "ocr", ...
    name: str  # the key in the window's actions_by_name
    text: str = ""
    slot: Callable[[], object] | None = None
    keys: tuple[Key, ...] = ()
    group: str = ""
    checkable: bool = False
    action: QAction | None = None
    created: Callable[[QAction], None] | None = None


class Host(Protocol):
    """The window, as far as a feature may use it."""

    def add_dock(
        self,
        widget: QWidget,
        title: str,
        name: str,
        area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea,
    ) -> QDockWidget:
        """A dock holding ``widget``, hidden until asked for; the saved layout may show it."""
        ...

    def show_dock(self, dock: QDockWidget, height_share: float | None = None) -> None:
        """Show and raise ``dock``; a bottom dock first shown takes ``height_share``."""
        ...

    def tabify_docks(self, first: QDockWidget, second: QDockWidget) -> None: ...

    def add_status_widget(self, widget: QWidget) -> None:
        """A permanent widget in the status bar (the active server, say)."""
        ...

    def show_message(self, text: str, ms: int = 5000) -> None:
        """A short note in the status bar."""
        ...

    def show_error(self, message: str) -> None: ...

    async def confirm(self, question: str) -> bool: ...

    def dialog_parent(self) -> QWidget:
        """The widget a feature's dialogs and docks belong to."""
        ...


class Navigator(Protocol):
    """The open document and the page shown: what features need of the review controller."""

    workspace: Workspace | None
    current: int  # 0-based; -1 with no page shown

    @property
    def page_loaded(self) -> SignalInstance:
        """Emitted with the page's number once a page is on screen."""
        ...

    def go_to(self, page: int) -> None: ...

    def move(self, work: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
        """Queue a page move with the controller's commands (a newer move supersedes it)."""
        ...

    async def open_hit(self, page: int, offset: int, length: int) -> None:
        """Save, go to ``page`` and select ``length`` code points at ``offset``."""
        ...

    async def reload_page(self, page: int) -> None: ...

    async def flush_edits(self) -> bool:
        """Save what was typed now; False if it could not be saved."""
        ...
