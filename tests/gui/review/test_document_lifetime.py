"""A closed document lets go: nothing still hears its changes and its Workspace is
deleted, however many documents were opened and closed (issue 27 point 6)."""

from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtCore import SIGNAL, QCoreApplication, QEvent

from gui.services.workspace import Workspace
from tests import pdf_factory
from tests.gui.conftest import wait_for

DOCUMENTS = 20
CHANGED = SIGNAL("changed(PyObject)")


def test_twenty_documents_opened_and_closed_leave_no_workspace_behind(
    make_window, arun, tmp_path: Path
) -> None:
    w = make_window()
    closed: list[Workspace] = []
    listeners: set[int] = set()
    for i in range(DOCUMENTS):
        pdf = pdf_factory.text_pdf(tmp_path / f"doc{i}.pdf", [f"document {i}"] * (1 + i % 3))
        assert arun(w.opener.open(pdf))
        arun(wait_for(lambda: w.controller.current == 0, what=f"doc{i}'s first page"))
        ws = w.controller.workspace
        assert ws is not None
        arun(w.runner.drain())
        listeners.add(ws.receivers(CHANGED))  # the features following the open document
        assert arun(w.controller.detach())
        heard = shiboken6.isValid(ws) and ws.receivers(CHANGED) > 0  # (freed already: none)
        assert not heard, f"doc{i}: still heard after closing"
        closed.append(ws)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert len(listeners) == 1, "as many listeners on every document, none piling up"
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    alive = [ws for ws in closed if shiboken6.isValid(ws)]
    assert alive == [], f"{len(alive)} closed Workspace object(s) still alive"
    assert w.findChildren(Workspace) == []
