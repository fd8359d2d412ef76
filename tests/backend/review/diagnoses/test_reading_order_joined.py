"""A line of the page that an engine joined with the one beside it (issue 22, rule 3.3).

The page: a heading at the top left, one column of text down to the page's foot, and
the text's last line (the date under it) run on into a second column, at the top right,
level with the heading. An engine (Tesseract, often) reads the heading and the date as
one line, one box across the gap between them. A transcript reading the date right
after the heading has put it out of the page's order; where the date lies on the page
is found from the scan's own lines: the joined box's characters lie on their ink, never
in the gap, so its share of the box cannot say (issue 22's tuning seed 505: a date
read with the heading was no order problem at all). Pages written for this test."""

from __future__ import annotations

import random

import pytest

from backend.models import AltText, ScanLines
from backend.review.diagnoses.alt_lines import Box
from backend.review.values import FlagKind
from tests.backend.review.diagnoses.layout_helpers import reading
from tests.backend.review.diagnoses.reading_order_helpers import (
    critical_on,
    order_named,
    review,
)

HEADINGS = ["臺灣高等法院臺中分院調解筆錄", "租賃住宅管理條例", "臺灣臺北地方法院民事判決"]
CLAUSES = [
    "聲請人其餘請求拋棄，並同意不再追究相對人之刑事責任",
    "相對人如有一期未按時給付，視為全部到期",
    "本調解書經法院核定後，與民事確定判決有同一之效力",
    "調解程序費用由聲請人負擔，毋須相對人分擔",
    "雙方就本件事故不得再有任何請求，亦不應以任何方式干擾對方之生活",
    "租賃期間屆滿時，承租人應將房屋返還出租人",
    "因本契約涉訟時，雙方同意以臺灣屏東地方法院為第一審管轄法院",
]
_W = 0.84 / 36  # a glyph's width (square glyphs)


def _page(seed: int, spaced: bool) -> tuple[list[tuple[str, Box]], str, str]:
    """The page's lines (text, box) in the page's order, the date, and the joined line
    an engine reads for the heading and the date (``spaced``: with Tesseract's spaces
    around the digits)."""
    rng = random.Random(seed)
    heading = rng.choice(HEADINGS)
    body = "。".join(rng.sample(CLAUSES, 5)) + "。"
    width = rng.randint(15, 17)
    column = [body[k : k + width] for k in range(0, len(body), width)]
    year, month, day = rng.randint(100, 113), rng.randint(1, 12), rng.randint(1, 28)
    date = f"民國{year}年{month}月{day}日"
    texts = [(heading, 0.08 + _W * rng.randint(1, 3)), *((t, 0.08) for t in column)]
    # Rows spread down to the page's foot: a full first column, which the date ran on from.
    height, step = _W * 1.4, (0.93 - 0.05 - _W * 1.4) / len(column)
    placed = [
        (t, (x, 0.05 + k * step, x + len(t) * _W, 0.05 + k * step + height))
        for k, (t, x) in enumerate(texts)
    ]
    top = placed[0][1]
    x1 = 0.92 - _W * rng.randint(0, 2)
    date_box: Box = (x1 - len(date) * _W * 0.8, top[1], x1, top[3])
    joined = f"民國 {year} 年 {month} 月 {day} 日" if spaced else date
    return [*placed, (date, date_box)], date, heading + joined


@pytest.mark.parametrize("spaced", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_a_date_read_with_the_heading_an_engine_joined_it_to_is_out_of_order(
    seed: int, spaced: bool
) -> None:
    lines, date, joined = _page(seed, spaced)
    scan = ScanLines(tuple(b for _t, b in lines), "test")
    heading, *column = lines[:-1]
    date_box = lines[-1][1]
    # The engine's box runs from the heading's left edge to the date's right edge.
    box: Box = (heading[1][0], heading[1][1], date_box[2], date_box[3])
    alternate: AltText = reading([(joined, box), *column])
    transcript = "\n".join([heading[0], date, *(t for t, _ in column)])
    r = review(transcript, alternate, scan)
    at = transcript.index(date)
    assert any(s <= at < e for s, e in order_named(r)), r.diagnoses
    assert critical_on(r, at, at + len(date))
    assert any(f.kind is FlagKind.CRITICAL and f.start == f.end == len(transcript) for f in r.flags)


@pytest.mark.parametrize("spaced", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_a_transcript_joining_the_date_to_the_heading_is_out_of_order(
    seed: int, spaced: bool
) -> None:
    """The mirror: the transcript is the joined reading (the date on the heading's line),
    the alternate reads each line in its own box. The date is part of a transcript line,
    but a whole line of the page: moved, critical, and flagged where the page has it."""
    lines, _date, joined = _page(seed, spaced)
    scan = ScanLines(tuple(b for _t, b in lines), "test")
    heading, *column = lines[:-1]
    alternate: AltText = reading([heading, lines[-1], *column])
    transcript = "\n".join([joined, *(t for t, _ in column)])
    r = review(transcript, alternate, scan)
    at = len(heading[0])  # the date's part of the joined line starts there
    named = order_named(r)
    assert any(s <= at + 2 < e for s, e in named), r.diagnoses
    assert all(s >= at - 1 for s, _e in named)  # the date's part, not the heading
    assert critical_on(r, at, len(joined))
    assert any(f.kind is FlagKind.CRITICAL and f.start == f.end == len(transcript) for f in r.flags)
