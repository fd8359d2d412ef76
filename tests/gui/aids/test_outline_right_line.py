"""The page image outlines the cursor's line or nothing, never another line (issue 28,
defect 5: on the sample's page 5 the cursor on 「為就原告請求【blurry】」 outlined
「股別：丙股」 two lines above).

Pages are generated (``tests.pdf_factory.lines_pdf``: each line's true box from the
PDF's own text layer); the alternate reading has those boxes, as an engine finds them,
but reads some lines blurred, partly or not at all; the review is the real one
(``review_page``); the link is the real ``ImageLink`` on a real editor and page view.
"""

from __future__ import annotations

import tempfile
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from backend.models import AltLine, AltText
from backend.review.page_aids import review_page
from gui.aids.image_link import ImageLink, code_points_to_utf16
from gui.widgets.page_view import PageView
from gui.widgets.transcript_editor import TranscriptEditor
from tests.backend.review.tables import SETTINGS
from tests.pdf_factory import Box, lines_pdf
from tests.properties import examples

MARKER = "【blurry】"
# The sample's page 5 as the VLM read it: lines 4 and 5 blurred on the scan.
TRUTH_5 = [
    "答辯狀",
    "案號：一一四年度訴字第二五六號",
    "股別：丙股",
    "答辯人即被告　王○○",
    "為就原告請求返還借款事件，依法提出答辯事：",
    "一、原告主張被告於民國一一二年八月三日借款新臺幣參拾萬元，",
    "惟被告實際收受者僅新臺幣貳拾萬元，其餘部分並未交付。",
]
VLM_5 = [*TRUTH_5[:3], "答辯人即被告" + MARKER, "為就原告請求" + MARKER, *TRUTH_5[5:]]
# Characters of legal text to draw generated lines from.
ALPHABET = (
    "原告被告請求返還借款事件依法提出答辯狀民事庭判決主文理由上訴駁回"
    "應得給付新臺幣元年月日第條款項之其於並未交付送鑑定綜顯無"
)


class Link:
    """A real editor, page view and link, as the window wires them."""

    def __init__(self) -> None:
        self.editor = TranscriptEditor()
        self.view = PageView()
        self.link = ImageLink(self.editor, self.view)

    def outline_at(self, offset: int) -> Box | None:
        editor = self.editor.editor
        cursor = editor.textCursor()
        cursor.setPosition(code_points_to_utf16(editor.toPlainText(), offset))
        editor.setTextCursor(cursor)
        line = self.link.line
        assert (line is None) == (self.view.highlight_rect() is None)  # what is drawn
        return None if line is None else line.box


def alternate(lines: list[str | None], boxes: list[Box]) -> AltText:
    """The engine's reading: its lines (None: not read at all) with their true boxes."""
    parts: list[AltLine] = []
    start = 0
    for text, box in zip(lines, boxes, strict=True):
        if not text:
            continue
        parts.append(AltLine(text, start, start + len(text), box))
        start += len(text) + 1
    return AltText("\n".join(p.text for p in parts), "rapidocr", tuple(parts))


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_page(link: Link, transcript: list[str], alt: AltText, boxes: list[Box]) -> int:
    """Every outline over every cursor position overlaps its line's true box; returns
    how many positions were outlined."""
    text = "\n".join(transcript)
    link.editor.set_text(text)
    link.link.set_review(review_page(0, text, alt, settings=SETTINGS))
    drawn, start = 0, 0
    for row, line in enumerate(transcript):
        for offset in range(start, start + len(line) + 1):
            box = link.outline_at(offset)
            if box is not None:
                drawn += 1
                assert overlaps(box, boxes[row]), (row, offset, line, box, boxes[row])
        start += len(line) + 1
    return drawn


def test_the_blurred_line_on_the_samples_page_5_outlines_nothing_else(
    qtbot: Any, tmp_path: Path
) -> None:
    boxes = lines_pdf(tmp_path / "page5.pdf", TRUTH_5)
    link = Link()
    # RapidOCR read the sharp lines and could not read the two blurred ones.
    read = [t if i not in (3, 4) else None for i, t in enumerate(TRUTH_5)]
    text = "\n".join(VLM_5)
    link.editor.set_text(text)
    link.link.set_review(review_page(0, text, alternate(read, boxes), settings=SETTINGS))
    assert link.outline_at(text.index("為就原告請求") + 2) is None  # was 股別：丙股's box
    assert link.outline_at(text.index("答辯人即被告") + 2) is None
    assert link.outline_at(text.index("丙股")) == boxes[2]  # a line read by both: outlined
    assert check_page(link, VLM_5, alternate(read, boxes), boxes) > 0
    # Partly read by the engine too: the line is tied by what both read, and outlined.
    read[4] = "為就原告請求返還"
    link.link.set_review(review_page(0, text, alternate(read, boxes), settings=SETTINGS))
    assert link.outline_at(text.index("為就原告請求") + 2) == boxes[4]


FATES = ("same", "blurred", "missing", "prefix", "suffix", "misread", "garbled")


@st.composite
def pages(draw: st.DrawFn) -> tuple[list[str], list[str], list[str | None]]:
    """(true lines, the transcript's lines, the engine's lines) of one generated page."""
    count = draw(st.integers(2, 9))
    truth = [draw(st.text(ALPHABET, min_size=4, max_size=16)) for _ in range(count)]
    transcript, read = [], []
    for line in truth:
        fate = draw(st.sampled_from(FATES))
        cut = draw(st.integers(1, len(line) - 1))
        transcript.append(line[:cut] + MARKER if fate == "blurred" else line)
        read.append(
            {
                "same": line,
                "blurred": line[: draw(st.integers(0, len(line)))] or None,
                "missing": None,
                "prefix": line[:cut],
                "suffix": line[cut:],
                "misread": "".join(
                    draw(st.sampled_from(ALPHABET)) if i % 3 == 1 else ch
                    for i, ch in enumerate(line)
                ),
                "garbled": draw(st.text(ALPHABET, min_size=1, max_size=len(line))),
            }[fate]
        )
    return truth, transcript, _unlike_other_lines(truth, read)


def _shared(a: str, b: str) -> int:
    return sum(m.size for m in SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks())


def _unlike_other_lines(truth: list[str], read: list[str | None]) -> list[str | None]:
    """An engine's line that shares as much with another true line as with its own is
    evidence for that other line too (「上上上」 read from 「上上並並並」, under
    「上上上上」): outlining that line is then no error, and no linker could know
    better. Such a reading is not generated; the line is left unread instead. (Lines
    read alike on purpose are the explicit examples below.)"""
    kept: list[str | None] = []
    for row, line in enumerate(read):
        if line is not None:
            own = _shared(line, truth[row])
            if any(_shared(line, other) >= own for n, other in enumerate(truth) if n != row):
                line = None
        kept.append(line)
    return kept


@examples(60)
@given(pages())
@example((TRUTH_5, VLM_5, [t if i not in (3, 4) else None for i, t in enumerate(TRUTH_5)]))
# Two boxes read alike: the alignment may pair the cursor's line with either (review).
@example((["上上上上", "上上上上"], ["上【blurry】", "上上上上"], ["上上上上", "上上上上"]))
@example(
    (
        ["新臺幣壹萬元整", "新臺幣壹萬元整", "被告應負擔訴訟費用"],
        ["新臺【blurry】", "新臺幣壹萬元整", "被告應負擔訴訟費用"],
        ["新臺幣壹萬元整", "新臺幣壹萬元整", "被告應負擔訴訟費用"],
    )
)
def test_every_outline_overlaps_the_cursors_true_line(
    qapp: Any, page: tuple[list[str], list[str], list[str | None]]
) -> None:
    truth, transcript, read = page
    with tempfile.TemporaryDirectory() as folder:
        boxes = lines_pdf(Path(folder) / "page.pdf", truth)
    check_page(Link(), transcript, alternate(read, boxes), boxes)
