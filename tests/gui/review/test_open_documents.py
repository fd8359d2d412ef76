"""Opening documents in the real window: passwords, bad files, a store made for
another PDF, drag and drop. Every modal dialog is replaced: offscreen it would hang."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from backend.session.document_session import DocumentSession
from gui.review.autosave import SaveState
from tests import pdf_factory
from tests.gui.conftest import type_text, wait_for


def _shown(w, dialogs) -> str:  # type: ignore[no-untyped-def]
    """Every notice the reviewer was shown: message boxes, and the notice bar if there is one."""
    bar = getattr(w, "notice_bar", None)
    return "\n".join([*dialogs["information"], bar.label.text() if bar is not None else ""])


def _open_sample(w, arun, pdf: Path) -> None:  # type: ignore[no-untyped-def]
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))


def _assert_still_editable(w, arun, pdf: Path, text: str = "still here") -> None:  # type: ignore[no-untyped-def]
    ws = w.controller.workspace
    assert ws is not None and ws.path == pdf.resolve()
    w.editor.editor.setFocus()
    type_text(w.editor.editor, text)
    arun(
        wait_for(
            lambda: (
                w.controller.autosave.state is SaveState.SAVED and not w.controller.autosave.dirty
            ),
            what="autosave",
        )
    )
    assert text in (ws.session.store.draft(w.controller.current) or "")


def test_password_is_asked_again_after_a_wrong_one(
    make_window, arun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dialogs
) -> None:
    pdf = pdf_factory.encrypted_pdf(tmp_path / "locked.pdf", user_pw="right", owner_pw="owner")
    dialogs.answers[:] = ["wrong", "right"]
    prompts = dialogs["input"]
    w = make_window()
    assert arun(w.opener.open(pdf))
    assert len(prompts) == 2
    assert "does not open" not in prompts[0] and "locked.pdf" in prompts[0]
    assert "does not open" in prompts[1] and "locked.pdf" in prompts[1]
    assert w.controller.workspace is not None and w.controller.workspace.path == pdf.resolve()
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    assert w.page_label.text() == "Page 1 / 1"


def test_cancelling_the_password_keeps_the_open_document(
    make_window, arun, sample_pdf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dialogs
) -> None:
    pdf = pdf_factory.encrypted_pdf(tmp_path / "locked.pdf", user_pw="right", owner_pw="owner")
    dialogs.answers[:] = [None]  # the reviewer cancels the prompt
    asked = dialogs["input"]
    w = make_window()
    _open_sample(w, arun, sample_pdf)
    assert not arun(w.opener.open(pdf))
    assert len(asked) == 1
    assert w.windowTitle().startswith("legal-sample.pdf")
    _assert_still_editable(w, arun, sample_pdf)


@pytest.mark.parametrize(
    ("make_bad", "problem"),
    [
        (lambda p: p.write_bytes(b"this is not a PDF at all\n" * 50), "not a PDF"),
        (lambda p: p.write_bytes(b""), "empty"),
        (pdf_factory.zero_page_pdf, "no pages"),
    ],
    ids=["garbage", "empty", "zero-pages"],
)
def test_a_bad_file_is_reported_and_the_open_document_stays(
    make_window, arun, sample_pdf: Path, tmp_path: Path, dialogs, make_bad, problem: str
) -> None:
    bad = tmp_path / "bad.pdf"
    make_bad(bad)
    w = make_window()
    _open_sample(w, arun, sample_pdf)
    errors: list[str] = []
    w.runner.error.connect(errors.append)
    w.opener.open_path(bad)
    arun(wait_for(lambda: bool(errors), what="an error message"))
    arun(w.runner.drain())
    assert len(errors) == 1
    assert problem in errors[0] and "bad.pdf" in errors[0]
    arun(wait_for(lambda: dialogs["warning"] == errors, what="the message shown"))
    _assert_still_editable(w, arun, sample_pdf)


@pytest.fixture
def foreign_store(tmp_path: Path) -> Path:
    """A review store made for a different PDF than the sample."""
    other = pdf_factory.text_pdf(tmp_path / "other.pdf", ["another document"])
    store = tmp_path / "other.sqlite3"
    DocumentSession.open(other, store_path=store).close()
    return store


@pytest.mark.parametrize("answer", ["No", "Yes"])
def test_a_store_for_another_pdf_asks_before_continuing(
    make_window,
    arun,
    sample_pdf: Path,
    foreign_store: Path,
    monkeypatch: pytest.MonkeyPatch,
    dialogs,
    answer: str,
) -> None:
    dialogs.answers[:] = [answer]
    questions = dialogs["question"]
    w = make_window(str(sample_pdf), "--store", str(foreign_store))
    opened = arun(w.opener.open(sample_pdf))
    assert len(questions) == 1 and "different PDF" in questions[0]
    if answer == "No":
        assert opened is False and w.controller.workspace is None
    else:
        assert opened is True
        ws = w.controller.workspace
        assert ws is not None and ws.path == sample_pdf.resolve()
        assert ws.session.store.path == foreign_store
        assert any("differs" in n for n in ws.notices)
        assert "differs" in _shown(w, dialogs)


def test_being_asked_about_a_foreign_store_does_not_look_like_a_crash(
    make_window,
    arun,
    sample_pdf: Path,
    foreign_store: Path,
    monkeypatch: pytest.MonkeyPatch,
    dialogs,
) -> None:
    dialogs.answers[:] = ["Yes"]
    w = make_window(str(sample_pdf), "--store", str(foreign_store))
    assert arun(w.opener.open(sample_pdf))
    notices = w.controller.workspace.notices
    assert any("differs" in n for n in notices)
    assert not any("did not close normally" in n for n in notices)


def _drag_and_drop(window, path: Path) -> bool:  # type: ignore[no-untyped-def]
    """Drag ``path`` over the window and drop it; True if the window accepted the drag."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    args = (
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter = QDragEnterEvent(QPoint(200, 200), *args)
    QApplication.sendEvent(window, enter)
    if not enter.isAccepted():
        return False
    QApplication.sendEvent(window, QDropEvent(QPointF(200, 200), *args))
    return True


def test_dropping_a_pdf_on_the_window_opens_it(
    make_window, arun, sample_pdf: Path, tmp_path: Path, dialogs
) -> None:
    other = pdf_factory.text_pdf(tmp_path / "dropped.pdf", ["one", "two"])
    w = make_window()
    _open_sample(w, arun, sample_pdf)
    assert _drag_and_drop(w, other)
    arun(
        wait_for(
            lambda: (
                w.controller.workspace is not None
                and w.controller.workspace.path == other.resolve()
                and w.controller.current == 0
            ),
            what="the dropped document",
        )
    )
    arun(w.runner.drain())
    assert w.page_label.text() == "Page 1 / 2"
    assert w.windowTitle().startswith("dropped.pdf")
    assert dialogs["warning"] == []


def test_dropping_the_open_document_again_reports_no_crash(
    make_window, arun, sample_pdf: Path, dialogs
) -> None:
    w = make_window()
    _open_sample(w, arun, sample_pdf)
    first = w.controller.workspace
    # Every message shown, not the one still showing: the status bar clears it after
    # 5 s, which a loaded machine can spend before drain() returns.
    shown: list[str] = []
    w.statusBar().messageChanged.connect(shown.append)
    assert _drag_and_drop(w, sample_pdf)
    arun(w.runner.drain())
    ws = w.controller.workspace
    assert ws is first  # the open document stays open; it is not opened a second time
    assert any("already open" in m for m in shown), shown
    assert dialogs["warning"] == []
    assert not any("did not close normally" in n for n in ws.notices)
