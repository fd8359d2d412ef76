"""Search across the whole document's working transcripts, with a results list."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QLabel, QLineEdit, QListView, QVBoxLayout, QWidget

from backend.models import SearchHit

PageRole = Qt.ItemDataRole.UserRole + 1
OffsetRole = Qt.ItemDataRole.UserRole + 2


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
        self.model = QStandardItemModel(self)
        self.results = QListView(self)
        self.results.setModel(self.model)
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
            item = QStandardItem(self.tr("p. {0}: {1}").format(hit.page + 1, hit.snippet))
            item.setEditable(False)
            item.setData(hit.page, PageRole)
            item.setData(hit.offset, OffsetRole)
            self.model.appendRow(item)
        self.summary.setText(self.tr("{0} page(s)").format(len(hits)) if query.strip() else "")

    def _choose(self, index: QModelIndex) -> None:
        page, offset = index.data(PageRole), index.data(OffsetRole)
        self.hit_chosen.emit(int(page), int(offset), len(self.field.text().strip()))
