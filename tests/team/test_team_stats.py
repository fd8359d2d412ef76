"""Review statistics on the team store (issue 26 point 1): the same figures as on the
embedded store, an administrator sees everyone's work and a reviewer their own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from backend.stats import statistics_of
from backend.store.postgres import transfer
from backend.store.postgres.team_store import TeamStore
from backend.store.review_store import ReviewStore
from tests.backend.stats.history_helpers import HistoryWriter

T0 = 1_767_225_600.0  # 2026-01-01 00:00 UTC


def _history(path: Path) -> ReviewStore:
    """Rita approves page 1 in 100 s, Ron page 2 in 40 s; model A misread one of 13."""
    local = ReviewStore(path, author="ada")
    with HistoryWriter(local) as w:
        w.reading(0, "本院認為被告之行為事實朋確", at=T0, model="A", tokens=(900, 40), seconds=2.5)
        w.reading(1, "第二頁", at=T0, model="A")
        w.status(0, "in_progress", at=T0 + 10, author="rita")
        w.edit(0, "本院認為被告之行為事實明確", at=T0 + 70, author="rita")
        w.status(0, "approved", at=T0 + 110, author="rita")
        w.status(1, "in_progress", at=T0 + 20, author="ron")
        w.status(1, "approved", at=T0 + 60, author="ron")
    return local


def test_the_administrator_sees_everyone_a_reviewer_their_own(
    open_store: Callable[..., TeamStore], tmp_path: Path
) -> None:
    local = _history(tmp_path / "local.review")
    try:
        transfer.push(local, open_store("ada"))
        local_stats = statistics_of(local, 50)
    finally:
        local.close()
    admin = statistics_of(open_store("ada"), 50)
    assert admin.viewer is None
    assert {p.person: p.seconds for p in admin.people} == {"rita": 100.0, "ron": 40.0}
    assert admin.sources == local_stats.sources  # the same figures as the embedded store's
    (model_a,) = admin.sources["model"]  # the provenance's fields read on the server too
    assert (model_a.tokens_per_page, model_a.seconds_per_page) == (940.0, 2.5)
    assert admin.people == local_stats.people
    assert admin.document == local_stats.document
    rita = statistics_of(open_store("rita"), 50)
    assert rita.viewer == "rita"
    assert [p.person for p in rita.people] == ["rita"]
    assert [p.seconds for p in rita.pages] == [{"rita": 100.0}, {}]  # nobody else's time
    assert rita.sources == admin.sources  # the document's readings are every member's
    assert rita.document.approved == 2
