"""Search across the whole document's working transcripts: one row per match, with
the words around it and the match highlighted; F3 / Shift+F3 walk the rows."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QLabel, QLineEdit, QListView, QVBoxLayout, QWidget

from backend.models import SearchHit
from gui.widgets.rich_text_delegate import HtmlRole, RichTextDelegate, marked

PageRole = Qt.ItemDataRole.UserRole + 1
OffsetRole = Qt.ItemDataRole.UserRole + 2
LengthRole = Qt.ItemDataRole.UserRole + 3  # the match's own length (0: nothing to select)


class SearchPanel(QWidget):
    hit_chosen = Signal(int, int, int)  # page, offset, length

    def __init__(
        self,
        search: Callable[[str], Awaitable[list[SearchHit]]],
        run: Callable[..., object],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._search = search
        self._run = run
        self.field = QLineEdit(self)
        self.field.setPlaceholderText(self.tr("Search all pages"))
        self.field.setClearButtonEnabled(True)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.model = QStandardItemModel(self)
        self.results = QListView(self)
        self.results.setModel(self.model)
        self.results.setItemDelegate(RichTextDelegate(self.results))
        self.results.setWordWrap(True)
        self.results.setAccessibleName(self.tr("Search results"))
        self.results.activated.connect(self._choose)
        self.results.clicked.connect(self._choose)
        self._debounce = QTimer(self, singleShot=True, interval=250)
        self._debounce.timeout.connect(self.search_now)
        self.field.textChanged.connect(lambda _t: self._debounce.start())
        self.field.returnPressed.connect(self.search_now)
        layout = QVBoxLayout(self)
        for widget in (self.field, self.summary, self.results):
            layout.addWidget(widget)

    def focus(self) -> None:
        self.field.setFocus()
        self.field.selectAll()

    def search_now(self) -> None:
        self._debounce.stop()
        self._run(self._do_search(self.field.text()), name="search")

    async def _do_search(self, query: str) -> None:
        hits = await self._search(query) if query.strip() else []
        self.model.clear()
        for hit in hits:
            context = (hit.before, hit.match, hit.after) if hit.match else ("", "", hit.snippet)
            item = QStandardItem(self.tr("p. {0}: {1}").format(hit.page + 1, "".join(context)))
            item.setEditable(False)
            item.setData(hit.page, PageRole)
            item.setData(hit.offset, OffsetRole)
            item.setData(len(hit.match), LengthRole)
            label = self.tr("p. {0}:").format(hit.page + 1)
            item.setData(f"<b>{label}</b> " + marked(*context, self.palette()), HtmlRole)
            self.model.appendRow(item)
        pages = len({hit.page for hit in hits})
        self.summary.setText(
            self.tr("{0} match(es) on {1} page(s)").format(len(hits), pages)
            if query.strip()
            else ""
        )

    def clear_results(self) -> None:
        """Forget the rows (their document closed); the query stays for the next one."""
        self._debounce.stop()
        self.model.clear()
        self.summary.clear()

    @property
    def has_hits(self) -> bool:
        return self.model.rowCount() > 0

    def step(self, delta: int) -> bool:
        """Go to the next (+1) or previous (-1) match, wrapping; False with no matches."""
        count = self.model.rowCount()
        if not count:
            return False
        row = self.results.currentIndex().row()
        row = (0 if delta > 0 else count - 1) if row < 0 else (row + delta) % count
        index = self.model.index(row, 0)
        self.results.setCurrentIndex(index)
        self.results.scrollTo(index)
        self._choose(index)
        return True

    def _choose(self, index: QModelIndex) -> None:
        # The row's own match: the field may hold what was typed since the search.
        page, offset = index.data(PageRole), index.data(OffsetRole)
        self.hit_chosen.emit(int(page), int(offset), int(index.data(LengthRole) or 0))
