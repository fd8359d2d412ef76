"""A journal's replay cut by the network right after a journaled commit reached the
server (real PostgreSQL through the proxy): shared by the tests of what the next
replay does."""

from __future__ import annotations

from typing import Any

import pytest

from backend.models import Change
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.team_store import TeamStore
from tests.team.proxy_helpers import Proxy


def replay_cut_after_a_commit(
    proxy: Proxy, store: TeamStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replay ``store``'s journal, the network going away as soon as a commit's
    transaction is on the server (the real commit runs; only the moment of the outage
    is chosen): the write after it fails, the replay raises and the journal stays."""
    real = store._commit_draft

    def commit_then_cut(page: int, line: dict[str, Any] | None = None) -> Change:
        try:
            return real(page, line)
        finally:
            proxy.go_away()

    monkeypatch.setattr(store, "_commit_draft", commit_then_cut)
    with pytest.raises(TeamUnreachableError):
        store.flush()
    monkeypatch.undo()
