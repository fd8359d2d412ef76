"""The find & replace dialog: what to find, where, a preview of every match, then apply.

Nothing changes until Apply: the preview lists each match with its page and context
(``ReplaceModel``), checked; the reviewer unticks what must stay (Space on a row, a
page's box for all of its matches) and applies the rest. The search itself runs off
the GUI thread (the dialog is given it as a coroutine function: ``Finder``), with a
progress bar and Cancel. Keys: Enter previews (in the fields) or applies (in the
list), Ctrl+Enter applies from anywhere, Space toggles a match, Esc closes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from backend.documents.page_ranges import parse_page_ranges
from backend.errors import ProofDeskError
from backend.i18n import list_join
from backend.session.replace import ReplaceMatch, ReplaceOutcome, ReplaceQuery
from gui.review.replace_model import ReplaceModel

Progress = Callable[[int, int], None]  # (pages searched, pages to search)
Finder = Callable[[ReplaceQuery, Progress], Awaitable[list[ReplaceMatch]]]
Applier = Callable[[list[ReplaceMatch], ReplaceQuery, bool], Awaitable[ReplaceOutcome]]
Confirm = Callable[[str], Awaitable[bool]]
Run = Callable[..., object]  # TaskRunner.run
EXPANDED_MATCHES = 2000  # match rows opened by a preview (pages folded past them)


class ReplaceDialog(QDialog):
    def __init__(
        self,
        find: Finder,
        apply: Applier,
        confirm: Confirm,
        run: Run,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Find and Replace"))
        self._find, self._apply, self._confirm, self._run = find, apply, confirm, run
        self.page_count = 0
        self.current_page = -1
        # The page shown now, asked when a search starts (the dialog stays open while the
        # reviewer moves on; the page-loaded signal comes after the move).
        self.page_now: Callable[[], int] | None = None
        self.query: ReplaceQuery | None = None  # the query the preview shows
        self.busy = False  # searching or applying: no second one meanwhile
        self.searching = False
        self._build()

    def _build(self) -> None:
        self.find_field = QLineEdit(self)
        self.replace_field = QLineEdit(self)
        self.regex = QCheckBox(self.tr("Regular e&xpression"), self)
        self.normalised = QCheckBox(
            self.tr("Use the review's &normalisation (full/half width, variant glyphs)"), self
        )
        self.case = QCheckBox(self.tr("Match &case"), self)
        self.case.setChecked(True)
        self.all_pages = QRadioButton(self.tr("&All pages"), self)
        self.this_page = QRadioButton(self.tr("C&urrent page"), self)
        self.some_pages = QRadioButton(self.tr("Pa&ges:"), self)
        self.range_field = QLineEdit(self)
        self.range_field.setPlaceholderText(self.tr("e.g. 1-5, 8"))
        self.range_field.textEdited.connect(lambda _t: self.some_pages.setChecked(True))
        scope = QButtonGroup(self)
        for button in (self.all_pages, self.this_page, self.some_pages):
            scope.addButton(button)
        self.all_pages.setChecked(True)
        self.model = ReplaceModel(self)
        self.view = QTreeView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName(self.tr("Matches"))
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setUniformRowHeights(True)
        # Columns fit the rows near the top, not all 10,000 (which took 0.4 s).
        self.view.header().setResizeContentsPrecision(100)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.outcome = QLabel(self)
        self.outcome.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.hide()
        self.preview_button = QPushButton(self.tr("&Preview"), self)
        self.cancel_button = QPushButton(self.tr("Cancel Search"), self)
        self.cancel_button.hide()
        self.check_all = QPushButton(self.tr("Check A&ll"), self)
        self.check_none = QPushButton(self.tr("Check &None"), self)
        self.apply_button = QPushButton(self.tr("&Replace Checked"), self)
        self.close_button = QPushButton(self.tr("Close"), self)
        for push in (self.preview_button, self.cancel_button, self.check_all, self.check_none):
            push.setAutoDefault(False)  # Enter is ours (keyPressEvent): preview or apply
        for push in (self.apply_button, self.close_button):
            push.setAutoDefault(False)
        self.preview_button.clicked.connect(self.preview)
        self.cancel_button.clicked.connect(self.cancel_search)
        self.check_all.clicked.connect(lambda: self._set_all(True))
        self.check_none.clicked.connect(lambda: self._set_all(False))
        self.apply_button.clicked.connect(self.apply)
        self.close_button.clicked.connect(self.reject)
        self.model.dataChanged.connect(lambda *_args: self._show_counts())
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(keys), self, self.apply)
        self._lay_out()
        self._enable()

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.addRow(self.tr("&Find:"), self.find_field)
        form.addRow(self.tr("Replace &with:"), self.replace_field)
        options = QVBoxLayout()
        for box in (self.regex, self.normalised, self.case):
            options.addWidget(box)
        pages = QHBoxLayout()
        for widget in (self.all_pages, self.this_page, self.some_pages, self.range_field):
            pages.addWidget(widget)
        searching = QHBoxLayout()
        searching.addWidget(self.progress, 1)
        searching.addWidget(self.cancel_button)
        buttons = QHBoxLayout()
        for button in (self.preview_button, self.check_all, self.check_none):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(options)
        layout.addLayout(pages)
        layout.addLayout(searching)
        layout.addWidget(self.view, 1)
        for label in (self.summary, self.outcome):
            layout.addWidget(label)
        layout.addLayout(buttons)
        self.resize(820, 560)

    # -- what the reviewer asked ---------------------------------------------------------

    def set_document(self, page_count: int, current_page: int) -> None:
        self.page_count, self.current_page = page_count, current_page
        self.this_page.setEnabled(current_page >= 0)

    def set_request(self, find: str, replace: str, pages: str = "") -> None:
        """Fill the fields (the Facts dock's "make it agree"): plain text, as written."""
        self.find_field.setText(find)
        self.replace_field.setText(replace)
        self.regex.setChecked(False)
        self.normalised.setChecked(False)
        self.case.setChecked(True)
        self.range_field.setText(pages)
        (self.some_pages if pages else self.all_pages).setChecked(True)

    def query_asked(self) -> ReplaceQuery:
        """The fields as a query; a bad page range raises ``PageRangeError``."""
        shown = self.current_page if self.page_now is None else self.page_now()
        if self.this_page.isChecked() and shown >= 0:
            pages: tuple[int, ...] | None = (shown,)
        elif self.some_pages.isChecked():
            pages = parse_page_ranges(self.range_field.text(), self.page_count)
        else:
            pages = None
        return ReplaceQuery(
            find=self.find_field.text(),
            replace=self.replace_field.text(),
            regex=self.regex.isChecked(),
            normalised=self.normalised.isChecked(),
            case_sensitive=self.case.isChecked(),
            pages=pages,
        )

    # -- keys -------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        plain = event.modifiers() in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.KeypadModifier,
        )
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and plain:
            # A field's Enter (and the list's, both passed on by their widgets) comes here.
            self.apply() if self.view.hasFocus() else self.preview()
            return
        if event.key() == Qt.Key.Key_Escape and self.searching:
            self.cancel_search()  # the first Esc stops a long search, the next one closes
            return
        super().keyPressEvent(event)

    # -- the preview ----------------------------------------------------------------------

    def preview(self) -> None:
        if not self.busy:
            self._run(self._preview(), name="replace-preview")

    async def _preview(self, *, after_apply: bool = False) -> None:
        try:
            query = self.query_asked()
        except ProofDeskError as exc:
            self.summary.setText(str(exc))
            return
        if not query.find:
            self.summary.setText(self.tr("Type what to find first."))
            return
        self._searching(True)
        if not after_apply:  # else it says what was just written
            self.outcome.clear()
        try:
            matches = await self._find(query, self._progress)
        except ProofDeskError as exc:  # a bad pattern: said here, where it was typed
            self.summary.setText(str(exc))
            return
        finally:
            self._searching(False)
        self.query = query
        self.model.set_matches(matches)
        if after_apply:
            # What is left, none ticked: a second Enter must not replace again (林 → 林林
            # finds 林 in what it just wrote).
            self.model.set_all(False)
        self._expand()
        for column in range(self.model.columnCount()):
            self.view.resizeColumnToContents(column)
        self._show_counts()
        if matches:
            self.view.setCurrentIndex(self.model.index(0, 0))
            self.view.setFocus()  # Space toggles, Enter applies
        self._enable()

    def _expand(self) -> None:
        """Open the pages, in order, until EXPANDED_MATCHES rows are open: a common word
        over 3,000 pages opened in full took 0.3-0.7 s; the rest are a Right arrow away."""
        shown = 0
        for row in range(self.model.rowCount()):
            page = self.model.index(row, 0)
            shown += self.model.rowCount(page)
            if shown > EXPANDED_MATCHES and row:
                break
            self.view.expand(page)

    def _set_all(self, checked: bool) -> None:
        self.model.set_all(checked)
        self.view.viewport().update()  # the matches' boxes too (one signal: the pages')

    def _progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    def _searching(self, on: bool) -> None:
        self.busy = self.searching = on
        self.progress.setVisible(on)
        self.cancel_button.setVisible(on)
        self.progress.setValue(0)
        self._enable()

    def cancel_search(self) -> None:
        self._run(_nothing(), name="replace-preview")  # a named task cancels its predecessor
        self._searching(False)
        self.summary.setText(self.tr("Search cancelled."))

    def _show_counts(self) -> None:
        if self.query is None:
            return
        total, chosen = len(self.model.matches), len(self.model.chosen())
        pages = len({m.page for m in self.model.matches})
        self.summary.setText(
            self.tr("{0} match(es) on {1} page(s); {2} checked.").format(total, pages, chosen)
        )
        self._enable()

    def _enable(self) -> None:
        has = self.query is not None and bool(self.model.matches)
        self.preview_button.setEnabled(not self.busy)
        for button in (self.check_all, self.check_none):
            button.setEnabled(has and not self.busy)
        self.apply_button.setEnabled(has and not self.busy and bool(self.model.chosen()))

    # -- applying ---------------------------------------------------------------------------

    def apply(self) -> None:
        if not self.busy and self.apply_button.isEnabled():
            self._run(self._apply_chosen(), name="replace-apply")

    async def _apply_chosen(self) -> None:
        query, chosen = self.query, self.model.chosen()
        if query is None or not chosen:
            return
        approved = self.model.approved_pages(chosen)
        allow = False
        if approved:
            allow = await self._confirm(
                self.tr(
                    "Page(s) {0} are approved. Replacing there takes their approval back. "
                    "Change them too? (No: only the other pages.)"
                ).format(list_join(p + 1 for p in approved))
            )
            if not allow:
                chosen = [m for m in chosen if not m.approved]
        if not chosen:
            return
        self.busy = True
        self._enable()
        try:
            outcome = await self._apply(chosen, query, allow)
        finally:
            self.busy = False
        self.query = None
        self.model.set_matches([])
        self._enable()
        self.outcome.setText(self._describe(outcome))
        await self._preview(after_apply=True)  # what is left (unticked, skipped) stays in view

    def _describe(self, outcome: ReplaceOutcome) -> str:
        text = self.tr("Replaced {0} match(es) on {1} page(s).").format(
            outcome.replaced, len(outcome.changed)
        )
        if outcome.skipped:
            pages = list_join(p + 1 for p in sorted(outcome.skipped))
            text += " " + self.tr("Left as they were: page(s) {0}.").format(pages)
        return text

    def forget(self) -> None:
        """Drop the preview (its document closed); the fields stay for the next one."""
        if self.searching:
            self.cancel_search()
        self.query = None
        self.model.set_matches([])
        self.summary.clear()
        self.outcome.clear()
        self._enable()

    def done(self, result: int) -> None:
        if self.searching:
            self.cancel_search()
        super().done(result)


async def _nothing() -> None:
    return None
