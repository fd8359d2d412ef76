"""What a re-run produced, and the questions asked about it before accepting."""

from __future__ import annotations

from dataclasses import dataclass

from backend.documents.page_image import Region
from backend.engines.base import Reading
from backend.models import Version, VersionKind
from gui.services.workspace import Workspace


@dataclass(frozen=True)
class ReadResult:
    page: int
    region: Region | None
    reading: Reading
    version_id: int | None  # None: it could not be stored (``error`` says why)
    error: str = ""


async def has_edits(ws: Workspace, page: int) -> bool:
    """Is the working text the reviewer's (typed, or a typed version restored)?"""
    state = await ws.page_state(page)
    if state.has_draft:
        return True
    return by_hand({v.id: v for v in await ws.versions(page)}, state.version_id)


def by_hand(versions: dict[int, Version], version_id: int | None) -> bool:
    """Whether a version's text was typed by a person. A restore is as human as what
    it restored: an accepted reading (a restore of an OCR version) is not an edit."""
    seen: set[int] = set()
    while version_id is not None:
        v = versions.get(version_id)
        if v is None or version_id in seen:
            return True  # unknown: ask rather than overwrite
        seen.add(version_id)
        if v.kind is not VersionKind.RESTORE:
            return v.kind.is_human
        restored = v.origin.restored_from
        if restored is None:
            return True
        version_id = restored
    return False  # an empty page


def region_note(region: Region) -> str:
    x0, y0, x1, y1 = (round(100 * v) for v in region)
    return f"region only: x {x0}–{x1} %, y {y0}–{y1} % of the page"
