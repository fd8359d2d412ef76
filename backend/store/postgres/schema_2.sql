-- The team store's schema, upgrade from version 1 to 2 (issue 28: "approved" means the
-- text that was approved). Run once, as schema.sql was, after it: a new database gets
-- both from ``admin.install``; an existing one from ``admin.upgrade`` or psql
-- (docs/TEAM.md). The rules are those of backend/store/rules.py (``status_after``).
--   * Each status event names the working version it was given to: "final" names the
--     text approved. The database stamps it (a client's value is replaced), except in
--     history an administrator brings in from elsewhere (stamp_event), kept as it was.
--   * Typing that changes the working text takes back a reviewed or final page at the
--     first keystroke, not only when the typing is saved as a version (reopen_review).
SET ROLE proofdesk_owner;
SET search_path = proofdesk, public;

ALTER TABLE status_events ADD COLUMN version_id bigint REFERENCES versions;

CREATE FUNCTION stamp_status_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.origin_author IS NULL THEN
        NEW.version_id := (SELECT p.current_version FROM proofdesk.pages p
                            WHERE p.document_id = NEW.document_id AND p.page = NEW.page);
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER c_version BEFORE INSERT ON status_events
    FOR EACH ROW EXECUTE FUNCTION stamp_status_version();

-- schema.sql's autosave, with the rule above: typing starts an unreviewed page's review,
-- and typing that differs from the working text takes back a reviewed or final page.
CREATE OR REPLACE FUNCTION save_draft(doc bigint, pg int, cl text, body text, base bigint,
                                      lease double precision, seen_empty boolean DEFAULT false)
    RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE cur bigint; working text; st text;
BEGIN
    PERFORM proofdesk.refuse_if_claimed(doc, pg);
    INSERT INTO proofdesk.claims (document_id, page, expires_at)
        VALUES (doc, pg, clock_timestamp() + make_interval(secs => lease))
        ON CONFLICT (document_id, page) DO UPDATE SET expires_at = EXCLUDED.expires_at;
    -- The search text is the working version's: re-indexing a page's trigrams at every
    -- keystroke would make the autosave wait on the index.
    INSERT INTO proofdesk.pages (document_id, page) VALUES (doc, pg) ON CONFLICT DO NOTHING;
    SELECT current_version, text INTO cur, working FROM proofdesk.pages
     WHERE document_id = doc AND page = pg;
    INSERT INTO proofdesk.drafts (document_id, page, client, text, base_version)
        VALUES (doc, pg, cl, body, CASE WHEN seen_empty THEN NULL ELSE coalesce(base, cur) END)
        ON CONFLICT (document_id, page, client) DO UPDATE SET text = EXCLUDED.text;
    st := coalesce((SELECT status FROM proofdesk.status_events
                     WHERE document_id = doc AND page = pg ORDER BY id DESC LIMIT 1),
                   'unreviewed');
    IF st = 'unreviewed' OR (st IN ('reviewed', 'final') AND body IS DISTINCT FROM working) THEN
        INSERT INTO proofdesk.status_events (document_id, page, status)
            VALUES (doc, pg, 'in_progress');
        RETURN true;  -- typing started the page's review, or took back its approval
    END IF;
    RETURN false;
END $$;

UPDATE schema_info SET version = 2;

REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk FROM PUBLIC;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk TO proofdesk_reviewer;

RESET ROLE;
