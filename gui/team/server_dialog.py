"""The "team server" setting: the address of the shared PostgreSQL review store
and this person's password for it (kept in the keyring, never in settings)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from backend.settings.keys import KeyStore
from backend.store.postgres.urls import is_team_url


class TeamServerDialog(QDialog):
    def __init__(self, url: str, keys: KeyStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.keys = keys
        self.setWindowTitle(self.tr("Team server"))
        self.url = QLineEdit(url, self)
        self.url.setPlaceholderText("postgresql://name@server.example.org/proofdesk")
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText(self.tr("kept in the system keyring"))
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Server address"), self.url)
        form.addRow(self.tr("Password"), self.password)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        hint = QLabel(
            self.tr(
                "Documents opened from now on keep their review on this server. "
                "Leave the address empty to keep reviews on this computer."
            ),
            self,
        )
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def chosen_url(self) -> str:
        return self.url.text().strip()

    def _accept(self) -> None:
        url = self.chosen_url()
        if url and not is_team_url(url):
            self.problem.setText(self.tr("The address starts with postgresql://"))
            return
        if url:
            from backend.store.postgres.connection import key_id, without_password

            # A password typed into the address goes to the keyring, never to settings.
            url, typed = without_password(url)
            self.url.setText(url)
            password = self.password.text() or typed
            if password:
                self.keys.set(key_id(url), password)
        self.accept()
