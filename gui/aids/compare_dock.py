"""The Compare dock and the Review menu's keys for stepping through a page's differences.

Talks to the ``AidsHub``, the page on screen (a ``Navigator``) and the editor
it is given; the composition root connects the page list's badges.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QTextCursor

from backend.review.values import Diagnosis
from gui.aids.approval import ApprovalCheck
from gui.aids.compare_nav import ReviewNavigator
from gui.aids.compare_panel import ReviewPanel
from gui.context import ActionSpec, Host, Navigator
from gui.services.aids_hub import AidsHub
from gui.widgets.transcript_editor import TranscriptEditor, utf16_mapper

ACCEPT_KEYS = ("Alt+Return", "Alt+Enter")


class CompareDock(QObject):
    def __init__(self, host: Host, hub: AidsHub, nav: Navigator, editor: TranscriptEditor) -> None:
        parent = host.dialog_parent()
        super().__init__(parent)
        self.host, self.hub = host, hub
        self.panel = ReviewPanel(hub, parent)
        self.nav = ReviewNavigator(hub, editor, self.panel, nav.go_to, self)
        # Until Ctrl+D or the Review menu; the saved layout may bring it back.
        self.dock = host.add_dock(self.panel, self.tr("Compare"), "compare")
        self.dialog: QObject | None = None
        hub.text_source = lambda: (nav.current, editor.text())
        nav.page_loaded.connect(self._page_loaded)
        editor.editor.textChanged.connect(hub.text_changed)
        hub.document_changed.connect(self.panel.set_document)
        self.nav.message.connect(lambda m: host.show_message(m, 5000))
        self.approval = ApprovalCheck(hub, editor, self)  # the composition root asks it
        self.approval.message.connect(lambda m: host.show_message(m, 5000))
        self.editor = editor
        self.panel.diagnosis_chosen.connect(self._go_to_diagnosis)

    def _go_to_diagnosis(self, diagnosis: Diagnosis | None) -> None:
        """Select the span a whole-page diagnosis names (a caret where it is an absence)."""
        if diagnosis is None:
            return
        edit = self.editor.editor
        to_units = utf16_mapper(edit.toPlainText())
        cursor = edit.textCursor()
        cursor.setPosition(to_units(diagnosis.start))
        cursor.setPosition(to_units(diagnosis.end), QTextCursor.MoveMode.KeepAnchor)
        edit.setTextCursor(cursor)
        edit.centerCursor()
        edit.setFocus()

    def _page_loaded(self, page: int) -> None:
        self.panel.current_page = page
        self.nav.page_loaded(page)
        self.hub.page_changed()

    # -- menu ---------------------------------------------------------------------------

    def actions(self) -> list[ActionSpec]:
        nav = self.nav
        return [
            ActionSpec(
                "review",
                "compare",
                self.tr("&Compare with Alternate Reading"),
                self._toggle,
                ("Ctrl+D",),
                checkable=True,
                created=self._bind_toggle,
            ),
            ActionSpec(
                "review",
                "next_difference",
                self.tr("&Next Difference"),
                nav.next_difference,
                ("F8",),
                group="steps",
            ),
            ActionSpec(
                "review",
                "previous_difference",
                self.tr("&Previous Difference"),
                lambda: nav.next_difference(-1),
                ("Shift+F8",),
                group="steps",
            ),
            ActionSpec(
                "review",
                "next_marker",
                self.tr("Next &Marker"),
                nav.next_marker,
                ("F7",),
                group="steps",
            ),
            ActionSpec(
                "review",
                "previous_marker",
                self.tr("Previous Mar&ker"),
                lambda: nav.next_marker(-1),
                ("Shift+F7",),
                group="steps",
            ),
            ActionSpec(
                "review",
                "accept_alternate",
                self.tr("&Accept Alternate's Reading"),
                nav.accept,
                ACCEPT_KEYS,
                group="steps",
                created=self._describe_accept,
            ),
            ActionSpec(
                "review",
                "own_text",
                self.tr("Marker Is the Document's &Own Text"),
                lambda: self.hub.runner.run(self.approval.toggle_own_text(), name="own-text"),
                group="steps",
            ),
            ActionSpec(
                "review",
                "read_alternate",
                self.tr("&Read This Page with an Offline Engine"),
                self._read_this_page,
                group="engines",
            ),
            ActionSpec(
                "review",
                "marker_patterns",
                self.tr("Marker Pa&tterns…"),
                self._edit_patterns,
                group="engines",
            ),
            ActionSpec(
                "review",
                "low_confidence",
                self.tr("Underline &Low-Confidence Tokens"),
                group="engines",
                checkable=True,
                created=self._bind_low_confidence,
            ),
        ]

    def _bind_toggle(self, toggle: QAction) -> None:
        self.dock.visibilityChanged.connect(toggle.setChecked)
        self._toggle_action = toggle

    def _describe_accept(self, accept: QAction) -> None:
        self.panel.accept_button.setToolTip(
            self.tr("Replace this difference with what the alternate reads ({0})").format(
                accept.shortcut().toString()
            )
        )

    def _bind_low_confidence(self, action: QAction) -> None:
        action.setChecked(self.hub.show_low_confidence)
        box = self.panel.low_confidence
        action.toggled.connect(box.setChecked)  # the box tells the hub; both stay in step
        box.toggled.connect(action.setChecked)
        self.low_confidence = action

    def _toggle(self) -> None:
        if self._toggle_action.isChecked():
            self.show_dock()
        else:
            self.dock.hide()

    def show_dock(self) -> None:
        self.dock.show()
        self.dock.raise_()

    def _read_this_page(self) -> None:
        self.show_dock()
        self.panel.scope.setCurrentIndex(self.panel.scope.findData("page"))
        self.panel.run()

    def _edit_patterns(self) -> None:
        from gui.aids.markers_dialog import MarkersDialog

        dialog = MarkersDialog(self.hub, self.host.dialog_parent())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()
