"""The window builds the facts a document lacks in the background (issue 24 speed):
the page review does not wait for every page to be read, the Facts dock shows the
progress, and once the facts are whole the page shown is reviewed again with its
cross-page flag. Driven by the dock's signals, never by a clock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backend.models import VersionKind
from backend.review.values import FlagKind
from backend.store.review_store import ReviewStore
from gui.shell.main_window import MainWindow
from tests import pdf_factory
from tests.gui.conftest import wait_for

RIGHT, WRONG = "一一四年度訴字第五六號", "一一四年度訴字第五八號"
PAGES = 30  # more than ``facts.FEW_PAGES``: read by the build, not by the first review


def _text(n: int) -> str:
    case = WRONG if n == 0 else RIGHT
    return f"臺灣臺北地方法院民事判決\n{case}\n原告　林志明\n被告　陳大文\n第{n + 1}頁"


def test_the_facts_are_built_in_the_background_and_the_page_reviewed_again(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    pdf = pdf_factory.text_pdf(tmp_path / "file.pdf", [f"page {n}" for n in range(PAGES)])
    w: MainWindow = make_window()
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    arun(w.runner.drain())
    ws = w.controller.workspace
    assert ws is not None
    facts = ws.session.reviews.facts
    assert facts is not None and facts.defer  # the window builds in the background
    store = ws.session.store
    # Every page's text arrives at once (as an import would), unknown to the facts.
    versions = [(p, VersionKind.IMPORT, _text(p), {}) for p in range(PAGES)]
    arun(ws.run_in_store(lambda: store.add_versions(versions)))
    arun(w.controller.reload_page(0))
    said: list[tuple[int, int]] = []
    ready: list[bool] = []
    w.facts.progress.connect(lambda read, of: said.append((read, of)))
    w.facts.renewed.connect(lambda: ready.append(True))
    w.facts.step_pages = 10
    w.show_dock(w.facts.dock)
    # The glossary changes: every page is read again with the term, by the build.
    w.facts.panel.glossary.add_wanted.emit("林志明")
    arun(wait_for(lambda: bool(ready), what="the facts built"))
    arun(w.runner.drain())
    assert said == [(10, PAGES), (20, PAGES), (30, PAGES)]
    assert facts.read_pages >= PAGES and not w.facts.building
    # The page shown (page 1, the one that reads 第五八號) was reviewed again with its flag.
    arun(wait_for(lambda: w.aids.review is not None and w.aids.review_page == 0, what="review"))
    arun(w.runner.drain())
    review = w.aids.review
    assert review is not None
    critical = [f.replacement for f in review.flags if f.kind is FlagKind.CRITICAL]
    assert RIGHT in critical
    assert "read differently" in w.facts.panel.summary.text()


def test_pages_another_process_saves_are_read_again_by_the_dock(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    pdf = pdf_factory.text_pdf(tmp_path / "file.pdf", [f"page {n}" for n in range(8)])
    w: MainWindow = make_window()
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    ws = w.controller.workspace
    assert ws is not None
    for page in range(1, 8):
        arun(ws.save_draft(page, _text(page).replace(WRONG, RIGHT)))
        arun(ws.commit_draft(page))
    w.show_dock(w.facts.dock)
    arun(w.runner.drain())
    renewed: list[bool] = []
    w.facts.renewed.connect(lambda: renewed.append(True))
    w.facts.catch_up()  # what the timer calls: nothing changed outside
    arun(w.runner.drain())
    assert renewed == []
    # Another process (a CLI replace, a second window) saves page 5 with another number.
    other = ReviewStore(ws.session.store.path, author="cli")  # type: ignore[attr-defined]
    try:
        other.add_version(4, VersionKind.EDIT, _text(4).replace(RIGHT, WRONG), {})
    finally:
        other.close()
    w.facts.catch_up()
    arun(wait_for(lambda: bool(renewed), what="the outside save read"))
    arun(w.runner.drain())
    assert "1 read differently" in w.facts.panel.summary.text()
