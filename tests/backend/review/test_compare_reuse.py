"""The review diff reuses the alternate's normalisation between runs on one page."""

from __future__ import annotations

import os
from pathlib import Path

from backend.review import compare
from backend.review.compare import compare_texts
from backend.review.values import DiffCategory
from tests.backend.review.tables import OPTIONS, with_user_variants


def test_a_second_run_on_the_same_alternate_reuses_its_normalisation() -> None:
    compare._normalise_cached.cache_clear()
    alternate = "被告應給付原告新臺幣壹萬元。"
    first = compare_texts("被告應給付原告新臺幣壹萬元。", alternate, OPTIONS, folded=False)
    second = compare_texts(
        "被告得給付原告新臺幣壹萬元。", alternate, OPTIONS, folded=False
    )  # typed on
    info = compare._normalise_cached.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    assert first.hunks == ()
    assert [(h.text, h.alt_text) for h in second.hunks] == [("得", "應")]


def test_an_edited_variant_file_is_read_again_for_the_alternate(tmp_path: Path) -> None:
    extra = tmp_path / "mine.tsv"
    extra.write_text("甯\t寧\n", "utf-8")
    options = with_user_variants(extra)
    assert compare_texts("寧", "甯", options, folded=False).hunks == ()  # folded: the same
    extra.write_text("# the pair was wrong\n", "utf-8")
    stat = extra.stat()
    os.utime(extra, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # a later edit
    options = with_user_variants(extra)  # the session reads the tables again
    hunks = compare_texts("寧", "甯", options, folded=False).hunks
    assert [(h.text, h.alt_text, h.category) for h in hunks] == [
        ("寧", "甯", DiffCategory.SUBSTANTIVE)
    ]


def test_spans_given_as_lists_work_on_either_side() -> None:
    # Spans read back from JSON are lists: the alternate's are a cache key, the
    # transcript's are not, and both sides must take them alike.
    compare._normalise_cached.cache_clear()
    as_tuples = compare_texts("甲乙丙", "甲乙X丙", OPTIONS, alt_ignore_spans=[(2, 3)])
    as_lists = compare_texts("甲乙丙", "甲乙X丙", OPTIONS, alt_ignore_spans=[[2, 3]])  # type: ignore[list-item]
    assert as_lists.hunks == as_tuples.hunks
    assert [h.category for h in as_lists.hunks] == [DiffCategory.LAYOUT]  # X is dropped
