"""The settings of a local vLLM server: a form that yields a ``LocalServerConfig``.

Only non-secret values are remembered (QSettings is a plain file): the model,
the interpreter and vLLM's flags. The API key is never part of the form; the
server manager makes a fresh one for every start.
"""

from __future__ import annotations

import shlex
from typing import Any

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import (
    QCheckBox,
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

from backend.errors import LocalServerError
from backend.server.interpreter import default_python
from backend.server.local_server import LocalServerConfig, build_command
from gui.widgets.theme import ALERT, color_css

PREFIX = "local_server/"
DEFAULT_TIMEOUT_S = 900  # a large model's first start (download, compile) takes minutes
KV_DTYPES = ("", "auto", "fp8", "fp8_e4m3", "fp8_e5m2")
DTYPES = ("", "auto", "bfloat16", "float16", "float32")
QUANTIZATIONS = ("", "awq", "gptq", "fp8", "bitsandbytes", "compressed-tensors")


class LocalServerForm(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = QLineEdit(self)
        self.model.setPlaceholderText(self.tr("a model folder, or a name such as Qwen/Qwen3-VL-8B"))
        self.model.setAccessibleName(self.tr("Model"))
        self.browse_model = QPushButton(self.tr("Folder…"), self)
        self.browse_model.clicked.connect(self._choose_model)
        self.served_name = QLineEdit(self)
        self.served_name.setPlaceholderText(self.tr("the model's own name"))
        self.python = QLineEdit(default_python(), self)
        self.python.setToolTip(self.tr("The Python interpreter that has vLLM installed."))
        self.browse_python = QPushButton(self.tr("File…"), self)
        self.browse_python.clicked.connect(self._choose_python)
        self.check_button = QPushButton(self.tr("Check"), self)
        self.check_button.setToolTip(self.tr("See whether vLLM is installed in this Python."))
        self.check_label = QLabel(self)
        self.check_label.setWordWrap(True)
        self.check_label.setOpenExternalLinks(False)

        self.max_model_len = self._spin(0, 1_048_576, 1024, self.tr("vLLM's default"))
        self.gpu_util = QDoubleSpinBox(self)
        self.gpu_util.setRange(0.0, 1.0)
        self.gpu_util.setSingleStep(0.05)
        self.gpu_util.setDecimals(2)
        self.gpu_util.setSpecialValueText(self.tr("vLLM's default (0.90)"))
        self.max_num_seqs = self._spin(0, 4096, 1, self.tr("vLLM's default"))
        self.images = self._spin(0, 64, 1, self.tr("vLLM's default"))
        self.kv_dtype = self._combo(KV_DTYPES, editable=True)
        self.dtype = self._combo(DTYPES, editable=False)
        self.quantization = self._combo(QUANTIZATIONS, editable=True)
        self.enforce_eager = QCheckBox(self.tr("--enforce-eager (no CUDA graphs: less memory)"))
        self.extra = QLineEdit(self)
        self.extra.setPlaceholderText(self.tr("more vLLM flags, e.g. --trust-remote-code"))
        self.timeout = self._spin(30, 7200, 30, "")
        self.timeout.setSuffix(self.tr(" s"))
        self.timeout.setValue(DEFAULT_TIMEOUT_S)
        self.timeout.setToolTip(self.tr("Give up if the server is not ready after this long."))
        self.problem = QLabel(self)
        self.problem.setStyleSheet(color_css(ALERT))
        self.problem.setWordWrap(True)
        self.problem.hide()

        form = QFormLayout(self)
        form.addRow(self.tr("Model:"), _row(self.model, self.browse_model))
        form.addRow(self.tr("Served model name:"), self.served_name)
        form.addRow(self.tr("Python:"), _row(self.python, self.browse_python, self.check_button))
        form.addRow("", self.check_label)
        form.addRow(self.tr("--max-model-len:"), self.max_model_len)
        form.addRow(self.tr("--gpu-memory-utilization:"), self.gpu_util)
        form.addRow(self.tr("--max-num-seqs:"), self.max_num_seqs)
        form.addRow(self.tr("Images per prompt:"), self.images)
        form.addRow(self.tr("--kv-cache-dtype:"), self.kv_dtype)
        form.addRow(self.tr("--dtype:"), self.dtype)
        form.addRow(self.tr("--quantization:"), self.quantization)
        form.addRow("", self.enforce_eager)
        form.addRow(self.tr("Extra arguments:"), self.extra)
        form.addRow(self.tr("Start timeout:"), self.timeout)
        form.addRow("", self.problem)
        for edit in (self.model, self.served_name, self.python, self.extra):
            edit.textChanged.connect(self.changed)
        for spin in (self.max_model_len, self.max_num_seqs, self.images, self.timeout):
            spin.valueChanged.connect(self.changed)
        self.gpu_util.valueChanged.connect(self.changed)
        for combo in (self.kv_dtype, self.dtype, self.quantization):
            combo.currentTextChanged.connect(self.changed)
        self.enforce_eager.toggled.connect(self.changed)

    def _spin(self, low: int, high: int, step: int, special: str) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setRange(low, high)
        spin.setSingleStep(step)
        if special:
            spin.setSpecialValueText(special)  # shown at the minimum (0): the flag is left out
        return spin

    def _combo(self, items: tuple[str, ...], *, editable: bool) -> QComboBox:
        combo = QComboBox(self)
        combo.setEditable(editable)
        combo.addItems(list(items))  # the first, "", leaves the flag out
        return combo

    # -- the configuration --------------------------------------------------------------

    def config(self, env: dict[str, str] | None = None) -> LocalServerConfig:
        """The settings as a config; LocalServerError with a readable reason when invalid."""
        model = self.model.text().strip()
        if not model:
            raise LocalServerError(self.tr("Choose a model folder or type a model name."))
        try:
            extra = tuple(shlex.split(self.extra.text()))
        except ValueError as exc:
            raise LocalServerError(
                self.tr("The extra arguments cannot be read: {0}.").format(exc)
            ) from exc
        cfg = LocalServerConfig(
            model=model,
            served_model_name=self.served_name.text().strip(),
            python=self.python.text().strip() or default_python(),
            max_model_len=self.max_model_len.value() or None,
            gpu_memory_utilization=round(self.gpu_util.value(), 2) or None,
            max_num_seqs=self.max_num_seqs.value() or None,
            limit_images=self.images.value() or None,
            kv_cache_dtype=self.kv_dtype.currentText().strip(),
            dtype=self.dtype.currentText().strip(),
            quantization=self.quantization.currentText().strip(),
            enforce_eager=self.enforce_eager.isChecked(),
            extra_args=extra,
            env=dict(env or {}),
        )
        build_command(cfg, 0)  # refuses flags ProofDesk sets itself, with its reason
        return cfg

    def validated(self, env: dict[str, str] | None = None) -> LocalServerConfig | None:
        """The config, or None with the reason shown under the form."""
        try:
            cfg = self.config(env)
        except LocalServerError as exc:
            self.problem.setText(str(exc))
            self.problem.show()
            return None
        self.problem.clear()
        self.problem.hide()
        return cfg

    def set_editable(self, on: bool) -> None:
        for child in self.findChildren(QWidget):
            if child is not self.check_label and child is not self.problem:
                child.setEnabled(on)

    # -- remembering ----------------------------------------------------------------------

    def save(self, qs: QSettings) -> None:
        for key, value in self._values().items():
            qs.setValue(PREFIX + key, value)

    def load(self, qs: QSettings) -> None:
        def text(key: str, default: str = "") -> str:
            return str(qs.value(PREFIX + key, default) or default)

        def number(key: str, default: float = 0) -> float:
            try:
                return float(str(qs.value(PREFIX + key, default) or default))
            except (TypeError, ValueError):
                return default

        self.model.setText(text("model"))
        self.served_name.setText(text("served_model_name"))
        self.python.setText(text("python", default_python()))
        self.max_model_len.setValue(int(number("max_model_len")))
        self.gpu_util.setValue(number("gpu_memory_utilization"))
        self.max_num_seqs.setValue(int(number("max_num_seqs")))
        self.images.setValue(int(number("images")))
        self.kv_dtype.setCurrentText(text("kv_cache_dtype"))
        self.dtype.setCurrentText(text("dtype"))
        self.quantization.setCurrentText(text("quantization"))
        self.enforce_eager.setChecked(text("enforce_eager") in ("true", "True", "1"))
        self.extra.setText(text("extra_args"))
        self.timeout.setValue(int(number("timeout_s", DEFAULT_TIMEOUT_S)))

    def _values(self) -> dict[str, Any]:
        return {
            "model": self.model.text().strip(),
            "served_model_name": self.served_name.text().strip(),
            "python": self.python.text().strip(),
            "max_model_len": self.max_model_len.value(),
            "gpu_memory_utilization": round(self.gpu_util.value(), 2),
            "max_num_seqs": self.max_num_seqs.value(),
            "images": self.images.value(),
            "kv_cache_dtype": self.kv_dtype.currentText().strip(),
            "dtype": self.dtype.currentText().strip(),
            "quantization": self.quantization.currentText().strip(),
            "enforce_eager": self.enforce_eager.isChecked(),
            "extra_args": self.extra.text(),
            "timeout_s": self.timeout.value(),
        }

    # -- choosing files (open(), not exec(): no nested event loop) --------------------------

    def _choose_model(self) -> None:
        dialog = QFileDialog(self, self.tr("Choose the model folder"))
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self.model.setText)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def _choose_python(self) -> None:
        dialog = QFileDialog(self, self.tr("Choose the Python interpreter with vLLM"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(self.python.setText)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()


def _row(*widgets: QWidget) -> QWidget:
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    for index, widget in enumerate(widgets):
        row.addWidget(widget, 1 if index == 0 else 0)
    return holder
