"""The composition root: the one module that knows every feature and the window.

It makes the shell, the services and the features, hands each feature only
the narrow parts it names (``gui.context``), connects features to each other
through signals and the controller's ``DocumentHooks``, and installs every
feature's menu entries. No feature imports another's internals or the window
(the import contracts in pyproject.toml check it).
"""

from __future__ import annotations

import argparse

from gui.aids.compare_dock import CompareDock
from gui.aids.eval_dialog import RunComparison
from gui.aids.image_link import ImageLink
from gui.aids.review_queue import ReviewQueue
from gui.export.export_action import ExportAction
from gui.facts.facts_dock import FactsDock
from gui.facts.source import facts_calls
from gui.ocr.ocr_docks import OcrDocks
from gui.ocr.offline_batch import OfflineBatch
from gui.onboarding.feature import Onboarding
from gui.onboarding.sample import fill_sample
from gui.publish.feature import PublishFeature
from gui.publish.source import publish_calls
from gui.review.controller import ReviewController
from gui.review.hooks import DocumentHooks
from gui.review.opener import Opener
from gui.review.replace_action import KEYS as REPLACE_KEYS
from gui.review.replace_action import ReplaceAction
from gui.review.visits import VisitLog
from gui.servers.tools import ServerTools
from gui.services.aids_hub import AidsHub
from gui.services.ocr_hub import OcrHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner
from gui.services.workspace import Workspace
from gui.shell.keys import mac_safe
from gui.shell.language_menu import LanguageActions
from gui.shell.main_window import MainWindow
from gui.shell.menus import ShellActions, install_menus
from gui.stats.feature import StatsFeature
from gui.tables.table_dock import TableDock
from gui.team.feature import TeamFeature


def build_window(args: argparse.Namespace) -> MainWindow:
    runner = TaskRunner()
    window = MainWindow(GuiSettings(), runner)
    runner.setParent(window)
    compose(window)
    window.opener.store_path = args.store or window.opener.store_path  # over the team setting
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
    w.replace = ReplaceAction(w, c, runner)
    hooks.closed.append(w.replace.document_closed)
    w.facts = _facts(w, hooks)
    publish = _publish(w, hooks)  # the window's child: w.findChild(PublishFeature)
    tables = TableDock(
        w,
        w.editor,
        w.page_view,
        lambda: c.current,
        # The page's layout when already found (never detects): the table's region.
        layout=lambda page: c.workspace.session.reviews.layout(page) if c.workspace else None,
    )
    # Its table findings flag cells, its line boxes place a cell on the scan; made of
    # the hub's text, so an older review flags nothing in a table read since.
    w.aids.review_changed.connect(lambda review: tables.set_review(review, w.aids.review_text))
    hooks.before_save.append(tables.panel.view.finish_edit)  # a cell being typed is kept
    w.team = _team(w)
    w.onboarding = _onboarding(w)
    _follow_document(w, hooks)
    _connect(w)
    w.actions_by_name.update(
        install_menus(
            w,
            ShellActions(w).actions()
            + export.actions()
            + w.replace.actions(mac_safe(REPLACE_KEYS))
            + w.ocr_ui.actions()
            + OfflineBatch(w, runner, c, w.ocr).actions()
            + w.server_tools.actions()
            + w.review_ui.actions()
            + tables.actions()
            + w.facts.actions()
            + publish.actions()
            + w.review_queue.actions()
            + w.run_comparison.actions()
            + StatsFeature(w, c, runner, w.aids).actions()
            + w.onboarding.actions()
            + LanguageActions(w).actions()
            + w.team.actions(),
        )
    )
    w.shutdown = lambda: _shutdown(w)
    w.restore_layout()  # after every feature added its docks: it restores them too


def _facts(w: MainWindow, hooks: DocumentHooks) -> FactsDock:
    """The Facts dock: kept current by every change record, its "make it agree" a find &
    replace previewed in the replace dialog."""
    facts = FactsDock(w, w.controller, w.runner, lambda: facts_calls(w.controller.workspace))

    def opened(ws: Workspace) -> None:
        ws.changed.connect(facts.changed)  # the workspace's listeners go when it closes
        facts.document_opened()

    hooks.opened.append(opened)
    hooks.closed.append(facts.document_closed)
    facts.agree_wanted.connect(w.replace.offer)
    # The facts built in the background, or changed by others: the page shown and the
    # page list are reviewed again, with the cross-page flags as they are now.
    facts.renewed.connect(w.aids.refresh)
    facts.renewed.connect(w.aids.refresh_summaries)
    return facts


def _publish(w: MainWindow, hooks: DocumentHooks) -> PublishFeature:
    """The Publish review (issue 25): kept current by every change record, as the Facts
    dock is; its marks taken from the transcript's selection, its regions drawn on the
    page image."""
    c = w.controller
    publish = PublishFeature(
        w, c, w.runner, w.editor, w.page_view, lambda: publish_calls(c.workspace)
    )

    def opened(ws: Workspace) -> None:
        ws.changed.connect(publish.changed)  # the workspace's listeners go when it closes
        publish.document_opened()

    hooks.opened.append(opened)
    hooks.closed.append(publish.document_closed)
    return publish


def _onboarding(w: MainWindow) -> Onboarding:
    """The first run: the sample's transcripts, the guide and the first choice."""
    onboarding = Onboarding(w, w.controller, w.aids, w.runner, w.settings)
    w.tabify_docks(w.history_dock, onboarding.dock)  # a tab beside the transcript
    w.opener.preparers.append(fill_sample)

    def show_aids() -> None:
        w.show_dock(w.review_ui.dock)
        w.show_dock(w.review_queue_dock)

    tools = w.server_tools
    onboarding.connect_choices(
        lambda: tools.show("servers"), lambda: tools.show("local"), show_aids
    )
    return onboarding


def _team(w: MainWindow) -> TeamFeature:
    """The team server: its setting picks the store of documents opened from then on."""

    def use_store(url: str) -> None:
        w.opener.store_path = url or None

    team = TeamFeature(w, w.controller, w.runner, w.editor, w.settings, use_store)
    w.controller.hooks.opened.append(team.document_opened)
    w.controller.hooks.closed.append(team.document_closed)
    w.controller.hooks.read_only.append(team.keeps_read_only)
    return team


def _follow_document(w: MainWindow, hooks: DocumentHooks) -> None:
    """Who hears of the document coming and going, in this order."""

    for follower in (w.ocr, w.aids):  # the controller owns the open document
        follower.follow(lambda: w.controller.workspace)
    hooks.opened += [lambda ws: w.ocr_ui.document_opened(ws.page_count), w.aids.attach]
    hooks.stop_writers.append(w.ocr.stop_batch)  # its pages in flight must not outlive the store
    hooks.closing.append(w.aids.detach)  # its alternate OCR run stores into this store
    # Search rows point into the document that is closing: F3 must not walk them.
    hooks.closed += [w.ocr_ui.document_closed, w.search.clear_results]
    # Names the open critical items and markers (not the document's own 【模糊】).
    hooks.approve_checks.append(w.review_ui.approval.approve_allowed)


def _connect(w: MainWindow) -> None:
    c = w.controller
    c.message.connect(lambda m: w.show_message(m, 8000))
    c.autosave.state_changed.connect(w.show_save_state)
    w.aids.summaries_changed.connect(w.page_list_model.set_review_summaries)
    w.review_queue.by_risk_changed.connect(w.page_list_model.set_by_risk)
    # Risk order ranks every page: their scan lines are found too, in the background.
    w.review_queue.by_risk_changed.connect(w.aids.want_all_scan_lines)
    # A page's layout (found after its lines, table pages only) reviews it again as they do.
    w.aids.scan_lines.layout_found.connect(w.aids.scan_lines.lines_found)
    w.aids.scan_lines.problem.connect(lambda m: w.show_message(m, 8000))
    w.aids.review_changed.connect(w.image_link.set_review)
    w.file_dropped.connect(w.opener.open_path)
    c.page_loaded.connect(lambda _page: w.notice_bar.page_changed())
    VisitLog(c)  # the pages arrived at, for the time on a page (the controller keeps it)
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
