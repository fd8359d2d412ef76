-- The team store's schema, upgrade from version 2 to 3: an approval is of the text its
-- reviewer saw. Version 2 stamped a status event with the page's working version at
-- insert, so an approval sent after someone else's newer version (a journal replayed
-- after an outage, a machine reading that became current meanwhile) approved text its
-- reviewer never saw. Now a client names the version it saw (status_events.version_id);
-- "reviewed" or "final" for a version that is no longer the working one is refused
-- (SQLSTATE PD004). A client that names none (an older ProofDesk, a script) gets the
-- version-2 behaviour: the working version is stamped.
SET ROLE proofdesk_owner;
SET search_path = proofdesk, public;

CREATE OR REPLACE FUNCTION stamp_status_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cur bigint;
BEGIN
    IF NEW.origin_author IS NULL THEN
        SELECT p.current_version INTO cur FROM proofdesk.pages p
         WHERE p.document_id = NEW.document_id AND p.page = NEW.page;
        IF NEW.status IN ('reviewed', 'final') AND NEW.version_id IS NOT NULL
           AND NEW.version_id IS DISTINCT FROM cur THEN
            RAISE EXCEPTION 'page % changed after version % was shown: approve the new text',
                NEW.page + 1, NEW.version_id
                USING ERRCODE = 'PD004', HINT = (NEW.page)::text;
        END IF;
        NEW.version_id := cur;
    END IF;
    RETURN NEW;
END $$;

UPDATE schema_info SET version = 3;

REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk FROM PUBLIC;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk TO proofdesk_reviewer;

RESET ROLE;
