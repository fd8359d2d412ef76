"""OCR ▸ Servers: the server profiles, their live status, and a form to edit one.

Non-modal: the window ``show()``s one instance and raises it again. Nothing
typed is lost: leaving a profile with unsaved edits (another selection, Add,
closing) asks whether to save, discard or stay. Live health/load is polled
only while the dialog is visible.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from PySide6.QtCore import QItemSelectionModel, QModelIndex
from PySide6.QtGui import QHideEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListView,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from backend.errors import ProfileError
from backend.safe_text import placeholders
from backend.settings.profiles import ServerProfile
from gui.servers.server_form import ServerForm
from gui.servers.server_list_model import ProfileIdRole, ServerListModel
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner
from gui.widgets import dialogs
from gui.widgets.screen_size import resize_within_screen, scroll_area
from gui.widgets.theme import ERROR, OK, color_css


async def ask_save_discard_cancel(parent: QWidget, title: str, text: str) -> str:
    """ "save", "discard" or "cancel" (also for Escape), without a nested event loop."""
    buttons = QMessageBox.StandardButton
    box = QMessageBox(
        QMessageBox.Icon.Question,
        title,
        text,
        buttons.Save | buttons.Discard | buttons.Cancel,
        parent,
    )
    box.setDefaultButton(buttons.Save)
    await dialogs._finished(box)  # the same awaitable open() the other helpers use
    clicked = box.standardButton(box.clickedButton()) if box.clickedButton() else buttons.Cancel
    return {buttons.Save: "save", buttons.Discard: "discard"}.get(clicked, "cancel")


class ServersDialog(QDialog):
    def __init__(self, hub: OcrHub, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.runner = runner
        self._syncing = False  # selection changes made by code, not the user
        self._leaving = False  # a save/discard/cancel question is open
        self.setWindowTitle(self.tr("Servers"))
        self.setModal(False)
        self._build()
        hub.profiles_changed.connect(self._profiles_changed)
        first = next(iter(hub.all_profiles()), None)
        active = hub.active or first
        self._show_profile(active if active is not None else self._blank())

    def _build(self) -> None:
        self.model = ServerListModel(self.hub, self)
        self.list = QListView(self)
        self.list.setModel(self.model)
        self.list.setAccessibleName(self.tr("Server profiles"))
        self.list.selectionModel().currentChanged.connect(self._current_changed)
        self.add = QPushButton(self.tr("&Add"), self)
        self.duplicate = QPushButton(self.tr("D&uplicate"), self)
        self.remove = QPushButton(self.tr("&Remove"), self)
        self.use = QPushButton(self.tr("Use for &re-runs"), self)
        self.use.setToolTip(self.tr("Re-runs of a page or region are sent to this server."))
        buttons = QHBoxLayout()
        for button in (self.add, self.duplicate, self.remove):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        self.use.setAutoDefault(False)
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addLayout(buttons)
        left.addWidget(self.use)

        self.form = ServerForm(self.hub, self.runner, self)
        self.heading = QLabel(self)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.save = QPushButton(self.tr("&Save"), self)
        self.save.setShortcut(QKeySequence(QKeySequence.StandardKey.Save))
        self.save.setToolTip(self.tr("Save this server (Ctrl+S)"))
        self.save.setDefault(True)
        self.close_button = QPushButton(self.tr("Close"), self)
        self.close_button.setAutoDefault(False)
        # The message on a row of its own, the whole width: a server's reason runs long.
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.save)
        bottom.addWidget(self.close_button)
        right = QVBoxLayout()
        right.addWidget(self.heading)
        right.addWidget(scroll_area(self.form, self), 1)
        right.addWidget(self.message)
        right.addLayout(bottom)

        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)  # the form needs the room: a narrow screen scrolls it less
        layout.addLayout(right, 2)
        resize_within_screen(self, 960, 720)

        self.add.clicked.connect(self.add_profile)
        self.duplicate.clicked.connect(self.duplicate_profile)
        self.remove.clicked.connect(self.remove_profile)
        self.use.clicked.connect(self.use_for_reruns)
        self.save.clicked.connect(self.save_profile)
        self.close_button.clicked.connect(self.reject)
        self.form.changed.connect(self._form_changed)
        self.form.checks.checked.connect(self.hub.load_changed)
        QWidget.setTabOrder(self.list, self.form.name)

    # -- showing a profile --------------------------------------------------------------

    def _blank(self) -> ServerProfile:
        return ServerProfile(name="", base_url="")

    def _saved(self) -> ServerProfile | None:
        """The profile in the form, if it is saved (a new one being typed is not)."""
        return self.hub.profile(self.form.original.id)

    def _show_profile(self, profile: ServerProfile) -> None:
        self.form.load(profile)
        self._select(profile.id)
        self.message.clear()
        self._update_state()

    def _select(self, profile_id: str) -> None:
        row = self.model.row_of(profile_id)
        index = self.model.index(row) if row is not None else QModelIndex()
        self._syncing = True
        try:
            self.list.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            )
        finally:
            self._syncing = False

    def _update_state(self) -> None:
        saved = self._saved()
        name = self.form.profile().name or self.tr("New server")
        if saved is None:
            self.heading.setText(self.tr("{0} — not saved yet").format(name))
        elif self.form.is_dirty():
            self.heading.setText(self.tr("{0} — unsaved changes").format(name))
        else:
            self.heading.setText(name)
        for button in (self.duplicate, self.remove, self.use):
            button.setEnabled(saved is not None)
        active = self.hub.active
        self.use.setEnabled(saved is not None and (active is None or active.id != saved.id))

    def _form_changed(self) -> None:
        self.message.clear()
        self._update_state()

    def _profiles_changed(self) -> None:
        saved = self._saved()
        if saved is not None and not self.form.is_dirty() and saved != self.form.original:
            self.form.load(saved)  # changed elsewhere (a model learned, http agreed)
        self._select(self.form.original.id)
        self._update_state()

    # -- leaving a profile --------------------------------------------------------------

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        profile = self.hub.profile(str(current.data(ProfileIdRole)))
        if profile is None or profile.id == self.form.original.id:
            return
        if self.form.is_dirty():
            self._select(self.form.original.id)  # stays until the edits are settled
        self._leave_then(lambda: self._show_profile(profile))

    def _leave_then(self, action: Callable[[], None]) -> None:
        """Run ``action`` now, or once unsaved edits are saved or discarded."""
        if not self.form.is_dirty():
            action()
        elif not self._leaving:
            self.runner.run(self._ask_then(action))

    async def _ask_then(self, action: Callable[[], None]) -> None:
        self._leaving = True
        try:
            answer = await ask_save_discard_cancel(
                self,
                self.tr("Unsaved changes"),
                self.tr("Save the changes to “{0}”?").format(
                    self.form.profile().name or self.tr("New server")
                ),
            )
        finally:
            self._leaving = False
        if answer == "discard" or (answer == "save" and self.save_profile()):
            action()

    def has_unsaved_edits(self) -> bool:
        return self.form.is_dirty()

    def reject(self) -> None:
        """Escape, Close or the window's ✕: ask first when edits would be lost."""
        if not self.form.is_dirty():
            super().reject()
            return

        def close_discarding() -> None:
            self.form.load(self._saved() or self._blank())
            super(ServersDialog, self).reject()

        self._leave_then(close_discarding)

    # -- buttons ------------------------------------------------------------------------

    def add_profile(self) -> None:
        def add() -> None:
            self._show_profile(self._blank())
            self.form.name.setFocus()

        self._leave_then(add)

    def duplicate_profile(self) -> None:
        def duplicate() -> None:
            source = self._saved()
            if source is None:
                return
            copy = source.with_(id=uuid.uuid4().hex, name=self.tr("{0} (copy)").format(source.name))
            self._store(copy, self.hub.keys.get(source.id))

        self._leave_then(duplicate)

    def remove_profile(self) -> None:
        saved = self._saved()
        if saved is not None:
            self.runner.run(self._remove(saved))

    async def _remove(self, profile: ServerProfile) -> None:
        question = self.tr(
            "Remove the server “{0}”? Its saved API key is deleted too. "
            "Pages already read stay as they are."
        ).format(profile.name)
        if not await dialogs.ask_yes_no(self, self.tr("Remove server"), question):
            return
        self.hub.remove_profile(profile.id)
        following = next(iter(self.hub.all_profiles()), None)
        self._show_profile(following or self._blank())

    def use_for_reruns(self) -> None:
        saved = self._saved()
        if saved is not None:
            self.hub.set_active(saved.id)

    def save_profile(self) -> bool:
        """Save the form; on a problem, say what is wrong and save nothing."""
        profile = self.form.profile()
        if not profile.name:
            self._say(self.tr("Give the server a name."), ok=False)
            self.form.name.setFocus()
            return False
        return self._store(profile, self.form.api_key())

    def _store(self, profile: ServerProfile, api_key: str | None) -> bool:
        try:
            profile = profile.validated()
            persisted = self.hub.save_profile(profile, api_key)
        except ProfileError as exc:
            self._say(str(exc), ok=False)
            return False
        except OSError as exc:  # the profiles file: disk full, no permission
            self._say(self.tr("The server list could not be saved: {0}").format(exc), ok=False)
            return False
        self._show_profile(self.hub.profile(profile.id) or profile)
        if api_key and not persisted:
            self._say(self.tr("Saved. The API key is kept for this session only."), ok=True)
        else:
            self._say(self.tr("Saved."), ok=True)
        return True

    def _say(self, text: str, *, ok: bool) -> None:
        self.message.setStyleSheet(color_css(OK if ok else ERROR))
        self.message.setText(placeholders(text))  # errors may quote the server

    # -- live load ----------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.hub.watch_load(True)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.hub.watch_load(False)
