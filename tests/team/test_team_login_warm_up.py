"""Logging in runs a page open's and an autosave's queries once (a new server process
plans on first use), and leaves nothing behind: no claim, draft or status, and no
notification to anyone (a real PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable

from backend.models import VersionKind
from backend.store.postgres.live import LiveUpdates
from backend.store.postgres.team_store import TeamStore

Open = Callable[..., TeamStore]


def _count(store: TeamStore, table: str) -> int:
    return int(
        store._one(
            f"SELECT count(*) FROM proofdesk.{table} WHERE document_id = %s AND page = 0",
            (store.doc,),
        )
    )


def test_a_login_leaves_no_claim_draft_status_or_notification(open_store: Open) -> None:
    ada = open_store("ada")
    ada.add_version(0, VersionKind.OCR, "第一頁", {"engine": "vllm"})
    live = LiveUpdates(ada)
    try:
        before = {t: _count(ada, t) for t in ("claims", "drafts", "status_events")}
        rita = open_store("rita")  # her login warms up on page 0
        assert rita.claim_holder(0) is None and ada.claim_holder(0) is None
        assert {t: _count(ada, t) for t in before} == before
        assert live.poll(0.5) == []  # nothing was committed, so nobody was told
        # The warm-up's rolled-back autosave must not block a real one either.
        rita.page_state(0)
        rita.save_draft(0, "第一頁，校")
        assert ada.claim_holder(0) is not None
        assert _count(ada, "drafts") == before["drafts"] + 1
    finally:
        live.close()


def test_a_login_while_someone_holds_page_one_still_works(open_store: Open) -> None:
    ada = open_store("ada")
    ada.add_version(0, VersionKind.OCR, "第一頁", {"engine": "vllm"})
    ada.page_state(0)
    ada.save_draft(0, "第一頁：艾達")  # ada holds page 0
    rita = open_store("rita")  # her warm-up's autosave is refused, and that is fine
    holder = rita.claim_holder(0)
    assert holder is not None and holder[0] == "ada"
    assert rita.page_state(0).text == "第一頁"  # her view: the working version
