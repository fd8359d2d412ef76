"""The engine choice beside the server profiles: a local model folder, read in-process.

Choosing a folder checks it at once (config, family, files: no torch needed)
and offers it in the hub's server lists as "In-process: NAME"; the model
itself loads in a worker process on its first page, so the window never waits
for it. The folder and device are remembered. "Unload" ends the worker and
frees the memory; the next page loads the model again.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QWidget

from backend.engines.transformers import LocalOptions, TransformersEngine
from backend.errors import ProofDeskError
from gui.services.ocr_hub import OcrHub
from gui.widgets.theme import ALERT, set_color

PATH_KEY = "transformers/model_path"
DEVICE_KEY = "transformers/device"
DTYPE_KEY = "transformers/dtype"
PYTHON_KEY = "transformers/python"
DEVICES = ("auto", "cuda", "cpu")
DTYPES = ("auto", "bfloat16", "float16", "float32")


class LocalModelRow(QWidget):
    def __init__(self, hub: OcrHub, parent: QWidget | None = None, *, make_active: bool) -> None:
        super().__init__(parent)
        self.hub = hub
        self.make_active = make_active  # the re-run panel switches to it; the batch ticks it
        self.choose_button = QPushButton(self.tr("Local model…"), self)
        self.choose_button.setToolTip(
            self.tr(
                "Read pages in-process with a Qwen2-VL, Qwen2.5-VL or Qwen3-VL model folder "
                "on this computer (needs: pip install proofdesk[transformers])"
            )
        )
        self.device = QComboBox(self)
        self.device.addItems([self.tr("GPU if present"), self.tr("GPU (CUDA)"), self.tr("CPU")])
        self.device.setAccessibleName(self.tr("Device"))
        self.dtype = QComboBox(self)
        self.dtype.addItems([self.tr("dtype as configured"), *DTYPES[1:]])
        self.dtype.setAccessibleName(self.tr("Data type"))
        self.unload_button = QPushButton(self.tr("Unload"), self)
        self.unload_button.setToolTip(self.tr("End the model's worker and free its memory"))
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.choose_button, self.device, self.dtype, self.unload_button):
            row.addWidget(widget)
        row.addWidget(self.status, 1)
        self.choose_button.clicked.connect(self._choose)
        self.device.activated.connect(self._options_chosen)
        self.dtype.activated.connect(self._options_chosen)
        self.unload_button.clicked.connect(self._unload)
        hub.profiles_changed.connect(self.refresh)
        self._restore()

    # -- choosing -------------------------------------------------------------------------

    def _choose(self) -> None:
        start = str(self.hub.settings._qs.value(PATH_KEY) or "")
        folder = QFileDialog.getExistingDirectory(self, self.tr("Local model folder"), start)
        if folder:
            self.use_folder(folder)

    def use_folder(
        self, folder: str, device: str | None = None, *, activate: bool = True
    ) -> TransformersEngine | None:
        """Offer the model in ``folder``; None (and the reason shown) when it cannot work."""
        if device is not None:
            self.device.setCurrentIndex(DEVICES.index(device))
        try:
            # The worker's Python: this setting, else PROOFDESK_TRANSFORMERS_PYTHON, else ours.
            python = str(self.hub.settings._qs.value(PYTHON_KEY) or "") or None
            options = LocalOptions(folder, self._device(), self._dtype(), python)
            engine = TransformersEngine(options)
        except ProofDeskError as exc:
            self._say(str(exc), error=True)
            return None
        self.hub.settings._qs.setValue(PATH_KEY, folder)
        self.hub.settings._qs.setValue(DEVICE_KEY, self._device())
        self.hub.settings._qs.setValue(DTYPE_KEY, self._dtype())
        self.hub.set_local_engine(engine)
        if self.make_active and activate:
            self.hub.set_active(engine.profile.id)
        return engine

    def _device(self) -> str:
        return DEVICES[max(0, self.device.currentIndex())]

    def _dtype(self) -> str:
        return DTYPES[max(0, self.dtype.currentIndex())]

    def _options_chosen(self) -> None:
        engine = self.engine()
        chosen = (self._device(), self._dtype())
        if engine is not None and (engine.options.device, engine.options.dtype) != chosen:
            self.use_folder(engine.options.model_path, activate=False)

    def _restore(self) -> None:
        device = str(self.hub.settings._qs.value(DEVICE_KEY) or "auto")
        self.device.setCurrentIndex(DEVICES.index(device) if device in DEVICES else 0)
        dtype = str(self.hub.settings._qs.value(DTYPE_KEY) or "auto")
        self.dtype.setCurrentIndex(DTYPES.index(dtype) if dtype in DTYPES else 0)
        folder = str(self.hub.settings._qs.value(PATH_KEY) or "")
        if folder and self.engine() is None:
            # Offered again, not chosen: the server the user last chose stays the active one.
            self.use_folder(folder, activate=False)
        self.refresh()

    # -- showing ---------------------------------------------------------------------------

    def engine(self) -> TransformersEngine | None:
        found = [e for p in self.hub.local.profiles() if (e := self.hub.local.get(p.id))]
        engine = found[0] if found else None
        return engine if isinstance(engine, TransformersEngine) else None

    def refresh(self) -> None:
        engine = self.engine()
        self.unload_button.setEnabled(engine is not None)
        if engine is None:
            return
        loaded = engine.loaded
        if loaded is None:
            text = self.tr("{0}: loads on the first page").format(engine.folder.family)
        else:
            text = self.tr("{0} loaded on {1} ({2})").format(
                engine.folder.family, loaded.get("device", "?"), loaded.get("dtype", "?")
            )
        self._say(" ".join([text, *engine.warnings]))

    def _unload(self) -> None:
        engine = self.engine()
        if engine is not None:
            self.hub.set_local_engine(None)  # closes it (after a read in flight)
            try:  # offered again, unloaded; the folder may have gone since it was chosen
                fresh = TransformersEngine(engine.options)
            except ProofDeskError as exc:
                self._say(str(exc), error=True)
                return
            self.hub.set_local_engine(fresh)

    def _say(self, text: str, *, error: bool = False) -> None:
        set_color(self.status, ALERT if error else None)
        self.status.setText(text)
