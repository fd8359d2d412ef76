"""A claim an administrator breaks, seen from the holder's store (a real PostgreSQL):
the holder's typing is kept in the history (both kept when someone saved meanwhile,
an alternate when someone claims the page now), and typing again does not silently
take the page back until the holder chooses to edit it again. A lapsed claim is no
break: typing again simply renews it."""

from __future__ import annotations

from collections.abc import Callable

from backend.models import VersionKind
from backend.store.postgres.team_store import TeamStore
from tests.team.pg_cluster import Cluster

Open = Callable[..., TeamStore]


def _holder(store: TeamStore, page: int) -> str | None:
    """Whoever holds the page's claim, expired or not (None: no claim row)."""
    value = store._one(
        "SELECT holder FROM proofdesk.claims WHERE document_id = %s AND page = %s",
        (store.doc, page),
    )
    return None if value is None else str(value)


def test_a_broken_claim_keeps_the_typing_and_is_not_taken_back(open_store: Open) -> None:
    rita, ada = open_store("rita"), open_store("ada")
    rita.add_version(4, VersionKind.OCR, "機器辨識", {"engine": "vllm"})
    rita.page_state(4)
    rita.save_draft(4, "機器辨識，麗塔校對")
    assert _holder(ada, 4) == "rita"
    assert ada.release(4, force=True) == "rita"
    change = rita.claim_lost(4, "ada")  # the live update told rita's window
    assert change is not None and change.versions
    assert "ada" in change.message and "5" in change.message
    kept = rita.versions(4)[-1]
    assert (kept.kind, kept.author, kept.text) == (VersionKind.EDIT, "rita", "機器辨識，麗塔校對")
    assert rita.page_state(4).text == "機器辨識，麗塔校對"  # nobody saved meanwhile
    assert rita.draft(4) is None and rita.broken == {4: "ada"}
    assert rita.claim_lost(4, "ada") is None  # told once
    # Typing again (a keystroke before the window went read-only) is kept, not re-claimed.
    again = rita.save_draft(4, "機器辨識，麗塔校對二")
    assert _holder(ada, 4) is None and "ada" in again.message
    assert rita.versions(4)[-1].text == "機器辨識，麗塔校對二"
    # Only a deliberate "edit again" claims it anew.
    rita.edit_again(4)
    assert rita.broken == {}
    rita.save_draft(4, "機器辨識，麗塔校對三")
    assert _holder(ada, 4) == "rita" and ada.claim_holder(4) is not None


def test_both_kept_when_the_administrator_saved_meanwhile(open_store: Open) -> None:
    rita, ada = open_store("rita"), open_store("ada")
    rita.add_version(6, VersionKind.OCR, "原文", {"engine": "vllm"})
    rita.page_state(6)
    rita.save_draft(6, "原文：麗塔")
    ada.release(6, force=True)
    ada.page_state(6)
    ada.save_draft(6, "原文：艾達")
    ada.commit_draft(6)
    change = rita.claim_lost(6, "ada")
    assert change is not None
    texts = [(v.author, v.text) for v in rita.versions(6)]
    assert ("rita", "原文：麗塔") in texts and ("ada", "原文：艾達") in texts
    # A keystroke typed after the break (before the editor showed ada's text) stays in
    # the history too, never over ada's text.
    rita.save_draft(6, "原文：麗塔又打")
    assert rita.versions(6)[-1].text == "原文：麗塔又打"
    assert rita.page_state(6).text == "原文：艾達"  # the newer stays the working text


def test_kept_as_an_alternate_when_someone_claims_it_now(open_store: Open) -> None:
    rita, ada = open_store("rita"), open_store("ada")
    rita.page_state(8)
    rita.save_draft(8, "麗塔的字")
    ada.release(8, force=True)
    ada.page_state(8)
    ada.save_draft(8, "艾達的字")  # ada claims it and is typing
    change = rita.claim_lost(8, "ada")
    assert change is not None and "ada" in change.message
    kept = rita.versions(8)[-1]
    assert (kept.kind, kept.author, kept.text) == (VersionKind.ALTERNATE, "rita", "麗塔的字")
    rita.edit_again(8)
    assert rita.claim_holder(8) is not None and rita.claim_holder(8)[0] == "ada"  # type: ignore[index]


def test_a_keystroke_before_the_window_was_told_does_not_reclaim(open_store: Open) -> None:
    rita, ada = open_store("rita"), open_store("ada")
    rita.page_state(9)
    rita.save_draft(9, "一")
    ada.release(9, force=True)
    change = rita.save_draft(9, "一二")  # the break not yet seen: no silent re-claim
    assert _holder(ada, 9) is None and change.message
    assert rita.versions(9)[-1].text == "一二" and rita.broken == {9: ""}
    named = rita.claim_lost(9, "ada")  # the live update arrives: now it can say who
    assert named is not None and "ada" in named.message and rita.broken == {9: "ada"}


def test_a_lapsed_claim_is_renewed_not_broken(open_store: Open) -> None:
    rita = open_store("rita", lease_s=0.0)  # every lease lapses at once
    ada = open_store("ada")
    rita.page_state(2)
    rita.save_draft(2, "甲")
    assert ada.claim_holder(2) is None  # lapsed (the row is still rita's)
    change = rita.save_draft(2, "甲乙")
    assert not change.message and rita.broken == {}
    assert rita.claim_lost(2, "ada") is None
    assert rita.draft(2) == "甲乙"


def test_a_journal_replayed_after_the_break_tells_and_does_not_reclaim(
    pg: Cluster, open_store: Open
) -> None:
    rita, ada = open_store("rita"), open_store("ada")
    rita.page_state(13)
    rita.save_draft(13, "線上")
    pg.stop()
    try:
        rita.save_draft(13, "線上，離線")  # into the journal
        assert rita.pending == 1
    finally:
        pg.start()
    assert ada.release(13, force=True) == "rita"  # broken while rita's typing waited
    messages = rita.flush()
    assert any("page 14" in m for m in messages)  # before: the replay told nobody
    assert rita.broken == {13: ""} and _holder(ada, 13) is None
    assert rita.versions(13)[-1].text == "線上，離線"


def test_a_lapsed_claim_taken_by_someone_is_not_said_to_be_broken_by_them(
    open_store: Open,
) -> None:
    rita = open_store("rita", lease_s=0.0)  # every lease lapses at once
    ron = open_store("ron")
    rita.page_state(3)
    rita.save_draft(3, "麗塔")
    ron.page_state(3)
    ron.save_draft(3, "阿榮")  # takes the lapsed claim: nobody broke it
    told = rita.claim_lost(3, "ron")
    assert told is not None and "broken by" not in told.message and "page 4" in told.message
    assert rita.versions(3)[-1].text == "麗塔"  # her typing is kept all the same
    ron.save_draft(3, "阿榮打字")  # his next keystroke: still nobody broke it
    assert rita.claim_lost(3, "ron") is None and rita.broken == {3: ""}


def test_a_journal_sent_by_the_next_window_does_not_reclaim_a_broken_page(
    pg: Cluster, open_store: Open
) -> None:
    rita, ada = open_store("rita"), open_store("ada")
    rita.page_state(15)
    rita.save_draft(15, "甲")
    pg.stop()
    try:
        rita.save_draft(15, "甲乙")  # into the journal; then the app is closed offline
    finally:
        pg.start()
    rita.abandon()
    assert ada.release(15, force=True) == "rita"
    again = open_store("rita")  # the next start sends the journal
    assert again.pending == 0 and _holder(ada, 15) is None  # before: silently re-claimed
    assert again.broken == {15: ""} and "甲乙" in [v.text for v in again.versions(15)]


def test_typing_after_my_own_save_offline_is_no_break(pg: Cluster, open_store: Open) -> None:
    rita, ada = open_store("rita"), open_store("ada")
    rita.page_state(17)
    rita.save_draft(17, "一")
    pg.stop()
    try:
        rita.commit_draft(17)  # her own save releases the claim (when it is sent)
        rita.save_draft(17, "一二")  # and typing on claims it anew
    finally:
        pg.start()
    assert not rita.flush() and rita.broken == {} and _holder(ada, 17) == "rita"
