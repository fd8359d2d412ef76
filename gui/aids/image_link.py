"""Linking the transcript to the page image through the alternate reading's line boxes.

The alternate reading (an offline OCR engine's) knows where each of its lines
sits on the page; ``PageReview`` maps positions between the transcript and that
reading. So the transcript cursor's line is marked on the image, a click on the
image puts the cursor on the words there, and hovering a difference shows the
image of that line beside what the alternate read. Without boxes nothing is
marked and nothing fails.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QEvent, QIODevice, QObject, QRect, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPixmap, QTextCharFormat
from PySide6.QtWidgets import QToolTip

from backend.models import AltLine, box_union
from backend.review.values import Flag, FlagKind, Hunk, PageReview
from gui.aids.line_match import line_for_cursor

if TYPE_CHECKING:
    from gui.widgets.page_view import PageView
    from gui.widgets.transcript_editor import TranscriptEditor

Box = tuple[float, float, float, float]
CROP_WIDTH = 400  # pixels: wide enough to read a line of 12 pt characters
CROP_MAX_HEIGHT = 300
CROP_MARGIN = 0.004  # of the page: a little air around the line
HIGHLIGHT_LAYER = "image-link"


def utf16_to_code_points(text: str, units: int) -> int:
    """Qt's UTF-16 position → the backend's code points (rare CJK take two units)."""
    return len(text.encode("utf-16-le")[: units * 2].decode("utf-16-le", errors="ignore"))


def code_points_to_utf16(text: str, code_points: int) -> int:
    return len(text[:code_points].encode("utf-16-le")) // 2


def boxed_lines(review: PageReview | None) -> list[AltLine]:
    if review is None or review.alternate is None:
        return []
    return [line for line in review.alternate.lines if line.box is not None]


def line_at_point(lines: Iterable[AltLine], fx: float, fy: float) -> AltLine | None:
    """The line whose box holds the point, else the nearest box."""

    def distance(line: AltLine) -> float:
        x0, y0, x1, y1 = line.box or (0.0, 0.0, 0.0, 0.0)
        dx = max(x0 - fx, 0.0, fx - x1)
        dy = max(y0 - fy, 0.0, fy - y1)
        return dx * dx + dy * dy

    return min(lines, key=distance, default=None)


def alt_offset_at(line: AltLine, fx: float, fy: float, aspect: float) -> int:
    """The alternate offset under the point, by its share of the line's length.

    ``aspect`` is the page's width / height: a box taller than wide on the page is
    a vertical line, read top to bottom.
    """
    x0, y0, x1, y1 = line.box or (0.0, 0.0, 1.0, 1.0)
    vertical = (y1 - y0) > 1.5 * (x1 - x0) * aspect
    share = (fy - y0) / (y1 - y0) if vertical and y1 > y0 else (fx - x0) / max(x1 - x0, 1e-9)
    share = min(max(share, 0.0), 1.0)
    return line.start + round(share * (line.end - line.start))


def box_for_alt_span(lines: Iterable[AltLine], start: int, end: int) -> Box | None:
    """The union of the boxes of the lines a span of the alternate touches."""
    end = max(end, start + 1)
    return box_union(
        ln.box for ln in lines if ln.box is not None and ln.start < end and start < ln.end
    )


def crop_png(pixmap: QPixmap, box: Box, width: int = CROP_WIDTH) -> QByteArray:
    """The box's part of the page image as PNG bytes, scaled to ``width`` pixels."""
    pw, ph = pixmap.width(), pixmap.height()  # device pixels
    m = CROP_MARGIN
    x0, y0 = max(box[0] - m, 0.0) * pw, max(box[1] - m, 0.0) * ph
    x1, y1 = min(box[2] + m, 1.0) * pw, min(box[3] + m, 1.0) * ph
    crop = pixmap.copy(QRect(int(x0), int(y0), max(int(x1 - x0), 1), max(int(y1 - y0), 1)))
    crop.setDevicePixelRatio(1.0)
    crop = crop.scaled(
        width,
        CROP_MAX_HEIGHT,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    crop.save(buffer, "PNG")
    buffer.close()
    return data


def _covers(start: int, end: int, offset: int) -> bool:
    if start == end:  # an omission: the characters either side of where it goes
        return start - 1 <= offset <= start
    return start <= offset < end


class ImageLink(QObject):
    """Binds the transcript cursor and the page image through one ``PageReview``."""

    def __init__(
        self,
        editor: TranscriptEditor,
        view: PageView,
        current_page: Callable[[], int] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.editor = editor
        self.view = view
        self._current_page = current_page
        self.review: PageReview | None = None
        self.line: AltLine | None = None  # the line marked on the image
        self._following_click = False
        editor.editor.cursorPositionChanged.connect(self._on_cursor_moved)
        editor.editor.viewport().installEventFilter(self)
        view.page_clicked.connect(self.show_text_at)

    # -- inputs -------------------------------------------------------------------------

    def set_review(self, review: PageReview | None) -> None:
        self.review = review
        self._on_cursor_moved()

    def _review_here(self) -> PageReview | None:
        """The review, if it is of the page shown (a late one of the page just left is not)."""
        review = self.review
        if review is None or (self._current_page and review.page != self._current_page()):
            return None
        return review

    def _lines(self) -> list[AltLine]:
        return boxed_lines(self._review_here())

    # -- transcript → image ---------------------------------------------------------------

    def _cursor_offset(self) -> int:
        editor = self.editor.editor
        cursor = editor.textCursor()
        return utf16_to_code_points(editor.toPlainText(), cursor.selectionStart())

    def _on_cursor_moved(self) -> None:
        if self._following_click:
            return
        # Not ``to_alternate`` + ``line_for_alt``: an unread line snaps to a line above.
        text = self.editor.editor.toPlainText()
        self._mark(line_for_cursor(self._review_here(), self._lines(), text, self._cursor_offset()))

    def _mark(self, line: AltLine | None) -> None:
        self.line = line
        self.view.set_highlight(None if line is None else line.box)
        span = None if line is None else self._transcript_span(line)
        self._highlight_text([] if span is None else [span])

    def _transcript_span(self, line: AltLine) -> tuple[int, int] | None:
        if self.review is None:
            return None
        start, end = self.review.to_transcript(line.start), self.review.to_transcript(line.end)
        if start is None or end is None or end <= start:
            return None
        return start, end

    # -- image → transcript ---------------------------------------------------------------

    def show_text_at(self, fx: float, fy: float) -> None:
        """A click on the page image: put the cursor on the words read there."""
        lines = self._lines()
        line = line_at_point(lines, fx, fy)
        if line is None or self.review is None:
            return
        rect = self.view.sceneRect()
        aspect = rect.width() / max(rect.height(), 1.0)
        offset = self.review.to_transcript(alt_offset_at(line, fx, fy, aspect))
        if offset is None:
            return
        editor = self.editor.editor
        text = editor.toPlainText()
        cursor = editor.textCursor()
        cursor.setPosition(code_points_to_utf16(text, min(offset, len(text))))
        self._following_click = True  # mark the clicked line, not the one mapped back
        try:
            editor.setTextCursor(cursor)
        finally:
            self._following_click = False
        editor.ensureCursorVisible()
        editor.setFocus(Qt.FocusReason.MouseFocusReason)
        self._mark(line)

    # -- hover: the image of a difference ---------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            editor = self.editor.editor
            cursor = editor.cursorForPosition(event.pos())
            offset = utf16_to_code_points(editor.toPlainText(), cursor.position())
            tip = self.tooltip_html(offset)
            if tip:
                QToolTip.showText(event.globalPos(), tip, editor.viewport())
                return True
            QToolTip.hideText()
        return super().eventFilter(watched, event)

    def tooltip_html(self, offset: int) -> str | None:
        """What hovering transcript ``offset`` shows: the difference there and its image."""
        found = self._difference_at(offset)
        if found is None:
            return None
        detail, alt_start, alt_end = found
        parts = [f"<p>{html.escape(detail)}</p>"]
        pixmap = self.view.page_pixmap()
        box = None if alt_start is None else box_for_alt_span(self._lines(), alt_start, alt_end)
        if pixmap is not None and box is not None:
            png = bytes(crop_png(pixmap, box).toBase64().data()).decode("ascii")
            parts.append(f'<img src="data:image/png;base64,{png}">')
        return "".join(parts)

    def _difference_at(self, offset: int) -> tuple[str, int | None, int] | None:
        review = self._review_here()
        if review is None:
            return None
        flags = [
            f
            for f in review.flags
            if f.kind in (FlagKind.CRITICAL, FlagKind.DIFF) and _covers(f.start, f.end, offset)
        ]
        flags.sort(key=lambda f: f.kind is not FlagKind.CRITICAL)  # critical first
        if flags:
            return self._flag_detail(flags[0])
        hunk = next((h for h in review.hunks if _covers(h.start, h.end, offset)), None)
        return None if hunk is None else self._hunk_detail(hunk)

    def _flag_detail(self, flag: Flag) -> tuple[str, int | None, int]:
        alt_start = flag.alt_start
        if alt_start is None and self.review is not None:
            alt_start = self.review.to_alternate(flag.start)
        alt_end = flag.alt_end if flag.alt_end is not None else (alt_start or 0)
        detail = flag.detail
        if flag.kind is FlagKind.CRITICAL:
            detail = self.tr("Legal-critical: {0}").format(detail)
        return detail, alt_start, alt_end

    def _hunk_detail(self, hunk: Hunk) -> tuple[str, int | None, int]:
        if hunk.alt_text:
            detail = self.tr("The other reading has “{0}” here").format(hunk.alt_text)
        else:
            detail = self.tr("The other reading lacks “{0}”").format(hunk.text)
        return detail, hunk.alt_start, hunk.alt_end

    # -- marking the transcript -----------------------------------------------------------

    def _highlight_text(self, spans: list[tuple[int, int]]) -> None:
        """Tint the transcript's words of the marked line (its own highlight layer)."""
        set_highlights = getattr(self.editor, "set_highlights", None)
        if callable(set_highlights):
            fmt = QTextCharFormat()
            fmt.setBackground(QColor(255, 200, 0, 60))
            set_highlights(HIGHLIGHT_LAYER, [(start, end, fmt) for start, end in spans])
