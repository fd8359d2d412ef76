"""Storing PAGE XML, ALTO and hOCR pages (``store.archive_import``) as readings.

By default each page becomes an ``alternate`` version with its line boxes: the Compare
dock and the batch checks read it as they read an offline engine's, and the exports
place the text by its boxes. ``as_transcript`` stores it as an ``import`` version
instead, as the transcript (with its boxes too); the store never lets that displace a
person's edit. All pages are stored in one transaction, or none.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from backend.i18n import _
from backend.models import Change
from backend.store.archive_import import is_archive, read_archive, version_kind

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession


def import_archive(
    session: DocumentSession, source: str | Path, *, as_transcript: bool = False
) -> Change:
    pages = read_archive(Path(source), session.page_count)
    kind = version_kind(as_transcript)
    changes = session.store.add_versions(
        [(item.page, kind, item.reading.text, item.provenance()) for item in pages]
    )
    formats = sorted({item.reading.format for item in pages})
    message = (
        _("Imported {pages_count} page(s) of {formats} as the transcript.")
        if as_transcript
        else _("Imported {pages_count} page(s) of {formats} as alternate readings.")
    ).format(pages_count=len(pages), formats=", ".join(formats))
    kept_edits = sum(bool(change.message) for change in changes)
    if as_transcript and kept_edits:
        message += _(
            " {kept_edits} page(s) kept your edits; the imported text is in history."
        ).format(kept_edits=kept_edits)
    return Change(
        pages=frozenset(p.page for p in pages),
        text=as_transcript,
        versions=True,
        message=message,
    )


def import_any(session: DocumentSession, source: str | Path) -> Change:
    """What the GUI's import takes: PAGE XML, ALTO or hOCR as alternate readings, anything
    else as text transcripts (``DocumentSession.import_transcripts``). On the store's
    thread: telling which looks into a folder."""
    if is_archive(Path(source)):
        return import_archive(session, source)
    return session.import_transcripts(source)
