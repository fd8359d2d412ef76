"""OCR ▸ Servers, driven like a person: typing into the form, clicking, against a real
fake vLLM over HTTP. Keys must never reach a file."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from backend.settings.keys import KeyStore
from backend.settings.profiles import ServerProfile
from gui.servers.servers_dialog import ServersDialog
from gui.services.ocr_hub import OcrHub
from gui.services.settings import GuiSettings
from gui.services.tasks import TaskRunner
from tests.fakevllm import FakeVllm
from tests.gui.conftest import open_dialogs, type_text, wait_for

SECRET = "sk-very-secret-4711"


class MemoryKeyring:
    """A keyring backend that persists (priority > 0), kept in memory."""

    priority = 1

    def __init__(self) -> None:
        self.items: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, user: str) -> str | None:
        return self.items.get((service, user))

    def set_password(self, service: str, user: str, password: str) -> None:
        self.items[(service, user)] = password

    def delete_password(self, service: str, user: str) -> None:
        self.items.pop((service, user), None)


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.05, api_key=SECRET, model="fake-vl") as server:
        yield server


def _make_hub(tmp_path: Path, keys: KeyStore | None = None) -> OcrHub:
    async def confirm(_question: str) -> bool:
        return True

    return OcrHub(GuiSettings(tmp_path / "s.ini"), confirm=confirm, keys=keys)


@pytest.fixture
def hub(loop: asyncio.AbstractEventLoop, tmp_path: Path) -> Iterator[OcrHub]:
    h = _make_hub(tmp_path)
    yield h
    loop.run_until_complete(h.aclose())


@pytest.fixture
def errors() -> list[str]:
    return []


@pytest.fixture
def open_servers(loop: asyncio.AbstractEventLoop, qapp: Any, errors: list[str]) -> Iterator[Any]:
    made: list[tuple[ServersDialog, TaskRunner]] = []
    # The dialog is the only window here; closing it must not end the event loop.
    qapp.setQuitOnLastWindowClosed(False)

    def make(hub: OcrHub) -> ServersDialog:
        runner = TaskRunner()
        runner.error.connect(errors.append)
        dialog = ServersDialog(hub, runner)
        dialog.resize(1000, 700)
        dialog.show()
        made.append((dialog, runner))
        return dialog

    yield make
    for dialog, runner in made:
        runner.cancel_all()
        loop.run_until_complete(runner.drain())
        dialog.form.load(dialog.form.original)  # nothing unsaved: close without asking
        dialog.close()
        dialog.deleteLater()
    qapp.setQuitOnLastWindowClosed(True)


def _type_profile(dialog: ServersDialog, name: str, url: str, key: str = "") -> None:
    dialog.add.click()
    type_text(dialog.form.name, name)
    type_text(dialog.form.url, url)
    if key:
        type_text(dialog.form.key, key)


def _row_texts(dialog: ServersDialog) -> list[str]:
    model = dialog.model
    return [model.data(model.index(r)) for r in range(model.rowCount())]


def _click_row(dialog: ServersDialog, row: int) -> None:
    rect = dialog.list.visualRect(dialog.model.index(row))
    QTest.mouseClick(dialog.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def _open_boxes() -> list[QMessageBox]:
    return [w for w in open_dialogs() if isinstance(w, QMessageBox)]


def _answered(arun: Any, dialogs: Any, count: int, dialog: ServersDialog) -> None:
    """Wait until ``count`` questions were answered and closed, and the handler that
    asked has acted on the answer (not a pause that a loaded machine can outlast)."""
    arun(wait_for(lambda: len(dialogs["question"]) >= count, what=f"question {count}"))
    arun(wait_for(lambda: not _open_boxes(), what="the question to close"))
    arun(dialog.runner.drain())


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_add_by_typing_and_saving_keeps_the_key_out_of_every_file(
    hub: OcrHub, open_servers: Any, fake: FakeVllm, tmp_path: Path, errors: list[str], arun: Any
) -> None:
    dialog = open_servers(hub)
    _type_profile(dialog, "Lab GPU", fake.base_url + "/v1", SECRET)
    assert "not saved yet" in dialog.heading.text()
    dialog.activateWindow()
    dialog.form.name.setFocus()
    arun(wait_for(dialog.isActiveWindow, what="the dialog to be active"))
    QTest.keyClick(dialog.form.name, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    arun(wait_for(lambda: bool(hub.profiles), what="Ctrl+S to save"))  # an animated click
    assert [p.name for p in hub.profiles] == ["Lab GPU"]
    saved = hub.profiles[0]
    assert saved.base_url == fake.base_url + "/v1"
    assert dialog.message.text() == "Saved. The API key is kept for this session only."
    assert not dialog.form.is_dirty() and dialog.form.key.text() == ""
    assert hub.keys.get(saved.id) == SECRET
    profiles_file = hub.store.path.read_text("utf-8")
    assert json.loads(profiles_file)["profiles"][0]["name"] == "Lab GPU"
    hub.settings.sync()
    ini = (tmp_path / "s.ini").read_text("utf-8") if (tmp_path / "s.ini").exists() else ""
    assert SECRET not in profiles_file and SECRET not in ini
    assert _row_texts(dialog)[0].startswith("● Lab GPU — no model chosen — ")  # the active one
    assert errors == []


def test_fetch_models_fills_the_combo_and_saves_the_context_length(
    hub: OcrHub, open_servers: Any, fake: FakeVllm, arun: Any, errors: list[str]
) -> None:
    dialog = open_servers(hub)
    _type_profile(dialog, "Lab", fake.base_url + "/v1", SECRET)
    form = dialog.form
    form.fetch.click()
    assert not form.fetch.isEnabled() and form.fetch.text() == "Checking…"
    assert not form.test.isEnabled()
    arun(wait_for(lambda: form.model.count() > 0, what="the model list"))
    arun(wait_for(lambda: form.fetch.isEnabled(), what="the button back"))
    # The name whole in the box, the limit beside it (it used to push the name out of view).
    assert form.model.itemText(0) == form.model.currentText() == "fake-vl"
    assert form.model_limit.text() == "max 4096 tokens"
    assert form.model.lineEdit().cursorPosition() == 0
    assert form.fetch.text() == "&Fetch models"
    dialog.save.click()
    assert (hub.profiles[0].model, hub.profiles[0].max_model_len) == ("fake-vl", 4096)
    assert errors == []


def test_fetch_models_without_the_key_says_so_in_the_dialog(
    hub: OcrHub, open_servers: Any, fake: FakeVllm, arun: Any, errors: list[str]
) -> None:
    dialog = open_servers(hub)
    _type_profile(dialog, "Lab", fake.base_url + "/v1")
    dialog.form.fetch.click()
    arun(wait_for(lambda: dialog.form.fetch.isEnabled(), what="the check to end"))
    assert dialog.form.model.count() == 0
    assert "key" in dialog.form.result.text().lower()
    assert "b00020" in dialog.form.result.styleSheet()  # red
    assert errors == []


def test_test_connection_shows_ready_and_the_load_once_at_a_time(
    hub: OcrHub, open_servers: Any, fake: FakeVllm, arun: Any, errors: list[str]
) -> None:
    hub.save_profile(ServerProfile(name="Lab", base_url=fake.base_url + "/v1"), SECRET)
    dialog = open_servers(hub)
    form = dialog.form
    form.test.click()
    form.test.click()  # disabled while checking: no second check
    assert form.test.text() == "Checking…" and len(form.checks._tasks) == 1
    arun(wait_for(lambda: form.test.isEnabled(), what="the check to end"))
    assert form.result.text().startswith("ready · ")
    assert "running" in form.result.text() and "waiting" in form.result.text()
    assert "1b5e20" in form.result.styleSheet()  # green
    assert form.test.text() == "&Test connection"
    assert errors == []


def test_a_closed_port_shows_a_readable_error_in_the_dialog(
    hub: OcrHub, open_servers: Any, arun: Any, errors: list[str]
) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    dialog = open_servers(hub)
    _type_profile(dialog, "Nowhere", url)
    dialog.form.test.click()
    arun(wait_for(lambda: dialog.form.test.isEnabled(), what="the check to end"))
    text = dialog.form.result.text()
    assert "Cannot reach" in text and "127.0.0.1" in text
    assert "Traceback" not in text and "b00020" in dialog.form.result.styleSheet()
    # The same for a saved profile (checked through the hub's own client).
    dialog.save.click()
    dialog.form.test.click()
    arun(wait_for(lambda: dialog.form.test.isEnabled(), what="the second check"))
    assert "Cannot reach" in dialog.form.result.text()
    assert errors == []


def test_an_invalid_url_is_refused_on_save_with_the_reason(hub: OcrHub, open_servers: Any) -> None:
    dialog = open_servers(hub)
    _type_profile(dialog, "Typo", "127.0.0.1:8000")
    dialog.save.click()
    assert "must start with http:// or https://" in dialog.message.text()
    assert hub.profiles == [] and not hub.store.path.exists()
    assert dialog.form.is_dirty()  # what was typed is still there to fix
    dialog.form.url.clear()
    type_text(dialog.form.url, "http://127.0.0.1:8000/v1")
    dialog.form.name.clear()
    dialog.save.click()
    assert dialog.message.text() == "Give the server a name."
    assert hub.profiles == []


def test_switching_with_unsaved_edits_asks_save_discard_or_cancel(
    hub: OcrHub, open_servers: Any, dialogs: Any, arun: Any
) -> None:
    first = ServerProfile(name="First", base_url="http://127.0.0.1:8001/v1")
    second = ServerProfile(name="Second", base_url="http://127.0.0.1:8002/v1")
    hub.save_profile(first)
    hub.save_profile(second)
    dialog = open_servers(hub)
    assert dialog.form.name.text() == "First"
    type_text(dialog.form.name, " edited")

    dialogs.answers = ["Cancel"]
    _click_row(dialog, 1)
    _answered(arun, dialogs, 1, dialog)
    assert "First edited" in dialogs["question"][0]
    assert dialog.form.name.text() == "First edited"  # still there
    assert dialog.list.currentIndex().row() == 0

    dialogs.answers = ["Discard"]
    _click_row(dialog, 1)
    _answered(arun, dialogs, 2, dialog)
    assert dialog.form.name.text() == "Second"
    assert hub.profile(first.id).name == "First"  # type: ignore[union-attr]

    type_text(dialog.form.name, " too")
    dialogs.answers = ["Save"]
    _click_row(dialog, 0)
    arun(wait_for(lambda: dialog.form.name.text() == "First", what="back to the first"))
    assert hub.profile(second.id).name == "Second too"  # type: ignore[union-attr]
    assert len(dialogs["question"]) == 3


def test_closing_with_unsaved_edits_asks_first(
    hub: OcrHub, open_servers: Any, dialogs: Any, arun: Any
) -> None:
    hub.save_profile(ServerProfile(name="Lab", base_url="http://127.0.0.1:8001/v1"))
    dialog = open_servers(hub)
    type_text(dialog.form.name, "!")
    dialogs.answers = ["Cancel"]
    dialog.close()
    _answered(arun, dialogs, 1, dialog)
    assert dialog.isVisible() and dialog.form.name.text() == "Lab!"
    dialogs.answers = ["Save"]
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    arun(wait_for(lambda: not dialog.isVisible(), what="the dialog to close"))
    assert hub.profiles[0].name == "Lab!"
    assert not hub._poll.isActive()  # no polling while hidden


def test_plain_http_to_the_network_shows_a_warning(hub: OcrHub, open_servers: Any) -> None:
    dialog = open_servers(hub)
    _type_profile(dialog, "LAN", "http://10.1.2.3:8000/v1")
    warning = dialog.form.url_warning
    assert warning.isVisible() and "unencrypted" in warning.text()
    dialog.form.url.clear()
    type_text(dialog.form.url, "http://127.0.0.1:8000/v1")
    assert not warning.isVisible()
    dialog.form.url.clear()
    type_text(dialog.form.url, "https://10.1.2.3:8000/v1")
    assert not warning.isVisible()


def test_remove_asks_then_removes(hub: OcrHub, open_servers: Any, dialogs: Any, arun: Any) -> None:
    doomed = ServerProfile(name="Old box", base_url="http://127.0.0.1:8001/v1")
    hub.save_profile(doomed, "key-of-old-box")
    dialog = open_servers(hub)
    dialogs.answers = ["No"]
    dialog.remove.click()
    _answered(arun, dialogs, 1, dialog)
    assert "Old box" in dialogs["question"][0] and len(hub.profiles) == 1
    dialogs.answers = ["Yes"]
    dialog.remove.click()
    arun(wait_for(lambda: hub.profiles == [], what="the removal"))
    assert "Old box" not in hub.store.path.read_text("utf-8")
    assert hub.keys.get(doomed.id) is None
    assert _row_texts(dialog) == []
    assert "not saved yet" in dialog.heading.text() and not dialog.remove.isEnabled()


def test_key_note_says_where_the_key_is_kept(
    loop: asyncio.AbstractEventLoop, hub: OcrHub, open_servers: Any, tmp_path: Path
) -> None:
    note = open_servers(hub).form.key_note.text()
    assert note == "Kept for this session only: no system keyring found."

    keyring = MemoryKeyring()
    other = _make_hub(tmp_path, KeyStore(keyring))
    try:
        dialog = open_servers(other)
        assert dialog.form.key_note.text() == "Saved in the system keyring."
        _type_profile(dialog, "Vault", "https://ocr.example/v1", SECRET)
        dialog.save.click()
        assert dialog.message.text() == "Saved."
        assert list(keyring.items.values()) == [SECRET]
        assert SECRET not in other.store.path.read_text("utf-8")
        dialog.form.clear_key.click()
        assert "removed when you save" in dialog.form.key_note.text()
        dialog.save.click()
        assert keyring.items == {}
    finally:
        loop.run_until_complete(other.aclose())


def test_unchecking_tls_verification_asks(
    hub: OcrHub, open_servers: Any, dialogs: Any, arun: Any
) -> None:
    hub.save_profile(ServerProfile(name="Lab", base_url="https://10.0.0.5/v1"))
    dialog = open_servers(hub)
    box = dialog.form.verify_tls
    dialogs.answers = ["No"]
    box.click()
    _answered(arun, dialogs, 1, dialog)
    assert box.isChecked() and not dialog.form.is_dirty()
    dialogs.answers = ["Yes"]
    box.click()
    arun(wait_for(lambda: not box.isChecked(), what="unchecked after yes"))
    dialog.save.click()
    assert hub.profiles[0].verify_tls is False


def test_use_for_reruns_marks_the_active_profile_and_live_status_shows(
    hub: OcrHub, open_servers: Any, fake: FakeVllm, arun: Any
) -> None:
    first = ServerProfile(name="A", base_url=fake.base_url + "/v1")
    second = ServerProfile(name="B", base_url=f"http://127.0.0.1:{_closed_port()}/v1")
    hub.save_profile(first, SECRET)
    hub.save_profile(second)
    dialog = open_servers(hub)
    assert _row_texts(dialog)[0].startswith("● A — no model chosen — ")
    assert hub._poll.isActive()  # polling while shown
    arun(wait_for(lambda: "ready" in _row_texts(dialog)[0], what="A's live status"))
    arun(wait_for(lambda: "Cannot reach" in _row_texts(dialog)[1], what="B's live status"))

    _click_row(dialog, 1)
    assert dialog.form.name.text() == "B" and dialog.use.isEnabled()
    dialog.use.click()
    assert hub.settings.active_server == second.id
    rows = _row_texts(dialog)
    assert rows[1].startswith("● B") and not rows[0].startswith("●")
    assert not dialog.use.isEnabled()

    dialog.duplicate.click()
    assert [p.name for p in hub.profiles] == ["A", "B", "B (copy)"]
    assert dialog.form.name.text() == "B (copy)"
