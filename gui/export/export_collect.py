"""Collecting an export's pages a few per store call, so the reviewer's saves never
wait long behind a whole document (the export and its preview both collect so)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from backend.export import AidsProvider, ExportDocument, ExportOptions, collect
from backend.export.pages import collect_statistics
from gui.services.workspace import page_chunks

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession

RunInStore = Callable[[Callable[[], Any]], Awaitable[Any]]


async def collect_in_chunks(
    session: DocumentSession,
    run_in_store: RunInStore,
    options: ExportOptions,
    aids: AidsProvider | None,
    statistics: bool = False,
) -> ExportDocument:
    """``collect`` a few pages per store call, merged into one document; ``statistics``:
    with the review statistics (the report's charts), read in one more call."""
    wanted = options.pages if options.pages is not None else range(session.page_count)
    parts: list[ExportDocument] = []
    for chunk in page_chunks(list(wanted)) or [()]:
        part = replace(options, pages=chunk)
        parts.append(await run_in_store(partial(collect, session, part, aids=aids)))
    stats = await run_in_store(partial(collect_statistics, session)) if statistics else None
    return replace(
        parts[0],
        statistics=stats,
        pages=tuple(p for d in parts for p in d.pages),
        skipped=tuple(p for d in parts for p in d.skipped),
        options=options,
    )
