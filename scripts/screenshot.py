"""Take a real screenshot of ProofDesk under Xvfb for the README.

    xvfb-run -a -s "-screen 0 1600x1000x24" \
        .venv/bin/python scripts/screenshot.py OUT [PAGE] [ocr|review] [en|zh_TW]
    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python scripts/screenshot.py --all

``--all`` makes every README screenshot in both languages: docs/screenshot*.png
(English) and docs/screenshot*-zh_TW.png (Traditional Chinese), one process each.

Opens the sample document with the sample VLM-style transcripts imported into a
throwaway store, waits for the first page to be painted, and grabs the screen.
With ``ocr``, the page is re-read by the fake vLLM server of the tests (over
real HTTP) and the OCR panel's side-by-side comparison is shown instead. With
``review``, RapidOCR reads the page (really, in its worker) and the Compare dock
shows where the transcript, with a modal word flipped, disagrees with it.
``reset-compare`` and ``reset-history`` do the same after View ▸ Reset Layout, for
the layout a small screen gets (run under ``-screen 0 1366x768x24``). With ``table``
(page 3, whose transcript holds the fee table), the cursor is put in one of the
table's cells and Ctrl+T opens the Table dock on it: the cell selected in the grid
and marked on the scan through the sample's RapidOCR line boxes. With ``facts``, every
page's transcript is headed by one case number, misread on page 5, and the Facts dock
shows the conflict. With ``publish``, a party block naming a person, an ID number, an
address and a phone heads one page's transcript (the sample's own names are masked
already), and the Publish dock lists what to mask, the first two findings decided.
With ``stats``, a week of review is written into the store (``stats_history``: three
models and prompts with seeded error rates, two reviewers) and Review ▸ Statistics…
shows its figures and charts.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PROOFDESK_DATA_DIR", tempfile.mkdtemp(prefix="proofdesk-shot-"))

from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import qasync  # noqa: E402  isort: skip

from gui.app import SAMPLE_PDF, build_window, install_translations, parse_args  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402

TRANSCRIPTS = ROOT / "tests" / "data" / "legal-sample.vlm-style.jsonl"


async def show_a_rerun(window: MainWindow, page: int) -> None:
    """Re-read ``page`` with the fake server answering the true text with one modal
    word changed (得 → 應): the comparison shows exactly the kind of error to catch."""
    import json

    from backend.documents.pdf import open_pdf
    from backend.engines.base import SamplingParams
    from backend.settings.profiles import ServerProfile
    from tests.fakevllm import FakeVllm

    truth = json.loads((ROOT / "tests" / "data" / "legal-sample.truth.json").read_text("utf-8"))
    text = truth["pages"][page]["text"].replace("得", "應", 1)
    fake = FakeVllm(model="Qwen2.5-VL-7B-Instruct", max_model_len=32768, service_time=0.5)
    profile = ServerProfile(name="GPU box", base_url=fake.base_url + "/v1", id="shot")
    window.ocr.save_profile(profile, "")
    window.ocr.set_active("shot")
    ready = await window.ocr.ready_profile("shot")
    ws = window.controller.workspace
    assert ws is not None
    # The reply is keyed by the image the server receives: encode it the same way.
    doc = open_pdf(SAMPLE_PDF)
    try:
        from backend.ocr.pipeline import PagePreparer

        fitted = PagePreparer(ws.renderer).plan(ready, "", SamplingParams())
        from backend.documents.page_image import encode_page
        from backend.documents.vision import spec_for_model_id

        image = encode_page(
            doc, page, spec=spec_for_model_id(ready.model), max_pixels=fitted.max_pixels
        )
    finally:
        doc.close()
    fake.configure(replies={image.sha256: text})
    window.ocr_ui._rerun()  # what Ctrl+R does
    for _ in range(300):
        await asyncio.sleep(0.1)
        if not window.ocr_ui.panel.busy and window.ocr_ui.panel.compare.isVisible():
            break
    window._shot_fake = fake  # type: ignore[attr-defined]  # stopped when the window goes


async def show_review(window: MainWindow, page: int, alone: bool = True) -> None:
    """RapidOCR reads ``page``; the transcript gets 得 → 應 once; F8 goes to it.
    ``alone``: every other dock hidden, so the Compare dock gets the whole side."""
    hub = window.aids
    hub.run_alternate("rapidocr", [page])
    for _ in range(600):
        await asyncio.sleep(0.1)
        if not hub.running:
            break
    text = window.editor.text()
    at = text.find("得")
    if at >= 0:
        window.editor.editor.setPlainText(text[:at] + "應" + text[at + 1 :])
        await window.controller.save_now()
    from PySide6.QtWidgets import QDockWidget

    for dock in window.findChildren(QDockWidget):  # the Compare dock gets the whole side
        if alone and dock is not window.review_ui.dock:
            dock.hide()
    window.review_ui.show_dock()
    for _ in range(50):
        await asyncio.sleep(0.1)
    window.review_ui.nav.next_difference()
    await asyncio.sleep(1.0)


TABLE_CELL = "每萬元一百元"  # a cell of the fee table on the sample's page 3: a number


async def show_table(window: MainWindow, page: int) -> None:
    """The cursor in the transcript's table, then Ctrl+T: the Table dock on that cell,
    the cell marked on the scan. Every other dock hidden, so the grid gets the side."""
    from PySide6.QtWidgets import QDockWidget

    from gui.tables.apply_edit import utf16_position

    for _ in range(300):  # the review brings the alternate's boxes that place the cell
        await asyncio.sleep(0.1)
        review = window.aids.review
        if window.aids.review_is_fresh() and review is not None and review.page == page:
            break
    edit = window.editor.editor
    text = edit.toPlainText()
    at = text.find(TABLE_CELL)
    assert at >= 0, f"no {TABLE_CELL} in page {page + 1}'s transcript"
    cursor = edit.textCursor()
    cursor.setPosition(utf16_position(text, at + 2))
    edit.setTextCursor(cursor)
    edit.setFocus()
    for dock in window.findChildren(QDockWidget):
        dock.hide()
    window.actions_by_name["table_at_cursor"].trigger()  # what Ctrl+T does
    await asyncio.sleep(1.0)


# For the Facts picture: a court file carries its case number in every page's header, as
# the sample's scans (seven unrelated documents) do not; one page's header misread.
FACTS_HEADER, FACTS_MISREAD, FACTS_PAGE = "一一四年度訴字第五六號", "一一四年度訴字第五八號", 4


async def show_facts(window: MainWindow, page: int) -> None:
    """Every page's transcript headed by one case number (page ``FACTS_PAGE`` + 1 misread),
    the Facts dock shown, its conflict selected; every other dock hidden."""
    from PySide6.QtWidgets import QDockWidget

    ws = window.controller.workspace
    assert ws is not None
    for p in range(ws.page_count):
        state = await ws.page_state(p)
        header = FACTS_MISREAD if p == FACTS_PAGE else FACTS_HEADER
        await ws.save_draft(p, f"{header}\n{state.text}")
        await ws.commit_draft(p)
    await window.controller.reload_page(page)
    for dock in window.findChildren(QDockWidget):
        dock.hide()
    window.show_dock(window.facts.dock)
    view = window.facts.panel.view
    for _ in range(300):
        await asyncio.sleep(0.1)
        if view.model().rowCount() > 0:
            break
    await asyncio.sleep(0.5)
    view.setCurrentIndex(view.model().index(0, 0))
    view.setFocus()


# For the Publish picture: the sample's judgments mask their parties already (林○○); one
# page is headed by a party block as an unmasked court file carries it.
PUBLISH_PARTY = (
    "原告　陳大文\n身分證統一編號：A123456789\n住臺北市中正區重慶南路一段122號3樓\n"
    "電話：0912-345-678\n被告　林志明\n"
)


async def show_publish(window: MainWindow, page: int) -> None:
    """Page ``page`` headed by ``PUBLISH_PARTY``, the Publish dock shown, the first
    finding masked and the next kept (A, then S), every other dock hidden."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QDockWidget

    from gui.publish.feature import PublishFeature

    ws = window.controller.workspace
    assert ws is not None
    state = await ws.page_state(page)
    await ws.save_draft(page, PUBLISH_PARTY + state.text)
    await ws.commit_draft(page)
    await window.controller.reload_page(page)
    for dock in window.findChildren(QDockWidget):
        dock.hide()
    publish = window.findChild(PublishFeature)
    assert isinstance(publish, PublishFeature)
    window.show_dock(publish.dock.dock)
    window.resizeDocks([publish.dock.dock], [640], Qt.Orientation.Horizontal)
    view = publish.dock.view
    for _ in range(300):
        await asyncio.sleep(0.1)
        if view.model().rowCount() > 0:
            break
    view.setCurrentIndex(view.model().index(0, 0))
    view.setFocus()
    for key in (Qt.Key.Key_A, Qt.Key.Key_S):  # a decision each, as the reviewer keys them
        QTest.keyClick(view, key)
        await window.runner.drain()
    for column in range(view.model().columnCount() - 1):  # the context stretches
        view.resizeColumnToContents(column)


# For the Statistics picture: (model, prompt, share of characters misread, pages read).
STATS_SOURCES = (
    ("Qwen2.5-VL-7B-Instruct", "逐字轉錄本頁，保留換行。", 0.030, range(7)),
    ("Qwen2.5-VL-7B-Instruct", "Transcribe the page exactly.", 0.020, range(0, 7, 2)),
    ("Qwen2.5-VL-72B-Instruct", "逐字轉錄本頁，保留換行。", 0.008, range(0, 7, 3)),
)


def stats_history(store: object, truth: list[str]) -> None:
    """Seeded readings of the sample's pages, and ana's and ben's edits and approvals
    over three days (page 7 left to do). Runs on the store's thread."""
    import math
    import random

    from tests.backend.stats.history_helpers import HistoryWriter

    rng, t0 = random.Random(26), 1_764_547_200.0  # 2025-12-01 00:00 UTC
    with HistoryWriter(store) as w:  # type: ignore[arg-type]
        for model, prompt, rate, pages in STATS_SOURCES:
            for p in pages:
                chars = list(truth[p])
                for i in rng.sample(range(len(chars)), math.ceil(rate * len(chars))):
                    chars[i] = "應" if chars[i] == "得" else rng.choice("曰日未末己已戍戌")
                at = t0 + p
                w.reading(p, "".join(chars), at=at, model=model, prompt=prompt, seconds=6.0)
        for p in range(6):
            who, day = ("ana", p // 2) if p % 3 else ("ben", p // 2)
            start = t0 + 86_400 * day + 9 * 3600 + 600 * p
            w.status(p, "in_progress", at=start, author=who)
            w.edit(p, truth[p], at=start + 40 + len(truth[p]) // 2, author=who)
            w.status(p, "approved", at=start + 80 + len(truth[p]) // 2, author=who)


async def show_stats(window: MainWindow) -> None:
    """A week of review written into the store, then Review ▸ Statistics…"""
    import json

    from PySide6.QtWidgets import QApplication

    from gui.stats.stats_dialog import StatsDialog

    ws = window.controller.workspace
    assert ws is not None
    truth = json.loads((ROOT / "tests" / "data" / "legal-sample.truth.json").read_text("utf-8"))
    texts = [p["text"] for p in truth["pages"]]
    store = ws.session.store.local()
    await ws.run_in_store(lambda: stats_history(store, texts))
    window.actions_by_name["statistics"].trigger()
    dialog = next(d for d in QApplication.topLevelWidgets() if isinstance(d, StatsDialog))
    dialog.resize(1400, 930)
    dialog.move(100, 30)
    for _ in range(600):
        await asyncio.sleep(0.1)
        if dialog.charts:
            break


async def shoot(out: Path, page: int, mode: str = "") -> None:
    window = build_window(parse_args([]))
    window.resize(1580, 960)
    window.move(10, 10)
    window.show()
    await window.opener.open(SAMPLE_PDF)
    ws = window.controller.workspace
    assert ws is not None
    # Opening the bundled sample into a new review imports its VLM-style transcripts
    # (gui/onboarding/sample.py); import them only where that did not happen.
    if not (await ws.versions(0)):
        await window.opener.import_from(TRANSCRIPTS)  # what File ▸ Import does
    window.controller.go_to(page)
    for _ in range(100):
        await asyncio.sleep(0.1)
        if window.controller.current == page and window.page_view._has_image:
            break
    # A reviewer's correction, so the history panel shows a real diff.
    text = window.editor.text()
    if len(text) > 40 and mode not in ("review", "reset-compare", "table", "facts", "publish"):
        window.editor.editor.setPlainText(
            text.replace("貳年", "參年", 1) + "\n（校對註：核對原本）"
        )
        await window.controller.save_now()
        await window.controller.refresh_history()
        model = window.history.model
        selection = window.history.list.selectionModel()
        for row in range(min(2, model.rowCount())):
            selection.select(model.index(row), selection.SelectionFlag.Select)
    if mode.startswith("reset-"):
        window.reset_layout()  # View ▸ Reset Layout: the window of a first start
    if mode == "ocr":
        await show_a_rerun(window, page)
    elif mode in ("review", "reset-compare"):
        await show_review(window, page, alone=mode == "review")
    elif mode == "reset-history":
        window.show_dock(window.history_dock)
    elif mode == "table":
        await show_table(window, page)
    elif mode == "facts":
        await show_facts(window, page)
    elif mode == "publish":
        await show_publish(window, page)
    elif mode == "stats":
        await show_stats(window)
    await asyncio.sleep(1.5)  # thumbnails and the sharp render settle
    QGuiApplication.primaryScreen().grabWindow(0).save(str(out))
    await window.controller.detach()
    print(f"wrote {out}")


# The README's screenshots: (name, page, mode); each is made in every language.
README_SHOTS = (
    ("screenshot", 2, ""),
    ("screenshot-review", 1, "review"),
    ("screenshot-ocr", 2, "ocr"),
    ("screenshot-table", 3, "table"),
    ("screenshot-facts", 4, "facts"),
    ("screenshot-publish", 2, "publish"),
    ("screenshot-stats", 1, "stats"),
)
LANGUAGES = ("en", "zh_TW")


def shoot_all() -> None:
    """Every README screenshot in both languages, each in a fresh process (one
    QApplication and one set of translators per picture)."""
    import subprocess

    for name, page, mode in README_SHOTS:
        for lang in LANGUAGES:
            suffix = "" if lang == "en" else f"-{lang}"
            out = ROOT / "docs" / f"{name}{suffix}.png"
            args = [sys.executable, __file__, str(out), str(page), mode or "-", lang]
            # A throwaway store each: one picture's edits must not show in the next.
            env = os.environ | {"PROOFDESK_DATA_DIR": tempfile.mkdtemp(prefix="proofdesk-shot-")}
            subprocess.run(args, check=True, timeout=600, env=env)


def main() -> None:
    if sys.argv[1:] == ["--all"]:
        shoot_all()
        return
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshot.png")
    out.parent.mkdir(parents=True, exist_ok=True)
    page = int(sys.argv[2]) - 1 if len(sys.argv) > 2 else 1
    mode = sys.argv[3].strip("-") if len(sys.argv) > 3 else ""
    lang = sys.argv[4] if len(sys.argv) > 4 else "en"
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    install_translations(app, lang)  # the UI and the backend's messages, as the app does
    qasync.run(shoot(out, page, mode))


if __name__ == "__main__":
    main()
