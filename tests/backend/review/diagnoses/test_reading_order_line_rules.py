"""Reading order's rules for a whole line moved (fewer than MOVED_CHARS characters,
``reading_order._against_boxes``): the page line the moved stretches lie on is read by
no other line of the transcript (``alone``), and they hold most of the line's letters
(``LINE_SHARE``). Each test fails with its rule removed or moved far (the review's
mutation runs found neither pinned)."""

from __future__ import annotations

import random

import pytest

from backend.models import AltText, ScanLines
from backend.review.page_aids import review_page
from tests.backend.review.diagnoses.layout_helpers import (
    corpus_lines,
    one_column,
    reading,
    scan_of,
)
from tests.backend.review.tables import SETTINGS


def named(transcript: str, alternate: AltText, scan: ScanLines | None) -> list[str]:
    review = review_page(0, transcript, alternate, scan_lines=scan, settings=SETTINGS)
    found = [d for d in review.diagnoses if d.kind.value == "reading_order"]
    return [transcript[d.start : d.end] for d in found]


def page(seed: int) -> list[str]:
    return [t for t in corpus_lines(seed) if not t.startswith("|")]


def under_a_seal(text: str) -> str:
    """A line a seal covers: every third character read as another."""
    return "".join("口" if k % 3 == 2 and c != "\u3000" else c for k, c in enumerate(text))


# Generated indictments (臺灣…地方檢察署檢察官起訴書).
INDICTMENTS = (3, 15, 27, 39)


@pytest.mark.parametrize("seed", INDICTMENTS)
@pytest.mark.parametrize("noise", [0.05, 0.15])
def test_a_phrase_the_page_says_twice_moves_no_line(seed: int, noise: float) -> None:
    # An indictment signed by its office (臺灣高雄地方檢察署檢察官　王大明) says its
    # title's words again at the end. The engine read the title under a seal, so the
    # transcript's title shares more pairs with the signature than with what the
    # engine read of it, and is placed on the signature's line: at the page's end, out
    # of order. The transcript's signature reads that line too: the title is no line
    # moved (without ``alone`` the title is named out of the page's order).
    lines = page(seed)
    assert lines[0].endswith("檢察官起訴書")
    lines.append(lines[0].removesuffix("起訴書") + "\u3000王大明")
    column = one_column(lines, random.Random(seed), noise)
    read = [(column.text[ln.start : ln.end], ln.box) for ln in column.lines]
    assert read[0][1] is not None
    read[0] = (under_a_seal(lines[0]), read[0][1])
    alternate = reading(read)
    for scan in (scan_of(alternate), None):
        assert named("\n".join(lines), alternate, scan) == [], scan is None


# Pages (seed, misread rate) of the generated corpus where a piece of a line the
# transcript lost, landed in a line near the top, is placed on the lost line, which no
# other line of the transcript reads (elsewhere ``alone`` or the alignment decides).
FRAGMENTS = [(1, 0.05), (1, 0.1), (1, 0.15), (9, 0.05), (10, 0.05), (10, 0.1), (11, 0.05)]


@pytest.mark.parametrize(("seed", "noise"), FRAGMENTS)
def test_a_lost_lines_piece_inside_another_line_moves_no_line(seed: int, noise: float) -> None:
    # Ten characters of a line near the end (lost) read inside the second long line:
    # out of the page's order and 8 letters or more, but a third of the line holding
    # them, which is in its place. The diff names the piece and the lost line; no line
    # moved (with LINE_SHARE at 0.3 or less the line holding it is named; at 0.5, the
    # last case).
    lines = page(seed)
    long = [i for i, t in enumerate(lines) if len(t) >= 20]
    lost, host = long[-2], long[1]
    at = len(lines[lost]) // 2 - 5
    piece = lines[lost][at : at + 10]
    middle = len(lines[host]) // 2
    transcript = list(lines)
    transcript[host] = lines[host][:middle] + piece + lines[host][middle:]
    del transcript[lost]
    alternate = one_column(lines, random.Random(seed), noise)
    assert named("\n".join(transcript), alternate, scan_of(alternate)) == []


# Neighbouring lines (seed, the first's index) of generated pages that the engine
# misread 15% of: the stretches of the moved line placed on the page hold 60-70% of
# its letters (named with LINE_SHARE at 0.6, not at 0.7).
SWAPS = [(0, 17), (3, 6), (3, 7), (3, 16), (4, 8), (5, 9), (8, 5), (8, 14), (9, 5)]


@pytest.mark.parametrize(("seed", "first"), SWAPS)
def test_two_neighbouring_lines_read_in_each_others_place_are_named(seed: int, first: int) -> None:
    # Fewer than MOVED_CHARS characters: the moved line is named as a whole line, its
    # stretches holding most of its letters but not all (the engine misread some
    # between them). With LINE_SHARE at 0.7 or more none of these is named.
    lines = page(seed)
    transcript = "\n".join([*lines[:first], lines[first + 1], lines[first], *lines[first + 2 :]])
    alternate = one_column(lines, random.Random(seed), 0.15)
    found = named(transcript, alternate, scan_of(alternate))
    assert any(lines[first] in t or lines[first + 1] in t for t in found), found
