"""Babel extractor for the rule tables' user-visible words (scripts/update_translations.sh).

The legal-critical table (resources/legal/critical-terms.tsv) gives each word a
meaning the flag detail shows ("應 (must)"); those meanings are data, not code,
so ``_()`` cannot mark them. This extractor lists the meanings of the families
whose words a flag can show; ``backend.review.flag_evidence.gloss`` translates
them at run time. Families that only steer the matcher (false friends, mask
misreadings) are left out: their words never reach the reviewer.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

SHOWN_FAMILIES = ("deontic", "negation", "outcome", "party")


def extract_meanings(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str, str, list[str]]]:
    """(line, function, message, comments) for Babel, one per shown meaning."""
    for number, raw in enumerate(fileobj, 1):
        line = raw.decode("utf-8").rstrip("\n")
        if line.startswith("#") or not line.strip():
            continue
        cols = line.split("\t")
        if len(cols) >= 3 and cols[0] in SHOWN_FAMILIES and cols[2].strip():
            yield number, "_", cols[2], [f"meaning of {cols[1]} ({cols[0]})"]
