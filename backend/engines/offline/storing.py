"""Alternate readings in the review store: as ``alternate`` versions, or as the transcript.

A reading is stored with its lines (boxes, scores) in the version's
provenance, so it can be rebuilt later without running the engine again.
``as_transcript`` stores it as an ``ocr`` version instead (a laptop without a
VLM server): the store never lets that displace a person's edit.
"""

from __future__ import annotations

from typing import Any

from backend.engines.offline.base import AltReading
from backend.models import AltLine, AltText, Change, ReviewStatus, Version, VersionKind
from backend.provenance import Provenance
from backend.store.interface import PageStore

CHECKED = frozenset({ReviewStatus.APPROVED, ReviewStatus.REVIEWED})


def store_alt_text(
    store: PageStore,
    page: int,
    alt: AltText,
    provenance_extra: dict[str, Any] | None = None,
    *,
    as_transcript: bool = False,
) -> tuple[int, Change]:
    """Add ``alt`` as a version of ``page``; (version id, what changed)."""
    if isinstance(alt, AltReading):
        provenance = alt.provenance()
    else:
        provenance = Provenance.of(engine=alt.engine, lines=[line.as_json() for line in alt.lines])
    provenance = provenance.with_items(**(provenance_extra or {}))
    if as_transcript and "offline" not in provenance.extra:
        provenance = provenance.with_items(offline=True)  # says the text came from no VLM
    kind = VersionKind.OCR if as_transcript else VersionKind.ALTERNATE
    # A page a person approved or marked reviewed keeps the text they checked, as a
    # batch keeps off it: the reading goes into its history only.
    checked = as_transcript and store.status(page) in CHECKED
    version, change = store.add_version(page, kind, alt.text, provenance, history_only=checked)
    return version.id, change


def load_alt_text(version: Version) -> AltReading:
    """The reading a version holds (lines and boxes when it was stored with them)."""
    origin = version.origin
    return AltReading(
        text=version.text,
        engine=origin.engine or version.kind.value,
        lines=tuple(AltLine.from_json(item) for item in origin.lines or ()),
        version_id=version.id,
        page=version.page,
        engine_version=origin.engine_version or "",
        render=origin.render or {},
        latency_s=float(origin.latency_s or 0.0),
        notice=origin.notice or "",
    )


def latest_alternate(store: PageStore, page: int, engine: str | None = None) -> AltReading | None:
    """The newest ``alternate`` version of ``page`` (from ``engine``, if given)."""
    for version in reversed(store.versions(page)):
        if version.kind is not VersionKind.ALTERNATE:
            continue
        if engine is None or version.origin.engine == engine:
            return load_alt_text(version)
    return None
