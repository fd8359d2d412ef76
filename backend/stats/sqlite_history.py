"""The review history of an embedded (SQLite) store, in a few queries.

The store file is one person's desk: everyone whose work it holds (history pulled
from the team server included) is shown, as the file's owner may read it all anyway.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from backend.review.change_measures import Changes
from backend.stats.history import (
    MACHINE_AUTHOR,
    READING_KINDS,
    WORK_KINDS,
    Activity,
    Approval,
    History,
    Outcome,
    Reading,
    SharedMeasure,
    as_float,
    first_per_source,
    prompt_name,
    tokens_of,
)

# One json_extract with several paths parses each provenance once (a VLM's provenance
# can hold every token's logprob: parsing it once per key would be most of the time).
PROVENANCE_KEYS = (
    "$.engine",
    "$.model",
    "$.prompt_sha256",
    "$.prompt_name",
    "$.prompt",
    "$.server",
    "$.usage.prompt_tokens",
    "$.usage.completion_tokens",
    "$.latency_s",
)
_READINGS = (
    "SELECT id, page, json_extract(provenance, "
    + ", ".join(f"'{k}'" for k in PROVENANCE_KEYS)
    + f"), created_at FROM versions WHERE kind IN ({', '.join(repr(k) for k in READING_KINDS)})"
)
_TEXTS = "SELECT id, text FROM versions WHERE id IN (SELECT value FROM json_each(?))"
# The approval in force: the page's latest status event, when it is "approved", and
# the version it names (events older than schema 4 name none: the working version).
_APPROVALS = """
SELECT s.page, v.id, v.created_at, CASE WHEN v.kind IN ({work}) THEN v.author ELSE '' END,
       s.author, s.created_at
  FROM status_events s
  JOIN (SELECT page, max(id) AS id FROM status_events GROUP BY page) last ON last.id = s.id
  LEFT JOIN pages p ON p.page = s.page
  JOIN versions v ON v.id = coalesce(s.version_id, p.current_version)
 WHERE s.status = 'approved'
""".format(work=", ".join(repr(k) for k in WORK_KINDS))
_ACTIVITY = f"""
SELECT author, page, created_at, 'work' FROM versions
 WHERE kind IN ({", ".join(repr(k) for k in WORK_KINDS)})
UNION ALL SELECT author, page, created_at, 'work' FROM status_events
 WHERE author <> '{MACHINE_AUTHOR}'
UNION ALL SELECT author, page, created_at, 'work' FROM note_events
UNION ALL SELECT author, page, updated_at, 'work' FROM drafts
UNION ALL SELECT author, page, created_at, kind FROM page_visits
ORDER BY 1, 3
"""
_OUTCOMES = """
SELECT page, version_id, raised, accepted, dismissed, author FROM critical_outcomes ORDER BY id
"""
# The measures written at approval (``schema._V8``); whose count: ``comparing.trusted_measures``.
MEASURE_FIELDS = (
    "reading_id, approved_id, critical_digest, distance, reading_chars, approved_chars, critical"
)
_MEASURES = f"SELECT {MEASURE_FIELDS}, author FROM pair_measures ORDER BY id"


def read_history(conn: sqlite3.Connection, page_count: int, scope: str = "") -> History:
    readings = first_per_source([_reading(row) for row in conn.execute(_READINGS)])
    approvals = {
        int(page): Approval(int(page), int(vid), float(v_at), str(writer), str(who), float(at))
        for page, vid, v_at, writer, who, at in conn.execute(_APPROVALS)
    }
    activity = [
        Activity(str(a), int(p), float(t), str(k)) for a, p, t, k in conn.execute(_ACTIVITY)
    ]

    def texts(ids: Sequence[int]) -> dict[int, str]:
        rows = conn.execute(_TEXTS, (json.dumps(list(ids)),))
        return {int(i): str(t) for i, t in rows}

    outcomes = [outcome_from(r) for r in conn.execute(_OUTCOMES)]
    shared = [measure_from(r) for r in conn.execute(_MEASURES)]
    return History(page_count, readings, approvals, activity, None, texts, scope, outcomes, shared)


def _reading(row: tuple[object, object, object, object]) -> Reading:
    version_id, page, extracted, at = row
    values = json.loads(str(extracted)) if isinstance(extracted, str) else []
    return reading_from(int(str(version_id)), int(str(page)), float(str(at)), values)


def reading_from(version_id: int, page: int, at: float, values: list[object]) -> Reading:
    """A reading from the provenance values in ``PROVENANCE_KEYS`` order (text later)."""
    engine, model, sha, name, prompt, server, p_tok, c_tok, latency = (
        values + [None] * len(PROVENANCE_KEYS)
    )[: len(PROVENANCE_KEYS)]
    return Reading(
        version_id=version_id,
        page=page,
        engine=_str(engine),
        model=_str(model),
        prompt_sha256=_str(sha),
        prompt_name=prompt_name(name, prompt),
        server=_str(server),
        tokens=tokens_of(p_tok, c_tok),
        seconds=as_float(latency),
        created_at=at,
    )


def outcome_from(row: Sequence[object]) -> Outcome:
    page, vid, raised, accepted, dismissed, author = row
    version_id = None if vid is None else int(str(vid))
    counts = (int(str(raised)), int(str(accepted)), int(str(dismissed)))
    return Outcome(int(str(page)), version_id, *counts, str(author))


def measure_from(row: Sequence[Any]) -> SharedMeasure:
    """A ``_MEASURES`` row (both stores give its numbers as ints: read as they are, 7,650
    rows a 3,000-page history)."""
    reading, approved, digest, distance, reading_chars, approved_chars, critical, who = row
    changes = Changes(distance, reading_chars, approved_chars, bool(critical))
    return SharedMeasure(reading, approved, str(digest), changes, str(who))


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""
