"""How flags are painted and stepped through, with hand-made reviews (no store needed)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QTextCharFormat
from PySide6.QtWidgets import QApplication

from backend.models import AltText
from backend.review.values import Flag, FlagKind, PageReview
from gui.aids.diff_highlight import (
    DIFF_BG,
    DIFF_KINDS,
    MARKER_BG,
    alternate_spans,
    stops,
    transcript_spans,
)
from gui.widgets.transcript_editor import TranscriptEditor

TEXT = "甲乙丙丁戊"
ALT = "甲乙丙X丁戊"


def _review(*flags: Flag) -> PageReview:
    return PageReview(page=0, agreement=0.9, flags=flags, alternate=AltText(ALT, "tesseract"))


def _diff(start: int, end: int, alt: tuple[int, int], replacement: str) -> Flag:
    return Flag(start, end, FlagKind.DIFF, "d", alt[0], alt[1], replacement)


@pytest.fixture
def editor(qapp: QApplication) -> Iterator[TranscriptEditor]:
    widget = TranscriptEditor()
    yield widget
    widget.deleteLater()


def test_an_omission_paints_the_character_it_sits_before_with_a_dashed_line() -> None:
    review = _review(_diff(3, 3, (3, 4), "X"))
    [(start, end, fmt)] = transcript_spans(review, len(TEXT))
    assert (start, end) == (3, 4)
    assert fmt.underlineStyle() == QTextCharFormat.UnderlineStyle.DashUnderline
    assert fmt.background().color() == DIFF_BG
    [(a_start, a_end, _)] = alternate_spans(review)
    assert (a_start, a_end) == (3, 4)  # the X the transcript lacks
    at_end = _review(_diff(5, 5, (6, 6), "己"))
    assert [(s, e) for s, e, _ in transcript_spans(at_end, len(TEXT))] == [(4, 5)]


def test_low_confidence_is_a_wavy_underline_that_can_be_switched_off() -> None:
    review = _review(Flag(0, 2, FlagKind.LOW_CONFIDENCE, "p=0.3"))
    [(_, _, fmt)] = transcript_spans(review, len(TEXT))
    assert fmt.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
    assert transcript_spans(review, len(TEXT), low_confidence=False) == []


def test_overlapping_flags_are_one_stop_the_critical_one() -> None:
    diff = _diff(1, 2, (1, 2), "乙")
    critical = Flag(1, 3, FlagKind.CRITICAL, "modal", 1, 3, "應以")
    marker = Flag(4, 5, FlagKind.MARKER, "m")
    review = _review(diff, critical, marker, _diff(3, 3, (3, 4), "X"))
    assert stops(review, DIFF_KINDS) == [critical, review.flags[3]]
    assert stops(review, frozenset({FlagKind.MARKER})) == [marker]


def test_a_critical_flag_borrows_the_reading_of_the_diff_on_its_span() -> None:
    critical = Flag(1, 2, FlagKind.CRITICAL, "modal")
    [stop] = stops(_review(critical, _diff(1, 2, (1, 2), "應")), DIFF_KINDS)
    assert stop.kind is FlagKind.CRITICAL and stop.replacement == "應"


def test_layers_are_merged_and_spans_count_code_points(editor: TranscriptEditor) -> None:
    editor.set_text("𠀋甲乙")  # 𠀋 is two UTF-16 units
    fmt = QTextCharFormat()
    fmt.setBackground(MARKER_BG)
    editor.set_highlights("review", [(1, 2, fmt)])
    editor.set_highlights("image-link", [(0, 1, QTextCharFormat())])
    assert [(s, e) for s, e, _ in editor.highlights("review")] == [(2, 3)]
    assert len(editor.editor.extraSelections()) == 2
    editor.set_highlights("image-link", [])
    assert len(editor.editor.extraSelections()) == 1
    editor.set_text("new page")
    assert editor.editor.extraSelections() == []
