"""``proofdesk status PDF --by-risk``: the pages riskiest first, with why.

    page 12: risk 34.0 (approved) — 2 critical disagreement(s), agreement 91.2%

The score is ``backend.review.risk``'s, from the same review the GUI shows
(the newest alternate reading of each page); review the top of the list first.
"""

from __future__ import annotations

from typing import Any

from backend.cli.output import say, say_json
from backend.export.words import status_words
from backend.i18n import _
from backend.review.risk import by_risk
from backend.session.document_session import DocumentSession


def print_by_risk(session: DocumentSession, as_json: bool) -> None:
    statuses = session.statuses()
    risks = by_risk(session.reviews.risks(range(session.page_count)))
    if as_json:
        pages: list[dict[str, Any]] = [
            {**r.as_json(), "status": statuses[r.page].value} for r in risks
        ]
        say_json({"pages": pages})
        return
    for risk in risks:
        reasons = ", ".join(risk.reasons()) or _("nothing to check")
        say(
            _("page {page}: risk {score:.1f} ({status}) — {reasons}").format(
                page=risk.page + 1,
                score=risk.score,
                status=status_words(statuses[risk.page]),
                reasons=reasons,
            ),
            one_line=True,
        )
