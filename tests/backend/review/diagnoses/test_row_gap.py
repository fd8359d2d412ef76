"""Without an alternate, the scan's rows alone say what the transcript lacks and where:
its lines follow the rows (a line may be two rows where the page wrapped it, two
lines one row where they sit side by side) but for one run of rows: after its last
line, the page was cut short; before a line it has, a block is missing."""

from __future__ import annotations

from hypothesis import assume, example, given
from hypothesis import strategies as st

from backend.review.diagnoses.alt_lines import text_only
from backend.review.diagnoses.row_gap import row_gap
from backend.review.values import DiagnosisKind
from tests.backend.review.diagnoses.layout_helpers import corpus_lines, found
from tests.backend.review.diagnoses.wrapped_scan_helpers import wrapped_scan
from tests.properties import examples

CUT = DiagnosisKind.CUT_SHORT
MISSING = DiagnosisKind.MISSING_BLOCK
SENTENCE_ENDS = "。！？：；"


def row_letters(line: str, width: int) -> list[int]:
    """The letters of each row ``wrapped_scan`` makes of ``line``."""
    if line.startswith("|") or not any(c.isalnum() for c in line):
        return [n] if (n := len(text_only(line))) else []
    ink = line.lstrip("\u3000 ")
    return [len(text_only(ink[k : k + width])) for k in range(0, len(ink), width)]


@examples(10)
@given(
    seed=st.integers(0, 10_000),
    count=st.integers(3, 5),
    share=st.floats(0.85, 1.0),
    where=st.floats(0.0, 0.999),
)
@example(seed=3076, count=3, share=0.9375, where=0.0)  # explore: a wrapped kept line
# The first line kept after the cut (壹日。) is as short as the last row of the line
# before it (…新臺幣6,500元達 / 成調解…: its wrap) and the lost lines' wraps: it tells
# nothing of where the gap is, and the date alone after it is weak evidence (ONE_LINE).
@example(seed=266, count=4, share=0.875, where=0.0)
# Half the page's lines wrap (the scan is 40 wide, they are 44-46): the two kept after
# the cut (41 and 39 letters) are each a full row and a short one. At a wrap's fixed
# cost they were placed on two of the lost rows (31 and 36: a quarter short) and the
# gap after them, two lines late; a wrap's cost is the page's now (row_gap.WRAPPED).
@example(seed=53, count=3, share=0.8515625, where=0.0)
def test_a_block_dropped_near_the_page_s_end_is_missing_there(
    seed: int, count: int, share: float, where: float
) -> None:
    # The transcript keeps the page's last two lines (at least) and lacks lines of
    # text above them; the scan wraps its longest lines (a few: where all wrap, rows
    # are all alike and say nothing of where). The last lines fit the scan's last
    # rows, so the page was not cut short: a block is missing before them.
    lines = corpus_lines(seed)
    letters = [len(text_only(t)) for t in lines]
    width = max(20, int(max(len(t) for t in lines) * share))

    def tells(at: int) -> bool:
        lost = letters[at : at + count]
        # The scan's rows the gap is among: the lost lines' and the last of the line
        # before them (its wrap, if it wraps).
        rows = [r for t in lines[at : at + count] for r in row_letters(t, width)]
        rows += row_letters(lines[at - 1], width)[1:][-1:]
        # Lines of text, no row there as long as the two lines after them (a table's
        # rows are all alike: any of them fits the rows that follow; a short line
        # fits a wrapped line's last row as well as its own).
        return min(lost) >= 10 and all(
            abs(k - c) > 3 for k in letters[at + count : at + count + 2] for c in lost + rows
        )

    starts = [at for at in range(len(lines) // 2, len(lines) - count - 1) if tells(at)]
    assume(starts)
    at = starts[int(where * len(starts))]
    transcript = "\n".join(lines[:at] + lines[at + count :])
    scan = wrapped_scan(lines, width)
    (block,) = found(transcript, None, MISSING, scan)
    # Where: before the lines it kept, give or take a line (a kept line the scan wraps
    # has a first row as long as a lost line). Not where above: among full lines as
    # long as the lost ones, lengths cannot say which were lost. In the transcript's
    # own offsets: no later than the start of the second line after the cut.
    kept = lines[:at] + lines[at + count :]
    assert block.start <= len("\n".join(kept[: at + 1])) + 1
    assert found(transcript, None, CUT, scan) == []


@examples(10)
@given(seed=st.integers(0, 10_000), where=st.floats(0.0, 0.999))
def test_a_page_cut_at_a_sentence_s_end_where_the_scan_wraps_lines_is_cut_short(
    seed: int, where: float
) -> None:
    # A VLM's answer that stopped ("finish: stop") ends where a sentence does; the
    # scan is narrower than the transcript's longest lines, so a few wrap onto two
    # rows. Nothing says a block is missing: the rows after its end are.
    lines = corpus_lines(seed)
    last = len(text_only(lines[-1]))
    ends = [
        n
        # Ten lines at least: enough for its lines to follow the scan's rows; its
        # last line's length tells it from the page's last line (else a block lost
        # before that line fits as well: see the test above).
        for n in range(10, len(lines) - 3)
        if lines[n - 1][-1:] in SENTENCE_ENDS and abs(len(text_only(lines[n - 1])) - last) > 3
    ]
    assume(ends)
    n = ends[int(where * len(ends))]
    lengths = sorted(len(t) for t in lines)
    width = lengths[len(lengths) * 9 // 10 - 1]  # a tenth of the lines wrap
    assume(width >= 20)
    transcript = "\n".join(lines[:n])
    scan = wrapped_scan(lines, width)
    (cut,) = found(transcript, None, CUT, scan)
    assert cut.start == len(transcript)
    assert found(transcript, None, MISSING, scan) == []


@examples(10)
@given(seed=st.integers(0, 10_000), width_share=st.floats(0.85, 1.0))
def test_a_whole_page_on_a_scan_that_wraps_lines_lacks_nothing(
    seed: int, width_share: float
) -> None:
    lines = corpus_lines(seed)
    width = max(20, int(max(len(t) for t in lines) * width_share))
    transcript = "\n".join(lines)
    scan = wrapped_scan(lines, width)
    assert found(transcript, None, CUT, scan) == []
    assert found(transcript, None, MISSING, scan) == []


def test_a_scan_row_of_no_width_says_nothing_of_the_scale() -> None:
    # A detector's box with no height counts 0 characters; matched one to one with a
    # one-letter line it divided by zero (ZeroDivisionError from the review).
    assert row_gap([1, 20, 20, 20], [0.0, 20.0, 20.0, 20.0]) is not None
    assert row_gap([1, 20, 20, 20], [0.0, 0.0, 0.0, 0.0]) is None
