"""The Table dock's grid on its own, showing a table built by hand: the ``panel`` fixture,
and ``commit_posted`` to deliver the commits the cell editor posts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from backend.tables import Table, TableCell, TableFormat, TableNotice, TableRow
from gui.tables.table_panel import TablePanel

HTML = (
    "<table><tr><th>品名</th><th>數量</th><th>金額</th></tr>"
    "<tr><td colspan=2>手機</td><td>1,000</td></tr>"
    "<tr><td>刀</td><td>2</td><td>300</td></tr></table>"
)


def _cell(row: int, column: int, value: str, **kw: Any) -> TableCell:
    start = HTML.index(f">{value}<") + 1
    return TableCell(row, column, start, start + len(value), value, value, **kw)


def html_table(*, notices: tuple[TableNotice, ...] = ()) -> Table:
    """The table ``HTML`` reads as, built by hand (the parser is tested in backend/tables)."""
    rows = [
        [_cell(0, c, v, header=True) for c, v in enumerate(("品名", "數量", "金額"))],
        [_cell(1, 0, "手機", column_span=2), _cell(1, 2, "1,000")],
        [_cell(2, c, v) for c, v in enumerate(("刀", "2", "300"))],
    ]
    built = [TableRow(tuple(cells), cells[0].start - 4, cells[-1].end + 5) for cells in rows]
    built[0] = TableRow(built[0].cells, built[0].start, built[0].end, header=True)
    return Table(TableFormat.HTML, 0, len(HTML), tuple(built), 3, notices)


@pytest.fixture
def panel(qapp: QApplication) -> Iterator[TablePanel]:
    widget = TablePanel()
    widget.resize(500, 300)
    widget.show()
    widget.show_table(html_table())
    widget.view.setFocus()
    widget.activateWindow()
    yield widget
    widget.close()
    widget.deleteLater()


def commit_posted() -> None:
    """Deliver what Qt posted: the delegate commits an Enter by a queued call (no timer runs)."""
    QCoreApplication.sendPostedEvents(None, 0)
