"""What the statistics are computed from: a document's review history as plain rows.

Each store reads these in a few set-based queries (``sqlite_history``,
``team_history``); everything after that (``measures``, ``figures``) is the same
for both and never touches a database.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from backend.review.change_measures import Changes
from backend.session.approval_measures import READING_KINDS as _READING_KINDS

# The versions measured: a machine's readings (the approval shares the same ones' measures).
READING_KINDS = tuple(k.value for k in _READING_KINDS)
# Versions a person wrote on a page: work, with a time stamp.
WORK_KINDS = ("edit", "restore")
# The author of status events the store writes itself (a migration's reopened pages).
MACHINE_AUTHOR = "ProofDesk"


@dataclass(frozen=True)
class Reading:
    """A page's first reading by one engine, model and prompt."""

    version_id: int
    page: int
    engine: str
    model: str
    prompt_sha256: str
    prompt_name: str
    server: str
    tokens: int | None  # prompt + completion tokens, when the engine said
    seconds: float | None  # the engine's time for the page, when recorded
    created_at: float  # with the id, what names this text in the measures' cache


@dataclass(frozen=True)
class Approval:
    """The text a page's approval in force names (the final approval on the team store)."""

    page: int
    version_id: int  # the approved text's version
    version_at: float
    text_author: str  # who wrote that text ("": a machine reading approved as read)
    approver: str
    at: float  # epoch seconds


@dataclass(frozen=True)
class Activity:
    """One time stamp of a person on a page: a version, a status, a note, typing
    ("work"), or their arriving at the page ("visit") or closing the document on it
    ("leave"): ``time_rule``."""

    author: str
    page: int
    at: float
    kind: str = "work"  # "work", "visit" or "leave"


@dataclass(frozen=True)
class Outcome:
    """What became of a page's critical items at an approval (``critical_outcomes``)."""

    page: int
    version_id: int | None  # the approved text's version
    raised: int
    accepted: int
    dismissed: int
    author: str  # who approved


@dataclass(frozen=True)
class SharedMeasure:
    """A reading's measures against an approved text, as a member's ProofDesk shared them
    on the team store (``shared_measures``): trusted only when written by the approver."""

    reading_id: int
    approved_id: int
    critical_digest: str
    changes: Changes
    author: str  # who wrote the row (the server's stamp, or pushed history's origin)


@dataclass(frozen=True)
class History:
    page_count: int
    readings: list[Reading] = field(default_factory=list)
    approvals: dict[int, Approval] = field(default_factory=dict)
    activity: list[Activity] = field(default_factory=list)  # by author, then time
    viewer: str | None = None  # None: everyone's work is shown; else only this person's
    # The texts of versions by id, read only for pairs the measures' cache lacks.
    texts: Callable[[Sequence[int]], dict[int, str]] = lambda ids: {}
    scope: str = ""  # the store and document, for the measures' cache ("": not cached)
    # The critical outcomes stored at approvals, oldest first (pages approved before they
    # were stored have none); ``figures.outcomes_in_force`` picks each page's.
    outcomes: list[Outcome] = field(default_factory=list)
    shared: list[SharedMeasure] = field(default_factory=list)  # oldest first


def first_per_source(rows: list[Reading]) -> list[Reading]:
    """The first reading of each page per (engine, model, prompt), oldest id first."""
    seen: set[tuple[int, str, str, str]] = set()
    kept = []
    for row in sorted(rows, key=lambda r: r.version_id):
        key = (row.page, row.engine, row.model, row.prompt_sha256)
        if key not in seen:
            seen.add(key)
            kept.append(row)
    return kept


def prompt_name(stored_name: object, prompt: object) -> str:
    """A prompt's name: the one recorded, else its first line (prompts are not named in
    the provenance ProofDesk writes; the first line is what a person recognises)."""
    if isinstance(stored_name, str) and stored_name.strip():
        return stored_name.strip()
    if not isinstance(prompt, str):
        return ""
    first = next((line.strip() for line in prompt.splitlines() if line.strip()), "")
    return first if len(first) <= 40 else first[:39] + "…"


def as_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def as_float(value: object) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if ok else None  # type: ignore[arg-type]


def tokens_of(prompt_tokens: object, completion_tokens: object) -> int | None:
    parts = [as_int(prompt_tokens), as_int(completion_tokens)]
    known = [p for p in parts if p is not None]
    return sum(known) if known else None
