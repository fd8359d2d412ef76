"""A low-scored line of the alternate that the transcript reads is no bleed-through.

The review hides what only the alternate has in a line its engine scored low
(``CompareOptions.ghost_score``): the back of the sheet read as text. But a short
line of the front is often scored low too (RapidOCR's 十五以上。 at 0.75), and where
the transcript reads most of that line, what it reads otherwise is a difference:
a character it read differently, or one or two it lacks (issue 22: 百分之十五 read
百分之 / + 五, the + taken for a list bullet, went unflagged)."""

from __future__ import annotations

import pytest

from backend.models import AltLine, AltText
from backend.review.page_aids import review_page
from backend.review.values import FlagKind
from tests.backend.review.tables import SETTINGS

BEFORE = "延長工作時間之工資應依平日每小時工資額加給百分之"
LOW = 0.75  # under the ghost score (0.85)


def _alternate(lines: list[tuple[str, float]]) -> AltText:
    out, pos = [], 0
    for text, score in lines:
        out.append(AltLine(text, pos, pos + len(text), None, score))
        pos += len(text) + 1
    return AltText("\n".join(t for t, _ in lines), "rapidocr", tuple(out))


def _flags(transcript: str, alternate: AltText) -> list[tuple[FlagKind, str]]:
    review = review_page(0, transcript, alternate, settings=SETTINGS)
    return [
        (f.kind, transcript[f.start : f.end])
        for f in review.flags
        if f.kind in (FlagKind.DIFF, FlagKind.CRITICAL)
    ]


@pytest.mark.parametrize(
    ("read", "wrong"),
    [("+ 五以上。", "+"), ("丁五以上。", "丁"), ("千五以上。", "千")],
)
def test_a_numeral_of_a_low_scored_line_read_otherwise_is_critical(read: str, wrong: str) -> None:
    transcript = f"{BEFORE}\n{read}\n第五條 本法自公布日施行。"
    alternate = _alternate(
        [(BEFORE, 0.98), ("十五以上。", LOW), ("第五條 本法自公布日施行。", 0.97)]
    )
    flags = _flags(transcript, alternate)
    at = transcript.index(wrong)
    assert any(kind is FlagKind.CRITICAL for kind, _text in flags), flags
    review = review_page(0, transcript, alternate, settings=SETTINGS)
    assert any(f.start <= at < max(f.end, f.start + 1) for f in review.flags)


def test_a_character_only_the_alternate_has_in_a_line_the_transcript_reads_is_flagged() -> None:
    transcript = f"{BEFORE}\n二十以上。\n第五條 本法自公布日施行。"
    alternate = _alternate(
        [(BEFORE, 0.98), ("二十五以上。", LOW), ("第五條 本法自公布日施行。", 0.97)]
    )
    assert _flags(transcript, alternate)


def test_words_only_the_alternate_has_in_a_low_scored_line_stay_bleed_through() -> None:
    # The back's words read into the front's line: the ghost it always was.
    transcript = f"{BEFORE}\n十五以上。\n第五條 本法自公布日施行。"
    alternate = _alternate(
        [(BEFORE, 0.98), ("十五證據清單以上。", LOW), ("第五條 本法自公布日施行。", 0.97)]
    )
    assert _flags(transcript, alternate) == []


def test_a_low_scored_line_the_transcript_lacks_stays_bleed_through() -> None:
    transcript = f"{BEFORE}十五以上。\n第五條 本法自公布日施行。"
    alternate = _alternate(
        [
            (BEFORE + "十五以上。", 0.98),
            ("證據清單甲證一借據影本", 0.6),
            ("第五條 本法自公布日施行。", 0.97),
        ]
    )
    assert _flags(transcript, alternate) == []
