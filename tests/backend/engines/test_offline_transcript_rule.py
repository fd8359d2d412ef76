"""An offline reading stored as the transcript (``alt --as-transcript``, the GUI's
*Transcribe with the Offline Engine*) keeps off a page a person approved or marked
reviewed, as a batch does: the reading goes into its history (issue 14 review)."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.engines.offline import AltReading
from backend.engines.offline.storing import store_alt_text
from backend.models import ReviewStatus, VersionKind
from backend.session.document_session import DocumentSession

READING = AltReading(text="第一條 辨識結果", engine="rapidocr", lines=())


@pytest.mark.parametrize("status", [ReviewStatus.APPROVED, ReviewStatus.REVIEWED])
def test_a_checked_page_keeps_the_text_that_was_checked(
    sample_pdf: Path, status: ReviewStatus
) -> None:
    s = DocumentSession.open(sample_pdf)
    s.store.add_version(0, VersionKind.IMPORT, "第一條 校對過的文字", {})
    s.set_status(0, status)
    _vid, change = store_alt_text(s.store, 0, READING, as_transcript=True)
    assert s.page_state(0).text == "第一條 校對過的文字"
    assert [v.kind for v in s.store.versions(0)] == [VersionKind.IMPORT, VersionKind.OCR]
    assert not change.text
    s.close()


def test_a_page_nobody_checked_gets_the_reading(sample_pdf: Path) -> None:
    s = DocumentSession.open(sample_pdf)
    s.store.add_version(0, VersionKind.IMPORT, "舊的文字", {})
    store_alt_text(s.store, 0, READING, as_transcript=True)
    assert s.page_state(0).text == READING.text
    s.close()
