"""The walk both stores pass for the publish decisions log (issue 25)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from backend.store.interface import PageStore


def row(decision: str, **kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "kind": "person",
        "key": "林志明",
        "decision": decision,
        "scope": "all",
        "page": None,
        "text": "",
        "occurrence": 0,
        "author": "someone else",  # a client's claim: the store's own author wins
        "created_at": 1.0,
    }
    return base | kw


def walk(open_store: Callable[[], PageStore], author: str) -> None:
    """Decisions come back in the order made, stamped with the store's author and a
    time of now, and survive close and open."""
    store = open_store()
    assert store.publish_decisions() == []
    store.add_publish_decisions([row("accept")])
    store.add_publish_decisions(
        [row("skip", scope="place", page=3, text="林志明", occurrence=1), row("mark", key="X")]
    )
    store.add_publish_decisions([])  # nothing to add: no error
    again = open_store()
    rows = again.publish_decisions()
    assert [(r["decision"], r["scope"], r["page"], r["occurrence"]) for r in rows] == [
        ("accept", "all", None, 0),
        ("skip", "place", 3, 1),
        ("mark", "all", None, 0),
    ]
    assert {r["author"] for r in rows} == {author}
    assert all(r["created_at"] > 1_000_000_000 for r in rows)  # stamped now, not 1.0
