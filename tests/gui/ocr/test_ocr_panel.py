"""The re-run panel in the real window, against a real (fake) vLLM server over HTTP."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

import gui.widgets.run_status
from backend.models import VersionKind
from tests.backend.engines.fakevllm_helpers import CHAT, JPEG, chat_body
from tests.gui.conftest import type_text, wait_for
from tests.gui.ocr.ocr_panel_helpers import OLD, Rig, fake, rig

__all__ = ["fake", "rig"]  # the fixtures

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _sent_prompt(record: dict[str, Any]) -> str:
    parts = record["body"]["messages"][-1]["content"]
    return "".join(p.get("text", "") for p in parts if isinstance(p, dict))


def test_run_shows_the_diff_and_stores_the_reading_in_history_only(rig: Rig) -> None:
    p = rig.panel
    assert p.settings.server.currentText() == "Fake · fake-vl"
    assert "of 32,768 (server context)" in p.settings.estimate.text()
    p.settings.max_tokens.setValue(1000)
    rig.run_and_wait()
    new = rig.versions()[-1]
    assert new.kind is VersionKind.OCR and new.text.startswith("FAKE ")
    assert rig.state().text == OLD  # the working text is untouched until accepted
    assert rig.w.editor.text() == OLD
    assert new.provenance["params"]["max_tokens"] == 1000
    assert new.provenance["params"]["enable_thinking"] is False
    assert _sent_prompt(rig.fake.requests()[-1]) == p.prompt.text()
    assert p.compare.isVisible() and p.compare.accept_button.isVisible()
    assert not p.compare.insert_button.isVisible()
    assert p.compare.current.toPlainText() == OLD
    shown = p.compare.new.toHtml()
    assert re.search(r"line-through[^>]*>第一條", shown), shown  # the old text goes
    assert re.search(r"underline[^>]*>FAKE ", shown), shown  # the new text comes
    assert re.search(r"prompt [\d,]+ tokens · answer [\d,]+ tokens", p.compare.usage.text())
    assert "stored in the page's history" in p.status.text()
    assert rig.errors == []


def test_sampling_settings_are_sent_and_logprobs_kept(rig: Rig) -> None:
    p = rig.panel
    p.settings.repetition_penalty.setValue(1.2)
    p.settings.seed.setValue(7)
    p.settings.logprobs.setChecked(True)
    rig.run_and_wait()
    body = rig.fake.requests()[-1]["body"]
    assert body["repetition_penalty"] == 1.2 and body["seed"] == 7
    assert body["logprobs"] is True and body["top_logprobs"] == 2
    new = rig.versions()[-1]
    assert new.provenance["logprobs"] and new.provenance["params"]["seed"] == 7


def test_accept_makes_the_reading_the_working_text(rig: Rig) -> None:
    rig.run_and_wait()
    reading = rig.versions()[-1].text
    rig.w.activateWindow()
    QTest.keyClick(rig.w.editor.editor, Qt.Key.Key_Return, CTRL_SHIFT)  # from the transcript
    rig.wait(lambda: not rig.panel.compare.isVisible(), "the comparison to close")
    assert rig.state().text == reading
    assert rig.w.editor.text() == reading
    assert "now the working text" in rig.panel.status.text()
    # Accepting a machine reading is not an edit: the next accept does not ask.
    rig.fake.configure(reply_chars=50)
    rig.panel.settings.temperature.setValue(0.5)
    rig.run_and_wait()
    second = rig.versions()[-1].text
    assert second != reading
    rig.panel.compare.accept_button.click()
    rig.wait(lambda: not rig.panel.compare.isVisible(), "the second accept")
    assert rig.state().text == second


def test_accept_over_an_edit_asks_and_no_keeps_the_edit(rig: Rig, dialogs: Any) -> None:
    w = rig.w
    w.editor.editor.setFocus()
    w.editor.editor.moveCursor(w.editor.editor.textCursor().MoveOperation.End)
    type_text(w.editor.editor, "改")
    rig.run_and_wait()
    dialogs.answers = ["No"]
    rig.panel.compare.accept_button.click()
    rig.wait(lambda: dialogs["question"], "the question")
    assert "This page has your edits" in dialogs["question"][0]
    assert rig.state().text == OLD + "改"  # flushed before asking, and kept
    assert w.editor.text() == OLD + "改"
    assert rig.panel.compare.isVisible()  # still there to think again
    dialogs.answers = ["Yes"]
    rig.panel.compare.accept_button.click()
    rig.wait(lambda: not rig.panel.compare.isVisible(), "the accept")
    assert w.editor.text().startswith("FAKE ")
    kinds = [v.kind for v in rig.versions()]
    assert VersionKind.EDIT in kinds  # the edit stays in history
    assert any(v.text == OLD + "改" for v in rig.versions())


def test_cancel_mid_run_stores_nothing_and_the_panel_works_again(rig: Rig) -> None:
    before = len(rig.versions())
    rig.fake.configure(service_time=30.0)
    p = rig.panel

    async def run_then_escape() -> None:
        p.run_button.click()
        await wait_for(lambda: "Reading" in p.status.text(), what="the reading to start")
        assert re.fullmatch(r"Reading — about [\d,]+ tokens — \d+\.\d s", p.status.text())
        p.prompt.editor.setFocus()
        QTest.keyClick(p.prompt.editor, Qt.Key.Key_Escape)  # Esc in the panel cancels
        await wait_for(lambda: not p.busy, 5, "the cancel")

    rig.play(run_then_escape())
    assert p.status.text() == "Cancelled; nothing was stored."
    assert len(rig.versions()) == before
    assert p.run_button.isEnabled() and not p.cancel_button.isEnabled()
    assert not p.compare.isVisible()
    rig.fake.configure(service_time=0.05)
    rig.run_and_wait()
    assert len(rig.versions()) == before + 1
    assert p.compare.isVisible()
    assert rig.errors == []


def test_a_context_error_shows_the_servers_message_in_the_panel(rig: Rig) -> None:
    rig.fake.push_faults("http_400_too_long")
    before = len(rig.versions())
    rig.run_and_wait()
    text = rig.panel.status.text()
    assert "the server allows 32,768" in text
    assert "exceeds model's maximum context length (32768)" in text  # the server's own words
    assert "c62828" in rig.panel.status.styleSheet()  # red
    assert rig.errors == []  # in the panel, not a dialog
    assert len(rig.versions()) == before
    assert rig.panel.run_button.isEnabled()


class Clock:
    """The status line's clock, moved by the test: which text it shows depends on the time
    passed alone, and a busy machine's stalls must not decide it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


def test_a_slow_first_token_is_shown_as_waiting(rig: Rig, monkeypatch: pytest.MonkeyPatch) -> None:
    # On the real clock the plain "Waiting" line showed for ~0.5 s (from CONNECT_GRACE_S to
    # COLD_START_HINT_S, both shortened): a GUI thread held up over it saw only the hint.
    clock = Clock()
    monkeypatch.setattr(gui.widgets.run_status, "time", clock)
    # No header or token leaves the fake until a second request arrives and opens its gate:
    # the first token comes when the test has seen both lines, however slow the machine.
    rig.fake.configure(gate=2, gate_guard=120.0)
    p = rig.panel
    seen: list[str] = []

    async def watch() -> None:
        p.run_button.click()
        await wait_for(lambda: len(rig.fake.requests()) == 1, what="the request at the fake")
        clock.now += gui.widgets.run_status.CONNECT_GRACE_S + 1  # still short of the hint
        await wait_for(lambda: "Waiting for the first token" in p.status.text(), what="waiting")
        seen.append(p.status.text())
        clock.now += gui.widgets.run_status.COLD_START_HINT_S
        await wait_for(lambda: "cold start" in p.status.text(), what="the cold-start hint")
        seen.append(p.status.text())
        async with httpx.AsyncClient(base_url=rig.fake.base_url, trust_env=False) as c:
            opener = await c.post(CHAT, json=chat_body(JPEG), timeout=60)  # the gate opens
        assert opener.status_code == 200
        await wait_for(lambda: not p.busy, what="the reading")

    rig.play(watch())
    assert re.fullmatch(r"Waiting for the first token — \d+ s", seen[0])
    assert seen[1].endswith("(the server may be starting: cold start)")
    assert p.compare.isVisible()


def test_prompts_for_a_page_and_for_the_document(rig: Rig) -> None:
    p = rig.panel
    rig.wait(lambda: p.prompt.scope.text() == "Default prompt", "the default prompt")
    default = p.prompt.text()
    p.prompt.editor.setPlainText("Page one only.")
    assert p.prompt.scope.text() == "Default prompt · edited, not saved"
    p.prompt.save_page.click()
    rig.wait(lambda: p.prompt.scope.text() == "Prompt for this page", "saved for the page")
    rig.go_to(1)
    rig.wait(lambda: p.prompt.text() == default, "page 2's prompt")
    p.prompt.editor.setPlainText("The whole file.")
    p.prompt.save_document.click()
    rig.wait(lambda: p.prompt.scope.text() == "Document prompt", "saved for the document")
    rig.go_to(2)
    rig.wait(lambda: p.prompt.text() == "The whole file.", "the document prompt on page 3")
    assert p.prompt.scope.text() == "Document prompt"
    rig.run_and_wait()
    assert _sent_prompt(rig.fake.requests()[-1]) == "The whole file."
    rig.go_to(0)
    rig.wait(lambda: p.prompt.text() == "Page one only.", "page 1's own prompt back")
    assert p.prompt.scope.text() == "Prompt for this page"
    p.prompt.reset.click()  # the default, undoably; saved for the document it drops the override
    assert p.prompt.text() == default
    p.prompt.save_document.click()
    rig.wait(lambda: p.prompt.text() == "Page one only.", "page 1 keeps its own prompt")
    assert rig.arun(rig.ws.prompt_for(2)) == (default, "default")


def test_a_result_belongs_to_the_page_it_was_run_for(rig: Rig) -> None:
    rig.fake.configure(service_time=1.5)
    p, c = rig.panel, rig.w.controller

    async def run_then_leave() -> None:
        p.run_button.click()
        await wait_for(lambda: "Reading" in p.status.text(), what="the reading to start")
        c.go_to(1)
        await wait_for(lambda: c.current == 1, what="page 2")
        assert p.busy
        await wait_for(lambda: p.status.text().startswith("Page 1: Reading"), what="page named")
        await wait_for(lambda: not p.busy, what="the reading")

    rig.play(run_then_leave())
    assert not p.compare.isVisible()  # never offered for page 2
    assert "page 1 is in its history" in p.status.text()
    assert rig.versions(1) == []
    assert rig.versions(0)[-1].text.startswith("FAKE ")
    rig.go_to(0)
    rig.wait(lambda: p.compare.isVisible(), "the comparison on page 1")
    assert p.compare.title.text() == "New reading of page 1"


def test_the_estimate_shows_what_was_fitted(rig: Rig) -> None:
    p = rig.panel
    p.settings.max_tokens.setValue(40000)
    assert "max tokens lowered from 40,000" in p.settings.estimate.text()
    p.settings.max_tokens.setValue(2000)
    assert "lowered" not in p.settings.estimate.text()
    assert "answer ≤ 2,000" in p.settings.estimate.text()


def test_an_answer_the_server_gave_up_says_so_beside_the_diff(rig: Rig) -> None:
    # vLLM's finish_reason "abort": the reading is kept (in history) but may stop anywhere.
    rig.fake.push_faults("abort")
    rig.run_and_wait()
    new = rig.versions()[-1]
    assert new.kind is VersionKind.OCR and new.provenance["finish_reason"] == "abort"
    warning = rig.panel.compare.warnings
    assert warning.isVisible()
    assert "ended the answer early" in warning.text() and "“abort”" in warning.text()
