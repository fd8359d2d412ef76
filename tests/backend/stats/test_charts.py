"""The statistics' charts (``backend.stats.charts``): drawn from the figures, in the
user's language, and the Chinese labels drawn in the Traditional Chinese face (no tofu)."""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from backend.i18n import set_language
from backend.settings.paths import data_dir
from backend.stats import statistics_of
from backend.stats.charts import charts, font_families, prepare
from backend.store.review_store import ReviewStore
from tests.backend.stats.known_history import PAGES, write_known_history


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ReviewStore]:
    s = ReviewStore(tmp_path / "r.sqlite3", author="ana")
    write_known_history(s)
    yield s
    s.close()


def _missing_glyphs(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


def test_the_charts_of_a_known_history_are_pngs_at_the_screen_s_scale(store: ReviewStore) -> None:
    stats = statistics_of(store, PAGES)
    drawn = charts(stats)
    assert [c.name for c in drawn] == [
        "cer_model", "cer_prompt", "time_per_page", "corrections", "progress",
    ]  # fmt: skip
    assert drawn[0].title == "CER by model"
    one = Image.open(io.BytesIO(drawn[0].png))
    two = Image.open(io.BytesIO(charts(stats, scale=2.0)[0].png))
    assert one.format == "PNG" and two.size == (2 * one.width, 2 * one.height)
    # The same figures draw the same bytes (no time stamp in the file).
    assert charts(stats)[0].png == drawn[0].png


def test_an_empty_history_has_no_charts(tmp_path: Path) -> None:
    s = ReviewStore(tmp_path / "empty.sqlite3", author="ana")
    try:
        assert charts(statistics_of(s, 2)) == []
    finally:
        s.close()


def test_zh_tw_charts_draw_their_chinese_labels_in_the_tc_face_not_tofu(
    store: ReviewStore,
) -> None:
    from matplotlib import font_manager

    set_language("zh_TW")
    stats = statistics_of(store, PAGES)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        drawn = charts(stats)
    assert _missing_glyphs(caught) == []  # matplotlib warns of every glyph it lacks
    titles = "".join(c.title for c in drawn)
    han = {ch for ch in titles if "\u4e00" <= ch <= "\u9fff"}
    assert len(han) >= 8, titles  # the titles are translated
    # The face the labels are set in is Noto Sans CJK TC (the collection's TC face, not
    # its first, Japanese one: get_font opens the face findfont names, as the renderer
    # does), and it has a glyph for each of their characters.
    assert font_families()[0] == "Noto Sans CJK TC"
    path = font_manager.findfont(
        font_manager.FontProperties(family=font_families()), fallback_to_default=False
    )
    face = font_manager.get_font(path)
    assert face.family_name == "Noto Sans CJK TC"
    assert all(face.get_char_index(ord(ch)) for ch in han)


def test_the_tofu_check_sees_tofu() -> None:
    """The warning the test above looks for is there when the face lacks the glyphs, and
    the label's pixels differ from the TC face's (the check can fail)."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    def draw(families: list[str]) -> tuple[bytes, list[str]]:
        with rc_context({"font.family": families}), warnings.catch_warnings(record=True) as c:
            warnings.simplefilter("always")
            fig = Figure(figsize=(1.2, 0.5), dpi=100)
            canvas = FigureCanvasAgg(fig)
            fig.text(0.05, 0.3, "得應不", fontsize=16)
            canvas.draw()
            return bytes(canvas.buffer_rgba()), _missing_glyphs(c)

    prepare()
    tofu, tofu_warnings = draw(["DejaVu Sans"])
    glyphs, glyph_warnings = draw(font_families())
    assert len(tofu_warnings) == 3 and glyph_warnings == []
    assert tofu != glyphs


def test_matplotlib_keeps_its_files_in_our_data_folder() -> None:
    os.environ.pop("MPLCONFIGDIR", None)
    prepare()
    assert Path(os.environ["MPLCONFIGDIR"]) == data_dir() / "cache" / "matplotlib"
