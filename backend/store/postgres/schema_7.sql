-- The team store's schema, upgrade from version 6 to 7 (issue 26): the measures of each
-- machine reading against the text a page's approval names, written by the approving
-- client when it approves (and by ``proofdesk store push`` for pushed history), so that the
-- first statistics on any member's machine read ~8,000 small rows instead of ~40 MB of
-- text and measuring each pair again (``backend.stats.shared_measures``).
-- Append-only, each row stamped by the server with who wrote it: the statistics trust a
-- row only when that is the page's approver (``stamp_event``: a client cannot claim
-- another's name; only an administrator may bring in history recorded elsewhere, in
-- origin_*). Only a new table: a ProofDesk that needs version 6 keeps working here.
SET ROLE proofdesk_owner;
SET search_path = proofdesk, public;

CREATE TABLE pair_measures (
    id                bigserial PRIMARY KEY,
    document_id       bigint NOT NULL REFERENCES documents,
    reading_id        bigint NOT NULL,  -- a machine reading's version
    approved_id       bigint NOT NULL,  -- the approved text's version
    critical_digest   text   NOT NULL,  -- which characters a critical correction changes
    distance          int    NOT NULL CHECK (distance >= 0),
    reading_chars     int    NOT NULL CHECK (reading_chars >= 0),
    approved_chars    int    NOT NULL CHECK (approved_chars >= 0),
    critical          boolean NOT NULL,
    author            text   NOT NULL DEFAULT current_user,
    created_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    origin_author     text,
    origin_created_at double precision
);
CREATE INDEX pair_measures_by_document ON pair_measures (document_id, id);

CREATE TRIGGER a_stamp BEFORE INSERT ON pair_measures
    FOR EACH ROW EXECUTE FUNCTION stamp_event();
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON pair_measures
    FOR EACH ROW EXECUTE FUNCTION append_only();

-- The document's, as the readings and the approved text they measure are.
ALTER TABLE pair_measures ENABLE ROW LEVEL SECURITY;
CREATE POLICY given ON pair_measures FOR ALL
    USING (proofdesk.may_read(document_id)) WITH CHECK (proofdesk.may_read(document_id));
GRANT SELECT, INSERT ON pair_measures TO proofdesk_reviewer;
GRANT USAGE ON SEQUENCE pair_measures_id_seq TO proofdesk_reviewer;

UPDATE schema_info SET version = 7;

-- A new function is executable by PUBLIC by default: the team's functions are the
-- team's alone (tests/team/test_team_defects.py). (This upgrade adds none.)
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk FROM PUBLIC;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk TO proofdesk_reviewer;

RESET ROLE;
