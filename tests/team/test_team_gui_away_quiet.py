"""The server going away is one event: the background reads a page load or an approval
starts (aids, review queue, claim check, the document's facts) fail while it is away
and open no dialog each; the status bar's "offline" says it, and no progress is left
saying it reads. A failure of another kind still shows its dialog. An action the user asks for by
name (a menu item) that fails while away says why in the status bar: nothing else
would answer it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from backend.store.postgres.errors import PermissionRefusedError, TeamUnreachableError
from tests.gui.conftest import open_dialogs, wait_for
from tests.team.gui_away_helpers import window_through_proxy
from tests.team.pg_cluster import Cluster
from tests.team.proxy_helpers import Proxy


def test_away_the_background_work_opens_no_dialog(  # type: ignore[no-untyped-def]
    pg: Cluster, proxy: Proxy, team_pdf: Path, tmp_path: Path, make_window, arun, monkeypatch
) -> None:
    w = window_through_proxy(pg, proxy, team_pdf, tmp_path, make_window, arun, monkeypatch)
    arun(w.runner.drain())
    w.facts.dock.show()  # its reads run too
    proxy.go_away()
    failures: list[BaseException] = []
    w.runner.failed.connect(failures.append)
    w.facts.build()  # a build asked for while away
    w.actions_by_name["approve_next"].trigger()  # journaled; the next page does not open
    arun(wait_for(lambda: bool(failures), what="the first failure"))
    arun(w.runner.drain())
    w.controller.go_to(1)  # (another page does not open while away)
    arun(w.runner.drain())
    assert failures, "nothing failed: the test no longer covers the outage"
    assert all(isinstance(f, TeamUnreachableError) for f in failures)
    assert open_dialogs() == []
    assert w.team.offline_label.isVisible()
    assert w.team.offline_label.text().startswith("offline")
    assert "Reading" not in w.statusBar().currentMessage()
    assert "Reading" not in w.facts.panel.summary.text()

    async def refused() -> None:  # not "away": shown as before
        raise PermissionRefusedError("The database refused this.")

    w.runner.run(refused())
    arun(wait_for(lambda: len(open_dialogs()) == 1, what="the refusal's dialog"))
    assert "The database refused this." in open_dialogs()[0].text()


def test_away_an_action_asked_for_still_says_why(  # type: ignore[no-untyped-def]
    pg: Cluster, proxy: Proxy, team_pdf: Path, tmp_path: Path, make_window, arun, monkeypatch
) -> None:
    w = window_through_proxy(pg, proxy, team_pdf, tmp_path, make_window, arun, monkeypatch)
    arun(w.runner.drain())
    proxy.go_away()
    failures: list[BaseException] = []
    w.runner.failed.connect(failures.append)
    w.facts.build()  # background: the store learns it is away, quietly
    arun(wait_for(lambda: bool(failures), what="the build failing"))
    arun(w.runner.drain())
    said = "The team server cannot be reached"
    assert w.team.offline_label.isVisible()
    assert open_dialogs() == []
    assert said not in w.statusBar().currentMessage()  # "offline" says it, once
    failures.clear()
    w.actions_by_name["team_progress"].trigger()  # asked for by name: answered
    arun(wait_for(lambda: bool(failures), what="Team progress failing"))
    arun(w.runner.drain())
    assert all(isinstance(f, TeamUnreachableError) for f in failures)
    arun(wait_for(lambda: said in w.statusBar().currentMessage(), what="Team progress's answer"))
    assert open_dialogs() == []  # a line, not a dialog: the window says it is offline already
