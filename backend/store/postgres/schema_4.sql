-- The team store's schema, upgrade from version 3 to 4: the document's facts index
-- (issue 24), a cache of what each page's working text holds (case numbers, parties,
-- amounts, ...) so that opening a long document need not read every page again.
-- Only a new table: nothing existing changes, so a ProofDesk that needs version 3
-- keeps working on this server while others upgrade; the upgrade takes no lock on
-- the tables reviewers write. A row is replaced (not history): ``source`` names the
-- text and the rules it was read with (backend/session/facts.py).
SET ROLE proofdesk_owner;
SET search_path = proofdesk, public;

CREATE TABLE facts (
    document_id bigint NOT NULL REFERENCES documents,
    page        int    NOT NULL CHECK (page >= 0),
    source      text   NOT NULL,
    facts       text   NOT NULL,
    PRIMARY KEY (document_id, page)
);

-- Read and written only on a document given to you (as schema.sql's per-document tables).
ALTER TABLE facts ENABLE ROW LEVEL SECURITY;
CREATE POLICY given ON facts FOR ALL
    USING (proofdesk.may_read(document_id)) WITH CHECK (proofdesk.may_read(document_id));
GRANT SELECT, INSERT, UPDATE ON facts TO proofdesk_reviewer;

UPDATE schema_info SET version = 4;

RESET ROLE;
