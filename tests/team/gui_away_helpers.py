"""The window the team-server-away GUI tests share: rita's, reaching the server through
the test's proxy (``tests/team/conftest.proxy``), on a document given to her and ron, its
first page shown. Imported after ``pytest.importorskip("PySide6")``: it needs Qt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gui.team import feature
from tests.gui.conftest import wait_for
from tests.team.conftest import PASSWORD
from tests.team.gui_helpers import shared_document
from tests.team.pg_cluster import Cluster
from tests.team.proxy_helpers import Proxy


def window_through_proxy(  # type: ignore[no-untyped-def]
    pg: Cluster,
    proxy: Proxy,
    team_pdf: Path,
    tmp_path: Path,
    make_window,
    arun,
    monkeypatch: pytest.MonkeyPatch,
) -> Any:
    """The window, its first page shown; no background try of the server (the tests
    take it away and ask for the try themselves)."""
    shared_document(pg, team_pdf, tmp_path, given=("rita", "ron")).close()
    monkeypatch.setattr(feature, "PROBE_TICKS", 10**9)
    w = make_window("--store", proxy.url("rita", PASSWORD.format("rita")))
    assert arun(w.opener.open(team_pdf))
    arun(wait_for(lambda: w.controller.current == 0, what="first page"))
    return w
