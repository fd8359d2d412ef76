"""The page on screen shows its new transcript the moment an all-pages run stores it,
and a reviewer typing there keeps their edit (issue 28, defect 3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.ocr.jobs import JobSpec
from backend.settings.profiles import ServerProfile
from tests import pdf_factory
from tests.fakevllm import FakeVllm
from tests.gui.conftest import type_text, wait_for

KEY = "k-arrive"


@pytest.fixture
def fake() -> Iterator[FakeVllm]:
    with FakeVllm(service_time=0.05, api_key=KEY, model="fake-vl", max_model_len=32768) as f:
        yield f


def _window(make_window, arun, tmp_path: Path, fake: FakeVllm):  # type: ignore[no-untyped-def]
    pdf = pdf_factory.text_pdf(tmp_path / "scan.pdf", ["first", "second", "third", "fourth"])
    w = make_window()
    assert arun(w.opener.open(pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="the first page"))
    w.ocr.save_profile(ServerProfile(name="GPU", base_url=fake.base_url + "/v1", id="gpu"), KEY)
    w.ocr.set_active("gpu")
    return w


def test_the_page_shown_takes_its_reading_while_the_run_goes_on(
    make_window, arun, tmp_path: Path, fake: FakeVllm
) -> None:
    w = _window(make_window, arun, tmp_path, fake)
    assert w.editor.text() == ""  # 「本頁尚無逐字稿」
    # The first two pages sent are answered; the rest wait until the test stops the run,
    # so page 1's reading arrives while the run is still going.
    fake.push_faults("ok", "ok")
    fake.configure(default_fault="hang")
    batch = w.ocr.start_batch(JobSpec(), ["gpu"])
    arun(wait_for(lambda: w.editor.text() != "", what="page 1's reading in the editor"))
    stored = arun(w.controller.workspace.page_state(0))
    assert stored.text and w.editor.text() == stored.text
    assert not batch.done()  # shown during the run, not after it
    arun(w.ocr.stop_batch())


def test_a_reading_arriving_while_the_reviewer_types_goes_to_the_history(
    make_window, arun, tmp_path: Path, fake: FakeVllm
) -> None:
    w = _window(make_window, arun, tmp_path, fake)
    ws = w.controller.workspace
    w.editor.editor.setFocus()
    type_text(w.editor.editor, "typed by me")
    # The run's reading of this page is stored (as a batch stores it) while the typing is
    # either still in the editor or just saved: either way the person's text stays.
    arun(ws.add_reading(0, "MACHINE READING", {"engine": "vllm", "model": "fake-vl"}))
    arun(w.runner.drain())
    assert w.editor.text() == "typed by me"
    assert arun(ws.page_state(0)).text == "typed by me"
    versions = arun(ws.versions(0))
    assert any(v.kind is VersionKind.OCR and v.text == "MACHINE READING" for v in versions)
    notice = w.editor.notice
    assert notice.isVisible() and "reading" in notice.label.text()
