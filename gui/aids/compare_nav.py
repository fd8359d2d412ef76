"""Stepping through a page's differences and markers, and accepting the alternate's reading.

Paints the review on both panes (the transcript editor's "review" layer and
the alternate pane), keeps one flag *current* (emphasised in both, both
scrolled to it) and moves it with F8 / F7. Past the last difference on a page
it goes on to the next page that has one. Accepting replaces the span through
the editor's own cursor, so it is an ordinary edit: undoable with Ctrl+Z and
saved by the autosave like typing.

A flag's offsets are offsets into the exact text its review was computed for.
So nothing moves to or replaces a flag unless the review is *fresh*: of the
page shown and of the editor's text as it is now. Typing, a page turn or an
accepted reading make it stale until the hub's next review arrives; meanwhile
the highlights stay painted but F8/F7/Accept ask for that review and wait.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QTextCursor

from backend.review.values import Flag, FlagKind, PageReview
from gui.aids.accept_guard import AcceptGuard
from gui.aids.compare_panel import ReviewPanel
from gui.aids.diff_highlight import DIFF_KINDS, alt_range, alternate_spans, stops, transcript_spans
from gui.services.aids_hub import AidsHub
from gui.widgets.transcript_editor import TranscriptEditor, extra_selections, utf16_mapper

LAYER = "review"
MARKER_KINDS = frozenset({FlagKind.MARKER})
Key = tuple[int, int]


class ReviewNavigator(QObject):
    message = Signal(str)  # for the status bar

    def __init__(
        self,
        hub: AidsHub,
        editor: TranscriptEditor,
        panel: ReviewPanel,
        go_to_page: Callable[[int], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.hub, self.editor, self.panel = hub, editor, panel
        self.go_to_page = go_to_page
        self.guard = AcceptGuard(self)
        self.review: PageReview | None = None
        self.current: Flag | None = None
        self._reviewed: tuple[int, str] = (-1, "")  # (page, text) ``review`` is of
        self._stale = True  # the text or the page changed since ``review`` arrived
        self._landed: tuple[int, int] | None = None  # the editor's cursor as we left it there
        self._pending: tuple[int, frozenset[FlagKind], int] | None = None  # page, kinds, step
        hub.review_changed.connect(self.show)
        hub.display_changed.connect(self.paint)
        panel.flag_chosen.connect(lambda flag: self.go(flag) if flag is not None else None)
        panel.accept_clicked.connect(self.accept)
        editor.editor.cursorPositionChanged.connect(self._follow_cursor)
        editor.editor.textChanged.connect(self._mark_stale)

    # -- freshness ------------------------------------------------------------------------

    def _mark_stale(self) -> None:
        self._stale = True

    def page_loaded(self, page: int) -> None:
        """A page was loaded into the editor (the review shown is another page's)."""
        self._stale = True
        if self._pending is not None and self._pending[0] != page:
            self._pending = None  # the jump it waited for failed or was superseded

    def fresh(self) -> bool:
        """Whether the review's offsets are offsets into the editor's text as it is now."""
        return (
            self.review is not None
            and not self._stale
            and self.review.page == self._reviewed[0]
            and self.hub.text_source() == self._reviewed
        )

    def _refused(self) -> bool:
        """True (and the reviewer told, and the review asked for) if it is not fresh."""
        if self.fresh():
            return False
        if self.review is None:
            self.message.emit(self.tr("The review aids are not ready for this page yet."))
        else:
            self.message.emit(self.tr("The comparison is being updated…"))
        self.hub.refresh()  # now, not after the typing pause
        return True

    # -- showing ------------------------------------------------------------------------

    def show(self, review: PageReview | None) -> None:
        old = self.current
        self.review = review
        self.current = None
        self._reviewed = (self.hub.review_page, self.hub.review_text)
        self._stale = review is None or not self.hub.review_is_current()
        if review is not None and old is not None:
            same = [f for f in self._all_stops() if (f.start, f.end, f.kind) == _id(old)]
            self.current = same[0] if same else None
        self.panel.show_review(review, stops(review, DIFF_KINDS))
        self.paint()
        self._show_current()
        if self._pending is not None and review is not None and review.page == self._pending[0]:
            _, kinds, step = self._pending
            self._pending = None
            if self.fresh():
                self._step(kinds, step, from_edge=True)

    def paint(self) -> None:
        review = self.review
        if review is None:
            self.editor.set_highlights(LAYER, [])
            self.panel.alt_view.setExtraSelections([])
            return
        spans = transcript_spans(
            review,
            len(self.editor.text()),
            current=self.current,
            low_confidence=self.hub.show_low_confidence,
        )
        self.editor.set_highlights(LAYER, spans)
        alt = alternate_spans(review, current=self.current)
        self.panel.alt_view.setExtraSelections(extra_selections(self.panel.alt_view, alt))

    def _show_current(self) -> None:
        flag = self.current
        kinds = MARKER_KINDS if flag is not None and flag.kind is FlagKind.MARKER else DIFF_KINDS
        row = stops(self.review, kinds)
        position = row.index(flag) + 1 if flag in row else 0
        self.panel.show_current(flag, position, len(row))

    # -- moving -------------------------------------------------------------------------

    def next_difference(self, step: int = 1) -> None:
        self.step(DIFF_KINDS, step)

    def next_marker(self, step: int = 1) -> None:
        self.step(MARKER_KINDS, step)

    def step(
        self,
        kinds: frozenset[FlagKind],
        step: int,
        *,
        from_edge: bool = False,
        other_pages: bool = True,
    ) -> None:
        if not self._refused():
            self._step(kinds, step, from_edge=from_edge, other_pages=other_pages)

    def _step(
        self,
        kinds: frozenset[FlagKind],
        step: int,
        *,
        from_edge: bool = False,
        other_pages: bool = True,
    ) -> None:
        review = self.review
        assert review is not None
        row = stops(review, kinds)
        anchor = self._anchor(step, from_edge)
        after = [f for f in row if (_key(f) > anchor if step > 0 else _key(f) < anchor)]
        if after:
            self._go(after[0] if step > 0 else after[-1])
            return
        if not (other_pages and self._go_to_another_page(kinds, step, review.page)):
            self.message.emit(self._none_left(kinds, step))

    def _anchor(self, step: int, from_edge: bool) -> Key:
        if from_edge:
            return (-1, -1) if step > 0 else (1 << 62, 1 << 62)
        if self.current is not None and self._cursor() == self._landed:
            return _key(self.current)
        on = self._flag_at_selection()  # F12 selected it: on from there, as from F8's
        if on is not None:
            return _key(on)
        position = self._cursor_code_point()
        return (position, -1) if step > 0 else (position, 1 << 62)

    def _go_to_another_page(self, kinds: frozenset[FlagKind], step: int, page: int) -> bool:
        summaries = self.hub.summaries
        order = range(page + 1, len(summaries)) if step > 0 else range(page - 1, -1, -1)
        for other in order:
            s = summaries[other]
            count = s.markers if kinds == MARKER_KINDS else s.diffs + s.critical
            if count:
                self._pending = (other, kinds, step)
                self.message.emit(self.tr("Going on to page {0}.").format(other + 1))
                self.go_to_page(other)
                return True
        return False

    def _none_left(self, kinds: frozenset[FlagKind], step: int) -> str:
        if kinds == MARKER_KINDS:
            return self.tr("No more markers.") if step > 0 else self.tr("No earlier markers.")
        if self.review is not None and self.review.alternate is None:
            return self.tr("No alternate reading for this page: run one in the Compare dock.")
        return self.tr("No more differences.") if step > 0 else self.tr("No earlier differences.")

    def go(self, flag: Flag) -> None:
        """Make ``flag`` (of the review shown) current, if that review is fresh."""
        if not self._refused():
            self._go(flag)

    def _go(self, flag: Flag) -> None:
        """Make ``flag`` current: emphasised in both panes, both scrolled to it."""
        self.current = flag
        text = self.editor.text()
        to_units = utf16_mapper(text)
        edit = self.editor.editor
        cursor = edit.textCursor()
        cursor.setPosition(to_units(flag.start))
        cursor.setPosition(to_units(flag.end), QTextCursor.MoveMode.KeepAnchor)
        edit.setTextCursor(cursor)
        edit.centerCursor()
        self._landed = self._cursor()
        self._scroll_alternate(flag)
        self.paint()
        self._show_current()

    def _scroll_alternate(self, flag: Flag) -> None:
        where = alt_range(flag)
        view = self.panel.alt_view
        if where is None or self.review is None or self.review.alternate is None:
            return
        cursor = view.textCursor()
        cursor.setPosition(utf16_mapper(self.review.alternate.text)(where[0]))
        view.setTextCursor(cursor)
        view.centerCursor()

    def _follow_cursor(self) -> None:
        """The reviewer moved in the transcript: show the same place in the alternate."""
        review = self.review
        if review is None or review.alternate is None or not self.panel.isVisible():
            return
        if self._cursor() == self._landed:
            return  # our own move: already scrolled to the flag
        offset = review.to_alternate(self._cursor_code_point())
        if offset is not None:
            view = self.panel.alt_view
            cursor = view.textCursor()
            cursor.setPosition(utf16_mapper(review.alternate.text)(offset))
            view.setTextCursor(cursor)
            view.ensureCursorVisible()

    # -- accepting ------------------------------------------------------------------------

    def accept(self) -> None:
        """Replace the current span with the alternate's reading, then go to the next one.

        With no current difference, the item the selection is on counts (the
        critical queue selects its items): the two keys walk the same items. A
        change that deletes text, covers what the alternate could not read, or
        touches a marker or a critical term is asked about first."""
        flag, edit = self.current, self.editor.editor
        # Moved since landing (F12 selected a critical item, a click): the item the
        # selection is on wins over the one an earlier F8 left current.
        if self.review is not None and (flag is None or self._cursor() != self._landed):
            if self._refused():
                return
            flag = self._flag_at_selection() or flag
        if flag is None:
            self.message.emit(self.tr("Go to a difference first (F8)."))
            return
        if flag.replacement is None:  # e.g. a critical term whose counterpart is not exact
            self.message.emit(
                self.tr("The alternate's reading of this item is not known exactly: edit it.")
            )
            return
        if edit.isReadOnly():
            return  # a page is being saved or loaded
        if self._refused() or flag not in self.review_flags():
            return  # its offsets may be into other text: never replace there
        assert self.review is not None
        markers = self.hub.aid_settings.markers
        reasons = self.guard.reasons(flag, self.review, self.editor.text(), markers)
        if reasons:
            self.hub.runner.run(self._accept_after_asking(flag, reasons), name="accept")
        else:
            self._replace(flag)

    async def _accept_after_asking(self, flag: Flag, reasons: list[str]) -> None:
        asked_about = self.hub.text_source()
        if not await self.hub.confirm(self.guard.question(reasons)):
            self.message.emit(self.tr("The transcript's text is kept."))
            return
        # The question took time: replace only in the very text it was asked about.
        still = self.hub.text_source() == asked_about and self.fresh()
        if not still or self.editor.editor.isReadOnly() or flag not in self.review_flags():
            self.message.emit(self.tr("The page changed meanwhile; nothing was replaced."))
            return
        self._replace(flag)

    def _flag_at_selection(self) -> Flag | None:
        """The difference the editor's selection is exactly on (where the queue put it)."""
        row = stops(self.review, DIFF_KINDS)
        cursor = self.editor.editor.textCursor()
        text = self.editor.text()
        to_points = _code_points(text)
        start, end = to_points(cursor.selectionStart()), to_points(cursor.selectionEnd())
        found = next((f for f in row if (f.start, f.end) == (start, end)), None)
        if found is not None:
            self.current = found
            self._landed = self._cursor()
        return found

    def _replace(self, flag: Flag) -> None:
        assert flag.replacement is not None
        edit = self.editor.editor
        text = self.editor.text()
        to_units = utf16_mapper(text)
        cursor = edit.textCursor()
        cursor.setPosition(to_units(flag.start))
        cursor.setPosition(to_units(flag.end), QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(flag.replacement)
        edit.setTextCursor(cursor)
        self._after_accept(flag)

    def review_flags(self) -> tuple[Flag, ...]:
        return () if self.review is None else self.review.flags

    def _after_accept(self, done: Flag) -> None:
        """Move on using the review we have, shifted by the edit (the edit made it
        stale: nothing more is accepted until the fresh one, asked for now, arrives;
        its flags match these by position). Flags touching the accepted span go:
        a second omission flag at the same place would insert it twice."""
        assert self.review is not None and done.replacement is not None
        delta = len(done.replacement) - (done.end - done.start)
        later = [
            replace(f, start=f.start + delta, end=f.end + delta)
            for f in self.review.flags
            if f.start > done.end
        ]
        earlier = [f for f in self.review.flags if f.end < done.start]
        self.review = replace(self.review, flags=tuple(earlier + later))
        self._stale = True  # also said by textChanged; kept explicit for a no-op replacement
        self.current = None
        self._landed = None
        self.hub.refresh()
        self._step(DIFF_KINDS, 1, other_pages=False)  # the reviewer decides when to leave
        if self.current is None:
            self.paint()
            self._show_current()

    # -- cursor positions -------------------------------------------------------------------

    def _cursor(self) -> tuple[int, int]:
        cursor = self.editor.editor.textCursor()
        return cursor.anchor(), cursor.position()

    def _cursor_code_point(self) -> int:
        cursor = self.editor.editor.textCursor()
        units = cursor.selectionStart()
        prefix = self.editor.text().encode("utf-16-le")[: units * 2]
        return len(prefix.decode("utf-16-le", errors="ignore"))

    def _all_stops(self) -> list[Flag]:
        return stops(self.review, DIFF_KINDS) + stops(self.review, MARKER_KINDS)


def _code_points(text: str) -> Callable[[int], int]:
    """UTF-16 units (Qt's cursor positions) to code points in ``text``."""
    encoded = text.encode("utf-16-le")
    return lambda units: len(encoded[: units * 2].decode("utf-16-le", errors="ignore"))


def _key(flag: Flag) -> Key:
    return flag.start, flag.end


def _id(flag: Flag) -> tuple[int, int, FlagKind]:
    return flag.start, flag.end, flag.kind
