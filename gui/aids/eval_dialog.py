"""Compare two runs (or a run against gold text) before switching model or prompt.

The reviewer picks two selectors — the working text, a version kind, an engine
or model found in this document, or a folder of gold text — and the pages; the
evaluation (``backend.review.run_eval.evaluate``) runs on the store's thread, a few
pages per call so that the reviewer's saves are not held up behind it, and the
report shows per-page agreement, the differences by category, every
legal-critical disagreement, the CER against gold, the whole-page problems the
review names on side A (a loop, a page cut short: issue 22), and a document
summary. The pages sort by any column; they copy as Markdown, in the order shown,
for an issue or an e-mail.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractItemModel, QObject, QSortFilterProxyModel, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from backend.documents.page_ranges import parse_page_ranges
from backend.errors import PageRangeError
from backend.review.percent import agreement_percent
from gui.aids.eval_pages import CATEGORIES, EvalPagesModel, SortRole, percent
from gui.aids.review_queue_model import ReviewQueueModel
from gui.context import ActionSpec, Host, Navigator
from gui.services.workspace import page_chunks
from gui.widgets.form_rows import add_row

if TYPE_CHECKING:
    from backend.review.run_eval import EvalReport, PageEval
    from backend.session.document_session import DocumentSession
    from gui.services.aids_hub import AidsHub
    from gui.services.tasks import TaskRunner
    from gui.services.workspace import Workspace

Evaluate = Callable[["DocumentSession", str, str, "Sequence[int] | None"], "EvalReport"]


def selector_choices(session: DocumentSession) -> list[str]:
    """Selectors naming something this document has (runs on the store's thread)."""
    kinds: set[str] = set()
    engines: set[str] = set()
    models: set[str] = set()
    for page in range(session.page_count):
        for version in session.store.versions(page):
            kinds.add(version.kind.value)
            if engine := version.origin.engine:
                engines.add(engine)
            if model := version.origin.model:
                models.add(model)
    return (
        ["current"]
        + [f"kind:{k}" for k in sorted(kinds)]
        + [f"engine:{e}" for e in sorted(engines)]
        + [f"model:{m}" for m in sorted(models)]
    )


def default_evaluate(
    session: DocumentSession, a: str, b: str, pages: Sequence[int] | None
) -> EvalReport:
    from backend.session.evaluation import evaluate_document

    return evaluate_document(session.store, session.page_count, a, b, pages)


class EvalDialog(QDialog):
    """Pick two runs and pages, compare them off the UI thread, read and copy the report."""

    def __init__(
        self,
        workspace: Workspace,
        run: Callable[..., Any],
        parent: QWidget | None = None,
        evaluate: Evaluate = default_evaluate,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare Runs"))
        self.workspace = workspace
        self._run = run
        self._evaluate = evaluate
        self.report: EvalReport | None = None
        self.busy = False
        self.closed = False  # done(): nothing may touch the widgets from then on
        self._task: asyncio.Task[Any] | None = None
        self.pages_model = EvalPagesModel(self)
        # The pages sort by any column (a click on its header), e.g. the problems first.
        self.pages_sorted = QSortFilterProxyModel(self)
        self.pages_sorted.setSourceModel(self.pages_model)
        self.pages_sorted.setSortRole(SortRole)
        self.critical_model = ReviewQueueModel(self)
        self._build()
        self.resize(900, 640)

    def _build(self) -> None:
        self.a_combo, self.b_combo = QComboBox(self), QComboBox(self)
        for combo in (self.a_combo, self.b_combo):
            combo.setEditable(True)  # any selector may be typed (version:ID, prompt:HASH)
            combo.setToolTip(
                self.tr(
                    "current, kind:ocr, engine:NAME, model:NAME, prompt:HASH, version:ID, "
                    "or a folder / JSONL file of gold text"
                )
            )
        self.gold_button = QPushButton(self.tr("Gold Text…"), self)
        self.gold_button.clicked.connect(self._choose_gold)
        b_row = QHBoxLayout()
        b_row.addWidget(self.b_combo, 1)
        b_row.addWidget(self.gold_button)
        self.pages_field = QLineEdit(self)
        self.pages_field.setPlaceholderText(self.tr("all pages (or e.g. 1-5, 9)"))
        form = QFormLayout()
        form.addRow(self.tr("Run &A:"), self.a_combo)
        add_row(form, self.tr("Run &B (reference):"), b_row, self.b_combo)
        form.addRow(self.tr("&Pages:"), self.pages_field)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pages_view = self._table(self.pages_sorted, self.tr("Pages compared"))
        self.pages_view.setSortingEnabled(True)
        self.pages_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.critical_view = self._table(self.critical_model, self.tr("Critical disagreements"))
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.pages_view)
        split.addWidget(self.critical_view)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.run_button = self.buttons.addButton(
            self.tr("&Compare"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.copy_button = self.buttons.addButton(
            self.tr("Copy as &Markdown"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.copy_button.setEnabled(False)
        self.run_button.clicked.connect(self.start)
        self.copy_button.clicked.connect(self.copy_markdown)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        layout.addWidget(self.buttons)

    def _table(self, model: QAbstractItemModel, name: str) -> QTableView:
        view = QTableView(self)
        view.setModel(model)
        view.setAccessibleName(name)
        view.verticalHeader().hide()
        view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        view.horizontalHeader().setStretchLastSection(True)
        return view

    # -- choosing -------------------------------------------------------------------------

    async def load_choices(self) -> None:
        session = self.workspace.session
        choices = await self.workspace.run_in_store(lambda: selector_choices(session))
        if not self.closed:
            self.set_choices(choices)

    def set_choices(self, choices: Sequence[str]) -> None:
        for combo in (self.a_combo, self.b_combo):
            combo.clear()
            combo.addItems(list(choices))
        # The usual question: the working text against the newest machine reading.
        self.a_combo.setCurrentIndex(0)
        others = [c for c in choices if c != "current"]
        self.b_combo.setCurrentText(others[0] if others else "current")

    def _choose_gold(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Folder of Gold Text"))
        if folder:
            self.b_combo.setCurrentText(folder)

    # -- running --------------------------------------------------------------------------

    def start(self) -> None:
        """The Compare button: check the input, then evaluate off the UI thread."""
        if self.busy:
            return
        a, b = self.a_combo.currentText().strip(), self.b_combo.currentText().strip()
        try:
            pages = parse_page_ranges(self.pages_field.text(), self.workspace.page_count)
        except PageRangeError as exc:
            self.summary.setText(self.tr("“{0}” is not a page or page range.").format(exc.part))
            return
        self.busy = True
        self.run_button.setEnabled(False)
        self.summary.setText(self.tr("Comparing…"))
        self._task = self._run(self.compare(a, b, pages), name="eval")
        self._task.add_done_callback(lambda _t: self._idle())  # also if cancelled before it began

    def _idle(self) -> None:
        self.busy = False
        if not self.closed:
            self.run_button.setEnabled(True)

    async def compare(self, a: str, b: str, pages: Sequence[int] | None) -> None:
        wanted = list(pages) if pages is not None else list(range(self.workspace.page_count))
        try:
            report = await self._evaluate_in_chunks(a, b, wanted)
        except Exception:
            if not self.closed:
                self.summary.setText(self.tr("The comparison failed."))
            raise  # the task runner tells the reviewer why
        if not self.closed:
            self.show_report(report)

    async def _evaluate_in_chunks(self, a: str, b: str, pages: list[int]) -> EvalReport:
        """One store call per few pages: a save queued meanwhile waits for one chunk only."""
        from backend.review.run_eval import EvalReport

        session, evaluate = self.workspace.session, self._evaluate
        parts: list[EvalReport] = []
        for chunk in page_chunks(pages) or [()]:
            parts.append(await self.workspace.run_in_store(partial(evaluate, session, a, b, chunk)))
        return EvalReport(
            a=a,
            b=b,
            pages=tuple(p for part in parts for p in part.pages),
            gold=parts[0].gold,
        )

    def done(self, result: int) -> None:
        """Closed (Close, Esc, the title bar, the document closing): the run stops."""
        self.closed = True
        if self._task is not None and not self._task.done():
            self._task.cancel()
        super().done(result)

    def document_changed(self, page_count: int) -> None:
        if page_count == 0:  # its document is closing
            self.close()

    def show_report(self, report: EvalReport) -> None:
        self.report = report
        self.pages_model.set_report(report)
        self.critical_model.set_items([(p.page, f) for p in report.pages for f in p.critical])
        self.summary.setText(self.summary_text(report))
        self.copy_button.setEnabled(True)

    def summary_text(self, report: EvalReport) -> str:
        diffs = report.differences
        text = self.tr(
            "{0} of {1} page(s) compared · mean agreement {2} · differences: "
            "layout {3}, punctuation {4}, glyph {5}, substantive {6} · "
            "{7} critical disagreement(s)"
        ).format(
            len(report.compared),
            len(report.pages),
            agreement_percent(report.agreement),
            *(diffs.get(c, 0) for c in CATEGORIES),
            sum(len(p.critical) for p in report.pages),
        )
        if report.gold:
            text += self.tr(" · CER {0}").format(percent(report.cer))
        return text

    # -- Markdown -------------------------------------------------------------------------

    def markdown(self) -> str:
        report = self.report
        if report is None:
            return ""
        model = self.pages_model
        headers = model.headers()
        lines = [
            self.tr("## Run comparison: {0} vs {1}").format(f"`{report.a}`", f"`{report.b}`"),
            "",
            self.summary_text(report),
            "",
            "| " + " | ".join(headers) + " |",
            "|"
            + "|".join("---:" if model.numeric(i) else "---" for i in range(len(headers)))
            + "|",
        ]
        lines += [
            "| " + " | ".join(v.replace("|", "\\|") for v in model.row_values(p)) + " |"
            for p in self.pages_shown()
        ]
        critical = [(p.page, f) for p in report.pages for f in p.critical]
        if critical:
            lines += ["", self.tr("### Critical disagreements"), ""]
            lines += [
                self.tr("- p. {0} ({1}): {2}").format(
                    page + 1, self.critical_model.kind_name(f), f.detail
                )
                for page, f in critical
            ]
        return "\n".join(lines) + "\n"

    def pages_shown(self) -> list[PageEval]:
        """The pages in the order the table shows them (sorted as the reviewer chose)."""
        rows = (self.pages_sorted.index(r, 0) for r in range(self.pages_sorted.rowCount()))
        return [self.pages_model.pages[self.pages_sorted.mapToSource(i).row()] for i in rows]

    def copy_markdown(self) -> None:
        QGuiApplication.clipboard().setText(self.markdown())


class RunComparison(QObject):
    """Review ▸ Compare Runs…: opens an ``EvalDialog`` on the open document."""

    def __init__(self, host: Host, nav: Navigator, runner: TaskRunner, hub: AidsHub) -> None:
        super().__init__(host.dialog_parent())
        self.host, self.nav, self.runner, self.hub = host, nav, runner, hub

    def actions(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "review",
                "compare_runs",
                self.tr("Compare R&uns…"),
                self.open_dialog,
                ("Ctrl+Shift+E",),
                group="runs",
            )
        ]

    def open_dialog(self) -> EvalDialog | None:
        ws = self.nav.workspace
        if ws is None:
            self.host.show_message(self.tr("Open a document first."), 5000)
            return None
        dialog = EvalDialog(ws, self.runner.run, self.host.dialog_parent())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.hub.document_changed.connect(dialog.document_changed)
        dialog.show()
        self.runner.run(dialog.load_choices())
        return dialog
