"""Restoring a version while the typing cannot be saved: nothing is restored over the
typing, and the reviewer is told why (issue 27: ``_restore`` returned silently)."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.errors import StoreError
from backend.models import VersionKind
from tests.gui.conftest import type_text, wait_for


def test_a_restore_that_cannot_save_the_typing_first_says_so(
    make_window, arun, sample_pdf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    c, ws = w.controller, w.controller.workspace
    prov = {"engine": "vllm", "model": "fake-vl"}
    oldest, _ = arun(ws.add_reading(0, "first reading", prov))
    arun(ws.add_reading(0, "second reading", prov))
    arun(wait_for(lambda: w.editor.text() == "second reading", what="the newer reading"))
    messages: list[str] = []
    c.message.connect(messages.append)

    def disk_full(page: int, text: str) -> object:
        raise StoreError("The disk is full; your text is kept in memory until it can be saved.")

    monkeypatch.setattr(ws.session, "save_draft", disk_full)
    w.editor.editor.setFocus()
    type_text(w.editor.editor, "typed")
    typed = w.editor.text()
    arun(c._restore(oldest))
    arun(w.runner.drain())
    assert w.editor.text() == typed  # the typing is still on screen
    versions = arun(ws.versions(0))
    assert not any(v.kind is VersionKind.RESTORE for v in versions)  # nothing restored
    told = [m for m in messages if f"#{oldest}" in m]
    assert told and "not restored" in told[0]
