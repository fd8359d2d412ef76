"""The Statistics dialog: the document's progress, the tables by model, prompt, server,
reviewer and page, and the charts.

Everything shown comes from ``backend.stats``: the figures are computed on the store's
thread (``statistics_of``: on the team store a reviewer gets their own work), put in
words and cells by ``backend.stats.tables`` (as ``proofdesk stats`` prints them) and
drawn by ``backend.stats.charts`` on a worker thread, at the screen's pixel ratio.
Nothing is computed here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap, QResizeEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from backend.stats.tables import document_lines, table_cells

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession
    from backend.stats.charts import Chart
    from backend.stats.figures import Statistics
    from gui.services.workspace import Workspace

Compute = Callable[["DocumentSession"], "Statistics"]
Draw = Callable[..., "list[Chart]"]


def default_compute(session: DocumentSession) -> Statistics:
    from backend.stats import statistics_of

    return statistics_of(session.store, session.page_count)


def default_draw(stats: Statistics, *, scale: float = 1.0) -> list[Chart]:
    from backend.stats.charts import charts

    return charts(stats, scale=scale)


class StatsDialog(QDialog):
    """Opens computing; shows the figures, then the charts once drawn. Esc closes."""

    def __init__(
        self,
        workspace: Workspace,
        run: Callable[..., Any],
        parent: QWidget | None = None,
        compute: Compute = default_compute,
        draw: Draw = default_draw,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Review Statistics"))
        self.workspace, self._run, self._compute, self._draw = workspace, run, compute, draw
        self.stats: Statistics | None = None
        self.charts: list[Chart] = []
        self.closed = False  # done(): nothing may touch the widgets from then on
        self._task: asyncio.Task[Any] | None = None
        self.tables: dict[str, QStandardItemModel] = {}
        self._build()
        self.resize(960, 720)

    def _build(self) -> None:
        self.summary = QLabel(self.tr("Computing the statistics…"), self)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tabs = QTabWidget(self)
        self.chart_box = QWidget(self)
        self.chart_layout = QGridLayout(self.chart_box)
        self.chart_labels: list[QLabel] = []
        self.chart_note = QLabel(self.tr("Drawing the charts…"), self.chart_box)
        self.chart_layout.addWidget(self.chart_note, 0, 0)
        self.chart_scroll = QScrollArea(self)
        self.chart_scroll.setWidget(self.chart_box)
        self.chart_scroll.setWidgetResizable(True)
        self.chart_scroll.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # arrows scroll it
        self.tabs.addTab(self.chart_scroll, self.tr("&Charts"))
        titles = {
            "model": self.tr("By &Model"),
            "prompt": self.tr("By &Prompt"),
            "server": self.tr("By &Server"),
            "person": self.tr("By &Reviewer"),
            "page": self.tr("By Pa&ge"),
        }
        for by, title in titles.items():
            model = QStandardItemModel(self)
            self.tables[by] = model
            self.tabs.addTab(self._table(model, title.replace("&", "")), title)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)

    def _table(self, model: QStandardItemModel, name: str) -> QTableView:
        view = QTableView(self)
        view.setModel(model)
        view.setAccessibleName(name)
        view.verticalHeader().hide()
        view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        view.horizontalHeader().setStretchLastSection(True)
        return view

    def start(self) -> asyncio.Task[Any]:
        self._task = self._run(self.load(), name="statistics")
        return self._task

    async def load(self) -> None:
        session, compute = self.workspace.session, self._compute
        try:
            stats = await self.workspace.run_in_store(lambda: compute(session))
        except Exception:
            if not self.closed:
                self.summary.setText(self.tr("The statistics could not be computed."))
            raise  # the task runner tells the reviewer why
        if self.closed:
            return
        self.show_figures(stats)
        scale = self.devicePixelRatioF()
        # matplotlib draws off the GUI thread (about a second for the five charts).
        charts = await asyncio.to_thread(self._draw, stats, scale=scale)
        if not self.closed:
            self.show_charts(charts, scale)

    def show_figures(self, stats: Statistics) -> None:
        self.stats = stats
        self.summary.setText("\n".join(document_lines(stats)))
        for by, model in self.tables.items():
            head, rows = table_cells(stats, by)
            _fill(model, head, rows)

    def show_charts(self, charts: Sequence[Chart], scale: float) -> None:
        self.charts = list(charts)
        self.chart_note.setText(
            ""
            if charts
            else self.tr("No charts yet: no page has both a machine reading and an approval.")
        )
        self.chart_note.setVisible(not charts)
        for chart in charts:
            label = QLabel(self.chart_box)
            pixmap = QPixmap()
            pixmap.loadFromData(chart.png, "PNG")
            pixmap.setDevicePixelRatio(scale)
            label.setPixmap(pixmap)
            label.setAccessibleName(chart.title)
            label.setObjectName(f"chart_{chart.name}")
            self.chart_labels.append(label)
        self._lay_out_charts()

    def _lay_out_charts(self) -> None:
        """As many charts side by side as the dialog's width holds (two on a wide one)."""
        if not self.chart_labels:
            return
        width = self.chart_labels[0].pixmap().deviceIndependentSize().width()
        columns = max(1, int(self.chart_scroll.viewport().width() // (width + 12)))
        grid = self.chart_layout
        for r in range(grid.rowCount()):
            grid.setRowStretch(r, 0)
        for c in range(grid.columnCount()):
            grid.setColumnStretch(c, 0)
        for i, label in enumerate(self.chart_labels):
            grid.addWidget(label, 1 + i // columns, i % columns)
        grid.setRowStretch(1 + len(self.chart_labels) // columns + 1, 1)  # the rest below
        grid.setColumnStretch(columns, 1)  # and beside

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._lay_out_charts()

    def done(self, result: int) -> None:
        """Closed (Close, Esc, the title bar, the document closing): the work stops."""
        self.closed = True
        if self._task is not None and not self._task.done():
            self._task.cancel()
        super().done(result)

    def document_changed(self, page_count: int) -> None:
        if page_count == 0:  # its document is closing
            self.close()


def _fill(model: QStandardItemModel, head: list[str], rows: list[list[str]]) -> None:
    model.clear()
    model.setHorizontalHeaderLabels(head)
    for row in rows:
        items = [QStandardItem(cell) for cell in row]
        for item in items:
            item.setEditable(False)
        model.appendRow(items)
