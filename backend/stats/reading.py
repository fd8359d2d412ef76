"""Which store the history is read from, and the statistics of a store's document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from backend.review.change_measures import CriticalChars
from backend.session.approval_measures import critical_chars_now
from backend.stats.figures import Statistics, compute
from backend.stats.pair_cache import PairCache
from backend.stats.sqlite_history import read_history
from backend.store.interface import PageStore

if TYPE_CHECKING:
    from backend.store.postgres.team_store import TeamStore


def statistics_of(
    store: PageStore, page_count: int, *, cache: PairCache | None = None
) -> Statistics:
    """The document's statistics, as the person asking may see them. ``cache``: where
    the measured pairs are kept (default: the data folder's; see ``pair_cache``)."""
    from backend.store.postgres.team_store import TeamStore

    critical = critical_chars_now()
    own = cache is None
    cache = PairCache() if cache is None else cache
    try:
        if isinstance(store, TeamStore):
            return _team(store, page_count, critical, cache)
        local = store.local()
        scope = f"sqlite:{local.path.resolve()}"
        return compute(read_history(local.connection, page_count, scope), critical, cache)
    finally:
        if own:
            cache.close()


def _team(store: object, page_count: int, critical: CriticalChars, cache: PairCache) -> Statistics:
    from backend.stats.team_history import read_history as read_team
    from backend.store.postgres.team_store import TeamStore

    assert isinstance(store, TeamStore)
    with store._read() as c:  # its connection, as the store's other readers use it
        return compute(read_team(c, store.doc, page_count, team_scope(store)), critical, cache)


def team_scope(store: TeamStore) -> str:
    """The team store's document, as this machine's cache of measured pairs names it."""
    return f"team:{store.url}:{store.doc}"
