"""What the Publish dock and *File ▸ Publish…* ask of the open document, each call
awaited on the store's thread (the store is not thread-safe), so neither knows the
workspace nor the store.

The backend's functions are the same the CLI calls (``backend.session.publish``): the
app and ``proofdesk publish`` apply one set of rules to one set of stored decisions.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from backend.export import ExportDocument, ExportOptions, collect
from backend.export.deidentify import deidentify
from backend.publish import MaskRules
from backend.publish.decisions import Decision, PublishDecision, Reviewed
from backend.publish.model import Finding, PersonalKind
from backend.session.publish import PublishState, decide, mark, mark_region, state_of
from gui.services.workspace import page_chunks

if TYPE_CHECKING:
    from gui.services.workspace import Workspace


@dataclass(frozen=True, eq=False)
class PublishCalls:
    document: int  # the open document's identity (``Workspace.key``): answers of another drop
    read: Callable[[], Awaitable[PublishState]]
    # (state the items were read in, items, decision, every occurrence) → decisions written
    decide: Callable[[PublishState, Sequence[Reviewed], Decision, bool], Awaitable[int]]
    # (page, start, end, kind, every occurrence): a span the detectors missed
    mark: Callable[[int, int, int, PersonalKind, bool], Awaitable[Finding]]
    # (state the item was read in, item, page-relative x0, y0, x1, y1 as the page is
    # shown): where on the scan a finding no reading places stands
    mark_region: Callable[
        [PublishState, Reviewed, tuple[float, float, float, float]], Awaitable[PublishDecision]
    ]
    # The document de-identified by the stored decisions, ready for ``write_published``.
    deidentified: Callable[[PublishState], Awaitable[ExportDocument]]
    password: str | None = None
    source: Path | None = None  # the PDF: published files go beside it by default


def publish_calls(ws: Workspace | None) -> PublishCalls | None:
    """The open document's Publish review (None: no document is open)."""
    if ws is None:
        return None
    run, session = ws.run_in_store, ws.session

    def stored() -> PublishState:
        """The pages' working text and the decisions, without detection (quick)."""
        n = session.page_count
        texts = session.store.working_texts(0, max(n - 1, 0)) if n else {}
        rows = session.store.publish_decisions()
        pages = tuple(texts.get(page, "") for page in range(n))
        return PublishState(pages, (), tuple(PublishDecision.from_row(r) for r in rows))

    async def read() -> PublishState:
        # What ``publish_state`` does, in two halves: the store read on the store's
        # thread, detection (~1.6 s on 3,000 pages) on a worker, so the reviewer's saves
        # do not wait behind it after every decision.
        got = await run(stored)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, state_of, got.pages, got.decisions)

    def marked(page: int, start: int, end: int, kind: PersonalKind, every: bool) -> Finding:
        # Read now, on the store's thread: the span is of the text as saved a moment ago.
        return mark(session.store, stored(), page, start, end, kind, every_occurrence=every)

    async def deidentified(state: PublishState) -> ExportDocument:
        # A few pages per store call (as the export dialog collects): the reviewer's
        # saves never wait behind a whole document.
        options = ExportOptions()
        parts = [
            await run(partial(collect, session, replace(options, pages=chunk)))
            for chunk in page_chunks(list(range(session.page_count))) or [()]
        ]
        whole = replace(
            parts[0],
            pages=tuple(p for d in parts for p in d.pages),
            skipped=tuple(p for d in parts for p in d.skipped),
            options=options,
        )
        # Detection again over the exported text (~1.6 s on 3,000 pages): off the GUI
        # thread, and off the store's (it needs no store).
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, deidentify, whole, state, MaskRules())

    return PublishCalls(
        document=ws.key,
        read=read,
        decide=lambda state, items, decision, every: run(
            lambda: decide(session.store, state, items, decision, every_occurrence=every)
        ),
        mark=lambda page, start, end, kind, every: run(
            lambda: marked(page, start, end, kind, every)
        ),
        mark_region=lambda state, item, box: run(
            lambda: mark_region(session.store, state, item, box)
        ),
        deidentified=deidentified,
        password=ws.password,
        source=ws.path,
    )
