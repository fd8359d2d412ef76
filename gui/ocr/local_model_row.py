"""The engine choice beside the server profiles: a local model folder, read in-process.

Choosing a folder checks it (config, family, files: no torch needed) in a
thread, "Checking…" meanwhile: on a slow network share reading them takes
seconds, and the window must not stall. Then it is offered in the hub's server
lists as "In-process: NAME"; the model itself loads in a worker process on its
first page, so the window never waits for it either. The folder and device are
remembered. "Unload" ends the worker and frees the memory; the next page loads
the model again.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import threading
import weakref
from collections.abc import Callable

import shiboken6
from PySide6.QtWidgets import QComboBox, QFileDialog, QGridLayout, QLabel, QPushButton, QWidget

from backend.engines.transformers import LocalOptions, TransformersEngine
from backend.errors import ProofDeskError
from gui.services.ocr_hub import OcrHub
from gui.widgets.theme import ALERT, set_color

log = logging.getLogger(__name__)

PATH_KEY = "transformers/model_path"
DEVICE_KEY = "transformers/device"
DTYPE_KEY = "transformers/dtype"
PYTHON_KEY = "transformers/python"
DEVICES = ("auto", "cuda", "cpu")
DTYPES = ("auto", "bfloat16", "float16", "float32")

_TICKETS = itertools.count(1)
# The newest folder check of each hub, started by any of its rows (the re-run panel's
# and the batch panel's): a check that ends after a newer one started is stale. While
# the newest runs, every row of the hub shows it and waits for it (``_IN_FLIGHT``), and
# its outcome is shown in every row: one folder, one answer, whichever panel asked.
_LATEST: weakref.WeakKeyDictionary[OcrHub, int] = weakref.WeakKeyDictionary()
_IN_FLIGHT: weakref.WeakKeyDictionary[OcrHub, tuple[int, str]] = weakref.WeakKeyDictionary()
_ROWS: weakref.WeakKeyDictionary[OcrHub, weakref.WeakSet[LocalModelRow]] = (
    weakref.WeakKeyDictionary()
)


def _rows(hub: OcrHub) -> list[LocalModelRow]:
    return [row for row in _ROWS.get(hub, ()) if shiboken6.isValid(row)]


def _in_thread(
    fn: Callable[[LocalOptions], TransformersEngine], options: LocalOptions
) -> asyncio.Future[TransformersEngine]:
    """``fn(options)`` on a daemon thread: a folder on a share that never answers must
    not keep the app from quitting (the loop's own executor is waited for at close)."""
    loop = asyncio.get_event_loop()
    future: asyncio.Future[TransformersEngine] = loop.create_future()

    def settle(result: TransformersEngine | None, exc: BaseException | None) -> None:
        if future.done():  # cancelled meanwhile
            return
        if exc is not None:
            future.set_exception(exc)
        else:
            future.set_result(result)  # type: ignore[arg-type]

    def run() -> None:
        try:
            outcome: tuple[TransformersEngine | None, BaseException | None] = (fn(options), None)
        except BaseException as exc:  # handed to the awaiting task, which reports it
            outcome = (None, exc)
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits
            loop.call_soon_threadsafe(settle, *outcome)

    threading.Thread(target=run, name="proofdesk-model-folder", daemon=True).start()
    return future


def _stop_waiting(hub: OcrHub) -> None:
    """The check every row waited for will not answer (cancelled at close)."""
    _IN_FLIGHT.pop(hub, None)
    for row in _rows(hub):
        row._set_checking(0)
        row._say("")
        row.refresh()


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
        self._checking = 0  # the ticket of this row's folder check in flight (0: none)
        self._checks: set[asyncio.Task[TransformersEngine | None]] = set()  # kept alive
        # Short rows, not one of 470 px: the batch is a tab at the side, which
        # scrolled sideways at 1366×768 for this row alone.
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.choose_button, 0, 0)
        grid.addWidget(self.unload_button, 0, 1)
        grid.addWidget(self.device, 1, 0, 1, 2)
        grid.addWidget(self.dtype, 2, 0, 1, 2)
        grid.addWidget(self.status, 3, 0, 1, 2)
        self.choose_button.clicked.connect(self._choose)
        self.device.activated.connect(self._options_chosen)
        self.dtype.activated.connect(self._options_chosen)
        self.unload_button.clicked.connect(self._unload)
        hub.profiles_changed.connect(self.refresh)
        _ROWS.setdefault(hub, weakref.WeakSet()).add(self)
        self._restore()

    # -- choosing -------------------------------------------------------------------------

    def _choose(self) -> None:
        start = str(self.hub.settings._qs.value(PATH_KEY) or "")
        folder = QFileDialog.getExistingDirectory(self, self.tr("Local model folder"), start)
        if folder:
            self.check_folder(folder)

    def check_folder(
        self, folder: str, device: str | None = None, *, activate: bool = True
    ) -> asyncio.Task[TransformersEngine | None]:
        """Check ``folder`` in a thread and offer its model; the task's result is the
        engine, or None (and the reason shown, unless a newer pick made it stale)."""
        if device is not None:
            self.device.setCurrentIndex(DEVICES.index(device))
        return self._check(self._options(folder), activate=activate)

    def use_folder(
        self, folder: str, device: str | None = None, *, activate: bool = True
    ) -> TransformersEngine | None:
        """Offer the model in ``folder`` checked here and now (scripts and tests: the
        row's own controls use ``check_folder``); None (and the reason shown) when it
        cannot work."""
        if device is not None:
            self.device.setCurrentIndex(DEVICES.index(device))
        _LATEST[self.hub] = next(_TICKETS)  # a check still in flight is older: stale
        _IN_FLIGHT.pop(self.hub, None)
        rows = _rows(self.hub)
        for row in rows:  # no row says "Checking…" any more
            row._set_checking(0)
            row._say("")
        try:
            engine = TransformersEngine(self._options(folder))
        except ProofDeskError as exc:
            for row in rows:
                row.refresh()
            self._say(str(exc), error=True)
            return None
        offered = self._offer(engine, activate=activate)
        for row in rows:
            row.refresh()
        return offered

    def _options(self, folder: str) -> LocalOptions:
        # The worker's Python: this setting, else PROOFDESK_TRANSFORMERS_PYTHON, else ours.
        python = str(self.hub.settings._qs.value(PYTHON_KEY) or "") or None
        return LocalOptions(folder, self._device(), self._dtype(), python)

    def _check(
        self, options: LocalOptions, *, activate: bool
    ) -> asyncio.Task[TransformersEngine | None]:
        # The newest pick wins, in either panel's row.
        ticket = next(_TICKETS)
        _LATEST[self.hub] = ticket
        _IN_FLIGHT[self.hub] = (ticket, options.model_path)
        for row in _rows(self.hub):
            row._show_checking(ticket, options.model_path)
        # config.json and the file list: seconds on a slow share, so in a thread. Not
        # to_thread: Qt may run the task's first step while the loop is stopped (tests).
        found = _in_thread(TransformersEngine, options)
        task = asyncio.ensure_future(self._checked(found, options, ticket, activate))
        self._checks.add(task)
        hub = self.hub
        task.add_done_callback(lambda done: self._check_done(done, hub, ticket))
        return task

    def _check_done(
        self, task: asyncio.Task[TransformersEngine | None], hub: OcrHub, ticket: int
    ) -> None:
        self._checks.discard(task)
        if task.cancelled():  # at close: rows still waiting for this answer stop waiting
            if _IN_FLIGHT.get(hub, (0, ""))[0] == ticket:
                _stop_waiting(hub)
        elif (exc := task.exception()) is not None:
            log.error("offering the model folder failed", exc_info=exc)  # a bug: logged

    async def _checked(
        self,
        found: asyncio.Future[TransformersEngine],
        options: LocalOptions,
        ticket: int,
        activate: bool,
    ) -> TransformersEngine | None:
        engine: TransformersEngine | None = None
        failure: Exception | None = None
        try:
            engine = await found
        except Exception as exc:  # a bug too: "Checking…" must not stay for ever
            failure = exc
            if not isinstance(exc, ProofDeskError):
                log.error("checking the model folder %s", options.model_path, exc_info=exc)
        if _LATEST.get(self.hub) != ticket:  # another folder was picked since: stale
            return None  # the newest check tells every row
        _IN_FLIGHT.pop(self.hub, None)
        rows = _rows(self.hub)
        if not shiboken6.isValid(self):  # its panel closed meanwhile: another row tells
            if not rows:
                return None
            return rows[0]._settled(rows, engine, failure, activate=False)
        return self._settled(rows, engine, failure, activate=activate)

    def _settled(
        self,
        rows: list[LocalModelRow],
        engine: TransformersEngine | None,
        failure: Exception | None,
        *,
        activate: bool,
    ) -> TransformersEngine | None:
        """The newest check's outcome, shown in every row; its model offered."""
        for row in rows:
            row._set_checking(0)
        if engine is None:
            message = str(failure)
            if not isinstance(failure, ProofDeskError):
                message = self.tr("The folder could not be checked: {0}").format(failure)
            for row in rows:
                row._say(message, error=True)
            return None
        offered = self._offer(engine, activate=activate)
        for row in rows:
            row.refresh()
        return offered

    def _show_checking(self, ticket: int, folder: str) -> None:
        self._set_checking(ticket)
        self._say(self.tr("Checking {0}…").format(folder))

    def _set_checking(self, ticket: int) -> None:
        """While a check runs, the device, dtype and Unload wait for its answer; another
        folder can still be picked (that answer then comes too late: it is ignored)."""
        self._checking = ticket
        self.device.setEnabled(not ticket)
        self.dtype.setEnabled(not ticket)
        self.unload_button.setEnabled(not ticket and self.engine() is not None)

    def _offer(self, engine: TransformersEngine, *, activate: bool) -> TransformersEngine:
        options = engine.options
        self.hub.settings._qs.setValue(PATH_KEY, options.model_path)
        self.hub.settings._qs.setValue(DEVICE_KEY, options.device)
        self.hub.settings._qs.setValue(DTYPE_KEY, options.dtype)
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
            self.check_folder(engine.options.model_path, activate=False)

    def _restore(self) -> None:
        device = str(self.hub.settings._qs.value(DEVICE_KEY) or "auto")
        self.device.setCurrentIndex(DEVICES.index(device) if device in DEVICES else 0)
        dtype = str(self.hub.settings._qs.value(DTYPE_KEY) or "auto")
        self.dtype.setCurrentIndex(DTYPES.index(dtype) if dtype in DTYPES else 0)
        folder = str(self.hub.settings._qs.value(PATH_KEY) or "")
        if self.hub in _IN_FLIGHT:  # the other panel's row is checking: its answer is ours
            self._show_checking(*_IN_FLIGHT[self.hub])
            return
        if folder and self.engine() is None:
            # Offered again, not chosen: the server the user last chose stays the active one.
            self._check(self._options(folder), activate=False)
            return
        self.refresh()

    # -- showing ---------------------------------------------------------------------------

    def engine(self) -> TransformersEngine | None:
        found = [e for p in self.hub.local.profiles() if (e := self.hub.local.get(p.id))]
        engine = found[0] if found else None
        return engine if isinstance(engine, TransformersEngine) else None

    def refresh(self) -> None:
        engine = self.engine()
        self.unload_button.setEnabled(engine is not None and not self._checking)
        if engine is None or self._checking:  # "Checking…" stays until the answer
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
            # Offered again, unloaded; the folder may have gone since it was chosen.
            self._check(engine.options, activate=False)

    def _say(self, text: str, *, error: bool = False) -> None:
        set_color(self.status, ALERT if error else None)
        self.status.setText(text)
