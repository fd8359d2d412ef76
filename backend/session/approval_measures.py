"""The measures of a page's machine readings against the text just approved, written
to the store at approval (issue 26): the statistics then read them instead of ~40 MB
of text measured again, the first time on any machine, and on the team store every
member reads them (``backend.stats.comparing.trusted_measures`` says whose count).

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
    readings = [(v.id, v.text) for v in versions if v.kind in READING_KINDS]
    return measure_texts(readings, (approved.id, approved.text), critical)


def measure_texts(
    readings: Sequence[tuple[int, str]], approved: tuple[int, str], critical: CriticalChars
) -> list[dict[str, Any]]:
    """The same from (version id, text) pairs."""
    approved_id, approved_text = approved
    signature = critical.signature(approved_text)
    pairs = [(text, approved_text) for _id, text in readings]
    measured = changes_of(pairs, critical, [signature] * len(pairs))
    return [
        {
            "reading_id": reading_id,
            "approved_id": approved_id,
            "critical_digest": critical.digest,
            "distance": c.distance,
            "reading_chars": c.reading_chars,
            "approved_chars": c.approved_chars,
            "critical": c.critical,
        }
        for (reading_id, _text), c in zip(readings, measured, strict=True)
    ]
