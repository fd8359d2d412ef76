"""``proofdesk status PDF --by-risk [--alternate SELECTOR]``: the pages riskiest first, with why.

    page 12: risk 34.0 (approved) — 2 critical disagreement(s), agreement 91.2%

The score is ``backend.review.risk``'s, from the same review the GUI shows: with
the newest alternate reading of each page, as the Compare dock compares until
another is chosen, or with the stored reading ``--alternate`` names (as
``proofdesk compare --alternate`` does). A page compared with nothing says why:
no alternate (and which other stored readings could be one), no reading the
selector matches, or an alternate that is the transcript's own reading.
"""

from __future__ import annotations

from typing import Any

from backend.cli.output import say, say_json
from backend.engines.offline.registry import engine_names
from backend.errors import ProofDeskError
from backend.export.words import status_words
from backend.i18n import _, list_join
from backend.models import VersionKind
from backend.review.risk import PageRisk, by_risk
from backend.session.document_review import NO_ALTERNATE
from backend.session.document_session import DocumentSession
from backend.session.readings import (
    ReadingNotFound,
    check_document_wide,
    find_reading,
    is_selector,
)


def alternate_selector(value: str | None) -> str | None:
    """``--alternate`` as a stored reading's selector (an engine name: its reading)."""
    if value is None or is_selector(value):
        return value
    if value in engine_names():  # ``compare`` would run it; here its stored reading is meant
        return "engine:" + value
    raise ProofDeskError(
        _(
            "--alternate {value}: status compares with a stored reading only: "
            "version:ID, model:NAME, prompt:HASH or engine:NAME."
        ).format(value=value)
    )


def print_by_risk(session: DocumentSession, as_json: bool, alternate: str | None = None) -> None:
    """``alternate``: a selector (``model:NAME``...) naming each page's alternate, as
    ``proofdesk compare --alternate`` and the Compare dock choose it; None: the newest
    alternate reading, as the dock compares with until another is chosen."""
    selector = alternate_selector(alternate)
    if selector is not None:
        check_document_wide(session.store, selector)  # a bad version id: said once
    statuses = session.statuses()
    chosen = {p: _chosen(session, p, selector) for p in range(session.page_count)}
    risks = by_risk(session.reviews.risk(p, alternate_id=chosen[p][0]) for p in chosen)
    if as_json:
        pages: list[dict[str, Any]] = [
            {
                **r.as_json(),
                "status": statuses[r.page].value,
                "alternate": _compared(session, r.page, chosen[r.page][0]),
            }
            for r in risks
        ]
        say_json({"pages": pages})
        return
    for risk in risks:
        reasons = list_join(_reasons(session, risk, chosen[risk.page][1])) or _("nothing to check")
        say(
            _("page {page}: risk {score:.1f} ({status}) — {reasons}").format(
                page=risk.page + 1,
                score=risk.score,
                status=status_words(statuses[risk.page]),
                reasons=reasons,
            ),
            one_line=True,
        )


def _chosen(session: DocumentSession, page: int, selector: str | None) -> tuple[int | None, str]:
    """The page's alternate version id (None: its newest alternate; ``NO_ALTERNATE``:
    none), and why there is none when the selector names no reading of the page."""
    if selector is None:
        return None, ""
    try:
        return find_reading(session.store, page, selector).id, ""
    except ReadingNotFound:
        return NO_ALTERNATE, _("no reading that matches “{spec}”").format(spec=selector)


def _compared(session: DocumentSession, page: int, alternate_id: int | None) -> int | None:
    """The version the page was compared with (None: none)."""
    if alternate_id is None:
        return session.store.latest_version_id(page, VersionKind.ALTERNATE)
    return alternate_id or None  # NO_ALTERNATE is none


def _reasons(session: DocumentSession, risk: PageRisk, missing: str) -> list[str]:
    """``risk``'s reasons, with precisely why no alternate compared with the page."""
    reasons = risk.reasons()
    if risk.agreement is not None or risk.same_reading:
        return reasons
    unchecked = _("no alternate reading")
    if missing:
        return [missing if r == unchecked else r for r in reasons]
    if session.store.latest_version_id(risk.page, VersionKind.ALTERNATE) is not None:
        return reasons
    others = session.alternates(risk.page)  # other models', prompts' readings, imports
    if not others:
        return reasons
    hint = _(
        "no alternate reading; {n} other stored reading(s), e.g. --alternate version:{id}"
    ).format(n=len(others), id=others[0].id)
    return [hint if r == unchecked else r for r in reasons]
