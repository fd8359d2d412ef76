"""The measures of a page's machine readings against the text just approved, shared
through the store at approval (issue 26): on the team store every member's first
statistics then read them instead of ~40 MB of text measured again
(``backend.stats.shared_measures`` reads them and says whom it trusts).

Every machine reading of the page is measured (the statistics count each source's
first; a page has a few, ~0.1 ms each), with the critical characters of the rule
table in force here (its digest names them: another table measures anew).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from backend.models import Version, VersionKind
from backend.review.change_measures import CriticalChars, changes_of, critical_chars, modal_words
from backend.session.review_tables import current_tables

# Readings by a machine (a VLM's ``ocr`` versions, an offline engine's ``alternate``
# versions). Imports are left out: one may be a person's transcript.
READING_KINDS = (VersionKind.OCR, VersionKind.ALTERNATE)


def critical_chars_now() -> CriticalChars:
    """The numerals and the modal words' characters of the rule table in force."""
    words = current_tables().rules.words
    return critical_chars(modal_words([(w.text, w.family) for w in words]))


def measure_rows(
    versions: Sequence[Version], approved: Version, critical: CriticalChars
) -> list[dict[str, Any]]:
    """``MEASURE_COLUMNS`` rows: each machine reading in ``versions`` against ``approved``."""
    readings = [v for v in versions if v.kind in READING_KINDS]
    signature = critical.signature(approved.text)
    pairs = [(v.text, approved.text) for v in readings]
    measured = changes_of(pairs, critical, [signature] * len(pairs))
    return [
        {
            "reading_id": v.id,
            "approved_id": approved.id,
            "critical_digest": critical.digest,
            "distance": c.distance,
            "reading_chars": c.reading_chars,
            "approved_chars": c.approved_chars,
            "critical": c.critical,
        }
        for v, c in zip(readings, measured, strict=True)
    ]
