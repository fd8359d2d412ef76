"""The Facts dock over the document's own facts (``DocumentFacts`` on the store's
thread): a case number misread on one page is listed as a conflict, and once that page
is saved right the dock follows without being asked (kept current after saves)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backend.models import Change
from gui.facts.facts_model import CONFLICT_MARK
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for
from tests.gui.window_support import open_window, opened

RIGHT, WRONG = "一一四年度訴字第五六號", "一一四年度訴字第五八號"
PAGE = f"臺灣臺北地方法院民事判決\n{RIGHT}\n原告　林○○\n被告　陳大文\n上列當事人間請求損害賠償事件"


def _case_row(w: MainWindow) -> str:
    rows = [w.facts.model.index(r, 0).data() for r in range(w.facts.model.rowCount())]
    return next((r for r in rows if RIGHT in r), "")


def test_a_misread_case_number_is_listed_then_follows_the_fix(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    texts = {page: PAGE.replace(RIGHT, WRONG) if page == 4 else PAGE for page in range(7)}
    w = opened(make_window, arun, sample_pdf, texts)
    ws = w.controller.workspace
    assert ws is not None
    w.actions_by_name["facts_dock"].trigger()
    assert w.facts.dock.isVisible()
    arun(wait_for(lambda: _case_row(w).startswith(CONFLICT_MARK), what="the conflict"))
    arun(w.runner.drain())
    model = w.facts.model
    minority = model.index(1, 0, model.index(0, 0))
    assert minority.data().startswith(WRONG) and minority.data().endswith("5")
    arun(ws.save_draft(4, PAGE))  # page 5 read right now: one spelling left
    arun(ws.commit_draft(4))
    arun(wait_for(lambda: not _case_row(w).startswith(CONFLICT_MARK), what="the fix followed"))
    assert _case_row(w) and "0 read differently" in w.facts.panel.summary.text()


def test_pages_changed_one_after_the_other_are_all_read_again(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    # Two change records in a row (two pages saved back to back): the first page's read
    # must not be dropped for the second's ("latest wins" cancelled it before it ran).
    w, ws = open_window(make_window, arun, sample_pdf)
    facts = ws.session.reviews.facts
    assert facts is not None
    store = ws.session.store
    for page in range(7):
        arun(ws.run_in_store(lambda page=page: store.save_draft(page, PAGE)))
    arun(ws.run_in_store(lambda: facts.pages_changed(range(7))))  # all read, the right number
    wrong = PAGE.replace(RIGHT, WRONG)
    for page in (4, 5):  # saved without telling anyone yet
        arun(ws.run_in_store(lambda page=page: store.save_draft(page, wrong)))
    w.facts.changed(Change(pages=frozenset({4}), text=True))
    w.facts.changed(Change(pages=frozenset({5}), text=True))
    arun(w.runner.drain())
    read = arun(ws.run_in_store(lambda: [[f.value for f in facts.facts(p)] for p in (4, 5)]))
    assert all(WRONG in values for values in read), read
