"""The real window records each page the reviewer arrives at, and the page the document
is closed on, in the store (issue 26: the time on a page); a failed write is logged and
navigation goes on."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from backend.store.review_store import ReviewStore
from tests.gui.conftest import wait_for

ALT = Qt.KeyboardModifier.AltModifier


def _visits(store: ReviewStore) -> list[tuple[int, str]]:
    return store.connection.execute("SELECT page, kind FROM page_visits ORDER BY id").fetchall()


def test_page_changes_and_the_close_are_recorded(make_window, arun, sample_pdf: Path) -> None:  # type: ignore[no-untyped-def]
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    store = w.controller.workspace.session.store
    path = store.path
    arun(wait_for(lambda: len(_visits(store)) == 1, what="the first page's visit"))
    # A page counts as arrived at once shown in full (a move passing it by before: not).
    for n, page in enumerate((1, 2), start=2):
        QTest.keyClick(w.editor.editor, Qt.Key.Key_Right, ALT)
        arun(wait_for(lambda n=n: len(_visits(store)) == n, what=f"page {page + 1}'s visit"))
    w.page_list.setCurrentIndex(w.page_list_model.index(w.page_list_model.row_of(5), 0))
    arun(wait_for(lambda: len(_visits(store)) == 4, what="page 6's visit"))
    assert arun(w.controller.detach())
    after = ReviewStore(path, author="test")
    try:
        assert _visits(after) == [
            (0, "visit"),
            (1, "visit"),
            (2, "visit"),
            (5, "visit"),
            (5, "leave"),
        ]
        authors = {a for (a,) in after.connection.execute("SELECT author FROM page_visits")}
        assert authors == {store.author}
    finally:
        after.close()


def test_a_failed_visit_write_is_logged_and_navigation_goes_on(  # type: ignore[no-untyped-def]
    make_window, arun, sample_pdf: Path, caplog: pytest.LogCaptureFixture
) -> None:
    w = make_window()
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    store = w.controller.workspace.session.store
    # The table gone from under the store: every visit write fails in SQLite itself.
    with store.transaction() as c:
        c.execute("ALTER TABLE page_visits RENAME TO page_visits_gone")
    errors: list[str] = []
    w.runner.error.connect(errors.append)
    with caplog.at_level(logging.WARNING, logger="gui.review.visits"):
        QTest.keyClick(w.editor.editor, Qt.Key.Key_Right, ALT)
        arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
        arun(wait_for(lambda: "page 2 visit not recorded" in caplog.text, what="the warning"))
    assert errors == []  # nothing shown to the reviewer
    QTest.keyClick(w.editor.editor, Qt.Key.Key_Right, ALT)
    arun(wait_for(lambda: w.controller.current == 2, what="page 3"))
