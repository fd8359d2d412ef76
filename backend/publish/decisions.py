"""The reviewer's decisions on findings, and what they make of the findings.

A decision is about one place (a finding on a page) or about every occurrence of one
person or number in the document (``Scope.ALL``, "apply to every occurrence"). A
place is named by the page, the finding's text, which occurrence of that text on the
page it is and the text around it, not by offsets: an edit elsewhere on the page
moves offsets, or adds another occurrence before it, and keeps the decision on its
finding (``where``). Decisions are a log: the latest about a place or a key
wins, and a decision about a place wins over one about every occurrence.

Marks are findings the detectors missed, made by the reviewer's selection: a mark
about a place masks that occurrence; a person's name marked for every occurrence is
looked for on every page (as a name the reviewer added). A person skipped for every
occurrence is kept everywhere (the override of the rule), and still shown.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from backend.publish.model import Finding, PersonalKind


class Decision(StrEnum):
    ACCEPT = "accept"  # mask it
    SKIP = "skip"  # keep it (not personal data, or a public person in function)
    MARK = "mark"  # the reviewer's own finding


class Scope(StrEnum):
    PLACE = "place"
    ALL = "all"


@dataclass(frozen=True)
class PublishDecision:
    kind: PersonalKind
    key: str
    decision: Decision
    scope: Scope
    page: int | None = None  # a place's
    text: str = ""  # a place's (and a mark's) text
    occurrence: int = 0  # which occurrence of ``text`` on ``page``, from 0
    author: str = ""
    created_at: float = 0.0
    # The page's text just before and after a place when it was decided: an edit that
    # adds another occurrence of the text before it moves no decision (``where``).
    before: str = ""
    after: str = ""
    # A region of the scan (page-relative x0, y0, x1, y1) the reviewer marked for a
    # finding no reading places there: the redacted PDF removes it.
    box: tuple[float, float, float, float] | None = None

    def to_row(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "key": self.key,
            "decision": self.decision.value,
            "scope": self.scope.value,
            "page": self.page,
            "text": self.text,
            "occurrence": self.occurrence,
            "author": self.author,
            "created_at": self.created_at,
            "before": self.before,
            "after": self.after,
            "box": json.dumps(list(self.box)) if self.box else "",
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> PublishDecision:
        page = row.get("page")
        return cls(
            kind=PersonalKind(row["kind"]),
            key=str(row["key"]),
            decision=Decision(row["decision"]),
            scope=Scope(row["scope"]),
            page=None if page is None else int(page),
            text=str(row.get("text") or ""),
            occurrence=int(row.get("occurrence") or 0),
            author=str(row.get("author") or ""),
            created_at=float(row.get("created_at") or 0.0),
            before=str(row.get("before") or ""),
            after=str(row.get("after") or ""),
            box=_box(row.get("box")),
        )


def _box(value: object) -> tuple[float, float, float, float] | None:
    """A stored region, or None (none stored, or one that is not four numbers)."""
    try:
        x0, y0, x1, y1 = (float(v) for v in json.loads(str(value)))
    except (TypeError, ValueError):
        return None
    return (x0, y0, x1, y1) if 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1 else None


def occurrence_of(text: str, start: int, found: str) -> int:
    """Which occurrence of ``found`` on the page ``text`` the one at ``start`` is."""
    n, at = 0, text.find(found)
    while 0 <= at < start:
        n += 1
        at = text.find(found, at + 1)
    return n


CONTEXT = 8  # characters kept each side of a place decided


def place_decision(
    finding: Finding, page_text: str, decision: Decision, author: str = "", at: float = 0.0
) -> PublishDecision:
    start, end = finding.start, finding.end
    return PublishDecision(
        finding.kind,
        finding.key,
        decision,
        Scope.PLACE,
        finding.page,
        finding.text,
        occurrence_of(page_text, start, finding.text),
        author,
        at,
        before=page_text[max(0, start - CONTEXT) : start],
        after=page_text[end : end + CONTEXT],
    )


def where(page_text: str, d: PublishDecision) -> int | None:
    """Where on ``page_text`` the place ``d`` was decided about stands now: of the
    occurrences of its text, the one whose text around it matches what stood around it
    then the most (the nearest by count on a tie); None when its text is gone."""
    found = _all_at(page_text, d.text, overlapping=True)
    if not found:
        return None
    if not d.before and not d.after:  # decided before context was kept: by count
        return found[d.occurrence] if d.occurrence < len(found) else None
    n = len(d.text)

    def score(at: int) -> tuple[int, int]:
        left = _common_suffix(page_text[max(0, at - CONTEXT) : at], d.before)
        right = _common_prefix(page_text[at + n : at + n + CONTEXT], d.after)
        return (left + right, -abs(found.index(at) - d.occurrence))

    return max(found, key=score)


def _common_suffix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n


def _common_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def extra_names(decisions: Iterable[PublishDecision]) -> tuple[str, ...]:
    """The names the reviewer marked for every occurrence: detection looks for them on
    every page, as for the names the party lines give. (A person skipped for every
    occurrence is still found, and shown skipped: the reviewer can change their mind.)"""
    return tuple(
        d.text or d.key
        for d in _latest(decisions).values()
        if d.kind is PersonalKind.PERSON and d.scope is Scope.ALL and d.decision is Decision.MARK
    )


def marks(pages: Sequence[str], decisions: Iterable[PublishDecision]) -> list[Finding]:
    """The reviewer's marks as findings where their text stands now: a mark about a
    place at that occurrence (dropped when its text is no longer on its page: nothing
    there to mask); a number or other text marked for every occurrence, on every page.
    (A person's name marked so is looked for by detection: ``overrides``.)"""
    out = []
    for d in _latest(decisions).values():
        if d.decision is not Decision.MARK or not d.text:
            continue
        if d.scope is Scope.ALL:
            if d.kind is not PersonalKind.PERSON:
                out += [
                    Finding(d.kind, page, at, at + len(d.text), d.text, d.key, "marked")
                    for page, text in enumerate(pages)
                    for at in _all_at(text, d.text)
                ]
            continue
        if d.page is None or not 0 <= d.page < len(pages):
            continue
        at = where(pages[d.page], d)
        if at is not None:
            out.append(Finding(d.kind, d.page, at, at + len(d.text), d.text, d.key, "marked"))
    return out


def _all_at(text: str, found: str, *, overlapping: bool = False) -> list[int]:
    out, at = [], text.find(found)
    while at >= 0:
        out.append(at)
        at = text.find(found, at + (1 if overlapping else len(found)))
    return out


@dataclass(frozen=True)
class Reviewed:
    """A finding and the decision in force about it (None: unreviewed)."""

    finding: Finding
    decision: Decision | None
    occurrence: int

    @property
    def masked(self) -> bool:
        """Masked in an export: accepted or marked, and unreviewed ones too (an export
        with unreviewed findings is refused unless the user says so, and then masks
        them: a leak is the failure that cannot be undone)."""
        return self.decision is not Decision.SKIP


def review(
    pages: Sequence[str], findings: Iterable[Finding], decisions: Iterable[PublishDecision]
) -> list[Reviewed]:
    """Each finding with the decision in force about it."""
    decisions = list(decisions)
    latest = _latest(decisions)
    placed: dict[tuple[int, int, str], PublishDecision] = {}
    for d in decisions:  # in the order made: the later about one place wins
        if d.scope is Scope.PLACE and d.page is not None and 0 <= d.page < len(pages):
            at = where(pages[d.page], d)
            if at is not None:
                placed[(d.page, at, d.text)] = d
    out = []
    for f in findings:
        n = occurrence_of(pages[f.page], f.start, f.text) if 0 <= f.page < len(pages) else 0
        place = placed.get((f.page, f.start, f.text))
        every = latest.get((f.kind, f.key, Scope.ALL, None, "", 0, "", ""))
        chosen = place or every
        decision = chosen.decision if chosen else None
        if decision is Decision.MARK:
            decision = Decision.ACCEPT if f.reason != "marked" else Decision.MARK
        out.append(Reviewed(f, decision, n))
    return out


_Slot = tuple[PersonalKind, str, Scope, int | None, str, int, str, str]


def _slot(d: PublishDecision) -> _Slot:
    if d.scope is Scope.ALL:
        return (d.kind, d.key, d.scope, None, "", 0, "", "")
    return (d.kind, d.key, d.scope, d.page, d.text, d.occurrence, d.before, d.after)


def _latest(decisions: Iterable[PublishDecision]) -> dict[_Slot, PublishDecision]:
    latest: dict[_Slot, PublishDecision] = {}
    for d in decisions:  # in the order they were made: the later wins
        latest[_slot(d)] = d
    return latest


def masked_findings(reviewed: Iterable[Reviewed]) -> list[Finding]:
    """The findings an export masks."""
    return [r.finding for r in reviewed if r.masked]
