"""The batch panel on a real window and document, reading pages from a real HTTP fake vLLM.

Pausing, cancelling and resuming are in test_batch_panel_pause_resume.py."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.settings.profiles import ServerProfile
from gui.ocr.batch_models import RANGE, SELECTED, format_duration, range_pages
from tests.fakevllm import FakeVllm
from tests.gui.conftest import wait_for
from tests.gui.ocr.batch_panel_helpers import KEY, PAGES, Setup, fake, setup

__all__ = ["fake", "setup"]  # the fixtures


# --- pure helpers -------------------------------------------------------------------------


def test_page_ranges_are_one_based_and_explained_when_wrong() -> None:
    assert range_pages("1-3, 7", 7) == [0, 1, 2, 6]
    assert range_pages(" 5 ", 7) == [4]
    assert range_pages("2–4，4", 7) == [1, 2, 3]
    for text, said in (
        ("", "Type the pages"),
        ("5-2", "runs backwards"),
        ("0-3", "from 1 to 7"),
        ("3-9", "from 1 to 7"),
        ("abc", "not a page or a range"),
    ):
        with pytest.raises(ValueError, match=said):
            range_pages(text, 7)


def test_durations_read_as_hours_minutes_seconds() -> None:
    assert format_duration(None) == "—"
    assert format_duration(59.6) == "0:01:00"
    assert format_duration(3 * 3600 + 7 * 60 + 5) == "3:07:05"


# --- running -------------------------------------------------------------------------------


def test_all_pages_are_read_and_stored(setup: Setup, fake: FakeVllm) -> None:
    async def scenario() -> None:
        panel = setup.panel
        assert panel.servers.checked_ids() == ["gpu"]
        assert not panel.pause_button.isEnabled() and not panel.cancel_button.isEnabled()
        setup.click(panel.start_button)
        assert not panel.start_button.isEnabled()  # one batch at a time
        await setup.finished()
        assert panel.progress.value() == PAGES and panel.progress.maximum() == PAGES
        assert panel.progress.text() == "7 / 7 pages"
        assert panel.stats_label.text().startswith("7 done · 0 failed · 0 in flight")
        assert "ETA 0:00:00" in panel.stats_label.text()
        assert panel.message.text() == "Finished: 7 pages read, 0 failed."
        assert panel.problems.rowCount() == 0
        assert await setup.ocr_versions() == dict.fromkeys(range(PAGES), 1)
        assert len(fake.requests()) == PAGES
        assert panel.start_button.isEnabled() and not panel.cancel_button.isEnabled()

    setup.arun(scenario())


def test_a_page_range_is_validated_and_narrows_the_batch(setup: Setup, fake: FakeVllm) -> None:
    async def scenario() -> None:
        panel = setup.panel
        panel.scope_box.group.button(RANGE).click()
        assert panel.scope_box.range_edit.text() == "1-7"  # from the current page to the end
        panel.scope_box.range_edit.setText("6-2")
        assert panel.scope_box.range_error.isVisible()
        assert "runs backwards" in panel.scope_box.range_error.text()
        setup.click(panel.start_button)
        assert "runs backwards" in panel.message.text()
        assert not panel._running() and fake.requests() == []
        panel.scope_box.range_edit.setText("2-3")
        assert not panel.scope_box.range_error.isVisible()
        setup.click(panel.start_button)
        await setup.finished()
        assert panel.progress.text() == "2 / 2 pages"
        counts = await setup.ocr_versions()
        assert [p for p, n in counts.items() if n] == [1, 2]

    setup.arun(scenario())


def test_selected_pages_come_from_the_window(setup: Setup) -> None:
    async def scenario() -> None:
        setup.panel.scope_box.group.button(SELECTED).click()
        setup.click(setup.panel.start_button)
        await setup.finished()
        counts = await setup.ocr_versions()
        assert [p for p, n in counts.items() if n] == [1, 3]

    setup.arun(scenario())


def test_a_failed_page_is_listed_opened_and_retried(setup: Setup, fake: FakeVllm) -> None:
    async def scenario() -> None:
        panel = setup.panel
        fake.configure(slots=1)
        fake.push_faults("http_400_too_long")  # the first page sent is refused as it is
        setup.click(panel.start_button)
        await setup.finished()
        assert panel.message.text() == "Finished: 6 pages read, 1 failed."
        assert panel.problems.rowCount() == 1
        problem = panel.problems.problems[0]
        assert problem.failed
        reason = panel.problems.index(0, 1).data()
        assert reason.startswith("failed: ") and "max-model-len" in reason
        await wait_for(lambda: panel.retry_button.isEnabled(), what="retry enabled")
        assert panel.retry_button.text() == "Retry failed pages (1)"

        table = panel.problem_table
        where = table.visualRect(panel.problems.index(0, 1)).center()
        QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=where)
        QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=where)
        assert setup.activated == [problem.page]

        before = await setup.ocr_versions()
        assert before[problem.page] == 0
        setup.click(panel.retry_button)
        await setup.finished("the retry")
        assert panel.message.text() == "Finished: 1 pages read, 0 failed."
        assert panel.problems.rowCount() == 0
        assert await setup.ocr_versions() == dict.fromkeys(range(PAGES), 1)
        await wait_for(lambda: not panel.retry_button.isEnabled(), what="nothing left to retry")

    setup.arun(scenario())


def test_pages_with_warnings_are_listed(setup: Setup, fake: FakeVllm) -> None:
    async def scenario() -> None:
        fake.push_faults("length")
        setup.panel.scope_box.group.button(RANGE).click()
        setup.panel.scope_box.range_edit.setText("4")
        setup.click(setup.panel.start_button)
        await setup.finished()
        rows = setup.panel.problems.problems
        assert [(p.page, p.failed) for p in rows] == [(3, False)]
        assert "cut off" in setup.panel.problems.index(0, 1).data()
        assert (await setup.ocr_versions())[3] == 1  # stored all the same

    setup.arun(scenario())


def test_a_dead_server_is_shown_and_its_pages_go_to_the_other(setup: Setup, fake: FakeVllm) -> None:
    async def scenario() -> None:
        dead = FakeVllm()
        dead_url = dead.base_url
        dead.stop()
        # Model and context known: the batch starts without asking the dead server.
        setup.w.ocr.save_profile(
            ServerProfile(
                name="Old box",
                base_url=dead_url + "/v1",
                id="old",
                model="fake-vl",
                max_model_len=32768,
            ),
            KEY,
        )
        panel = setup.panel
        panel.servers.set_checked("old", True)
        assert panel.servers.checked_ids() == ["gpu", "old"]
        setup.click(panel.start_button)
        await wait_for(lambda: panel.lanes_label.isVisible(), what="the lane status")
        assert "Old box: unreachable — retrying its pages elsewhere" in panel.lanes_label.text()
        await setup.finished()
        assert panel.message.text() == "Finished: 7 pages read, 0 failed."
        assert await setup.ocr_versions() == dict.fromkeys(range(PAGES), 1)

    setup.arun(scenario())


def test_a_batch_that_cannot_start_says_why_in_the_panel(setup: Setup) -> None:
    async def scenario() -> None:
        panel = setup.panel
        panel.servers.set_checked("gpu", False)
        setup.click(panel.start_button)
        assert panel.message.text() == "Tick at least one server to read the pages."
        dead = FakeVllm()
        url = dead.base_url
        dead.stop()
        setup.w.ocr.save_profile(ServerProfile(name="Gone", base_url=url + "/v1", id="gone"))
        panel.servers.set_checked("gone", True)
        setup.click(panel.start_button)
        await wait_for(lambda: not panel._running(), what="the failure")
        # Wait for the text: the red of the first message must not pass for this one's.
        await wait_for(lambda: panel.message.text() != "", what="the failure's message")
        assert panel.message.text() == (
            f"Cannot reach {url}: is the server running, and is the address right?"
        )
        assert "#c62828" in panel.message.styleSheet()
        assert panel.stats_label.text() != "Starting…"  # it never started (issue 14)
        assert panel.start_button.isEnabled()

    setup.arun(scenario())


def test_without_a_document_nothing_can_start(setup: Setup) -> None:
    setup.panel.clear_document()
    assert not setup.panel.start_button.isEnabled()
    assert not setup.panel.retry_button.isEnabled()
    setup.panel.start()
    assert setup.panel.message.text() == "Open a document first."
