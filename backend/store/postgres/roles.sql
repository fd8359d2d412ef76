-- The team store's group roles (cluster-wide, so made once per server).
-- People log in as their own roles and are members of one of these:
--   proofdesk_reviewer  edits, reviews, notes, claims pages of the documents given to them
--   proofdesk_senior    a reviewer who may also give the final approval
--   proofdesk_admin     a senior reviewer who adds documents, people and assignments
-- proofdesk_owner owns the tables (and so is not subject to their row-level
-- security); nobody logs in as it.
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'proofdesk_owner') THEN
        CREATE ROLE proofdesk_owner NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'proofdesk_reviewer') THEN
        CREATE ROLE proofdesk_reviewer NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'proofdesk_senior') THEN
        CREATE ROLE proofdesk_senior NOLOGIN IN ROLE proofdesk_reviewer;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'proofdesk_admin') THEN
        CREATE ROLE proofdesk_admin NOLOGIN IN ROLE proofdesk_senior;
    END IF;
END
$$;
