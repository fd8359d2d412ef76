"""The review store's SQLite schema and its migrations.

History is append-only: triggers refuse UPDATE and DELETE on versions and on
the status/note event logs, so no code path (ours or a future one) can rewrite
what a reviewer did. The only mutable rows are the page's pointer to its
working version, the unsaved-to-history drafts, and the search index.
"""

from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 8

_V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE versions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    page        INTEGER NOT NULL CHECK (page >= 0),
    kind        TEXT    NOT NULL CHECK (kind IN ('ocr','edit','import','alternate','restore')),
    text        TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    author      TEXT    NOT NULL,
    provenance  TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX versions_by_page ON versions (page, id);

-- The working transcript of each page: which version it is.
CREATE TABLE pages (
    page            INTEGER PRIMARY KEY,
    current_version INTEGER NOT NULL REFERENCES versions (id)
);

-- Text typed since the last version: durable within seconds, promoted to an
-- 'edit' version on page switch, approve, close, or the next open.
CREATE TABLE drafts (
    page         INTEGER PRIMARY KEY,
    text         TEXT NOT NULL,
    base_version INTEGER,
    updated_at   REAL NOT NULL,
    author       TEXT NOT NULL
);

CREATE TABLE status_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    page       INTEGER NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('unreviewed','in_progress','approved','flagged')),
    created_at REAL    NOT NULL,
    author     TEXT    NOT NULL
);
CREATE INDEX status_by_page ON status_events (page, id);

CREATE TABLE note_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    page       INTEGER NOT NULL,
    text       TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    author     TEXT    NOT NULL
);
CREATE INDEX notes_by_page ON note_events (page, id);

-- Full-text search over each page's working text; rowid = page. The trigram
-- tokenizer because Chinese has no spaces between words.
CREATE VIRTUAL TABLE search USING fts5 (text, tokenize = 'trigram');

CREATE TRIGGER versions_append_only_u BEFORE UPDATE ON versions
BEGIN SELECT RAISE(ABORT, 'versions are append-only'); END;
CREATE TRIGGER versions_append_only_d BEFORE DELETE ON versions
BEGIN SELECT RAISE(ABORT, 'versions are append-only'); END;
CREATE TRIGGER status_append_only_u BEFORE UPDATE ON status_events
BEGIN SELECT RAISE(ABORT, 'status history is append-only'); END;
CREATE TRIGGER status_append_only_d BEFORE DELETE ON status_events
BEGIN SELECT RAISE(ABORT, 'status history is append-only'); END;
CREATE TRIGGER notes_append_only_u BEFORE UPDATE ON note_events
BEGIN SELECT RAISE(ABORT, 'note history is append-only'); END;
CREATE TRIGGER notes_append_only_d BEFORE DELETE ON note_events
BEGIN SELECT RAISE(ABORT, 'note history is append-only'); END;
"""

# OCR batch jobs: their state lives in the store so a job survives a restart,
# and a page's result and its "done" mark are written in one transaction, so a
# crash mid-batch loses no finished page and never runs one twice.
_V2 = """
CREATE TABLE jobs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at REAL NOT NULL,
    spec       TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('running','paused','cancelled','done'))
);
CREATE TABLE job_pages (
    job        INTEGER NOT NULL REFERENCES jobs (id),
    page       INTEGER NOT NULL,
    state      TEXT    NOT NULL CHECK (state IN ('pending','done','failed','skipped')),
    attempts   INTEGER NOT NULL DEFAULT 0,
    reason     TEXT    NOT NULL DEFAULT '',
    version_id INTEGER REFERENCES versions (id),
    updated_at REAL    NOT NULL,
    PRIMARY KEY (job, page)
);
"""

# The "reviewed" status (done by a reviewer, waiting for the final approval, as on the
# team store). SQLite cannot change a CHECK: the event log is copied into a new table
# (dropping a table fires none of its triggers, so the append-only rule holds).
_V3 = """
CREATE TABLE status_events_v3 (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    page       INTEGER NOT NULL,
    status     TEXT    NOT NULL
               CHECK (status IN ('unreviewed','in_progress','reviewed','approved','flagged')),
    created_at REAL    NOT NULL,
    author     TEXT    NOT NULL
);
INSERT INTO status_events_v3 (id, page, status, created_at, author)
    SELECT id, page, status, created_at, author FROM status_events ORDER BY id;
DROP TABLE status_events;
ALTER TABLE status_events_v3 RENAME TO status_events;
CREATE INDEX status_by_page ON status_events (page, id);
CREATE TRIGGER status_append_only_u BEFORE UPDATE ON status_events
BEGIN SELECT RAISE(ABORT, 'status history is append-only'); END;
CREATE TRIGGER status_append_only_d BEFORE DELETE ON status_events
BEGIN SELECT RAISE(ABORT, 'status history is append-only'); END;
"""

# Each status event names the working version it was given to, so "approved" names the
# text that was approved (issue 28). Before this, typing on an approved page left it
# approved: a page whose latest "approved" or "reviewed" is older than its working
# text (a newer working version, or a draft that differs from it) goes back to
# "in progress" now, as the rule says (``rules.status_after``). Older events keep no
# version: for an approval still in force, that is the working version.
_V4 = """
ALTER TABLE status_events ADD COLUMN version_id INTEGER REFERENCES versions (id);
INSERT INTO status_events (page, status, created_at, author)
    SELECT s.page, 'in_progress', (julianday('now') - 2440587.5) * 86400.0, 'ProofDesk'
      FROM status_events s
      LEFT JOIN pages p ON p.page = s.page
      LEFT JOIN versions v ON v.id = p.current_version
     WHERE s.id IN (SELECT max(id) FROM status_events GROUP BY page)
       AND s.status IN ('approved', 'reviewed')
       AND (v.created_at > s.created_at
            OR EXISTS (SELECT 1 FROM drafts d
                        WHERE d.page = s.page AND d.text IS NOT coalesce(v.text, '')))
     ORDER BY s.page;
"""

# The document's facts (issue 24), a cache of what ``backend.facts`` read from each
# page's working text: ``source`` names that text and the rules that read it (the
# session's key), so a page is read again only when either changed. Not history: a
# row is replaced, and losing the table loses nothing but time.
_V5 = """
CREATE TABLE facts (
    page   INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    facts  TEXT NOT NULL
);
"""

# The reviewer's de-identification decisions for publishing (issue 25): a log, append-only
# like the review's own history (who accepted, skipped or marked what, and when); the
# latest about a place or a key is in force (``backend.publish.decisions``).
_V6 = """
CREATE TABLE publish_decisions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    decision    TEXT    NOT NULL CHECK (decision IN ('accept','skip','mark')),
    scope       TEXT    NOT NULL CHECK (scope IN ('place','all')),
    page        INTEGER CHECK (page IS NULL OR page >= 0),
    text        TEXT    NOT NULL DEFAULT '',
    occurrence  INTEGER NOT NULL DEFAULT 0 CHECK (occurrence >= 0),
    author      TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    before      TEXT    NOT NULL DEFAULT '',  -- the text around a place, to find it again
    after       TEXT    NOT NULL DEFAULT '',
    box         TEXT    NOT NULL DEFAULT ''   -- a region of the scan marked, as JSON
);
CREATE TRIGGER publish_append_only_u BEFORE UPDATE ON publish_decisions
BEGIN SELECT RAISE(ABORT, 'publish decisions are append-only'); END;
CREATE TRIGGER publish_append_only_d BEFORE DELETE ON publish_decisions
BEGIN SELECT RAISE(ABORT, 'publish decisions are append-only'); END;
"""

# What the review statistics need beyond the edits (issue 26), both append-only logs:
# - ``page_visits``: a person arriving at a page ('visit') or closing the document on it
#   ('leave'), so time only looking at a page counts (``backend.stats.time_rule``);
# - ``critical_outcomes``: at each approval, the legal-critical items the page's first
#   machine reading raised against its alternate and what became of each (``items``:
#   JSON), counted in ``raised`` = ``accepted`` + ``dismissed``.
# IF NOT EXISTS: the tests of the older steps set a new store back to their version and
# open it again, which runs this step over tables already there.
_V7 = """
CREATE TABLE IF NOT EXISTS page_visits (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    page        INTEGER NOT NULL CHECK (page >= 0),
    kind        TEXT    NOT NULL CHECK (kind IN ('visit','leave')),
    author      TEXT    NOT NULL,
    created_at  REAL    NOT NULL
);
CREATE TRIGGER IF NOT EXISTS visits_append_only_u BEFORE UPDATE ON page_visits
BEGIN SELECT RAISE(ABORT, 'page visits are append-only'); END;
CREATE TRIGGER IF NOT EXISTS visits_append_only_d BEFORE DELETE ON page_visits
BEGIN SELECT RAISE(ABORT, 'page visits are append-only'); END;
CREATE TABLE IF NOT EXISTS critical_outcomes (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    page        INTEGER NOT NULL CHECK (page >= 0),
    version_id  INTEGER,  -- the approved text's version
    reading_id  INTEGER,  -- the machine reading whose items these are
    raised      INTEGER NOT NULL CHECK (raised >= 0),
    accepted    INTEGER NOT NULL CHECK (accepted >= 0),
    dismissed   INTEGER NOT NULL CHECK (dismissed >= 0),
    items       TEXT    NOT NULL DEFAULT '[]',
    author      TEXT    NOT NULL,
    created_at  REAL    NOT NULL
);
CREATE TRIGGER IF NOT EXISTS outcomes_append_only_u BEFORE UPDATE ON critical_outcomes
BEGIN SELECT RAISE(ABORT, 'critical outcomes are append-only'); END;
CREATE TRIGGER IF NOT EXISTS outcomes_append_only_d BEFORE DELETE ON critical_outcomes
BEGIN SELECT RAISE(ABORT, 'critical outcomes are append-only'); END;
"""

# The measures of each machine reading against the text a page's approval names, written
# at approval (``backend.session.approval_measures``), so that the statistics read them
# instead of every text measured again; as the team store's ``schema_7.sql``.
_V8 = """
CREATE TABLE IF NOT EXISTS pair_measures (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    reading_id      INTEGER NOT NULL,
    approved_id     INTEGER NOT NULL,
    critical_digest TEXT    NOT NULL,
    distance        INTEGER NOT NULL CHECK (distance >= 0),
    reading_chars   INTEGER NOT NULL CHECK (reading_chars >= 0),
    approved_chars  INTEGER NOT NULL CHECK (approved_chars >= 0),
    critical        INTEGER NOT NULL CHECK (critical IN (0, 1)),
    author          TEXT    NOT NULL,
    created_at      REAL    NOT NULL
);
CREATE TRIGGER IF NOT EXISTS measures_append_only_u BEFORE UPDATE ON pair_measures
BEGIN SELECT RAISE(ABORT, 'pair measures are append-only'); END;
CREATE TRIGGER IF NOT EXISTS measures_append_only_d BEFORE DELETE ON pair_measures
BEGIN SELECT RAISE(ABORT, 'pair measures are append-only'); END;
"""

# Index i holds the script that upgrades schema version i to i + 1.
_MIGRATIONS: list[str] = [_V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8]


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the schema up to ``SCHEMA_VERSION``, one transaction per step."""
    current = schema_version(conn)
    if current > SCHEMA_VERSION:
        raise RuntimeError(
            f"store schema {current} is newer than this ProofDesk ({SCHEMA_VERSION})"
        )
    for version in range(current, SCHEMA_VERSION):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _split(_MIGRATIONS[version]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _split(script: str) -> list[str]:
    """Split a script into statements, keeping trigger bodies whole."""
    statements: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--") and not buf.strip():
            continue
        buf += line
        if sqlite3.complete_statement(buf):
            statements.append(buf.strip())
            buf = ""
    return [s for s in statements if s]
