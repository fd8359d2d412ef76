"""Which store the history is read from, and the statistics of a store's document."""

from __future__ import annotations

from backend.session.review_tables import current_tables
from backend.stats.figures import Statistics, compute
from backend.stats.history import History
from backend.stats.measures import critical_chars, modal_words
from backend.store.interface import PageStore


def history_of(store: PageStore, page_count: int) -> History:
    """The document's review history, as the person asking may see it."""
    from backend.store.postgres.team_store import TeamStore

    if isinstance(store, TeamStore):
        from backend.stats.team_history import read_history as read_team

        with store._read() as c:  # its connection, as the store's other readers use it
            return read_team(c, store.doc, page_count)
    from backend.stats.sqlite_history import read_history

    return read_history(store.local().connection, page_count)


def statistics_of(store: PageStore, page_count: int) -> Statistics:
    rules = current_tables().rules
    critical = critical_chars(modal_words([(w.text, w.family) for w in rules.words]))
    return compute(history_of(store, page_count), critical)
