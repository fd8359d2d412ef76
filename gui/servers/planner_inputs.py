"""The VRAM planner's inputs: the model's files, the GPU and the page.

Files are read with ``proofdesk plan``'s own readers (``backend.cli.plan``),
so a folder, a config.json and an index mean here what they mean to the
command; ``command_line()`` is that command for the current inputs.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from backend.server.planner import PlanError
from backend.server.planner_files import INDEX_NAME, model_paths, page_px, read_json, total_size_of

DPIS = (150, 200, 300)  # the first is the command's default


class PlannerInputs(QWidget):
    changed = Signal()  # any input, or the files read

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.config_path: Path | None = None  # as chosen: a config.json or a model folder
        self.index_path: Path | None = None
        self._index_chosen = False  # picked by hand, not found next to the config
        self.config: dict[str, Any] | None = None
        self.total_size: int | None = None
        self.load_error = ""
        self._build()

    def _build(self) -> None:
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.path = QLineEdit(self)
        self.path.setPlaceholderText(self.tr("a model's config.json, or its folder"))
        self.choose_file = QPushButton(self.tr("Model &config…"), self)
        self.choose_folder = QPushButton(self.tr("F&older…"), self)
        form.addRow(self.tr("Model:"), _row(self.path, self.choose_file, self.choose_folder))
        self.index_label = QLabel(self.tr("none: the weights are estimated from the config"), self)
        self.index_label.setWordWrap(True)
        self.choose_index = QPushButton(self.tr("&Index…"), self)
        self.choose_index.setToolTip(
            self.tr("model.safetensors.index.json: the exact size of the weights")
        )
        form.addRow(self.tr("Safetensors index:"), _row(self.index_label, self.choose_index))
        for button in (self.choose_file, self.choose_folder, self.choose_index):
            button.setAutoDefault(False)

        self.gpu_gb = QDoubleSpinBox(self)
        self.gpu_gb.setRange(1, 4096)
        self.gpu_gb.setDecimals(1)
        self.gpu_gb.setValue(80)
        self.gpu_gb.setSuffix(" GiB")
        form.addRow(self.tr("&GPU memory:"), self.gpu_gb)
        self.utilization = QDoubleSpinBox(self)
        self.utilization.setRange(0.05, 1.0)
        self.utilization.setSingleStep(0.01)
        self.utilization.setValue(0.9)
        self.utilization.setToolTip(self.tr("vLLM's --gpu-memory-utilization"))
        form.addRow(self.tr("GPU memory &utilization:"), self.utilization)
        self.weights_dtype = QComboBox(self)
        self.weights_dtype.addItems(["bf16", "fp16", "fp8", "int4"])
        form.addRow(self.tr("&Weights dtype:"), self.weights_dtype)
        self.kv_dtype = QComboBox(self)
        self.kv_dtype.addItems(["auto", "fp8"])
        self.kv_dtype.setToolTip(self.tr("auto: the model's own 16-bit dtype; fp8 halves it"))
        form.addRow(self.tr("&KV cache dtype:"), self.kv_dtype)

        self.page_size = QComboBox(self)
        for dpi in DPIS:
            self.page_size.addItem(self.tr("A4 at {0} dpi").format(dpi), dpi)
        self.page_size.addItem(self.tr("Custom size"), 0)
        self.page_width = _count(self, 1, 20_000, 1240)
        self.page_height = _count(self, 1, 20_000, 1754)
        self.page_width.setSuffix(" px")
        self.page_height.setSuffix(" px")
        form.addRow(self.tr("&Page size:"), _row(self.page_size, self.page_width, self.page_height))
        self.max_pixels = _count(self, 0, 100_000_000, 0)
        self.max_pixels.setSpecialValueText(self.tr("the model's own"))
        self.max_pixels.setToolTip(self.tr("The server's image budget (max_pixels)"))
        form.addRow(self.tr("Image budget (pixels):"), self.max_pixels)
        self.prompt_tokens = _count(self, 0, 1_000_000, 300)
        form.addRow(self.tr("P&rompt tokens:"), self.prompt_tokens)
        self.max_tokens = _count(self, 1, 1_000_000, 4096)
        form.addRow(self.tr("&Max tokens:"), self.max_tokens)
        self.max_num_seqs = _count(self, 0, 100_000, 0)
        self.max_num_seqs.setSpecialValueText(self.tr("not set"))
        form.addRow(self.tr("Max &num seqs:"), self.max_num_seqs)

        self.path.editingFinished.connect(self._path_typed)
        self.choose_file.clicked.connect(self._pick_file)
        self.choose_folder.clicked.connect(self._pick_folder)
        self.choose_index.clicked.connect(self._pick_index)
        self.page_size.currentIndexChanged.connect(self._page_size_chosen)
        for spin in (self.gpu_gb, self.utilization):
            spin.valueChanged.connect(self.changed)
        for count in (self.page_width, self.page_height, self.max_pixels):
            count.valueChanged.connect(self.changed)
        for count in (self.prompt_tokens, self.max_tokens, self.max_num_seqs):
            count.valueChanged.connect(self.changed)
        for combo in (self.weights_dtype, self.kv_dtype):
            combo.currentIndexChanged.connect(self.changed)
        self._page_size_chosen()

    # -- the model's files --------------------------------------------------------------

    def _open_dialog(self, title: str, *, folder: bool, on_chosen: Callable[[str], None]) -> None:
        # open(), not exec(): no nested event loop under the asyncio tasks.
        dialog = QFileDialog(self, title)
        if folder:
            dialog.setFileMode(QFileDialog.FileMode.Directory)
            dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        else:
            dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
            dialog.setNameFilter(self.tr("JSON files (*.json);;All files (*)"))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(on_chosen)
        dialog.open()

    def _pick_file(self) -> None:
        self._open_dialog(
            self.tr("A model's config.json"), folder=False, on_chosen=self.load_config
        )

    def _pick_folder(self) -> None:
        self._open_dialog(self.tr("A model folder"), folder=True, on_chosen=self.load_config)

    def _pick_index(self) -> None:
        self._open_dialog(self.tr("A safetensors index"), folder=False, on_chosen=self.set_index)

    def _path_typed(self) -> None:
        text = self.path.text().strip()
        if text and Path(text).expanduser() != self.config_path:
            self.load_config(text)

    def load_config(self, path: str | Path) -> None:
        """Read a config.json (or a model folder's config and index)."""
        self.config_path = Path(path).expanduser()
        self.path.setText(str(self.config_path))
        self._index_chosen = False
        config_file, index = model_paths(self.config_path, None)
        sibling = config_file.parent / INDEX_NAME
        if index is None and config_file.name == "config.json" and sibling.is_file():
            index = sibling  # the model folder's own index
        self.index_path = index
        self._read()

    def set_index(self, path: str | Path | None) -> None:
        """Use this safetensors index for the weights (None: estimate from the config)."""
        self.index_path = Path(path).expanduser() if path else None
        self._index_chosen = self.index_path is not None
        self._read()

    def _read(self) -> None:
        self.config, self.total_size, self.load_error = None, None, ""
        try:
            if self.config_path is not None:
                self.config = read_json(model_paths(self.config_path, None)[0])
            if self.index_path is not None:
                self.total_size = total_size_of(read_json(self.index_path), self.index_path)
        except PlanError as exc:
            self.config = None
            self.load_error = str(exc)
        self.index_label.setText(
            str(self.index_path)
            if self.index_path is not None
            else self.tr("none: the weights are estimated from the config")
        )
        self.changed.emit()

    # -- settings -----------------------------------------------------------------------

    def _page_size_chosen(self, *_: object) -> None:
        dpi = int(self.page_size.currentData())
        custom = dpi == 0
        if not custom:
            width, height = page_px(None, dpi)
            for spin, value in ((self.page_width, width), (self.page_height, height)):
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self.page_width.setEnabled(custom)
        self.page_height.setEnabled(custom)
        self.changed.emit()

    def plan_settings(self) -> dict[str, Any]:
        """Keyword arguments for ``backend.server.planner.plan`` besides the config."""
        return {
            "gpu_gb": self.gpu_gb.value(),
            "gpu_memory_utilization": self.utilization.value(),
            "weights_dtype": self.weights_dtype.currentText(),
            "kv_dtype": self.kv_dtype.currentText(),
            "total_size": self.total_size,
            "page_px": (self.page_width.value(), self.page_height.value()),
            "prompt_tokens": self.prompt_tokens.value(),
            "max_tokens": self.max_tokens.value(),
            "max_num_seqs": self.max_num_seqs.value() or None,
            "max_pixels": self.max_pixels.value() or None,
        }

    def command_line(self) -> str:
        """The ``proofdesk plan`` command for these inputs (options at their default left out)."""
        if self.config_path is None:
            return ""
        args = ["proofdesk", "plan", "--config", str(self.config_path)]
        folder_index = self.config_path / INDEX_NAME if self.config_path.is_dir() else None
        if self.index_path is not None and (self._index_chosen or self.index_path != folder_index):
            args += ["--index", str(self.index_path)]
        args += ["--gpu-gb", f"{self.gpu_gb.value():g}"]
        if round(self.utilization.value(), 2) != 0.9:
            args += ["--gpu-memory-utilization", f"{self.utilization.value():g}"]
        if self.weights_dtype.currentText() != "bf16":
            args += ["--dtype", self.weights_dtype.currentText()]
        if self.kv_dtype.currentText() != "auto":
            args += ["--kv-dtype", self.kv_dtype.currentText()]
        dpi = int(self.page_size.currentData())
        if dpi == 0:
            args += ["--page-size", f"{self.page_width.value()}x{self.page_height.value()}"]
        elif dpi != DPIS[0]:
            args += ["--dpi", str(dpi)]
        optional = (
            ("--max-pixels", self.max_pixels.value(), 0),
            ("--prompt-tokens", self.prompt_tokens.value(), 300),
            ("--max-tokens", self.max_tokens.value(), 4096),
            ("--max-num-seqs", self.max_num_seqs.value(), 0),
        )
        for flag, value, default in optional:
            if value != default:
                args += [flag, str(value)]
        return shlex.join(args)


def _row(*widgets: QWidget) -> QWidget:
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for i, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if i == 0 else 0)
    return box


def _count(parent: QWidget, low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setGroupSeparatorShown(True)
    return spin
