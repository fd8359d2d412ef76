-- The team store's schema, upgrade from version 4 to 5: the reviewers' de-identification
-- decisions for publishing (issue 25). Like the review's own history: append-only,
-- each row stamped by the server with who made it and when (a client cannot claim
-- another's name or time). Only a new table: a ProofDesk that needs version 4 keeps
-- working on this server while others upgrade.
SET ROLE proofdesk_owner;
SET search_path = proofdesk, public;

CREATE TABLE publish_decisions (
    id          bigserial PRIMARY KEY,
    document_id bigint NOT NULL REFERENCES documents,
    kind        text   NOT NULL,
    key         text   NOT NULL,
    decision    text   NOT NULL CHECK (decision IN ('accept', 'skip', 'mark')),
    scope       text   NOT NULL CHECK (scope IN ('place', 'all')),
    page        int    CHECK (page IS NULL OR page >= 0),
    text        text   NOT NULL DEFAULT '',
    occurrence  int    NOT NULL DEFAULT 0 CHECK (occurrence >= 0),
    author      text   NOT NULL DEFAULT current_user,
    created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    before      text   NOT NULL DEFAULT '',  -- the text around a place, to find it again
    after       text   NOT NULL DEFAULT '',
    box         text   NOT NULL DEFAULT ''   -- a region of the scan marked, as JSON
);
CREATE INDEX publish_decisions_by_document ON publish_decisions (document_id, id);

CREATE FUNCTION stamp_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM proofdesk.as_oneself();
    NEW.author := current_user;
    NEW.created_at := clock_timestamp();
    RETURN NEW;
END $$;
CREATE TRIGGER publish_decisions_stamp BEFORE INSERT ON publish_decisions
    FOR EACH ROW EXECUTE FUNCTION stamp_decision();
CREATE TRIGGER publish_decisions_append_only BEFORE UPDATE OR DELETE ON publish_decisions
    FOR EACH ROW EXECUTE FUNCTION append_only();

-- Read and written only on a document given to you (as schema.sql's per-document tables).
ALTER TABLE publish_decisions ENABLE ROW LEVEL SECURITY;
CREATE POLICY given ON publish_decisions FOR ALL
    USING (proofdesk.may_read(document_id)) WITH CHECK (proofdesk.may_read(document_id));
GRANT SELECT, INSERT ON publish_decisions TO proofdesk_reviewer;
GRANT USAGE ON SEQUENCE publish_decisions_id_seq TO proofdesk_reviewer;

UPDATE schema_info SET version = 5;

-- A new function is executable by PUBLIC by default: the team's functions are the
-- team's alone (tests/team/test_team_defects.py), as schema_2 and schema_3 made them.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk FROM PUBLIC;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk TO proofdesk_reviewer;

RESET ROLE;
