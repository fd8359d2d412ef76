"""The composition root: the one module that knows every feature and the window.

It makes the shell, the services and the features, hands each feature only
the narrow parts it names (``gui.context``), connects features to each other
through signals and the controller's ``DocumentHooks``, and installs every
feature's menu entries. No feature imports another's internals or the window
(the import contracts in pyproject.toml check it).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gui.aids.compare_dock import CompareDock
from gui.aids.eval_dialog import RunComparison
from gui.aids.image_link import ImageLink
from gui.aids.review_queue import ReviewQueue
from gui.export.export_action import ExportAction
from gui.ocr.ocr_docks import OcrDocks
from gui.review.controller import DocumentHooks, ReviewController
from gui.review.opener import Opener
from gui.servers.tools import ServerTools
from gui.services.aids_hub import AidsHub
from gui.services.ocr_hub import OcrHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner
from gui.shell.main_window import MainWindow
from gui.shell.menus import ShellActions, install_menus

if TYPE_CHECKING:
    from gui.services.workspace import Workspace


def build_window(args: argparse.Namespace) -> MainWindow:
    runner = TaskRunner()
    window = MainWindow(GuiSettings(), runner)
    runner.setParent(window)
    compose(window)
    window.opener.store_path = args.store
    return window


def compose(w: MainWindow) -> None:
    """Make the features for ``w`` and wire them; then restore the saved layout."""
    settings, runner = w.settings, w.runner
    w.ocr = OcrHub(settings, confirm=w.confirm, parent=w)
    w.aids = AidsHub(settings, runner, confirm=w.confirm, parent=w)
    hooks = DocumentHooks()
    w.controller = c = ReviewController(w, runner, hooks, parent=w)
    w.opener = Opener(w, c, runner)
    w.ocr_ui = OcrDocks(w, w.ocr, runner, c, w.editor, w.page_view, w.selected_pages)
    w.review_ui = CompareDock(w, w.aids, c, w.editor)
    w.image_link = ImageLink(w.editor, w.page_view, lambda: c.current, w)
    w.review_queue = ReviewQueue(w, c, runner, w.editor, w.aids)
    w.review_queue_dock = w.review_queue.dock
    w.run_comparison = RunComparison(w, c, runner, w.aids)
    w.server_tools = ServerTools(w, w.ocr, runner)
    export = ExportAction(w, c, runner, w.aids)
    _follow_document(w, hooks)
    _connect(w)
    w.actions_by_name.update(
        install_menus(
            w,
            ShellActions(w).actions()
            + export.actions()
            + w.ocr_ui.actions()
            + w.server_tools.actions()
            + w.review_ui.actions()
            + w.review_queue.actions()
            + w.run_comparison.actions(),
        )
    )
    w.shutdown = lambda: _shutdown(w)
    w.restore_layout()  # after every feature added its docks: it restores them too


def _follow_document(w: MainWindow, hooks: DocumentHooks) -> None:
    """Who hears of the document coming and going, in this order."""

    def opened(workspace: Workspace) -> None:
        w.ocr.workspace = workspace

    def closed() -> None:
        w.ocr.workspace = None

    hooks.opened += [opened, lambda ws: w.ocr_ui.document_opened(ws.page_count), w.aids.attach]
    hooks.stop_writers.append(w.ocr.stop_batch)  # its pages in flight must not outlive the store
    hooks.closing.append(w.aids.detach)  # its alternate OCR run stores into this store
    hooks.closed += [closed, w.ocr_ui.document_closed]
    hooks.approve_checks.append(w.aids.approve_allowed)


def _connect(w: MainWindow) -> None:
    c = w.controller
    c.message.connect(lambda m: w.show_message(m, 8000))
    c.autosave.state_changed.connect(w.show_save_state)
    w.aids.summaries_changed.connect(w.page_list_model.set_review_summaries)
    w.aids.review_changed.connect(w.image_link.set_review)
    w.file_dropped.connect(w.opener.open_path)
    w.note.editingFinished.connect(lambda: w.runner.run(c.save_note_if_changed(), name="note"))


async def _shutdown(w: MainWindow) -> bool:
    """Save and close the document (asking before losing typing), stop servers and workers."""
    c = w.controller
    if not await c.detach():
        if not await w.ask_close_unsaved(c.autosave.reason):
            return False
        await c.detach(force=True)
    await w.ocr.aclose()  # stops a local vLLM server we started
    await w.aids.aclose()  # and the offline OCR worker
    return True
