"""The measured pairs kept on this machine (``backend.stats.pair_cache``): read back
instead of measured again, never served for other texts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from backend.review.change_measures import critical_chars, modal_words
from backend.session.review_tables import current_tables
from backend.stats import PairCache, compute, statistics_of
from backend.stats.sqlite_history import read_history
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter

T0 = 1_767_225_600.0


def _reviewed(path: Path, misread: str, at: float) -> ReviewStore:
    store = ReviewStore(path, author="ana")
    with HistoryWriter(store) as w:
        w.reading(0, misread, at=at)
        w.edit(0, "一二三四五六七八九十", at=at + 10, author="ana")
        w.status(0, "approved", at=at + 20, author="ana")
    return store


def test_a_second_computation_reads_no_text(tmp_path: Path) -> None:
    cache = PairCache(tmp_path / "stats.sqlite3")
    store = _reviewed(tmp_path / "r.review", "一二三四五六七八九千", T0)
    try:
        first = statistics_of(store, 1, cache=cache)
        asked: list[Sequence[int]] = []

        def texts(ids: Sequence[int]) -> dict[int, str]:
            asked.append(ids)
            return {}

        history = read_history(store.connection, 1, f"sqlite:{store.path.resolve()}")
        rules = current_tables().rules
        critical = critical_chars(modal_words([(w.text, w.family) for w in rules.words]))
        again = compute(replace(history, texts=texts), critical, cache)
        assert asked == [] and again.pages == first.pages  # read back: the same figures
        compute(replace(history, texts=texts), critical_chars("得"), cache)
        assert asked == [[1, 2]]  # other critical characters (a rule table edited): measured
    finally:
        store.close()
        cache.close()
    assert first.sources["model"][0].mean_cer == 0.1


def test_a_store_made_anew_with_the_same_ids_is_measured_again(tmp_path: Path) -> None:
    cache = PairCache(tmp_path / "stats.sqlite3")
    path = tmp_path / "r.review"
    store = _reviewed(path, "一二三四五六七八九千", T0)
    try:
        assert statistics_of(store, 1, cache=cache).pages[0].chars_changed == 1
    finally:
        store.close()
    path.unlink()
    store = _reviewed(path, "一二三四五六七八", T0 + 1)  # ids 1, 2 again: other texts
    try:
        assert statistics_of(store, 1, cache=cache).pages[0].chars_changed == 2
    finally:
        store.close()
        cache.close()


def test_an_unusable_cache_is_no_cache(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    cache = PairCache(blocked / "stats.sqlite3")  # its folder cannot be made
    store = _reviewed(tmp_path / "r.review", "一二三四五六七八九千", T0)
    try:
        assert statistics_of(store, 1, cache=cache).pages[0].chars_changed == 1
        assert cache.get("anything") == {}
    finally:
        store.close()
        cache.close()
