"""What approving a page asks first, and the document's own 【模糊】.

Approving (Ctrl+Enter) a page that still has open legal-critical items, a
whole-page diagnosis (a loop, a page cut short: issue 22) or markers names them
all in one question and asks: an open "得以 → 應以" must never be approved by a
key that only asked about a marker. The review asked about is computed afresh
on the store's thread for the very text on screen, with the alternate the
reviewer chose, so nothing typed since the last review escapes it.

A marker that is the document's own text (a statute about 【模糊】) is marked so
in the store (``backend.session.own_text``): it stops counting here, in
the page list and in the review queue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from backend.review.diagnosis_names import diagnosis_line
from backend.review.span import Span
from backend.review.values import Diagnosis, Flag
from backend.session.approval import approval_items
from backend.session.own_text import is_own, load_own_text, set_own_text

if TYPE_CHECKING:
    from gui.services.aids_hub import AidsHub
    from gui.widgets.transcript_editor import TranscriptEditor

NAMED = 6  # open items named in the question; more are counted


class ApprovalCheck(QObject):
    message = Signal(str)

    def __init__(self, hub: AidsHub, editor: TranscriptEditor, parent: QObject | None = None):
        super().__init__(parent)
        self.hub, self.editor = hub, editor

    async def approve_allowed(self, text: str) -> bool:
        """True to approve: nothing open, or the reviewer said yes to what is named.
        What is open is the backend's rule (``backend.session.approval``): with the
        reading chosen in the dock and with the page's own alternate."""
        ws, (page, _) = self.hub.workspace, self.hub.text_source()
        if ws is None or page < 0:
            return True
        chosen, settings = self.hub.alternate_id, self.hub.aid_settings
        items = await ws.run_in_store(
            lambda: approval_items(ws.session, page, text, chosen, settings)
        )
        if items.clear:
            return True
        return await self.hub.confirm(
            self.question(list(items.critical), list(items.markers), text, items.diagnoses)
        )

    def question(
        self,
        critical: list[Flag],
        markers: list[Flag],
        text: str,
        diagnoses: tuple[Diagnosis, ...] = (),
    ) -> str:
        parts = []
        if diagnoses:  # the whole page may be wrong: asked first
            named = self._listed([diagnosis_line(d) for d in diagnoses])
            parts.append(
                self.tr("This page has {0} whole-page problem(s):\n{1}").format(
                    len(diagnoses), named
                )
            )
        if critical:
            named = self._listed([f.detail for f in critical])
            parts.append(
                self.tr("This page has {0} open legal-critical item(s):\n{1}").format(
                    len(critical), named
                )
            )
        if markers:
            shown = "、".join(dict.fromkeys(text[f.start : f.end] for f in markers[:NAMED]))
            parts.append(
                self.tr("It still has {0} unreadable-text marker(s): {1}").format(
                    len(markers), shown
                )
            )
        return "\n\n".join(parts) + "\n\n" + self.tr("Approve it anyway?")

    def _listed(self, lines: list[str]) -> str:
        """The first ``NAMED`` lines as bullets, the rest counted."""
        named = "\n".join(f"• {line}" for line in lines[:NAMED])
        if len(lines) > NAMED:
            named += "\n" + self.tr("… and {0} more").format(len(lines) - NAMED)
        return named

    # -- the document's own text ---------------------------------------------------------

    async def toggle_own_text(self) -> None:
        """The marker at the cursor is the document's own text (or, again, a marker)."""
        ws, (page, text) = self.hub.workspace, self.hub.text_source()
        if ws is None or page < 0:
            return
        found = self._marker_at_cursor(text)
        if found is None:
            self.message.emit(self.tr("Put the cursor on a marker such as 【模糊】 first."))
            return
        store = ws.session.store

        def toggle() -> bool:  # what the store holds, not a review typing may have outdated
            own = is_own(text, found, load_own_text(store, page))
            set_own_text(store, page, text, found, not own)
            return own

        own = await ws.run_in_store(toggle)
        self.message.emit(
            self.tr("“{0}” counts as a marker again.").format(text[found.start : found.end])
            if own
            else self.tr("“{0}” is marked as the document's own text.").format(
                text[found.start : found.end]
            )
        )
        self.hub.refresh()
        self.hub.refresh_summaries()

    def _marker_at_cursor(self, text: str) -> Flag | None:
        from gui.aids.image_link import utf16_to_code_points

        cursor = self.editor.editor.textCursor()
        at = utf16_to_code_points(text, cursor.selectionStart())
        cursor_point = Span(at, at)  # on the marker, or just before or after it
        for flag in self.hub.aid_settings.markers.marker_flags(text):
            if flag.span.overlaps(cursor_point):
                return flag
        return None
