"""The transcript's document layout: a change to a long line, below what the transcript
shows of it, is laid out when the line is next shown, not at once.

``QPlainTextDocumentLayout`` lays a changed line (block) out again at once, to
repaint it and to know whether its height changed. A model writes a 40×40 HTML table
as one ~10,000-character line, and laying it out took 4-9 ms of each Enter in a
Table dock cell (bench/table_view.py), although the cell edited was most often in
the line's wrapped rows far below the transcript's visible part, and nothing shown
changed. Here such a change only drops the line's layout (``clearLayout``): Qt lays
it out again when anything asks where it is (a paint, a click, the cursor), as it
does after any change spanning several lines, its own lazy path.

Deferred only when nothing shown can change: the line is at least ``LONG``
characters (a short line costs little either way), the change leaves the number of
lines alone, and the change starts past the first wrapped row below the viewport
(text before a change keeps its wrapping; one whole row's margin, as where a row
breaks depends on the characters around the break). Every other change takes Qt's
own path, so typing in the transcript behaves as before.

A deferred line is laid out in a later turn of the event loop (its own, after the
Enter's): until then Qt counts the line's old rows, and the scroll bar's range with
them. Laying it out then (``blockBoundingRect`` lays out a block with no layout)
sets its row count, and Qt emits ``documentSizeChanged`` when that changed, which
the editor takes to set its scroll bar again.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QTextBlock, QTextDocument
from PySide6.QtWidgets import QPlainTextDocumentLayout, QPlainTextEdit

LONG = 1000  # characters: below this a line's layout costs well under a millisecond


class DeferringLayout(QPlainTextDocumentLayout):
    def __init__(self, document: QTextDocument, edit: QPlainTextEdit) -> None:
        super().__init__(document)
        self._edit = edit
        # Qt's own count of blocks (it takes a change of it as no one-line change).
        self._blocks = document.blockCount()
        # (block number, the first position in it past the hidden row's margin): a
        # block whose layout a deferred change dropped, while it was not shown since.
        self._hidden: tuple[int, int] | None = None
        # Numbers of the blocks a deferred change dropped, laid out by ``_later``.
        self._dropped: set[int] = set()
        # A zero-interval timer: started while the event loop handles the Enter, it
        # fires in a later turn, so the line's layout is a stall of its own, not the
        # Enter's. Owned by the layout: gone with the editor's document, it never fires.
        self._later = QTimer(self, singleShot=True, interval=0)
        self._later.timeout.connect(self._lay_out_dropped)

    def documentChanged(self, position: int, removed: int, added: int) -> None:
        document = self.document()
        blocks = document.blockCount()
        if blocks == self._blocks and self._deferred(document, position, removed + added):
            return
        self._hidden = None
        if blocks != self._blocks and self._dropped:
            self._renumber(document, position, added, blocks - self._blocks)
        super().documentChanged(position, removed, added)
        self._blocks = blocks

    def _renumber(self, document: QTextDocument, position: int, added: int, moved: int) -> None:
        """The dropped blocks' numbers after a change that added (removed) ``moved``
        blocks: those after it move; those it spans are Qt's own to lay out again."""
        start = document.findBlock(position).blockNumber()
        end = document.findBlock(max(position, position + added - 1)).blockNumber() - moved
        self._dropped = {
            number + (moved if number > end else 0)
            for number in self._dropped
            if number < start or number > end
        }

    def _lay_out_dropped(self) -> None:
        document = self.document()
        dropped, self._dropped = self._dropped, set()
        if document.blockCount() != self._blocks:
            return  # a safeguard: documentChanged renumbers them
        for number in sorted(dropped):
            block = document.findBlockByNumber(number)
            if block.isValid() and not block.layout().lineCount():
                self.blockBoundingRect(block)  # lays it out: Qt counts its rows again

    def _deferred(self, document: QTextDocument, position: int, changed: int) -> bool:
        block = document.findBlock(position)
        if block.length() < LONG or block != document.findBlock(max(0, position + changed - 1)):
            return False
        top = self._top(block)
        if top is None:
            return False  # above the viewport: Qt's own path keeps the scrolling right
        hidden = self._hidden_from(block, top)
        if hidden is not None and position - block.position() >= hidden:
            block.clearLayout()  # laid out when next asked where it is
            self._hidden = (block.blockNumber(), hidden)
            self._dropped.add(block.blockNumber())
            self._later.start()
            return True
        if block.layout().lineCount():
            return False  # something shown changes: Qt's own path lays it out now
        # No layout (a deferred change dropped it) and something shown may change:
        # repaint from its top, and the paint lays the line out once, where Qt's own
        # path would lay it out twice (its height before the change, then after).
        self._hidden = None
        viewport = self._edit.viewport()
        viewport.update(0, int(top) - 1, viewport.width(), viewport.height())
        return True

    def _top(self, block: QTextBlock) -> float | None:
        """Where ``block`` starts in the viewport (at or past its bottom: below it);
        None: above the first block shown."""
        edit = self._edit
        bottom = edit.viewport().height()
        top = edit.contentOffset().y()
        shown = edit.firstVisibleBlock()
        if block.blockNumber() < shown.blockNumber():
            return None
        while shown != block and top < bottom:
            top += self.blockBoundingRect(shown).height()
            shown = shown.next()
        return top

    def _hidden_from(self, block: QTextBlock, top: float) -> int | None:
        """The position in ``block`` (starting at ``top``) from which a change shows
        nothing: past its first wrapped row below the viewport, read off the layout it
        had before the change (what comes before the change is as it was); 0: the
        block is below the viewport; None: none of it is that far down, or its rows
        are unknown."""
        bottom = self._edit.viewport().height()
        if top >= bottom:
            return 0
        layout = block.layout()
        if not layout.lineCount():  # its layout dropped by a deferred change
            known = self._hidden
            return known[1] if known is not None and known[0] == block.blockNumber() else None
        for index in range(layout.lineCount() - 1):
            if top + layout.lineAt(index).y() >= bottom:
                return layout.lineAt(index + 1).textStart()
        return None
