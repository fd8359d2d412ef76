"""The batch panel's parts: which pages, on which servers, and the problem pages.

Kept apart from the panel's running logic so each piece can be tested on its
own. Pages are 0-based inside, 1-based wherever a person reads or types them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from backend.documents.page_ranges import parse_page_ranges
from backend.engines.base import SamplingParams
from backend.errors import PageRangeError
from backend.safe_text import placeholders
from backend.settings.profiles import ServerProfile
from backend.store.job_rows import Selection
from gui.widgets.theme import ALERT, HINT, qcolor, set_color

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession

Index = QModelIndex | QPersistentModelIndex
ALL, RANGE, SELECTED, UNPROCESSED, FAILED = range(5)  # the page choices, in their order


def _tr(text: str) -> str:
    return QCoreApplication.translate("BatchPanel", text)


def range_pages(text: str, page_count: int) -> list[int]:
    """The range field's pages, 0-based; a ValueError says (translated) what is wrong."""
    try:
        pages = parse_page_ranges(text, page_count)
    except PageRangeError as exc:
        raise ValueError(_range_problem(exc)) from exc
    if pages is None:
        raise ValueError(_tr("Type the pages to read, e.g. 1-{0}.").format(page_count))
    return list(pages)


def _range_problem(exc: PageRangeError) -> str:
    if exc.problem == "backwards":
        return _tr("The range {0} runs backwards.").format(exc.part)
    if exc.problem == "outside":
        return _tr("Pages run from 1 to {0}; “{1}” is outside.").format(exc.page_count, exc.part)
    return _tr("“{0}” is not a page or a range; write e.g. 3-5, 8.").format(exc.part)


def format_duration(seconds: float | None) -> str:
    """h:mm:ss (the ETA), or a dash when it is not known yet."""
    if seconds is None:
        return "—"
    whole = max(0, round(seconds))
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


@dataclass(frozen=True)
class StoreState:
    """What the store says about batches: failed pages, and a batch left unfinished."""

    failed_pages: int
    unfinished_job: int | None = None
    pages_left: int = 0
    params: SamplingParams = dataclasses.field(default_factory=SamplingParams)


def read_store_state(session: DocumentSession) -> StoreState:
    """Run on the store's thread. The newest unfinished job with pages left is offered."""
    jobs = session.jobs
    failed = len(jobs.failed_pages())
    for job in jobs.unfinished():
        left = len(jobs.pending(job))
        if left:
            return StoreState(failed, job, left, params_from(jobs.summary(job).spec))
    return StoreState(failed)


def params_from(spec: dict[str, Any]) -> SamplingParams:
    """The sampling a stored job asked for (its max tokens), so a resume reads alike."""
    known = {f.name for f in dataclasses.fields(SamplingParams)}
    stored = spec.get("params") or {}
    try:
        return SamplingParams(**{k: v for k, v in stored.items() if k in known})
    except TypeError:
        return SamplingParams()


class ResumeBar(QFrame):
    """ "Resume the unfinished batch (N pages left)?" with Resume and Discard."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resume-bar")
        # Its own text colour too: a dark theme's near-white text is unreadable on yellow.
        self.setStyleSheet(
            "#resume-bar { background: #fff4c2; } #resume-bar QLabel { color: #3d3300; }"
        )
        self.state = StoreState(0)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.resume_button = QPushButton(self.tr("Resume"), self)
        self.discard_button = QPushButton(self.tr("Discard"), self)
        self.discard_button.setToolTip(self.tr("Forget the unfinished batch; pages it read stay."))
        row = QHBoxLayout(self)
        row.addWidget(self.label, 1)
        row.addWidget(self.resume_button)
        row.addWidget(self.discard_button)
        self.hide()

    def offer(self, state: StoreState) -> None:
        self.state = state
        if state.unfinished_job is None:
            self.hide()
            return
        self.label.setText(
            self.tr("Resume the unfinished batch ({0} pages left)?").format(state.pages_left)
        )
        self.show()

    def withdraw(self) -> None:
        self.state = StoreState(self.state.failed_pages)
        self.hide()


class PageScopeBox(QGroupBox):
    """All / a range / selected / unprocessed / failed pages, and whether to include
    pages a person worked on. The range is checked as it is typed."""

    submitted = Signal()  # Return pressed in the range field

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Pages"))
        self._page_count = 0
        self._current_page: Callable[[], int] = lambda: 0
        self.group = QButtonGroup(self)
        labels = (
            self.tr("All pages"),
            self.tr("Pages:"),
            self.tr("Selected pages"),
            self.tr("Unprocessed pages (never read)"),
            self.tr("Failed pages"),
        )
        self.range_edit = QLineEdit(self)
        self.range_edit.setPlaceholderText(self.tr("e.g. 3-12, 15"))
        self.range_edit.setAccessibleName(self.tr("Page range"))
        self.range_edit.textChanged.connect(self._check_range)
        self.range_edit.returnPressed.connect(self.submitted)
        self.range_error = QLabel(self)
        set_color(self.range_error, ALERT)
        self.range_error.setWordWrap(True)
        self.range_error.hide()
        layout = QVBoxLayout(self)
        for ident, text in enumerate(labels):
            radio = QRadioButton(text, self)
            self.group.addButton(radio, ident)
            if ident == RANGE:
                row = QHBoxLayout()
                row.addWidget(radio)
                row.addWidget(self.range_edit, 1)
                layout.addLayout(row)
                layout.addWidget(self.range_error)
            else:
                layout.addWidget(radio)
        self.group.button(ALL).setChecked(True)
        self.group.idToggled.connect(self._toggled)
        self.force = QCheckBox(self.tr("Also pages with edits or approval"), self)
        self.force.setToolTip(
            self.tr(
                "Normally pages a person has edited or approved are skipped. Ticked, they are "
                "read too, but never overwritten: the reading is added to their history."
            )
        )
        layout.addWidget(self.force)
        self.as_alternates = QCheckBox(self.tr("Store as alternate readings"), self)
        self.as_alternates.setToolTip(
            self.tr(
                "Read with this server (a second model or profile) to compare with: the "
                "readings are stored as alternates and never change the transcript. With "
                "“Unprocessed pages”, the pages this server has not read as alternates yet."
            )
        )
        layout.addWidget(self.as_alternates)

    def set_document(self, page_count: int, current_page: Callable[[], int]) -> None:
        self._page_count = page_count
        self._current_page = current_page
        self.range_edit.clear()
        self._check_range()

    def choice(self, selected_pages: Callable[[], list[int]]) -> tuple[Selection, list[int] | None]:
        """(selection, 0-based pages or None for all); ValueError says what is wrong."""
        scope = self.group.checkedId()
        pages: list[int] | None = None
        if scope == RANGE:
            try:
                pages = range_pages(self.range_edit.text(), self._page_count)
            except ValueError:
                self.range_edit.setFocus()
                raise
        elif scope == SELECTED:
            pages = sorted(selected_pages())
            if not pages:
                raise ValueError(self.tr("No pages are selected in the page list."))
        selection = {UNPROCESSED: Selection.UNPROCESSED, FAILED: Selection.FAILED}.get(
            scope, Selection.ALL
        )
        return selection, pages

    def _toggled(self, ident: int, on: bool) -> None:
        if ident == RANGE and on:
            if not self.range_edit.text() and self._page_count:
                self.range_edit.setText(f"{self._current_page() + 1}-{self._page_count}")
            self.range_edit.setFocus()
        self._check_range()

    def _check_range(self) -> None:
        problem = ""
        if self.group.checkedId() == RANGE and self._page_count:
            try:
                range_pages(self.range_edit.text(), self._page_count)
            except ValueError as exc:
                problem = str(exc)
        self.range_error.setText(problem)
        self.range_error.setVisible(bool(problem))


class ServerListModel(QAbstractListModel):
    """The server profiles, each with a check box: the checked ones share the pages."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.profiles: list[ServerProfile] = []
        self._checked: set[str] = set()
        self._load: dict[str, str] = {}

    def set_profiles(self, profiles: list[ServerProfile], default_id: str | None) -> None:
        """Keep the user's ticks across a refresh; with none left, tick ``default_id``."""
        self.beginResetModel()
        self.profiles = list(profiles)
        ids = {p.id for p in profiles}
        self._checked &= ids
        if not self._checked and default_id in ids:
            self._checked.add(str(default_id))
        self.endResetModel()

    def checked_ids(self) -> list[str]:
        return [p.id for p in self.profiles if p.id in self._checked]

    def set_checked(self, profile_id: str, on: bool) -> None:
        for row, p in enumerate(self.profiles):
            if p.id == profile_id:
                self.setData(self.index(row), on, Qt.ItemDataRole.CheckStateRole)

    def set_load(self, profile_id: str, summary: str) -> None:
        self._load[profile_id] = summary
        for row, p in enumerate(self.profiles):
            if p.id == profile_id:
                self.dataChanged.emit(self.index(row), self.index(row))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.profiles)

    def flags(self, index: Index) -> Qt.ItemFlag:
        return super().flags(index) | Qt.ItemFlag.ItemIsUserCheckable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        p = self.profiles[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            load = self._load.get(p.id)
            return f"{p.name} — {load}" if load else p.name
        if role == Qt.ItemDataRole.CheckStateRole:
            return Qt.CheckState.Checked if p.id in self._checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{p.base_url}\n{p.model}" if p.model else p.base_url
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.CheckStateRole:
            return False
        on = value in (True, Qt.CheckState.Checked, Qt.CheckState.Checked.value)
        pid = self.profiles[index.row()].id
        if on:
            self._checked.add(pid)
        else:
            self._checked.discard(pid)
        self.dataChanged.emit(index, index, [role])
        return True


@dataclass(frozen=True)
class Problem:
    page: int  # 0-based
    failed: bool  # False: read, but with warnings (cut off, empty, ...)
    reason: str


class ProblemModel(QAbstractTableModel):
    """Pages that failed, and pages read with warnings, in page order."""

    COLUMNS = 2

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.problems: list[Problem] = []
        self._headers = (self.tr("Page"), self.tr("Problem"))

    def clear(self) -> None:
        self.beginResetModel()
        self.problems = []
        self.endResetModel()

    def failed_pages(self) -> list[int]:
        return [p.page for p in self.problems if p.failed]

    def page_failed(self, page: int, reason: str) -> None:
        self._replace(page, [Problem(page, True, reason)])

    def page_done(self, page: int, warnings: tuple[str, ...]) -> None:
        """A page read: it is no longer failed; its warnings, if any, take the row."""
        self._replace(page, [Problem(page, False, " ".join(warnings))] if warnings else [])

    def _replace(self, page: int, rows: list[Problem]) -> None:
        self.beginResetModel()  # a handful of rows: a reset is simplest and cheap
        kept = [p for p in self.problems if p.page != page]
        self.problems = sorted([*kept, *rows], key=lambda p: p.page)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.problems)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        p = self.problems[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return str(p.page + 1)
            kind = self.tr("failed") if p.failed else self.tr("warning")
            return f"{kind}: {placeholders(p.reason)}"  # the server's words, escapes shown
        if role == Qt.ItemDataRole.ToolTipRole:
            return placeholders(p.reason)
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 1:
            return qcolor(ALERT if p.failed else HINT)
        return None
