"""Which server and how to ask it, for a re-run: server, max tokens, temperature,
thinking, and the token estimate of the request before anything is sent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from backend.engines.base import SamplingParams
from backend.errors import ContextTooLongError
from backend.ocr.pipeline import PagePreparer
from backend.settings.profiles import ServerProfile
from gui.ocr.local_model_row import LocalModelRow
from gui.widgets.theme import ALERT, WARNING, set_color

if TYPE_CHECKING:
    from gui.services.ocr_hub import OcrHub

Index = QModelIndex | QPersistentModelIndex
ID_ROLE = Qt.ItemDataRole.UserRole + 1
DEFAULT_MAX_TOKENS = 4096


class ProfileListModel(QAbstractListModel):
    """The hub's server profiles, for a combo box."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.profiles: list[ServerProfile] = []

    def set_profiles(self, profiles: list[ServerProfile]) -> None:
        self.beginResetModel()
        self.profiles = list(profiles)
        self.endResetModel()

    def row_of(self, profile_id: str) -> int:
        return next((i for i, p in enumerate(self.profiles) if p.id == profile_id), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.profiles)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        p = self.profiles[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{p.name} · {p.model}" if p.model else p.name
        if role == Qt.ItemDataRole.ToolTipRole:
            return p.base_url
        if role == ID_ROLE:
            return p.id
        return None


class RunSettings(QWidget):
    changed = Signal()  # anything that changes the request (and its estimate)

    def __init__(self, hub: OcrHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.model = ProfileListModel(self)
        self.server = QComboBox(self)
        self.server.setModel(self.model)
        self.server.setAccessibleName(self.tr("Server"))
        self.server.setPlaceholderText(self.tr("No server: add one in OCR ▸ Servers…"))
        self.server.activated.connect(self._chosen)  # the user's choice only
        self.max_tokens = QSpinBox(self)
        self.max_tokens.setRange(16, 262_144)
        self.max_tokens.setSingleStep(256)
        self.max_tokens.setGroupSeparatorShown(True)
        self.max_tokens.setValue(DEFAULT_MAX_TOKENS)
        self.max_tokens.setToolTip(self.tr("The longest answer allowed, in tokens"))
        self.temperature = QDoubleSpinBox(self)
        self.temperature.setRange(0.0, 2.0)
        self.temperature.setSingleStep(0.1)
        self.temperature.setDecimals(2)
        self.temperature.setValue(0.0)
        self.temperature.setToolTip(self.tr("0 reads the most likely text; raise it to retry"))
        self.repetition_penalty = QDoubleSpinBox(self)
        self.repetition_penalty.setRange(1.0, 2.0)
        self.repetition_penalty.setSingleStep(0.05)
        self.repetition_penalty.setDecimals(2)
        self.repetition_penalty.setValue(SamplingParams().repetition_penalty or 1.0)
        self.repetition_penalty.setToolTip(
            self.tr("Above 1.0 discourages repeating itself (long tables can loop)")
        )
        self.seed = QSpinBox(self)
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setSpecialValueText(self.tr("none"))
        self.seed.setToolTip(self.tr("A fixed seed makes sampled readings repeatable (0 = none)"))
        self.logprobs = QCheckBox(self.tr("Keep token confidence"), self)
        self.logprobs.setToolTip(
            self.tr("Ask for each token's log-probability and keep it with the reading")
        )
        self.thinking_off = QCheckBox(self.tr("Thinking off"), self)
        self.thinking_off.setChecked(True)
        self.thinking_off.setToolTip(
            self.tr("Ask reasoning models not to think first (faster; the whole budget is text)")
        )
        self.estimate = QLabel(self)
        self.estimate.setWordWrap(True)
        self.estimate.setAccessibleName(self.tr("Token estimate"))
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.tr("&Server:"), self.server)
        self.local_model = LocalModelRow(hub, self, make_active=True)  # or in-process
        form.addRow(self.tr("Local model:"), self.local_model)
        # One row for the sampling settings: the panel sits in a wide, low dock.
        row = QHBoxLayout()
        max_tokens_label = QLabel(self.tr("Max &tokens:"), self)
        max_tokens_label.setBuddy(self.max_tokens)
        temperature_label = QLabel(self.tr("T&emperature:"), self)
        temperature_label.setBuddy(self.temperature)
        for widget in (max_tokens_label, self.max_tokens, temperature_label, self.temperature):
            row.addWidget(widget)
        row.addWidget(self.thinking_off)
        row.addStretch(1)
        form.addRow(row)
        more = QHBoxLayout()
        penalty_label = QLabel(self.tr("&Repetition penalty:"), self)
        penalty_label.setBuddy(self.repetition_penalty)
        seed_label = QLabel(self.tr("See&d:"), self)
        seed_label.setBuddy(self.seed)
        for widget in (penalty_label, self.repetition_penalty, seed_label, self.seed):
            more.addWidget(widget)
        more.addWidget(self.logprobs)
        more.addStretch(1)
        form.addRow(more)
        form.addRow(self.tr("Token estimate:"), self.estimate)
        for signal in (
            self.max_tokens.valueChanged,
            self.temperature.valueChanged,
            self.thinking_off.toggled,
        ):
            signal.connect(self.changed)
        hub.profiles_changed.connect(self._reload)
        self._reload()

    def _reload(self) -> None:
        self.model.set_profiles(self.hub.all_profiles())
        active = self.hub.active
        self.server.setCurrentIndex(-1 if active is None else self.model.row_of(active.id))
        self.changed.emit()  # a learned context length changes the estimate

    def _chosen(self, row: int) -> None:
        if 0 <= row < len(self.model.profiles):
            self.hub.set_active(self.model.profiles[row].id)

    def profile(self) -> ServerProfile | None:
        row = self.server.currentIndex()
        if not 0 <= row < len(self.model.profiles):
            return None
        return self.hub.profile(self.model.profiles[row].id)

    def params(self) -> SamplingParams:
        return SamplingParams(
            temperature=self.temperature.value(),
            max_tokens=self.max_tokens.value(),
            repetition_penalty=self.repetition_penalty.value(),
            seed=self.seed.value() or None,
            enable_thinking=False if self.thinking_off.isChecked() else None,
            logprobs=self.logprobs.isChecked(),
            top_logprobs=2 if self.logprobs.isChecked() else 0,
        )

    def show_estimate(self, prompt: str) -> None:
        """Image + prompt + answer tokens against the server's context, before sending."""
        profile, ws = self.profile(), self.hub.workspace
        if profile is None or ws is None:
            self.estimate.clear()
            return
        try:
            fitted = PagePreparer(ws.renderer).plan(profile, prompt, self.params())
        except ContextTooLongError as exc:
            set_color(self.estimate, ALERT)
            self.estimate.setText(str(exc))
            return
        text = self.tr("image ≤ {0:,} + prompt ≈ {1:,} + answer ≤ {2:,} = {3:,}").format(
            fitted.image_tokens,
            fitted.prompt_tokens - fitted.image_tokens,
            fitted.max_tokens,
            fitted.total_tokens,
        )
        if profile.max_model_len:
            text += " " + self.tr("of {0:,} (server context)").format(profile.max_model_len)
        else:
            text += " " + self.tr("(the server's context is learned on the first run)")
        lines = [text, *fitted.notes]
        set_color(self.estimate, WARNING if fitted.notes else None)
        self.estimate.setText("\n".join(lines))
