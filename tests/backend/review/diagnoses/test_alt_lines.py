"""The alternate's lines as the detectors share them (``alt_lines``): letters and
digits picked out as before, and a page's lines read once, not once a detector."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backend.review.charclass import is_han
from backend.review.diagnoses import alt_lines as module
from backend.review.diagnoses import shared
from backend.review.diagnoses.alt_lines import alt_lines, text_only
from backend.review.page_aids import review_page
from tests.backend.review.diagnoses.layout_helpers import STATUTE, one_column, scan_of
from tests.backend.review.tables import SETTINGS, TABLES
from tests.properties import examples


def test_text_only_keeps_what_a_letter_by_letter_test_keeps_for_every_code_point() -> None:
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    assert text_only(every) == "".join(c for c in every if c.isalnum() or is_han(c))


def test_a_pages_alternate_is_read_into_lines_once_for_every_detector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Cut short, missing block, reading order and table cells all ask for the
    # alternate's lines: reading them (the letters of each) was done three times.
    alternate = one_column(STATUTE.split("\n"), random.Random(3))
    calls: list[str] = []

    def counted(text: str) -> str:
        calls.append(text)
        return text_only(text)

    monkeypatch.setattr(module, "text_only", counted)
    review_page(0, STATUTE, alternate, scan_lines=scan_of(alternate), settings=SETTINGS)
    read = [c for c in calls if c != STATUTE]  # (lost lines' pairs of the transcript: once)
    assert len(read) == len(alternate.lines)


def test_lines_read_once_are_each_alternates_own() -> None:
    # The lines are kept by the alternate's identity: an equal text with other lines,
    # or another page between, gets its own.
    rng = random.Random(5)
    first = one_column(STATUTE.split("\n"), rng)
    second = one_column(STATUTE.split("\n")[2:], rng)
    simplified = TABLES.simplified_only()
    want = [(ln.start, ln.end, ln.letters) for ln in alt_lines(first, simplified)]
    alt_lines(second, frozenset())
    assert [(ln.start, ln.end, ln.letters) for ln in alt_lines(first, simplified)] == want
    assert [ln.letters for ln in alt_lines(second, simplified)] == [
        text_only(second.text[x.start : x.end]) for x in second.lines
    ]


def _count_rows(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the box lists ``alt_lines.rows`` is asked to group, call by call."""
    rows = module.rows
    calls: list[int] = []

    def counted(boxes: list[tuple[int, module.Box]]) -> list[list[tuple[int, module.Box]]]:
        calls.append(len(boxes))
        return rows(boxes)

    monkeypatch.setattr(module, "rows", counted)
    return calls


def test_a_pages_reading_order_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Lost lines and reading order both put the alternate's lines in the page's order.
    alternate = one_column(STATUTE.split("\n"), random.Random(4))
    calls = _count_rows(monkeypatch)
    # No scan lines: what groups the scan's boxes into rows is not asked here.
    review_page(0, STATUTE, alternate, settings=SETTINGS)
    assert calls.count(len(alternate.lines)) == 1


def test_each_pages_boxes_are_grouped_into_rows_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Lost lines lay out the alternate's lines; reading order lays out the scan's,
    # down the columns and, when text moved, by rows too: one walk of each page's
    # boxes into rows and bands (``bands_of``) serves every layout of it.
    lines = STATUTE.split("\n")
    alternate = one_column(lines, random.Random(4), drop=2)  # the engine missed a line
    scan = scan_of(one_column(lines, random.Random(4)))  # the detector did not
    calls = _count_rows(monkeypatch)
    # Two articles read in each other's place: the order by rows is asked as well.
    swapped = [*lines[:9], *lines[11:13], *lines[9:11], *lines[13:]]
    review = review_page(0, "\n".join(swapped), alternate, scan_lines=scan, settings=SETTINGS)
    assert [d.kind.value for d in review.diagnoses] == ["reading_order"]
    assert sorted(calls) == [len(alternate.lines), len(scan.boxes)]


def test_a_pages_lines_are_made_once_when_it_holds_no_simplified_letter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Reading order asks for the alternate's lines with no Simplified set, lost lines
    # with the tables': on a page holding none of its letters no line is garbled, so
    # both get the same lines, made once (they were made once a set).
    alternate = one_column(STATUTE.split("\n"), random.Random(6))
    assert TABLES.simplified_only().isdisjoint(alternate.text)
    line = module.Line
    made: list[int] = []

    def counted(*fields: Any) -> module.Line:
        made.append(fields[0])
        return line(*fields)

    monkeypatch.setattr(module, "Line", counted)
    review_page(0, STATUTE, alternate, settings=SETTINGS)
    assert sorted(made) == list(range(len(alternate.lines)))


def test_a_page_holding_simplified_letters_has_its_garbled_lines_as_noise() -> None:
    # The lines shared between sets (above) are only those of pages the set says
    # nothing of: a line of Simplified-only letters is noise with the set, not without.
    lines = STATUTE.split("\n")
    garble = "".join(sorted(TABLES.simplified_only())[:12])
    alternate = one_column([*lines[:3], garble, *lines[3:]], random.Random(7), share=0.0)
    plain = [ln.noise for ln in alt_lines(alternate, frozenset())]
    with_set = [ln.noise for ln in alt_lines(alternate, TABLES.simplified_only())]
    assert with_set[3] and not plain[3]
    assert plain[:3] + plain[4:] == with_set[:3] + with_set[4:]


def test_a_character_set_is_compiled_once_for_every_page(monkeypatch: pytest.MonkeyPatch) -> None:
    # Script drift and the alternate's lines ask whether a text holds a Simplified-only
    # letter on every page: the set's character class is compiled once, not once a page.
    build = shared._character_class
    compiled: list[frozenset[str]] = []

    def counted(chars: frozenset[str]) -> re.Pattern[str]:
        compiled.append(chars)
        return build(chars)

    monkeypatch.setattr(shared, "_character_class", counted)
    monkeypatch.setattr(shared, "_CLASSES", [])
    for seed in range(3):
        alternate = one_column(STATUTE.split("\n"), random.Random(seed))
        review_page(0, STATUTE, alternate, settings=SETTINGS)
    assert compiled == [TABLES.simplified_only()]


_CHARS = st.characters(codec="utf-8")


@examples(300)
@given(
    st.frozensets(_CHARS, max_size=12), st.text(_CHARS, max_size=30), st.text("-]^\\[", max_size=4)
)
def test_a_text_holds_one_of_a_set_as_a_look_at_each_letter_says(
    chars: frozenset[str], text: str, specials: str
) -> None:
    # The compiled class is the set: characters a class treats as syntax included.
    chars = chars | frozenset(specials)
    assert shared.holds_any(text, chars) == (not chars.isdisjoint(text))
    assert shared.holds_any(text + "".join(chars), chars) == bool(chars)


def test_the_bands_kept_for_a_source_are_its_boxes_own() -> None:
    # Kept by the source's identity, and only for the same boxes: a caller asking for
    # some of them gets those boxes' bands, not the whole page's (helper R's review).
    from backend.review.diagnoses.alt_lines import bands_of

    source = object()
    boxes = [(0.1, 0.1 + 0.05 * r, 0.9, 0.14 + 0.05 * r) for r in range(6)]
    whole = bands_of(source, boxes)
    some = bands_of(source, boxes[:2])
    assert sum(len(row) for band in whole for row in band) == 6
    assert sum(len(row) for band in some for row in band) == 2
    assert bands_of(source, boxes) is whole  # still kept
