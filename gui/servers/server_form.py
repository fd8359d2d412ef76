"""The form for one server profile: every setting and its API key.

The form edits a copy: ``profile()`` builds a ServerProfile from the fields
(unvalidated) and ``is_dirty()`` compares it with what was loaded, so the
dialog can ask before unsaved edits would be lost. The network checks behind
"Fetch models" and "Test connection" live in ``gui.servers.server_checks``.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from backend.engines.server_info import ModelInfo
from backend.safe_text import placeholders
from backend.settings.profiles import ServerProfile, api_root, is_loopback_url
from gui.servers.server_checks import ServerChecks
from gui.services.ocr_hub import OcrHub
from gui.services.tasks import TaskRunner
from gui.widgets import dialogs
from gui.widgets.theme import NOTE, color_css

PIXELS_PER_TOKEN = 28 * 28  # one Qwen-VL image token covers a 28×28 patch


def plain_http_to_network(url: str) -> bool:
    """Pages to this URL would cross a network unencrypted."""
    parts = urlsplit(url.strip())
    return parts.scheme == "http" and bool(parts.hostname) and not is_loopback_url(url)


class ServerForm(QWidget):
    changed = Signal()  # any edit by the user

    def __init__(self, hub: OcrHub, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.runner = runner
        self.original = ServerProfile(name="", base_url="")
        self._lens: dict[str, int] = {}  # model id -> max_model_len, from "Fetch models"
        self._clear_key = False
        self._loading = False
        self._build()
        self.checks = ServerChecks(self, hub, runner, parent=self)

    # -- building -----------------------------------------------------------------------

    def _build(self) -> None:
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        form.addRow(self.tr("&Name:"), self.name)

        self.url = QLineEdit(self)
        self.url.setPlaceholderText(self.tr("http://127.0.0.1:8000/v1"))
        form.addRow(self.tr("Base &URL:"), self.url)
        self.url_warning = QLabel(
            self.tr(
                "Pages would travel unencrypted (http://) to another machine: anyone on the "
                "network in between could read these confidential documents. Use https:// "
                "if the server offers it."
            ),
            self,
        )
        self.url_warning.setWordWrap(True)
        self.url_warning.setStyleSheet(color_css(NOTE))
        form.addRow("", self.url_warning)

        self.key = QLineEdit(self)
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.clear_key = QPushButton(self.tr("Clear key"), self)
        self.clear_key.setAutoDefault(False)
        form.addRow(self.tr("API &key:"), _row(self.key, self.clear_key))
        self.key_note = QLabel(self)
        self.key_note.setWordWrap(True)
        form.addRow("", self.key_note)

        self.model = QComboBox(self)
        self.model.setEditable(True)
        self.model.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)  # Enter saves, not inserts
        self.model.setMinimumContentsLength(16)  # a model id is long: never just its tail
        self.model_limit = QLabel(self)  # "max 4096 tokens", beside the box, not inside it
        self.fetch = QPushButton(self.tr("&Fetch models"), self)
        self.fetch.setAutoDefault(False)
        form.addRow(self.tr("&Model:"), _row(self.model, self.model_limit, self.fetch))
        self.model.currentIndexChanged.connect(self._show_model_limit)

        cold = self.tr(
            "Serverless endpoints that scale to zero need minutes to start: the first "
            "token can take several minutes after a quiet spell, so keep this generous."
        )
        self.connect_timeout = _seconds(self, self.tr("Time allowed to open a connection."))
        self.first_token_timeout = _seconds(self, cold)
        self.total_timeout = _seconds(self, self.tr("Time allowed for a whole page.") + "\n" + cold)
        form.addRow(self.tr("Connect timeout:"), self.connect_timeout)
        form.addRow(self.tr("First token timeout:"), self.first_token_timeout)
        form.addRow(self.tr("Total timeout:"), self.total_timeout)

        self.concurrency = QSpinBox(self)
        self.concurrency.setRange(0, 1024)
        self.concurrency.setSpecialValueText(self.tr("automatic"))
        self.concurrency.setToolTip(
            self.tr("0 = automatic: from the server's load, or a safe default.")
        )
        form.addRow(self.tr("Pages in flight:"), self.concurrency)

        self.max_pixels = QSpinBox(self)
        self.max_pixels.setRange(PIXELS_PER_TOKEN * 4, 100_000_000)
        self.max_pixels.setSingleStep(PIXELS_PER_TOKEN * 64)
        self.max_pixels.setGroupSeparatorShown(True)
        self.pixel_tokens = QLabel(self)
        form.addRow(self.tr("Image budget (pixels):"), _row(self.max_pixels, self.pixel_tokens))

        self.image_format = QComboBox(self)
        self.image_format.addItem(self.tr("JPEG"), "jpeg")
        self.image_format.addItem(self.tr("PNG"), "png")
        form.addRow(self.tr("Image format:"), self.image_format)

        self.proxy = QLineEdit(self)
        self.proxy.setPlaceholderText(self.tr("none"))
        self.proxy.setToolTip(
            self.tr(
                "Empty: connect directly. The system proxy settings (HTTP_PROXY and the "
                "like) are never used; only a proxy entered here."
            )
        )
        form.addRow(self.tr("&Proxy:"), self.proxy)

        self.verify_tls = QCheckBox(self.tr("Verify the server's TLS certificate"), self)
        form.addRow("", self.verify_tls)

        self.test = QPushButton(self.tr("&Test connection"), self)
        self.test.setAutoDefault(False)
        self.result = QLabel(self)
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.TextFormat.PlainText)  # server text is never markup
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow(self.test, self.result)

        for edit in (self.name, self.url, self.proxy):
            edit.textEdited.connect(self._edited)
        self.key.textEdited.connect(self._key_edited)
        self.model.editTextChanged.connect(self._edited)
        for spin in (self.connect_timeout, self.first_token_timeout, self.total_timeout):
            spin.valueChanged.connect(self._edited)
        self.concurrency.valueChanged.connect(self._edited)
        self.max_pixels.valueChanged.connect(self._edited)
        self.image_format.currentIndexChanged.connect(self._edited)
        self.url.textChanged.connect(self._update_url_warning)
        self.max_pixels.valueChanged.connect(self._update_pixel_tokens)
        self.clear_key.clicked.connect(self._clear_key_clicked)
        self.verify_tls.clicked.connect(self._verify_clicked)

    # -- the profile being edited ------------------------------------------------------

    def load(self, profile: ServerProfile) -> None:
        """Show ``profile``; pending edits and running checks are dropped."""
        self.checks.cancel()
        self._loading = True
        self.original = profile
        self._lens = {profile.model: profile.max_model_len} if profile.model else {}
        self._clear_key = False
        self.name.setText(profile.name)
        self.url.setText(profile.base_url)
        self.key.clear()
        saved = self.hub.profile(profile.id) is not None
        self.key.setPlaceholderText(
            self.tr("unchanged (type to replace)") if saved else self.tr("none")
        )
        self.model.clear()
        self.model.setEditText(profile.model)
        self.connect_timeout.setValue(profile.connect_timeout_s)
        self.first_token_timeout.setValue(profile.first_token_timeout_s)
        self.total_timeout.setValue(profile.total_timeout_s)
        self.concurrency.setValue(profile.max_concurrency)
        self.max_pixels.setValue(profile.max_pixels)
        self.image_format.setCurrentIndex(max(0, self.image_format.findData(profile.image_format)))
        self.proxy.setText(profile.proxy)
        self.verify_tls.setChecked(profile.verify_tls)
        self.result.clear()
        self._loading = False
        # What the fields can hold (spin boxes round) is the baseline for "unsaved edits".
        self.original = self.profile()
        self._update_key_note()
        self._update_url_warning()
        self._update_pixel_tokens()

    def profile(self) -> ServerProfile:
        """The fields as a profile (not validated)."""
        o = self.original
        url = self.url.text().strip()
        model = self._model_id()
        return o.with_(
            name=self.name.text().strip(),
            base_url=url,
            model=model,
            max_model_len=self._lens.get(model, 0),
            connect_timeout_s=self.connect_timeout.value(),
            first_token_timeout_s=self.first_token_timeout.value(),
            total_timeout_s=self.total_timeout.value(),
            max_concurrency=self.concurrency.value(),
            max_pixels=self.max_pixels.value(),
            image_format=str(self.image_format.currentData()),
            proxy=self.proxy.text().strip(),
            verify_tls=self.verify_tls.isChecked(),
            # Consent to plain http:// was for one server, not wherever the URL points now.
            plain_http_ok=o.plain_http_ok and api_root(url) == o.api_root,
        )

    def api_key(self) -> str | None:
        """The key to save: None leaves it as it is, "" removes it."""
        if self.key.text():
            return self.key.text()
        return "" if self._clear_key else None

    def is_dirty(self) -> bool:
        return self.profile() != self.original or self.api_key() is not None

    def _model_id(self) -> str:
        text = self.model.currentText().strip()
        index = self.model.findText(text)
        data = self.model.itemData(index) if index >= 0 else None
        return str(data) if data else text

    def set_models(self, models: list[ModelInfo]) -> None:
        current = self._model_id()
        self._lens.update({m.id: m.max_model_len or 0 for m in models})
        self.model.clear()
        for m in models:
            # The server names its models: the label shows its escapes, the item's
            # data keeps the id exactly, as requests must send it.
            self.model.addItem(placeholders(m.id), m.id)
            if m.max_model_len:
                limit = self.tr("max {0} tokens").format(m.max_model_len)
                self.model.setItemData(self.model.count() - 1, limit, Qt.ItemDataRole.ToolTipRole)
        chosen = self.model.findData(current) if current else (0 if models else -1)
        if chosen >= 0:
            self.model.setCurrentIndex(chosen)
        else:
            self.model.setEditText(current)
        self._show_model_limit(self.model.currentIndex())  # the limits came after the items
        self._edited()

    def _show_model_limit(self, index: int) -> None:
        tip = self.model.itemData(index, Qt.ItemDataRole.ToolTipRole) if index >= 0 else None
        self.model_limit.setText(str(tip or ""))
        if (edit := self.model.lineEdit()) is not None:
            edit.setCursorPosition(0)  # the start of the name is the telling part

    # -- reactions ----------------------------------------------------------------------

    def _edited(self, *_: object) -> None:
        if not self._loading:
            self.changed.emit()

    def _key_edited(self, text: str) -> None:
        if text:
            self._clear_key = False
        self._update_key_note()
        self._edited()

    def _clear_key_clicked(self) -> None:
        self.key.clear()
        self._clear_key = True
        self._update_key_note()
        self._edited()

    def _update_key_note(self) -> None:
        where = (
            self.tr("Saved in the system keyring.")
            if self.hub.keys.persistent
            else self.tr("Kept for this session only: no system keyring found.")
        )
        if self._clear_key:
            where = self.tr("The key will be removed when you save.") + " " + where
        self.key_note.setText(where)

    def _update_url_warning(self, *_: object) -> None:
        self.url_warning.setVisible(plain_http_to_network(self.url.text()))

    def _update_pixel_tokens(self, *_: object) -> None:
        tokens = self.max_pixels.value() // PIXELS_PER_TOKEN
        self.pixel_tokens.setText(self.tr("≈ {0:,} image tokens").format(tokens))

    def _verify_clicked(self, checked: bool) -> None:
        if checked:
            self._edited()
            return
        self.verify_tls.setChecked(True)  # only after the user agrees
        self.runner.run(self._confirm_no_verify())

    async def _confirm_no_verify(self) -> None:
        agreed = await dialogs.ask_yes_no(
            self,
            self.tr("Stop verifying TLS?"),
            self.tr(
                "Without verifying the certificate, anyone who can intercept the connection "
                "could pose as the server and read every page sent. Only do this for a "
                "server you run yourself with a self-signed certificate. Stop verifying?"
            ),
        )
        if agreed:
            self.verify_tls.setChecked(False)
            self._edited()


def _row(*widgets: QWidget) -> QWidget:
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for i, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if i == 0 else 0)
    return box


def _seconds(parent: QWidget, tooltip: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox(parent)
    spin.setRange(0.1, 86_400.0)
    spin.setDecimals(1)
    spin.setSuffix(" s")
    spin.setToolTip(tooltip)
    return spin
