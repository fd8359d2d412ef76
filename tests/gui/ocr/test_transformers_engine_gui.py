"""The in-process engine in the real window: chosen beside the servers, read, cancelled.

The tiny random Qwen2-VL loads on the CPU in a worker run by the vLLM CPU test
venv's Python (PROOFDESK_TRANSFORMERS_PYTHON), as in the backend's real-model
tests. Responsiveness is counted in events: a 10 ms timer keeps firing while
the model loads, because the load happens in another process.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget

from backend.models import VersionKind
from gui.ocr.batch_models import SELECTED
from gui.ocr.batch_panel import BatchPanel
from gui.ocr.ocr_panel import OcrPanel
from tests.gui.conftest import wait_for
from tests.integration import real_vllm

pytestmark = [pytest.mark.realtransformers, pytest.mark.timeout(1800)]


@pytest.fixture(scope="module")
def tiny() -> tuple[Path, Path]:
    python = real_vllm.vllm_python()
    return python, real_vllm.tiny_model_dir(python)


@pytest.fixture
def window(make_window, arun, sample_pdf: Path, tiny, monkeypatch) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PROOFDESK_TRANSFORMERS_PYTHON", str(tiny[0]))
    w = make_window(str(sample_pdf))

    async def open_it() -> None:
        assert await w.opener.open(sample_pdf)
        await wait_for(lambda: w.controller.current == 0, what="first page")
        await w.runner.drain()

    arun(open_it())
    yield w
    w.runner.cancel_all()
    arun(w.runner.drain())
    arun(w.ocr.aclose())


def panel_in(w: Any) -> OcrPanel:
    panel = OcrPanel(w.ocr, w.runner)
    dock = QDockWidget("OCR", w)
    dock.setWidget(panel)
    w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    w.controller.page_loaded.connect(panel.set_page)
    panel.set_page(w.controller.current)
    return panel


def ocr_versions(arun: Any, w: Any, page: int = 0) -> list[Any]:
    versions = arun(w.controller.workspace.versions(page))
    return [v for v in versions if v.kind is VersionKind.OCR]


def test_a_page_read_in_process_from_the_rerun_panel(window: Any, arun: Any, tiny: Any) -> None:
    """The window keeps handling events while the model loads; the reading is stored
    as an ocr version with the engine's provenance."""
    panel = panel_in(window)
    engine = panel.settings.local_model.use_folder(str(tiny[1]), "cpu")
    assert engine is not None
    assert panel.settings.profile() == engine.profile  # chosen beside the servers
    assert "loads on the first page" in panel.settings.local_model.status.text()
    panel.settings.max_tokens.setValue(16)
    ticks = [0]
    timer = QTimer(interval=10)
    timer.timeout.connect(lambda: ticks.__setitem__(0, ticks[0] + 1))
    seen: dict[str, int] = {}

    def watch() -> None:  # the tick count when each phase is first shown
        text = panel.status.text()
        for phase in ("Loading the model", "Reading"):
            if text.startswith(phase) and phase not in seen:
                seen[phase] = ticks[0]

    watcher = QTimer(interval=5)
    watcher.timeout.connect(watch)
    before = len(ocr_versions(arun, window))

    async def scenario() -> None:
        timer.start()
        watcher.start()
        panel.run_button.click()
        await wait_for(lambda: not panel.busy, 600, "the in-process reading")
        timer.stop()
        watcher.stop()
        await window.runner.drain()

    arun(scenario(), timeout=900)
    assert "New reading stored" in panel.status.text(), panel.status.text()
    assert "Loading the model" in seen, seen
    # Events processed while the worker loaded the model: the loop was never blocked.
    assert seen.get("Reading", ticks[0]) - seen["Loading the model"] >= 20, seen
    versions = ocr_versions(arun, window)
    assert len(versions) == before + 1
    prov = versions[-1].provenance
    assert (prov["engine"], prov["device"], prov["dtype"]) == ("transformers", "cpu", "bfloat16")
    assert prov["model_path"] == str(tiny[1].resolve())
    assert prov["usage"]["completion_tokens"] == 16
    assert "loaded on cpu" in panel.settings.local_model.status.text()
    assert "runs on the CPU" in panel.settings.local_model.status.text()


def test_cancel_in_the_panel_stores_nothing(window: Any, arun: Any, tiny: Any) -> None:
    panel = panel_in(window)
    assert panel.settings.local_model.use_folder(str(tiny[1]), "cpu") is not None
    panel.settings.max_tokens.setValue(20_000)
    before = len(ocr_versions(arun, window))

    engine = panel.settings.local_model.engine()
    assert engine is not None

    async def scenario() -> tuple[int | None, int | None]:
        panel.run_button.click()
        await wait_for(lambda: panel.status.text().startswith("Reading"), 600, "generation")
        pid = engine.worker_pid
        panel.cancel_button.click()
        await wait_for(lambda: not panel.busy, 60, "the cancel")
        await window.runner.drain()
        # Waits for the worker to stop the cancelled page; a worker that did not stop
        # would have been ended by now and the model loaded again in a new one.
        await engine.start()
        return pid, engine.worker_pid

    pid, pid_after = arun(scenario(), timeout=900)
    assert panel.status.text() == "Cancelled; nothing was stored."
    assert len(ocr_versions(arun, window)) == before
    assert pid is not None and pid_after == pid  # the model stayed loaded, in the same worker


def test_a_broken_folder_is_explained_in_the_panel(window: Any, arun: Any, tmp_path: Path) -> None:
    panel = panel_in(window)
    broken = tmp_path / "not-a-model"
    broken.mkdir()
    (broken / "config.json").write_text('{"model_type": "llama"}', encoding="utf-8")
    assert panel.settings.local_model.use_folder(str(broken)) is None
    text = panel.settings.local_model.status.text()
    assert "“llama”" in text and "Qwen2-VL, Qwen2.5-VL and Qwen3-VL" in text
    assert window.ocr.local.profiles() == []  # nothing offered


def test_a_batch_on_the_local_model_beside_the_servers(window: Any, arun: Any, tiny: Any) -> None:
    panel = BatchPanel(window.ocr, window.runner)
    panel.show()
    panel.set_document(7, lambda: [1], lambda: window.controller.current)
    engine = panel.local_model.use_folder(str(tiny[1]), "cpu")
    assert engine is not None
    assert engine.profile.id in [p.id for p in panel.servers.profiles]  # listed with servers
    panel.servers.set_checked(engine.profile.id, True)
    panel.max_tokens.setValue(256)  # the panel's least
    panel.scope_box.group.button(SELECTED).click()

    async def scenario() -> None:
        await wait_for(lambda: panel._store_task is not None and panel._store_task.done())
        panel.start_button.click()
        await wait_for(
            lambda: not panel._running() and panel.message.text(), 900, "the batch to finish"
        )
        await window.runner.drain()

    arun(scenario(), timeout=1200)
    assert panel.message.text() == "Finished: 1 pages read, 0 failed.", panel.message.text()
    versions = ocr_versions(arun, window, page=1)
    assert len(versions) == 1
    prov = versions[0].provenance
    assert prov["engine"] == "transformers" and prov["job"] >= 1
    assert prov["usage"]["completion_tokens"] <= 256
    panel.close()
    panel.deleteLater()
