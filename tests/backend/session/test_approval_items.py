"""What approving a page asks about (``backend.session.approval``, issue 13 point 6):
the open critical items with the chosen reading and with the page's own alternate,
each error named once, and the markers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.models import VersionKind
from backend.session.approval import approval_items
from backend.session.document_session import DocumentSession
from tests import pdf_factory

TEXT = "第四條\n原本字跡模糊無法辨認者，得以【模糊】標示之。\n"
ALTERNATE = TEXT.replace("得以", "應以")


@pytest.fixture
def session(tmp_path: Path) -> Iterator[DocumentSession]:
    pdf = pdf_factory.text_pdf(tmp_path / "doc.pdf", ["one", "two"])
    s = DocumentSession.open(pdf, store_path=tmp_path / "doc.review")
    for page in (0, 1):
        s.add_reading(page, TEXT, {"engine": "vllm", "model": "model-a"})
        s.store.add_version(page, VersionKind.ALTERNATE, ALTERNATE, {"engine": "rapidocr"})
    yield s
    s.close()


def _reading(s: DocumentSession, page: int, text: str, model: str) -> int:
    prov = {"engine": "vllm", "model": model}
    version, _change = s.store.add_version(page, VersionKind.OCR, text, prov, history_only=True)
    return version.id


def test_an_agreeing_chosen_reading_keeps_the_alternates_critical_item(
    session: DocumentSession,
) -> None:
    default = approval_items(session, 0, TEXT)
    assert len(default.critical) == 1 and "得以" in default.critical[0].detail
    assert [TEXT[f.start : f.end] for f in default.markers] == ["【模糊】"]
    agreeing = _reading(session, 0, TEXT, "model-b")  # the same misreading: agrees
    chosen = approval_items(session, 0, TEXT, agreeing)
    assert chosen.critical == default.critical and not chosen.clear


def test_one_error_raised_by_both_readings_is_named_once(session: DocumentSession) -> None:
    also_wrong = _reading(session, 0, ALTERNATE, "model-b")
    items = approval_items(session, 0, TEXT, also_wrong)
    assert len(items.critical) == 1
    # A reading of another page is no choice for this one: the page's own alternate.
    assert approval_items(session, 1, TEXT, also_wrong).critical == items.critical


def test_a_page_agreeing_with_its_alternate_is_clear(session: DocumentSession) -> None:
    fixed = ALTERNATE.replace("【模糊】", "")
    assert approval_items(session, 0, fixed).clear


def test_an_item_next_to_the_chosen_readings_is_still_named(session: DocumentSession) -> None:
    # Two different errors side by side: the chosen reading disputes 得 (3-4), the
    # page's own alternate 三十 (4-6). Touching spans are two items, not one.
    text = "當事人得三十日內提起上訴。"
    session.store.add_version(0, VersionKind.ALTERNATE, text.replace("三十", "二十"), {})
    chosen = _reading(session, 0, text.replace("得", "應"), "model-b")
    items = approval_items(session, 0, text, chosen)
    assert [text[f.start : f.end] for f in items.critical] == ["得", "三十"]


def test_a_whole_page_failure_is_asked_about(session: DocumentSession) -> None:
    # Issue 22: a model stuck in a loop, which the alternate's one reading cannot show
    # as a critical item, still stops approval until the reviewer says yes.
    sentence = "被告應於本判決確定後給付原告新臺幣十二萬元。"
    looped = "第一條\n" + sentence * 40 + "\n"
    items = approval_items(session, 0, looped)
    assert [d.kind.value for d in items.diagnoses] == ["repetition"]
    assert not items.clear
    assert approval_items(session, 0, "第一條\n" + sentence + "\n").diagnoses == ()
