"""Work must stay safe when things overlap: a dialog while autosave runs, typing
around page switches, a second click on close."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.store.review_store import ReviewStore
from gui.review.autosave import SaveState
from tests import pdf_factory
from tests.gui.conftest import open_dialogs, type_text, wait_for


@pytest.fixture
def window(make_window, arun, sample_pdf: Path):  # type: ignore[no-untyped-def]
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    return w


def _saved(w) -> bool:  # type: ignore[no-untyped-def]
    return w.controller.autosave.state is SaveState.SAVED and not w.controller.autosave.dirty


def test_autosave_keeps_running_while_a_password_prompt_is_open(
    window, arun, tmp_path: Path, dialogs
) -> None:
    w = window
    locked = pdf_factory.encrypted_pdf(tmp_path / "locked.pdf", user_pw="pw", owner_pw="o")
    dialogs.paused = True
    w.opener.open_path(locked)
    arun(wait_for(lambda: bool(open_dialogs()), what="the password prompt"))
    type_text(w.editor.editor, "typed while asked")
    arun(wait_for(lambda: _saved(w), what="autosave during the prompt"))
    store = w.controller.workspace.session.store
    assert store.draft(0) == "typed while asked"
    dialogs.answers[:] = ["pw"]
    dialogs.paused = False
    arun(
        wait_for(
            lambda: (
                w.controller.workspace is not None
                and w.controller.workspace.path == locked.resolve()
            ),
            what="locked.pdf open",
        )
    )
    arun(w.runner.drain())


def test_the_editor_takes_no_keys_while_a_page_loads(window, arun) -> None:
    w = window
    type_text(w.editor.editor, "page one")
    w.controller.go_to(1)
    type_text(w.editor.editor, " text")  # before the switch has begun: still page one's
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    arun(wait_for(lambda: not w.editor.editor.isReadOnly(), what="editable again"))
    type_text(w.editor.editor, "page two text")
    arun(wait_for(lambda: _saved(w), what="autosave"))
    store = w.controller.workspace.session.store
    assert store.working_text(0) == "page one text"
    assert [v.kind for v in store.versions(0)] == [VersionKind.EDIT]
    assert store.working_text(1) == "page two text"


def test_keys_typed_while_the_next_page_loads_go_nowhere(
    window, arun, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = window
    ws = w.controller.workspace
    type_text(w.editor.editor, "page one text")
    arun(wait_for(lambda: _saved(w), what="autosave"))
    loading, release = asyncio.Event(), asyncio.Event()
    real_page_state = ws.page_state

    async def slow_page_state(page: int):  # type: ignore[no-untyped-def]
        if page == 1 and not release.is_set():
            loading.set()  # page one's text is saved; page two is being loaded
            await release.wait()
        return await real_page_state(page)

    monkeypatch.setattr(ws, "page_state", slow_page_state)
    w.controller.go_to(1)
    arun(loading.wait())
    type_text(w.editor.editor, " typed blind")  # the reviewer keeps typing meanwhile
    release.set()
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    arun(w.runner.drain())
    arun(wait_for(lambda: _saved(w), what="autosave"))
    store = ws.session.store
    assert store.working_text(0) == "page one text" and store.draft(0) is None
    assert [v.text for v in store.versions(0)] == ["page one text"]
    assert store.working_text(1) == "" and w.editor.text() == ""


def test_a_second_click_on_close_does_not_cancel_the_first(window, arun) -> None:
    w = window
    from PySide6.QtWidgets import QApplication

    QApplication.instance().setQuitOnLastWindowClosed(False)
    try:
        type_text(w.editor.editor, "closing text")
        ws = w.controller.workspace
        w.close()
        w.close()
        arun(wait_for(lambda: w.controller.workspace is None and not w.isVisible(), what="closed"))
        arun(w.runner.drain())
        assert ws.closed
        store = ReviewStore(ws.session.store.path, author="check")
        assert store.versions(0)[-1].text == "closing text"
        assert not store.was_unclean
        store.close()
    finally:
        QApplication.instance().setQuitOnLastWindowClosed(True)
