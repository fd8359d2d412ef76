"""The Compare dock: an alternate reading of the page next to the transcript.

Top: which alternate to compare with, and running an offline engine for this
page or all pages. Middle: the normalisation switches, the page's agreement,
the document's summary and the page's whole-page problems (a loop, a page cut
short: above the flags, since the whole page may be wrong). Bottom: the
alternate's text (highlighted by ``ReviewNavigator``), the current difference
and the button that accepts it.
The widget shows what ``AidsHub`` tells it and forwards the reviewer's
choices; it computes nothing itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from backend.engines.offline.registry import engine_names
from backend.models import Version
from backend.review.percent import agreement_percent
from backend.review.values import Diagnosis, Flag, PageReview
from backend.safe_text import placeholders
from gui.aids.compare_models import (
    AlternatesModel,
    DiagnosesModel,
    DiagnosisRole,
    FlagRole,
    FlagsModel,
    VersionIdRole,
)
from gui.services.aid_review import loop_running
from gui.services.aids_hub import AidsHub
from gui.widgets.theme import ALERT, set_color
from gui.widgets.transcript_editor import cjk_font

OPTION_COLUMNS = 1  # two columns made the side dock scroll sideways at 1366×768


class ReviewPanel(QWidget):
    flag_chosen = Signal(object)  # a Flag clicked in the list
    diagnosis_chosen = Signal(object)  # a Diagnosis clicked in its list
    accept_clicked = Signal()

    def __init__(self, hub: AidsHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.page_count = 0
        self.current_page = -1
        self._option_boxes: dict[str, QCheckBox] = {}
        self._alt_shown = ""  # the alternate's text as last set (the view's may differ: \r\n)
        self._build_run_row()
        self._build_status()
        self._build_texts()
        self._layout()
        self._wire()

    # -- building -----------------------------------------------------------------------

    def _build_run_row(self) -> None:
        self.alternates_model = AlternatesModel(self)
        self.alternate_choice = QComboBox(self)
        self.alternate_choice.setModel(self.alternates_model)
        self.alternate_choice.setToolTip(self.tr("The alternate reading to compare with"))
        self.alternate_choice.setAccessibleName(self.tr("Alternate reading"))
        self.alternate_choice.setPlaceholderText(self.tr("Choose a reading to compare with"))
        self.engine = QComboBox(self)
        for engine in engine_names():
            self.engine.addItem(self.alternates_model.engine_name(engine), engine)
        self.engine.setToolTip(self.tr("Offline OCR engine for a second reading"))
        self.engine.setAccessibleName(self.tr("Engine"))
        self.scope = QComboBox(self)
        self.scope.addItem(self.tr("This page"), "page")
        self.scope.addItem(self.tr("All pages"), "all")
        self.scope.setAccessibleName(self.tr("Pages to read"))
        self.run_button = QPushButton(self.tr("Run"), self)
        self.run_button.setToolTip(self.tr("Read with this engine and store it as an alternate"))
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setToolTip(self.tr("Stop; the pages already read are kept"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar(self)
        self.progress.hide()
        self.run_message = QLabel(self)
        self.run_message.setWordWrap(True)

    def _build_status(self) -> None:
        self.agreement = QLabel(self)
        self.agreement.setWordWrap(True)  # its longest sentence made the side dock scroll
        self.agreement.setAccessibleName(self.tr("Page agreement"))
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(self.tr("Document summary"))
        # Folded away until asked for: set once, they took the alternate's lines.
        self.options_toggle = QToolButton(self)
        self.options_toggle.setText(self.tr("Ignore when comparing"))
        self.options_toggle.setCheckable(True)
        self.options_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.options_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.options_toggle.setAutoRaise(True)
        self.options = QGroupBox(self)
        self.options_grid = QGridLayout(self.options)
        self.low_confidence = QCheckBox(self.tr("Underline tokens the model was unsure of"), self)
        self.low_confidence.setChecked(self.hub.show_low_confidence)
        self.options_grid.addWidget(self.low_confidence, 100, 0)  # below every switch
        self.options.hide()
        self.options_toggle.toggled.connect(self._show_options)

    def _build_texts(self) -> None:
        self.alt_view = QPlainTextEdit(self)
        self.alt_view.setReadOnly(True)
        self.alt_view.setFont(cjk_font())
        self.alt_view.setAccessibleName(self.tr("Alternate reading text"))
        self.alt_view.setPlaceholderText(
            self.tr("No alternate reading for this page: run an engine above.")
        )
        self.diagnoses_model = DiagnosesModel(self)
        self.diagnosis_list = QListView(self)
        self.diagnosis_list.setModel(self.diagnoses_model)
        self.diagnosis_list.setAccessibleName(self.tr("Whole-page problems"))
        self.diagnosis_list.setMaximumHeight(4 * self.fontMetrics().height() + 8)
        set_color(self.diagnosis_list, ALERT)
        self.diagnosis_list.hide()
        self.flags_model = FlagsModel(self)
        self.flag_list = QListView(self)
        self.flag_list.setModel(self.flags_model)
        self.flag_list.setAccessibleName(self.tr("Differences and markers"))
        self.current = QLabel(self)
        self.current.setWordWrap(True)
        self.accept_button = QPushButton(self.tr("Accept alternate's reading"), self)
        self.accept_button.setEnabled(False)

    def _layout(self) -> None:
        # Two short rows, not one long one: the dock is a narrow tab at the side.
        engine_row, run_row = QHBoxLayout(), QHBoxLayout()
        engine_row.addWidget(self.engine, 1)
        engine_row.addWidget(self.scope)
        for widget in (self.run_button, self.cancel_button):
            run_row.addWidget(widget)
        run_row.addWidget(self.progress, 1)
        top = QVBoxLayout()
        top.addWidget(self.alternate_choice)
        top.addLayout(engine_row)
        top.addLayout(run_row)
        top.addWidget(self.run_message)
        top.addWidget(self.agreement)
        top.addWidget(self.summary)
        top.addWidget(self.options_toggle)
        top.addWidget(self.options)
        top.addWidget(self.diagnosis_list)
        # Stacked: the flags list needs the width for its one-line details.
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.alt_view)
        split.addWidget(self.flag_list)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.current, 1)
        bottom.addWidget(self.accept_button)
        column = QVBoxLayout(self)
        column.addLayout(top)
        column.addWidget(split, 1)
        column.addLayout(bottom)

    def _wire(self) -> None:
        hub = self.hub
        hub.alternates_changed.connect(self.show_alternates)
        hub.summaries_changed.connect(self.show_summaries)
        hub.run_started.connect(self._run_started)
        hub.run_progress.connect(self._run_progress)
        hub.run_finished.connect(self._run_finished)
        self.alternate_choice.activated.connect(self._alternate_chosen)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(hub.cancel_run)
        self.engine.currentIndexChanged.connect(lambda _i: self._check_engine())
        self.low_confidence.toggled.connect(hub.set_show_low_confidence)
        self.flag_list.activated.connect(lambda index: self.flag_chosen.emit(index.data(FlagRole)))
        self.flag_list.clicked.connect(lambda index: self.flag_chosen.emit(index.data(FlagRole)))
        self.accept_button.clicked.connect(self.accept_clicked)
        for chosen in (self.diagnosis_list.activated, self.diagnosis_list.clicked):
            chosen.connect(lambda index: self.diagnosis_chosen.emit(index.data(DiagnosisRole)))
        self.engine.setCurrentIndex(max(0, self.engine.findData(hub.gui_settings.alt_engine)))

    def build_options(self) -> None:
        """One checkbox per normalisation switch the backend offers, set as saved."""
        for box in self._option_boxes.values():
            box.deleteLater()
        self._option_boxes = {}
        for i, (name, on) in enumerate(self.hub.compare_options().items()):
            box = QCheckBox(self.option_label(name), self.options)
            box.setChecked(on)
            box.setObjectName(f"option-{name}")
            box.toggled.connect(lambda checked, n=name: self.hub.set_compare_option(n, checked))
            self.options_grid.addWidget(box, i // OPTION_COLUMNS, i % OPTION_COLUMNS)
            self._option_boxes[name] = box

    def _show_options(self, shown: bool) -> None:
        self.options.setVisible(shown)
        arrow = Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        self.options_toggle.setArrowType(arrow)

    def option_label(self, name: str) -> str:
        labels = {
            "ignore_whitespace": self.tr("Spaces and line breaks"),
            "fold_width": self.tr("Full/half-width forms"),
            "fold_variants": self.tr("Variant characters (爲/為)"),
            "ignore_markers": self.tr("Unreadable-text markers"),
            "ignore_punctuation": self.tr("Punctuation"),
            "fold_punctuation": self.tr("Equivalent punctuation"),
            "ignore_markdown": self.tr("Markdown formatting"),
            "fold_numerals": self.tr("Chinese/Arabic numerals"),
            "fold_masks": self.tr("Name masks ○ read as 。/O/0"),
            "reorder_lines": self.tr("Reading order of lines"),
        }
        return labels.get(name, name.replace("_", " ").capitalize())

    def option_box(self, name: str) -> QCheckBox:
        return self._option_boxes[name]

    # -- showing ------------------------------------------------------------------------------

    def set_document(self, page_count: int) -> None:
        self.page_count = page_count
        if not self._option_boxes:
            self.build_options()
        self._check_engine()

    def show_alternates(self, versions: Sequence[Version]) -> None:
        self.alternates_model.set_versions(list(versions))
        chosen = self.hub.alternate_id
        row = self.alternates_model.row_of(chosen)
        if chosen is None and not self.alternates_model.is_alternate(0):
            row = -1  # only other readings: none is compared with until one is chosen
        self.alternate_choice.setCurrentIndex(row)
        self.alternate_choice.setEnabled(bool(versions))

    def show_review(self, review: PageReview | None, stops: list[Flag]) -> None:
        """The alternate's text and the page's figures (highlights: ``ReviewNavigator``)."""
        alt = None if review is None else review.alternate
        text = alt.text if alt else ""
        # toPlainText() turns \r\n, U+2028 and U+2029 into \n: compared with what
        # was set, not with what the view gives back, or the pane resets each time.
        if text != self._alt_shown:
            self._alt_shown = text
            self.alt_view.setPlainText(text)
        if review is not None and review.same_reading:
            self.agreement.setText(
                self.tr(
                    "This alternate is the transcript's own reading: comparing it with "
                    "itself proves nothing. Choose or run another reading."
                )
            )
        elif review is None or review.agreement is None:
            self.agreement.setText(self.tr("No alternate reading to compare this page with."))
        else:
            self.agreement.setText(
                self.tr("Agreement on this page: {0} · {1} difference(s)").format(
                    agreement_percent(review.agreement), len(stops)
                )
            )
        self.flags_model.set_flags(list(review.flags) if review else [])
        diagnoses: list[Diagnosis] = list(review.diagnoses) if review else []
        self.diagnoses_model.set_diagnoses(diagnoses)
        self.diagnosis_list.setVisible(bool(diagnoses))

    def show_current(self, flag: Flag | None, position: int, total: int) -> None:
        if flag is None:
            self.current.setText("")
            self.accept_button.setEnabled(False)
            return
        self.current.setText(
            self.tr("{0} {1} of {2}: {3}").format(
                self.flags_model.kind_label(flag), position, total, flag.detail
            )
        )
        self.accept_button.setEnabled(flag.replacement is not None)
        row = self.flags_model.row_of(flag)
        if row >= 0:
            self.flag_list.setCurrentIndex(self.flags_model.index(row))

    def show_summaries(self, summaries: Sequence[object]) -> None:
        compared = [
            s
            for s in summaries
            if getattr(s, "agreement", None) is not None and not getattr(s, "same_reading", False)
        ]
        markers = sum(int(getattr(s, "markers", 0)) for s in summaries)
        critical = sum(int(getattr(s, "critical", 0)) for s in summaries)
        if compared:
            mean = sum(float(getattr(s, "agreement", 0.0)) for s in compared) / len(compared)
            head = self.tr("{0} of {1} page(s) compared, mean agreement {2}").format(
                len(compared), len(summaries), agreement_percent(mean)
            )
        else:
            head = self.tr("No page compared yet")
        text = self.tr("{0} · {1} marker(s) left · {2} critical difference(s) open").format(
            head, markers, critical
        )
        if diagnosed := sum(1 for s in summaries if getattr(s, "diagnoses", ())):
            text += " · " + self.tr("{0} page(s) with a whole-page problem").format(diagnosed)
        self.summary.setText(text)

    # -- running an engine --------------------------------------------------------------

    def run(self) -> None:
        """The Run button: the engine is checked off the UI thread, then the run starts."""
        engine = str(self.engine.currentData())
        if self.scope.currentData() == "all":
            pages = list(range(self.page_count))
        else:
            pages = [self.current_page] if self.current_page >= 0 else []
        self.run_button.setEnabled(False)  # no second click while the engine is checked
        task = self.hub.runner.run(self._run_checked(engine, pages), name="aids-run-check")
        task.add_done_callback(lambda _t: self._after_check())

    async def _run_checked(self, engine: str, pages: list[int]) -> None:
        if problem := await self.hub.engine_problem(engine):
            self._say(problem, error=True)
            return
        self.hub.run_alternate(engine, pages)

    def _after_check(self) -> None:
        if not self.hub.running:
            self.run_button.setEnabled(True)

    def _check_engine(self) -> None:
        engine = str(self.engine.currentData())
        known, problem = self.hub.known_engine_problem(engine)
        if known:
            self._show_engine_problem(problem)
        elif loop_running():  # else on opening a document, with the loop running
            self.hub.runner.run(self._check_engine_later(engine), name="aids-engine-check")

    async def _check_engine_later(self, engine: str) -> None:
        problem = await self.hub.engine_problem(engine)
        if engine == str(self.engine.currentData()):  # not another engine chosen meanwhile
            self._show_engine_problem(problem)

    def _show_engine_problem(self, problem: str | None) -> None:
        self.run_button.setToolTip(
            problem or self.tr("Read with this engine and store it as an alternate")
        )
        self._say(problem or "", error=bool(problem))

    def _run_started(self, engine: str, total: int) -> None:
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.progress.show()
        self._say(
            self.tr("Reading {0} page(s) with {1}…").format(
                total, self.alternates_model.engine_name(engine)
            )
        )

    def _run_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _run_finished(self, message: str, error: bool) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.hide()
        self._say(message, error=error)

    def _say(self, message: str, *, error: bool = False) -> None:
        self.run_message.setText(placeholders(message))  # an engine's words: escapes shown
        set_color(self.run_message, ALERT if error else None)

    def _alternate_chosen(self, row: int) -> None:
        # The first row is "the newest": it follows new readings as they arrive.
        chosen = self.alternates_model.index(row).data(VersionIdRole)
        newest = row == 0 and self.alternates_model.is_alternate(row)
        self.hub.choose_alternate(None if newest else chosen)
