"""Which store the history is read from, and the statistics of a store's document."""

from __future__ import annotations

from backend.session.review_tables import current_tables
from backend.stats.figures import Statistics, compute
from backend.stats.measures import CriticalChars, critical_chars, modal_words
from backend.stats.pair_cache import PairCache
from backend.stats.sqlite_history import read_history
from backend.store.interface import PageStore


def statistics_of(
    store: PageStore, page_count: int, *, cache: PairCache | None = None
) -> Statistics:
    """The document's statistics, as the person asking may see them. ``cache``: where
    the measured pairs are kept (default: the data folder's; see ``pair_cache``)."""
    from backend.store.postgres.team_store import TeamStore

    rules = current_tables().rules
    critical = critical_chars(modal_words([(w.text, w.family) for w in rules.words]))
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
    scope = f"team:{store.url}:{store.doc}"
    with store._read() as c:  # its connection, as the store's other readers use it
        return compute(read_team(c, store.doc, page_count, scope), critical, cache)
