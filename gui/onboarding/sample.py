"""The bundled sample opens with its VLM-style transcripts already in its review, so
a first look shows markers, differences and a legal-critical flag, not empty pages.

Imported only into a review that is new (no version, no typing on any page) and
only once: a reviewer's work on the sample is never touched.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from backend.errors import ProofDeskError
from backend.models import ReviewStatus, VersionKind
from gui.launch_args import SAMPLE_PDF

if TYPE_CHECKING:
    from backend.session.document_session import DocumentSession
    from gui.services.workspace import Workspace

SAMPLE_TRANSCRIPTS = SAMPLE_PDF.with_name("legal-sample.vlm-style.jsonl")
# What RapidOCR really read on the sample's scans (``proofdesk alt --engine rapidocr``,
# with its line boxes): the Compare dock has its differences at once, instead of after
# the minute and more RapidOCR takes for seven pages on a laptop.
SAMPLE_ALTERNATES = SAMPLE_PDF.with_name("legal-sample.rapidocr.jsonl")
DONE_KEY = "onboarding.sample_transcripts"  # in the store's meta: imported once, ever


def is_bundled_sample(path: Path) -> bool:
    return path.resolve() == SAMPLE_PDF.resolve()


def _is_new(session: DocumentSession) -> bool:
    # Any trace of a person's work (typing, a note, a status) makes it their review.
    store = session.store
    if store.get_meta(DONE_KEY) or store.version_counts():
        return False
    if set(store.statuses(session.page_count)) - {ReviewStatus.UNREVIEWED}:
        return False
    return all(store.draft(p) is None and not store.note(p) for p in range(session.page_count))


def _add_alternates(session: DocumentSession) -> None:
    if SAMPLE_ALTERNATES.is_file():
        rows = [json.loads(line) for line in SAMPLE_ALTERNATES.read_text("utf-8").splitlines()]
        session.store.add_versions(
            [
                (int(r["page"]) - 1, VersionKind.ALTERNATE, str(r["text"]), dict(r["provenance"]))
                for r in rows
                if 0 < int(r["page"]) <= session.page_count
            ]
        )
    session.store.set_meta(DONE_KEY, "1")


async def fill_sample(ws: Workspace) -> str | None:
    """Import the sample's transcripts into its new review; a warning if that failed."""
    if not is_bundled_sample(ws.path) or not SAMPLE_TRANSCRIPTS.is_file():
        return None
    if not await ws.run_in_store(lambda: _is_new(ws.session)):
        return None
    try:
        await ws.import_transcripts(SAMPLE_TRANSCRIPTS)
        await ws.run_in_store(lambda: _add_alternates(ws.session))
    except ProofDeskError as exc:  # the sample still opens, without its transcripts
        return str(exc)
    return None
