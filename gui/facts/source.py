"""What the Facts dock asks of the open document, each call awaited off the GUI thread.

``facts_calls`` makes one of these for an open document, over its session's
``DocumentFacts`` on the store's thread (not thread-safe, like the store), so the dock
itself knows neither the workspace nor the store.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from backend.facts.model import FactGroup
from backend.session.facts import FactsProgress
from backend.session.facts_glossary import export_glossary, import_glossary

if TYPE_CHECKING:
    from gui.services.workspace import Workspace


FEW_PAGES = 8  # pages changed at once read one by one (else: one digest query for all)


@dataclass(frozen=True, eq=False)
class FactsCalls:
    document: int  # the open document's identity (``Workspace.key``): answers of another drop
    # The groups and the glossary, in one store call (nothing queued in between).
    read: Callable[[], Awaitable[tuple[list[FactGroup], list[str]]]]
    # Pages whose working text changed (a save, a new version, a replace): read again.
    pages_changed: Callable[[Collection[int]], Awaitable[object]]
    glossary: Callable[[], Awaitable[list[str]]]
    set_glossary: Callable[[list[str]], Awaitable[object]]
    export_glossary: Callable[[Path], Awaitable[None]]
    import_glossary: Callable[[Path], Awaitable[list[str]]]  # the glossary after the import
    # One step of reading the pages the index lacks (then grouping, then readying each
    # kind's regrouping), at most this many pages: the dock's background build.
    step: Callable[[int], Awaitable[FactsProgress]] | None = None
    # Pages others changed (another process, another reviewer) read again: which.
    catch_up: Callable[[], Awaitable[list[int]]] | None = None


def facts_calls(ws: Workspace | None) -> FactsCalls | None:
    """The open document's facts (None: none open, or its session keeps none)."""
    facts = ws.session.reviews.facts if ws is not None else None
    if ws is None or facts is None:
        return None
    run = ws.run_in_store
    # The window reads the pages the index lacks in the background, in steps (the Facts
    # dock's build), not inside the first page review (2-13 s for 3,000 pages). Set on
    # the GUI thread before the first review is queued (the open's hooks run first);
    # a bool the store's thread reads.
    facts.defer = True

    def changed(pages: Collection[int]) -> object:
        # A save is one page: read that one (~40 ms on 3,000 pages); many (an import, a
        # replace) at once, checked against every page's digest in one query.
        if len(pages) <= FEW_PAGES:
            return [facts.page_changed(page) for page in sorted(pages)]
        return facts.pages_changed(pages)

    def imported(path: Path) -> list[str]:
        # Added to this document's terms: a case's files share one list.
        return list(facts.set_glossary([*facts.glossary(), *import_glossary(path)]))

    return FactsCalls(
        document=ws.key,
        read=lambda: run(lambda: (facts.groups(), list(facts.glossary()))),
        pages_changed=lambda pages: run(lambda: changed(pages)),
        glossary=lambda: run(lambda: list(facts.glossary())),
        set_glossary=lambda terms: run(lambda: facts.set_glossary(terms)),
        export_glossary=lambda path: run(lambda: export_glossary(facts.glossary(), path)),
        import_glossary=lambda path: run(lambda: imported(path)),
        step=lambda pages: run(lambda: facts.step(pages)),
        catch_up=lambda: run(facts.catch_up),
    )
