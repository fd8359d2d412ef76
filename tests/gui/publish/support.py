"""A window on a document whose pages name two parties, an ID number and a phone, with
the Publish dock shown and its findings read (shared by the Publish tests)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gui.publish.feature import PublishFeature
from gui.shell.main_window import MainWindow
from tests.gui.conftest import wait_for
from tests.gui.window_support import opened

PAGE_1 = (
    "臺灣臺北地方法院民事判決\n原告　陳大文\n身分證統一編號：A123456789\n被告　林志明\n"
    "上列當事人間請求損害賠償事件，陳大文主張林志明應給付。"
)
PAGE_2 = "陳大文另稱：電話0912-345-678。\n法官　王小明"
FINDINGS = 7  # 陳大文 ×3, 林志明 ×2, the ID number, the phone


def feature(w: MainWindow) -> PublishFeature:
    found = w.findChild(PublishFeature)
    assert isinstance(found, PublishFeature)
    return found


def publishing(make_window: Any, arun: Any, pdf: Path) -> tuple[MainWindow, PublishFeature]:
    w = opened(make_window, arun, pdf, {0: PAGE_1, 1: PAGE_2})
    publish = feature(w)
    w.actions_by_name["publish_dock"].trigger()
    assert publish.dock.dock.isVisible()
    arun(wait_for(lambda: publish.dock.model.rowCount() == FINDINGS, what="the findings"))
    arun(w.runner.drain())
    return w, publish


def decisions(w: MainWindow, arun: Any) -> list[dict[str, Any]]:
    ws = w.controller.workspace
    assert ws is not None
    return arun(ws.run_in_store(ws.session.store.publish_decisions))  # type: ignore[no-any-return]
