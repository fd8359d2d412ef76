"""The first run (issue 14): the bundled sample opens with its transcripts and an
alternate reading already in its review, the welcome panel guides and offers the
first choice, and the offline engine gives a working transcript without a server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backend.models import VersionKind
from backend.review.values import FlagKind
from backend.session.document_session import DocumentSession
from gui.launch_args import SAMPLE_PDF
from gui.onboarding import sample
from gui.shell.main_window import MainWindow
from tests.gui.aids.review_helpers import wait_reviewed
from tests.gui.conftest import wait_for


def test_the_sample_opens_with_markers_differences_and_a_critical_flag(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    w: MainWindow = make_window(str(SAMPLE_PDF), "--store", str(tmp_path / "r.sqlite3"))
    assert arun(w.opener.open(SAMPLE_PDF))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    assert w.editor.text().startswith("法院文書掃描辨識校對作業要點")  # not an empty editor
    kinds = [v.kind for v in w.history.model.versions]
    assert VersionKind.IMPORT in kinds and VersionKind.ALTERNATE in kinds
    # Where the trouble is shows at once: markers and agreement in the page list, a
    # critical flag in the document's review queue.
    arun(
        wait_for(
            lambda: any(w.page_list_model.review_summary(p)[1] for p in range(7)),
            what="marker counts in the page list",
        )
    )
    assert all(w.page_list_model.review_summary(p)[0] is not None for p in range(7))
    arun(wait_for(lambda: bool(w.review_queue.model.items), what="the review queue"))
    (page, flag), *_ = w.review_queue.model.items
    assert flag.kind is FlagKind.CRITICAL and "應" in flag.detail and "得" in flag.detail
    w.controller.go_to(page)
    arun(wait_for(lambda: w.controller.current == page, what="the critical item's page"))
    wait_reviewed(w, arun)
    assert w.aids.review is not None
    assert FlagKind.CRITICAL in {f.kind for f in w.aids.review.flags}
    assert "Imported" not in w.notice_bar.label.text() or not w.notice_bar.isVisible()


def test_the_sample_is_filled_once_and_never_over_a_review(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    store = tmp_path / "r.sqlite3"
    session = DocumentSession.open(SAMPLE_PDF, store_path=store)
    session.save_draft(3, "我的校對")
    session.commit_draft(3)
    session.close()
    w: MainWindow = make_window(str(SAMPLE_PDF), "--store", str(store))
    assert arun(w.opener.open(SAMPLE_PDF))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    assert w.editor.text() == ""  # a review with work in it is left as it was
    assert w.history.model.versions == []
    assert arun(w.controller.detach())
    # And a new review is filled only the first time it is opened.
    other = tmp_path / "new.sqlite3"
    w.opener.store_path = other
    assert arun(w.opener.open(SAMPLE_PDF))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    assert [v.kind for v in w.history.model.versions].count(VersionKind.IMPORT) == 1
    assert arun(w.controller.detach())
    assert arun(w.opener.open(SAMPLE_PDF))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page again"))
    assert [v.kind for v in w.history.model.versions].count(VersionKind.IMPORT) == 1


def test_another_pdf_is_not_filled(make_window: Any, arun: Any, sample_pdf: Path) -> None:
    assert not sample.is_bundled_sample(sample_pdf)  # a copy elsewhere is the user's file
    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    assert w.editor.text() == "" and w.history.model.versions == []


def test_the_welcome_panel_guides_and_offers_the_first_choice(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w: MainWindow = make_window(str(sample_pdf))
    onboarding = w.onboarding
    onboarding.first_run()
    assert onboarding.dock.isVisible()
    guide = onboarding.panel.guide.text()
    for pointer in ("Pages", "Transcript", "Compare", "Review queue", "Ctrl+D", "F12"):
        assert pointer in guide, pointer
    onboarding.panel.show_aids.click()
    assert w.review_ui.dock.isVisible() and w.review_queue_dock.isVisible()
    onboarding.panel.connect_server.click()
    assert w.server_tools.dialogs["servers"].isVisible()
    w.server_tools.dialogs["servers"].close()
    onboarding.panel.close_button.click()  # "Got it"
    assert not onboarding.dock.isVisible() and onboarding.seen
    onboarding.first_run()  # the next start: not again
    assert not onboarding.dock.isVisible()
    w.actions_by_name["getting_started"].trigger()  # Help ▸ Getting Started brings it back
    assert onboarding.dock.isVisible()
    onboarding.settings._qs.remove("onboarding/welcome_dismissed")
    onboarding.dock.close()  # its title bar's close button counts as "Got it"
    assert onboarding.seen


def test_the_empty_editor_says_where_a_transcript_comes_from(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    hint = w.editor.editor.placeholderText()
    for pointer in ("Import", "Ctrl+I", "Offline Engine", "Servers"):
        assert pointer in hint, pointer


def test_the_offline_engine_makes_the_working_transcript_never_over_an_edit(
    make_window: Any, arun: Any, sample_pdf: Path, dialogs: Any
) -> None:
    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    ws = w.controller.workspace
    assert ws is not None
    arun(ws.save_draft(1, "我改過的第二頁"))
    arun(ws.commit_draft(1))
    offline = w.onboarding.offline
    assert arun(offline.transcribe(all_pages=False))  # this page: no question asked
    arun(wait_for(lambda: not w.aids.running, timeout=240, what="RapidOCR on page 1"))
    arun(w.runner.drain())
    assert "第一條" in w.editor.text()  # the working text, from the offline engine
    state = arun(ws.page_state(0))
    assert state.source[:2] == ("ocr", "rapidocr") and dialogs["question"] == []  # was empty
    assert w.source_label.text() == "text: RapidOCR (offline engine)"
    # A page a person edited keeps the edit; the reading goes into its history.
    w.controller.go_to(1)
    arun(wait_for(lambda: w.controller.current == 1, what="page 2"))
    dialogs.answers = ["No", "Yes"]
    assert not arun(offline.transcribe(all_pages=False))  # it has a transcript: asked, No
    assert "approved or marked reviewed keep their text" in dialogs["question"][0]
    assert arun(offline.transcribe(all_pages=False))
    arun(wait_for(lambda: not w.aids.running, timeout=240, what="RapidOCR on page 2"))
    arun(w.runner.drain())
    assert w.editor.text() == "我改過的第二頁"
    kinds = [v.kind for v in arun(ws.versions(1))]
    assert kinds == [VersionKind.EDIT, VersionKind.OCR]


def test_the_bundled_sample_files_are_there() -> None:
    # The first run needs them; a packaging that drops one would show empty pages again.
    for path in (sample.SAMPLE_TRANSCRIPTS, sample.SAMPLE_ALTERNATES):
        assert path.is_file() and path.stat().st_size > 1000


def test_the_offline_choice_reads_only_pages_without_a_transcript(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    from tests.conftest import DATA

    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    arun(w.opener.import_from(DATA / "legal-sample.vlm-style.jsonl"))
    w.onboarding.panel.use_offline.click()  # every page has one: nothing is read again
    arun(
        wait_for(
            lambda: "Every page has a transcript" in w.statusBar().currentMessage(),
            what="the reason",
        )
    )
    assert not w.aids.running


def test_transcribing_all_pages_shows_progress_and_can_be_stopped_from_the_menu(
    make_window: Any, arun: Any, sample_pdf: Path
) -> None:
    # Review fix: the Compare dock was the only way to stop a run of every page.
    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    stop = w.actions_by_name["offline_stop"]
    assert not stop.isEnabled() and not w.review_ui.dock.isVisible()
    assert arun(w.onboarding.offline.transcribe(all_pages=True))
    assert stop.isEnabled()
    arun(
        wait_for(
            lambda: "Offline engine: " in w.statusBar().currentMessage(),
            timeout=240,
            what="progress in the status bar",
        )
    )
    stop.trigger()
    arun(wait_for(lambda: not w.aids.running, timeout=60, what="the run to stop"))
    arun(wait_for(lambda: not stop.isEnabled(), what="Stop disabled again"))
    assert "Stopped" in w.statusBar().currentMessage()


def test_the_sample_is_not_filled_over_typing_a_note_or_a_status(
    make_window: Any, arun: Any, tmp_path: Path
) -> None:
    # Review fix: a review holding only a draft, a note or a page status is someone's
    # work on the sample: the first-run import must leave it as it is.
    from backend.models import ReviewStatus

    for name in ("draft", "note", "status"):
        store = tmp_path / f"{name}.sqlite3"
        session = DocumentSession.open(SAMPLE_PDF, store_path=store)
        if name == "draft":
            session.save_draft(2, "正在打字")
        elif name == "note":
            session.set_note(4, "第5頁待查")
        else:
            session.set_status(1, ReviewStatus.FLAGGED)
        session.close()
        w: MainWindow = make_window(str(SAMPLE_PDF), "--store", str(store))
        assert arun(w.opener.open(SAMPLE_PDF))
        arun(wait_for(lambda: w.controller.current == 0, what="the first page"))  # noqa: B023
        ws = w.controller.workspace
        assert ws is not None
        reopened = ws.session.store
        kinds = arun(
            ws.run_in_store(lambda: {v.kind for p in range(7) for v in reopened.versions(p)})  # noqa: B023
        )
        assert VersionKind.IMPORT not in kinds and VersionKind.ALTERNATE not in kinds, name
        assert arun(w.controller.detach())


def test_transcribing_keeps_off_an_approved_page(
    make_window: Any, arun: Any, sample_pdf: Path, dialogs: Any
) -> None:
    # Review fix: an approved page's machine text was replaced by the offline reading.
    from backend.models import ReviewStatus
    from tests.conftest import DATA

    w: MainWindow = make_window(str(sample_pdf))
    assert arun(w.opener.open(sample_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    arun(w.opener.import_from(DATA / "legal-sample.vlm-style.jsonl"))
    ws = w.controller.workspace
    assert ws is not None
    approved = w.editor.text()
    arun(ws.set_status(0, ReviewStatus.APPROVED))
    dialogs.answers = ["Yes"]
    assert arun(w.onboarding.offline.transcribe(all_pages=False))
    arun(wait_for(lambda: not w.aids.running, timeout=240, what="RapidOCR on page 1"))
    arun(w.runner.drain())
    assert w.editor.text() == approved and arun(ws.page_state(0)).text == approved
    assert [v.kind for v in arun(ws.versions(0))] == [VersionKind.IMPORT, VersionKind.OCR]
