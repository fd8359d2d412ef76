"""How exports name things for a person: statuses in words, times in the reader's
time zone, and the short draft line a document carries (in the UI language).

The JSONL audit trail keeps the codes and UTC ISO times (``pages.iso_time``) for
programs; the report and the DOCX are read by people and say it their way.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from backend.i18n import N_, _, list_join
from backend.models import ReviewStatus

STATUS_WORDS = {
    ReviewStatus.UNREVIEWED: N_("not reviewed"),
    ReviewStatus.IN_PROGRESS: N_("in progress"),
    ReviewStatus.REVIEWED: N_("reviewed"),
    ReviewStatus.APPROVED: N_("approved"),
    ReviewStatus.FLAGGED: N_("flagged"),
}


def status_words(status: ReviewStatus | str) -> str:
    return _(STATUS_WORDS[ReviewStatus(status)])


def local_time(timestamp: float) -> str:
    """``2026-12-01 18:05 (UTC+08:00)``: the reader's own clock, with its offset."""
    moment = datetime.fromtimestamp(timestamp).astimezone()
    offset = moment.strftime("%z")
    return f"{moment:%Y-%m-%d %H:%M} (UTC{offset[:3]}:{offset[3:]})"


MAX_RUNS = 8  # page ranges named in the draft line; more are counted instead


def draft_line(unapproved: Iterable[int]) -> str:
    """One short line at the top of a document with pages not approved yet: the
    pages as ranges (1–300), or only how many when they are scattered."""
    pages = sorted(set(unapproved))
    runs: list[list[int]] = []
    for page in pages:
        if runs and page == runs[-1][1] + 1:
            runs[-1][1] = page
        else:
            runs.append([page, page])
    if len(runs) > MAX_RUNS:
        return _("Draft: {count} pages not yet approved.").format(count=len(pages))
    numbers = list_join(str(a + 1) if a == b else f"{a + 1}–{b + 1}" for a, b in runs)
    return _("Draft: pages {numbers} not yet approved.").format(numbers=numbers)
