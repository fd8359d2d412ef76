"""Every character and every box survives export -> import in PAGE XML, ALTO and hOCR,
and every file validates: on every page of a generated corpus, and on pages hypothesis
makes of CJK, full-width punctuation, XML's special characters, controls, empty pages
and lines, and lines with and without boxes."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.corpus import generate
from tests.backend.export.archive_helpers import assert_round_trip, export_page

CORPUS_PAGES = 40


def test_every_page_of_a_generated_corpus(tmp_path: Path) -> None:
    for corpus_page in generate(seed=26, n_pages=CORPUS_PAGES):
        rows = corpus_page.text.split("\n")
        # The alternate has a box on every other line; the others are written without.
        step = 1 / (len(rows) + 1)
        boxes = {
            n: (0.08 + 0.01 * (n % 3), (n + 0.1) * step, 0.9, (n + 0.9) * step)
            for n in range(0, len(rows), 2)
        }
        page = export_page(corpus_page.text, boxes)
        assert len(page.boxes) >= len([n for n in boxes if rows[n].strip()])
        assert_round_trip(page, tmp_path)


CHARACTERS = st.sampled_from(
    list("判決原告被告新臺幣壹貳參〇○")
    + list("，。：；「」（）【】　！？％")
    + list("<>&\"'")
    + list("abc 123\t")
    + ["\x00", "\x0b", "\x1f", "\ufffe", "\u2028", "\U00020000", "\r"]
)
LINE = st.text(CHARACTERS, max_size=30)
BOX = st.tuples(st.floats(0, 0.45), st.floats(0, 0.45), st.floats(0.55, 1), st.floats(0.55, 1))


@st.composite
def pages(draw: st.DrawFn) -> tuple[str, dict[int, tuple[float, float, float, float]]]:
    rows = draw(st.lists(LINE, max_size=12))
    text = "\n".join(rows)
    boxed = draw(st.sets(st.integers(0, max(len(rows) - 1, 0)), max_size=len(rows)))
    return text, {n: draw(BOX) for n in boxed}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pages())
def test_any_page(made: tuple[str, dict[int, tuple[float, float, float, float]]]) -> None:
    text, boxes = made
    page = export_page(text, boxes)
    with tempfile.TemporaryDirectory() as folder:
        assert_round_trip(page, Path(folder))
