"""A replay cut right after a journaled commit that the server kept as a conflict (a
colleague saved while the reviewer was offline): the cut replay raised before telling
it, so the next replay, which does not send the commit again, must (reviewer R's
reproducer)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from backend.models import VersionKind
from backend.store.postgres.errors import TeamUnreachableError
from backend.store.postgres.team_store import TeamStore
from tests.team.journal_cut_helpers import replay_cut_after_a_commit
from tests.team.proxy_helpers import Proxy

READ = "被告應給付原告新臺幣三萬元整。"
MINE = READ.replace("三", "五")
THEIRS = READ + "（sam）"


@pytest.mark.parametrize("next_open", [False, True])
def test_a_conflict_kept_before_the_cut_is_told_by_the_next_replay(
    proxy: Proxy,
    via_proxy: Callable[[str], TeamStore],
    open_store: Callable[..., TeamStore],
    monkeypatch: pytest.MonkeyPatch,
    next_open: bool,
) -> None:
    open_store("rita").add_version(0, VersionKind.OCR, READ, {"engine": "vllm"})
    ron = via_proxy("ron")
    assert ron.page_state(0).text == READ
    proxy.go_away()
    with pytest.raises(TeamUnreachableError):
        ron.page_state(3)
    ron.save_draft(0, MINE)
    ron.commit_draft(0)
    ron.set_note(5, "see page 1")  # a later write: the cut fails it
    sam = open_store("sam")  # sam saves meanwhile (straight to the server)
    sam.page_state(0)
    sam.save_draft(0, THEIRS)
    sam.commit_draft(0)
    proxy.come_back()
    assert ron.probe()
    replay_cut_after_a_commit(proxy, ron, monkeypatch)
    assert ron.notices == []  # the cut replay told nothing
    proxy.come_back()
    if next_open:  # the app closed (or was killed) before its next poll
        ron.abandon()
        ron = via_proxy("ron")  # its opening replays the journal
        told = ron.notices
    else:
        assert ron.probe()
        told = ron.flush()  # the window's next poll
    assert ron.pending == 0
    assert len([m for m in told if "Both versions are kept" in m]) == 1, told
    assert [v.text for v in sam.versions(0)] == [READ, THEIRS, MINE]  # his commit once
    assert sam.page_state(0).text == THEIRS  # sam's text stays current
