"""The composition root's wiring: what other features do as the document comes and goes.

``gui.compose`` fills the review controller's ``DocumentHooks`` and the window's
shutdown. These tests drive the real window against the fake vLLM, so removing a
hook (or running it out of order) fails here, not in a reviewer's lost page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.models import ReviewStatus
from backend.ocr.jobs import JobSpec
from backend.settings.profiles import ServerProfile
from gui.shell.main_window import MainWindow
from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for

KEY = "k-compose"


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    # Slow pages: the batch is still running when the reviewer acts.
    with FakeVllm(service_time=2.0, slots=2, api_key=KEY, max_model_len=32768) as f:
        yield f


@pytest.fixture
def window(
    make_window: Callable[..., MainWindow], arun: Any, sample_pdf: Path, fake: FakeVllm
) -> MainWindow:
    w = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    profile = ServerProfile(name="GPU", base_url=fake.base_url + "/v1", id="gpu")
    w.ocr.save_profile(profile, KEY)
    w.ocr.set_active("gpu")
    return w


def _start_batch(w: MainWindow, arun: Any, running: list[bool]) -> None:
    w.ocr.batch_running.connect(running.append)
    w.ocr.start_batch(JobSpec(force=True), ["gpu"])
    arun(wait_for(lambda: running == [True], what="the batch to start"))


def test_approving_a_page_stops_the_batch_before_the_status_is_written(
    window: MainWindow, arun: Any
) -> None:
    w, running = window, []
    _start_batch(w, arun, running)
    seen_at_write: list[list[bool]] = []
    ws = w.controller.workspace
    assert ws is not None
    set_status = ws.set_status

    async def recording_set_status(page: int, status: ReviewStatus) -> Any:
        seen_at_write.append(list(running))
        return await set_status(page, status)

    ws.set_status = recording_set_status  # type: ignore[method-assign]
    arun(w.controller.set_status(ReviewStatus.APPROVED))
    assert seen_at_write == [[True, False]]  # stopped first, then the approval written


def test_closing_the_document_stops_the_batch_and_closing_the_window_closes_clients(
    window: MainWindow, arun: Any
) -> None:
    w, running = window, []
    _start_batch(w, arun, running)
    client = w.ocr.client("gpu")
    assert arun(w.shutdown())
    assert running == [True, False]
    assert w.controller.workspace is None
    with pytest.raises(RuntimeError, match="closed"):  # the hub closed its clients
        arun(client.models())


def _menu_layout(w: MainWindow, name: str) -> list[str]:
    from PySide6.QtWidgets import QMenu

    menu = w.menuBar().findChild(QMenu, f"menu-{name}")
    assert isinstance(menu, QMenu), name
    names = {action: key for key, action in w.actions_by_name.items()}
    layout = []
    for action in menu.actions():
        if action.isSeparator():
            layout.append("—")
        elif action.menu() is not None:
            layout.append("recent")
        else:
            layout.append(names.get(action, action.text()))
    return layout


def test_every_feature_s_entries_land_in_their_menu_in_order(
    make_window: Callable[..., MainWindow],
) -> None:
    w = make_window()
    assert _menu_layout(w, "file") == [
        "open", "recent", "import_jsonl", "import_folder", "export", "publish", "save", "—",
        "team_server", "—", "quit",
    ]  # fmt: skip
    assert _menu_layout(w, "review") == [
        "compare", "—",
        "next_difference", "previous_difference", "next_marker", "previous_marker",
        "accept_alternate", "own_text", "—",
        "read_alternate", "marker_patterns", "low_confidence",
        "critical_next", "critical_previous", "by_risk", "review_queue", "compare_runs",
        "statistics",
    ]  # fmt: skip
    assert _menu_layout(w, "ocr") == [
        "ocr_rerun", "ocr_region", "ocr_batch", "—",
        "offline_page", "offline_all", "offline_stop", "—",
        "ocr_offline_prepare", "ocr_offline_import", "—",
        "ocr_servers", "ocr_local", "ocr_planner", "—", "ocr_dock", "batch_dock",
    ]  # fmt: skip
    titles = [a.text() for a in w.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&Page", "&View", "&OCR", "&Review", "&Help"]
    assert w.actions_by_name["compare"].isCheckable()
    assert w.actions_by_name["low_confidence"].isCheckable()
    assert [k.toString() for k in w.actions_by_name["accept_alternate"].shortcuts()] == [
        "Alt+Return",
        "Alt+Enter",
    ]
