"""What the batch panel shows: its widgets, and how a batch's events, numbers and
messages appear in them.

``BatchPanelView`` is the base of ``BatchPanel`` (``gui.ocr.batch_panel``) and
kept apart from it so the panel's module is only its running logic: starting a
batch, following it, pausing, cancelling and resuming it. Nothing here knows the
hub, a task or the store, and no button is wired to anything: given a
``BatchEvent`` or ``BatchStats`` the view shows it. It is a base class rather
than a part so the panel keeps one widget tree, its tab order and its widget
names (``panel.start_button``...), and so its strings are still found under the
``BatchPanel`` translation context (Qt's ``tr`` looks along the class's MRO).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from backend.ocr.batch import BatchEvent, BatchStats
from backend.safe_text import placeholders
from gui.ocr.batch_models import (
    PageScopeBox,
    ProblemModel,
    ResumeBar,
    ServerListModel,
    format_duration,
)
from gui.widgets.theme import ALERT, HINT, set_color


class BatchPanelView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lanes: dict[str, str] = {}  # a lane's problem, shown until it is up again
        self._lane_count = 1  # servers in this run: the lane messages' wording

    def _build_widgets(self, max_tokens: int) -> None:
        """Every widget and the layout, in tab order; ``max_tokens``: the remembered value."""
        self.resume_bar = ResumeBar(self)

        self.scope_box = PageScopeBox(self)

        self.servers = ServerListModel(self)
        self.server_list = QListView(self)
        self.server_list.setModel(self.servers)
        self.server_list.setAccessibleName(self.tr("Servers"))
        self.server_list.setToolTip(self.tr("Tick several servers to spread the pages over them."))
        self.server_list.setMaximumHeight(90)
        self.max_tokens = QSpinBox(self)
        self.max_tokens.setRange(256, 131072)
        self.max_tokens.setSingleStep(256)
        self.max_tokens.setValue(max_tokens)
        self.max_tokens.setToolTip(self.tr("The longest answer allowed for one page, in tokens."))
        form = self.server_form = QFormLayout()  # the panel adds the local model's row
        form.addRow(self.tr("Servers:"), self.server_list)
        form.addRow(self.tr("Max tokens:"), self.max_tokens)

        self.start_button = QPushButton(self.tr("Start"), self)
        self.start_button.setToolTip(self.tr("Read the chosen pages (Ctrl+B shows this panel)."))
        self.pause_button = QPushButton(self.tr("Pause"), self)
        self.pause_button.setCheckable(True)
        self.pause_button.setToolTip(self.tr("Start no new page; pages being read finish."))
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.pause_button, self.cancel_button):
            buttons.addWidget(button)

        self.progress = QProgressBar(self)
        self.progress.setFormat(self.tr("%v / %m pages"))
        self.progress.setValue(0)
        self.stats_label = QLabel(self)
        self.lanes_label = QLabel(self)
        set_color(self.lanes_label, HINT)
        self.lanes_label.setWordWrap(True)
        self.lanes_label.hide()
        self.message = QLabel(self)
        self.message.setWordWrap(True)

        self.problems = ProblemModel(self)
        self.problem_table = QTableView(self)
        self.problem_table.setModel(self.problems)
        self.problem_table.setAccessibleName(self.tr("Problem pages"))
        self.problem_table.setToolTip(self.tr("Double-click a page to open it."))
        self.problem_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.problem_table.verticalHeader().hide()
        header = self.problem_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.retry_button = QPushButton(self.tr("Retry failed pages"), self)

        layout = QVBoxLayout(self)
        layout.addWidget(self.resume_bar)
        layout.addWidget(self.scope_box)
        layout.addLayout(form)
        layout.addLayout(buttons)
        for widget in (self.progress, self.stats_label, self.lanes_label, self.message):
            layout.addWidget(widget)
        layout.addWidget(QLabel(self.tr("Problem pages:"), self))
        layout.addWidget(self.problem_table, 1)
        layout.addWidget(self.retry_button)

    # -- showing a batch ----------------------------------------------------------------

    def _show_event(self, event: BatchEvent) -> None:
        """The progress bar, the numbers, the problem pages and the lanes after ``event``."""
        stats = event.stats
        self.progress.setMaximum(max(1, stats.total))
        self.progress.setValue(stats.finished)
        self.stats_label.setText(self._stats_text(stats))
        if event.page is not None and event.kind == "failed":
            self.problems.page_failed(event.page, event.message)
        elif event.page is not None and event.kind == "done":
            self.problems.page_done(event.page, event.warnings)
        elif event.kind == "lane_down":
            self._lanes[event.lane] = (
                self.tr("{0}: unreachable — retrying its pages elsewhere").format(event.lane)
                if self._lane_count > 1
                else self.tr("{0}: unreachable — retrying").format(event.lane)
            )
        elif event.kind == "lane_disabled":
            self._lanes[event.lane] = self.tr("{0}: not used any more — {1}").format(
                event.lane,
                placeholders(event.message),  # the server's words, escapes shown
            )
        elif event.kind == "lane_up":
            self._lanes.pop(event.lane, None)
        self.lanes_label.setText("\n".join(self._lanes.values()))
        self.lanes_label.setVisible(bool(self._lanes))

    def _stats_text(self, s: BatchStats) -> str:
        text = self.tr(
            "{0} done · {1} failed · {2} in flight · {3:.1f} pages/min · {4:.0f} tokens/s · ETA {5}"
        ).format(
            s.done,
            s.failed,
            s.in_flight,
            s.pages_per_minute,
            s.tokens_per_second,
            format_duration(s.eta_s),
        )
        if s.retrying:
            text += " · " + self.tr("{0} retrying").format(s.retrying)
        if s.paused:
            text += " · " + self.tr("paused")
        return text

    def _reset_run_view(self, page_count: int) -> None:
        """Back to no run: an empty bar over ``page_count`` pages, no numbers, no message."""
        self.progress.setMaximum(max(1, page_count))
        self.progress.setValue(0)
        self.stats_label.clear()
        self.message.clear()
        set_color(self.message, None)  # a red left from an earlier message would colour the next
        self._lanes.clear()
        self.lanes_label.hide()

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message.setText(placeholders(text))  # errors quote the server: escapes shown
        set_color(self.message, ALERT if error else None)
