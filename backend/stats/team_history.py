"""The review history of one document on the team store (PostgreSQL), in a few queries.

Who sees what: row-level security already limits a person to the documents given
to them; within one, an administrator sees everyone's work, a reviewer their own
(``History.viewer``): the time stamps of others' edits, status changes, notes and page
visits are not read at all (nor may a reviewer read others' visits: ``schema_6.sql``).
The machine readings and the approved text are the document's, shown to its members,
and so is each approval's day: the document's progress counts every page approved,
whoever approved it, though no one's pace is shown but one's own.
History brought in from elsewhere keeps its own author and time (``origin_*``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from backend.stats.history import (
    READING_KINDS,
    WORK_KINDS,
    Activity,
    Approval,
    History,
    first_per_source,
)
from backend.stats.sqlite_history import MEASURE_FIELDS, measure_from, outcome_from, reading_from

_WHO = "coalesce(origin_author, author)"
_WHEN = "coalesce(origin_created_at, extract(epoch FROM created_at)::float8)"
_KINDS = ", ".join(repr(k) for k in READING_KINDS)
_WORK = ", ".join(repr(k) for k in WORK_KINDS)
# The provenance's fields in ``sqlite_history.PROVENANCE_KEYS`` order, as one JSON array:
# ``jsonb_to_record`` takes each provenance apart once (one ``->`` per key read a VLM's
# provenance, which can hold every token's logprob, once per key), and one array is one
# JSON parse a row here where psycopg parsed each jsonb field on its own (3,000 pages:
# 0.14-0.25 s for this query before, 0.09-0.1 s now).
_READINGS = f"""
SELECT v.id, v.page,
       jsonb_build_array(p.engine, p.model, p.prompt_sha256, p.prompt_name, p.prompt,
           p.server, p.usage -> 'prompt_tokens', p.usage -> 'completion_tokens',
           p.latency_s)::text,
       coalesce(v.origin_created_at, extract(epoch FROM v.created_at)::float8)
  FROM proofdesk.versions v,
       jsonb_to_record(CASE jsonb_typeof(v.provenance) WHEN 'object' THEN v.provenance
                       ELSE '{{}}' END)  -- another JSON value has no fields: none read
           AS p(engine jsonb, model jsonb, prompt_sha256 jsonb, prompt_name jsonb,
                prompt jsonb, server jsonb, usage jsonb, latency_s jsonb)
 WHERE v.document_id = %(doc)s AND v.kind IN ({_KINDS})
"""
_TEXTS = "SELECT id, text FROM proofdesk.versions WHERE id = ANY(%(ids)s)"
# Each page's last status, when final, and the version it approved. The join to versions
# goes through one id per page (``f.vid``), never a join filter over two tables: right
# after a bulk ``store push`` the tables have no statistics yet, the planner expects one
# approval, and with ``coalesce(s.version_id, p.current_version)`` as a join filter it
# scanned every version once per approval (3,000 pages: 70-80 s, here 0.06 s).
_APPROVALS = f"""
WITH s AS MATERIALIZED (
    SELECT DISTINCT ON (page) page, status, version_id, {_WHO} AS who, {_WHEN} AS at,
           origin_author IS NOT NULL AS brought
      FROM proofdesk.status_events WHERE document_id = %(doc)s
     ORDER BY page, id DESC
), f AS MATERIALIZED (
    SELECT s.page, coalesce(s.version_id, p.current_version) AS vid, s.who, s.at, s.brought
      FROM s LEFT JOIN proofdesk.pages p ON p.document_id = %(doc)s AND p.page = s.page
     WHERE s.status = 'final'
)
SELECT f.page, v.id, coalesce(v.origin_created_at, extract(epoch FROM v.created_at)::float8),
       CASE WHEN v.kind IN ({_WORK}) THEN coalesce(v.origin_author, v.author) ELSE '' END,
       f.who, f.at, f.brought
  FROM f JOIN proofdesk.versions v ON v.id = f.vid
"""
_ACTIVITY = f"""
SELECT who, page, at, kind FROM (
    SELECT {_WHO} AS who, page, {_WHEN} AS at, 'work' AS kind FROM proofdesk.versions
     WHERE document_id = %(doc)s AND kind IN ({_WORK})
    UNION ALL SELECT {_WHO}, page, {_WHEN}, 'work' FROM proofdesk.status_events
     WHERE document_id = %(doc)s
    UNION ALL SELECT {_WHO}, page, {_WHEN}, 'work' FROM proofdesk.note_events
     WHERE document_id = %(doc)s
    UNION ALL SELECT author, page, extract(epoch FROM updated_at)::float8, 'work'
      FROM proofdesk.drafts WHERE document_id = %(doc)s
    UNION ALL SELECT {_WHO}, page, {_WHEN}, kind FROM proofdesk.page_visits
     WHERE document_id = %(doc)s
) work WHERE %(viewer)s::text IS NULL OR who = %(viewer)s
ORDER BY 1, 3
"""
_OUTCOMES = f"""
SELECT page, version_id, raised, accepted, dismissed, {_WHO}, origin_author IS NOT NULL
  FROM proofdesk.critical_outcomes WHERE document_id = %(doc)s ORDER BY id
"""

# The measures members' ProofDesks shared at approval (``schema_7.sql``); whose are
# trusted is decided with the approvals (``comparing.trusted_measures``).
_MEASURES = f"""
SELECT {MEASURE_FIELDS}, {_WHO}, origin_author IS NOT NULL
  FROM proofdesk.pair_measures WHERE document_id = %(doc)s ORDER BY id
"""


def read_history(c: Any, doc: int, page_count: int, scope: str = "") -> History:
    """``c``: a psycopg connection of the person asking (their rights apply)."""
    admin, me = c.execute("SELECT proofdesk.is_admin(), current_user").fetchone()
    viewer = None if admin else str(me)
    args = {"doc": doc, "viewer": viewer}
    rows = c.execute(_READINGS, args).fetchall()
    readings = first_per_source(
        [reading_from(int(i), int(page), float(at), json.loads(v)) for i, page, v, at in rows]
    )
    approvals: dict[int, Approval] = {}
    brought: dict[int, bool] = {}  # approved version id -> the approval was brought in
    for page, vid, v_at, writer, who, at, pushed in c.execute(_APPROVALS, args).fetchall():
        approvals[int(page)] = Approval(
            int(page), int(vid), float(v_at), str(writer), str(who), float(at)
        )
        brought[int(vid)] = bool(pushed)
    activity = [
        Activity(str(a), int(p), float(t), str(k))
        for a, p, t, k in c.execute(_ACTIVITY, args).fetchall()
    ]

    def texts(ids: Sequence[int]) -> dict[int, str]:
        rows = c.execute(_TEXTS, {"ids": list(ids)}).fetchall()
        return {int(i): str(t) for i, t in rows}

    # An approval's figures are read from its approver's rows (``figures.outcomes_in_force``,
    # ``comparing.trusted_measures``) of the same kind: a pushed approval's brought in with
    # it, a live one's written live. Else a login bearing a pushed approver's name (an
    # embedded store's author is any name typed in its settings; say a reviewer, who gives
    # no final approval here) could rewrite that approval's figures with rows of their own.
    outcomes = [
        outcome_from(r[:-1])
        for r in c.execute(_OUTCOMES, args).fetchall()
        if r[1] is not None and brought.get(int(r[1])) is bool(r[-1])
    ]
    shared = [
        measure_from(r[:-1])
        for r in c.execute(_MEASURES, args).fetchall()
        if brought.get(int(r[1])) is bool(r[-1])
    ]
    return History(
        page_count, readings, approvals, activity, viewer, texts, scope, outcomes, shared
    )
