-- The team store's schema, upgrade from version 5 to 6: what the review statistics need
-- beyond the edits (issue 26), as the embedded store's schema 7 keeps them:
-- - page_visits: a person arriving at a page ('visit') or closing the document on it
--   ('leave'), so time only looking at a page counts;
-- - critical_outcomes: at each approval, the legal-critical items the page's first
--   machine reading raised against its alternate and what became of each.
-- Append-only, each row stamped by the server with who and when (a client cannot claim
-- another's name or time); history pushed from an embedded store keeps its own in
-- origin_*, which only an administrator may write (stamp_event). Only new tables: a
-- ProofDesk that needs version 5 keeps working on this server while others upgrade.
SET ROLE proofdesk_owner;
SET search_path = proofdesk, public;

CREATE TABLE page_visits (
    id                bigserial PRIMARY KEY,
    document_id       bigint NOT NULL REFERENCES documents,
    page              int    NOT NULL CHECK (page >= 0),
    kind              text   NOT NULL CHECK (kind IN ('visit', 'leave')),
    author            text   NOT NULL DEFAULT current_user,
    created_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    origin_author     text,
    origin_created_at double precision
);
CREATE INDEX page_visits_by_document ON page_visits (document_id, id);

CREATE TABLE critical_outcomes (
    id                bigserial PRIMARY KEY,
    document_id       bigint NOT NULL REFERENCES documents,
    page              int    NOT NULL CHECK (page >= 0),
    version_id        bigint,  -- the approved text's version
    reading_id        bigint,  -- the machine reading whose items these are
    raised            int    NOT NULL CHECK (raised >= 0),
    accepted          int    NOT NULL CHECK (accepted >= 0),
    dismissed         int    NOT NULL CHECK (dismissed >= 0),
    items             text   NOT NULL DEFAULT '[]',
    author            text   NOT NULL DEFAULT current_user,
    created_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    origin_author     text,
    origin_created_at double precision
);
CREATE INDEX critical_outcomes_by_document ON critical_outcomes (document_id, id);

CREATE TRIGGER a_stamp BEFORE INSERT ON page_visits
    FOR EACH ROW EXECUTE FUNCTION stamp_event();
CREATE TRIGGER a_stamp BEFORE INSERT ON critical_outcomes
    FOR EACH ROW EXECUTE FUNCTION stamp_event();
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON page_visits
    FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON critical_outcomes
    FOR EACH ROW EXECUTE FUNCTION append_only();

-- Written only on a document given to you. Where a person was and when is theirs: a
-- reviewer reads their own visits, an administrator everyone's (as the statistics show
-- a reviewer only their own time). An approval's outcomes are the document's, as the
-- approval itself is (its approver is in the status history every member reads).
ALTER TABLE page_visits ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_or_admin ON page_visits FOR SELECT
    USING (proofdesk.may_read(document_id)
           AND (coalesce(origin_author, author) = current_user OR proofdesk.is_admin()));
CREATE POLICY given ON page_visits FOR INSERT WITH CHECK (proofdesk.may_read(document_id));
ALTER TABLE critical_outcomes ENABLE ROW LEVEL SECURITY;
CREATE POLICY given ON critical_outcomes FOR ALL
    USING (proofdesk.may_read(document_id)) WITH CHECK (proofdesk.may_read(document_id));
GRANT SELECT, INSERT ON page_visits, critical_outcomes TO proofdesk_reviewer;
GRANT USAGE ON SEQUENCE page_visits_id_seq, critical_outcomes_id_seq TO proofdesk_reviewer;

UPDATE schema_info SET version = 6;

-- A new function is executable by PUBLIC by default: the team's functions are the
-- team's alone (tests/team/test_team_defects.py), as schema_2 and schema_3 made them.
-- (This upgrade adds none; kept so that a function added here later is covered.)
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk FROM PUBLIC;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk TO proofdesk_reviewer;

RESET ROLE;
