"""Tools ▸ VRAM planner: how many pages a GPU reads at once with a given model.

A window onto ``backend.server.planner.plan`` (the arithmetic); the inputs and the
file reading are in ``gui.servers.planner_inputs``. Results follow the inputs as they
change, with no button; a bad config or setting is said in the dialog, and the
equivalent ``proofdesk plan`` command is shown for the record.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from backend.safe_text import placeholders
from backend.server.planner import GIB, Plan, PlanError, plan
from gui.servers.planner_inputs import PlannerInputs
from gui.widgets.screen_size import resize_within_screen
from gui.widgets.theme import ERROR, color_css


class PlannerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("VRAM planner"))
        self.setModal(False)
        self.plan: Plan | None = None
        self._build()
        self._recompute()
        # Room for the wrapped labels: a window's least height leaves out the lines a
        # label wraps to, so at its size hint a two-line label showed one line.
        resize_within_screen(self, 560, 720)

    def _build(self) -> None:
        self.inputs = PlannerInputs(self)
        results = QFormLayout()
        self.out: dict[str, QLabel] = {}
        rows = {
            "model": self.tr("Model:"),
            "weights": self.tr("Weights:"),
            "kv_per_token": self.tr("KV cache per token:"),
            "vision_tokens": self.tr("Vision tokens per page:"),
            "tokens_per_page": self.tr("Tokens per page:"),
            "kv_cache": self.tr("KV cache available:"),
            "pages": self.tr("Pages that fit at once:"),
            "notes": self.tr("Notes:"),
        }
        for key, label in rows.items():
            value = QLabel(self)
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.out[key] = value
            results.addRow(label, value)
        big = QFont(self.font())
        big.setBold(True)
        big.setPointSizeF(big.pointSizeF() * 1.6)
        self.out["pages"].setFont(big)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet(color_css(ERROR))
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        results.addRow(self.error)
        box = QGroupBox(self.tr("Plan"), self)
        box.setLayout(results)

        self.command = QLineEdit(self)
        self.command.setReadOnly(True)
        self.command.setAccessibleName(self.tr("Equivalent command"))
        self.copy_json = QPushButton(self.tr("Copy as &JSON"), self)
        self.copy_json.setAutoDefault(False)
        self.close_button = QPushButton(self.tr("Close"), self)
        # No default button: Enter in an input (the model's path, a number) must plan,
        # not close the planner; results follow the inputs, so Enter has nothing else to do.
        self.close_button.setAutoDefault(False)
        bottom = QHBoxLayout()
        bottom.addWidget(QLabel(self.tr("Command:"), self))
        bottom.addWidget(self.command, 1)
        bottom.addWidget(self.copy_json)
        bottom.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.inputs)
        layout.addWidget(box, 1)
        layout.addLayout(bottom)

        self.inputs.changed.connect(self._recompute)
        self.copy_json.clicked.connect(self.copy_plan)
        self.close_button.clicked.connect(self.close)

    def load_config(self, path: str | Path) -> None:
        """Plan for a model's config.json or its folder."""
        self.inputs.load_config(path)

    def set_index(self, path: str | Path | None) -> None:
        self.inputs.set_index(path)

    def _recompute(self) -> None:
        self.plan = None
        error = self.inputs.load_error
        config = self.inputs.config
        if config is None and not error:
            error = self.tr("Choose a model's config.json or its folder.")
        if config is not None and not error:
            try:
                self.plan = plan(config, **self.inputs.plan_settings())
            except PlanError as exc:
                error = str(exc)
        self.error.setText(placeholders(error))
        self.error.setVisible(bool(error))
        self._show(self.plan)
        self.copy_json.setEnabled(self.plan is not None)
        self.command.setText(self.inputs.command_line())
        self.command.setCursorPosition(0)  # show "proofdesk plan …" from its start

    def _show(self, p: Plan | None) -> None:
        if p is None:
            for label in self.out.values():
                label.setText("—")
            return
        sources = {
            "safetensors index": self.tr("from the safetensors index"),
            "estimated from config": self.tr("estimated from the config"),
        }
        source = sources.get(p.weights_source, self.tr("the quantized checkpoint's size"))
        # The model type and the notes quote the config file: escapes shown, not obeyed.
        self.out["model"].setText(
            self.tr("{0}, {1:.1f}B parameters").format(
                placeholders(p.model_type) or "?", p.params / 1e9
            )
        )
        self.out["weights"].setText(
            self.tr("{0:.1f} GiB {1} ({2})").format(p.weights_bytes / GIB, p.weights_dtype, source)
        )
        self.out["kv_per_token"].setText(
            self.tr("{0:,} bytes ({1}, {2} of {3} layers)").format(
                p.kv_bytes_per_token, p.kv_dtype, p.full_attention_layers, p.total_layers
            )
        )
        width, height = p.page_px
        self.out["vision_tokens"].setText(
            self.tr("{0:,} ({1}×{2} px)").format(p.vision_tokens_per_page, width, height)
        )
        self.out["tokens_per_page"].setText(f"{p.tokens_per_page:,}")
        self.out["kv_cache"].setText(
            self.tr("{0:.1f} GiB ({1:,} tokens)").format(p.kv_cache_bytes / GIB, p.kv_cache_tokens)
        )
        self.out["pages"].setText(f"{p.max_concurrent_pages:,}")
        self.out["notes"].setText(placeholders("\n".join(f"• {note}" for note in p.notes)) or "—")

    def copy_plan(self) -> None:
        """Put the plan on the clipboard as JSON (what ``proofdesk plan --json`` prints)."""
        if self.plan is not None:
            QGuiApplication.clipboard().setText(json.dumps(self.plan.to_json(), indent=2))
