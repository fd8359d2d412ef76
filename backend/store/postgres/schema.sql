-- The team store's schema (version 1), run once per database by an
-- administrator (see docs/TEAM.md), then its upgrades in order (schema_2.sql, ...;
-- ``admin.install`` runs them all). Everything lives in the "proofdesk"
-- schema, owned by proofdesk_owner.
--
-- The rules are the database's, not only the client's: a person connecting
-- with psql meets the same refusals as the app.
--   * Row-level security: a reviewer sees and writes only documents given to them.
--   * Append-only history: versions, status and note events cannot be changed or
--     deleted (no grant, and a trigger besides).
--   * Identity: author columns are set by triggers to current_user; only an
--     administrator bringing in a review made elsewhere (store push) may record
--     the original author and time, in separate origin_* columns.
--   * Claims: a page claimed by someone else (an unexpired lease) refuses edits.
--   * Second-person approval: "final" is refused when the approver is not a senior
--     reviewer, edited the page's text last, or wrote its working version; new
--     working text puts a reviewed or final page back in progress.
--   * Conflicts: a page's working version is replaced only by one based on it.
--   * Identity is the login: writing as a group role (SET ROLE) is refused.
--   * Status and note changes carry the client's key (op_key): recorded once.
--   * Live updates: every change to a page NOTIFYs the document's channel, named by a
--     random token only those who may read the document can read (LISTEN has no
--     privileges: a channel named by the document's id would tell anyone who edits what).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE SCHEMA proofdesk AUTHORIZATION proofdesk_owner;
SET ROLE proofdesk_owner;
SET search_path = proofdesk, public;

CREATE TABLE schema_info (version int NOT NULL);
INSERT INTO schema_info VALUES (1);

CREATE TABLE documents (
    id          bigserial PRIMARY KEY,
    sha256      text NOT NULL UNIQUE,
    name        text NOT NULL,
    page_count  int  NOT NULL CHECK (page_count > 0),
    created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    created_by  text NOT NULL DEFAULT current_user,
    channel     text NOT NULL DEFAULT 'proofdesk_' || replace(gen_random_uuid()::text, '-', '')
);

-- Who may work on a document (administrators see every document).
CREATE TABLE members (
    document_id bigint NOT NULL REFERENCES documents ON DELETE CASCADE,
    person      text   NOT NULL,
    PRIMARY KEY (document_id, person)
);

CREATE TABLE meta (
    document_id bigint NOT NULL REFERENCES documents,
    key         text NOT NULL,
    value       text NOT NULL,
    PRIMARY KEY (document_id, key)
);

CREATE TABLE versions (
    id                bigserial PRIMARY KEY,
    document_id       bigint NOT NULL REFERENCES documents,
    page              int    NOT NULL CHECK (page >= 0),
    kind              text   NOT NULL
                      CHECK (kind IN ('ocr','edit','import','alternate','restore')),
    text              text   NOT NULL,
    provenance        jsonb  NOT NULL DEFAULT '{}',
    base_version      bigint REFERENCES versions,   -- the version the writer had in front of them
    author            text   NOT NULL DEFAULT current_user,
    created_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    origin_author     text,              -- set only for history brought in from elsewhere
    origin_created_at double precision
);
CREATE INDEX versions_by_page ON versions (document_id, page, id);
-- Whether a document has history of its own (history from elsewhere is brought only
-- into one that has none: stamp_event).
CREATE INDEX versions_live ON versions (document_id) WHERE origin_author IS NULL;

-- The working transcript of each page: which version, and its text for search.
CREATE TABLE pages (
    document_id     bigint NOT NULL REFERENCES documents,
    page            int    NOT NULL,
    current_version bigint REFERENCES versions,
    text            text   NOT NULL DEFAULT '',
    PRIMARY KEY (document_id, page)
);
CREATE INDEX pages_text_trgm ON pages USING gin (text gin_trgm_ops);

-- Typed text not yet in the history, one row per client (two windows of one
-- person never overwrite each other's typing).
CREATE TABLE drafts (
    document_id  bigint NOT NULL REFERENCES documents,
    page         int    NOT NULL,
    client       text   NOT NULL,
    text         text   NOT NULL,
    base_version bigint REFERENCES versions,
    author       text   NOT NULL DEFAULT current_user,
    updated_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (document_id, page, client)
);

CREATE TABLE status_events (
    id                bigserial PRIMARY KEY,
    document_id       bigint NOT NULL REFERENCES documents,
    page              int    NOT NULL,
    status            text   NOT NULL
                      CHECK (status IN ('unreviewed','in_progress','reviewed','final','flagged')),
    author            text   NOT NULL DEFAULT current_user,
    created_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    origin_author     text,
    origin_created_at double precision,
    op_key            text   -- the client's key for this change: sent twice, recorded once
);
CREATE INDEX status_by_page ON status_events (document_id, page, id);
CREATE UNIQUE INDEX status_once ON status_events (document_id, op_key);
CREATE INDEX status_live ON status_events (document_id) WHERE origin_author IS NULL;

CREATE TABLE note_events (
    id                bigserial PRIMARY KEY,
    document_id       bigint NOT NULL REFERENCES documents,
    page              int    NOT NULL,
    text              text   NOT NULL,
    author            text   NOT NULL DEFAULT current_user,
    created_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    origin_author     text,
    origin_created_at double precision,
    op_key            text
);
CREATE INDEX notes_by_page ON note_events (document_id, page, id);
CREATE UNIQUE INDEX notes_once ON note_events (document_id, op_key);
CREATE INDEX notes_live ON note_events (document_id) WHERE origin_author IS NULL;

-- A page being edited: a lease, renewed while typing, that lapses if the client dies.
CREATE TABLE claims (
    document_id bigint NOT NULL REFERENCES documents,
    page        int    NOT NULL,
    holder      text   NOT NULL DEFAULT current_user,
    since       timestamptz NOT NULL DEFAULT clock_timestamp(),
    expires_at  timestamptz NOT NULL,
    PRIMARY KEY (document_id, page)
);

CREATE TABLE assignments (
    document_id bigint NOT NULL REFERENCES documents,
    first_page  int    NOT NULL CHECK (first_page >= 0),
    last_page   int    NOT NULL,
    person      text   NOT NULL,
    assigned_by text   NOT NULL DEFAULT current_user,
    CHECK (last_page >= first_page),
    PRIMARY KEY (document_id, first_page, person)
);

CREATE TABLE jobs (
    id          bigserial PRIMARY KEY,
    document_id bigint NOT NULL REFERENCES documents,
    created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    spec        text NOT NULL,
    state       text NOT NULL CHECK (state IN ('running','paused','cancelled','done'))
);
CREATE TABLE job_pages (
    job         bigint NOT NULL REFERENCES jobs,
    document_id bigint NOT NULL REFERENCES documents,
    page        int    NOT NULL,
    state       text   NOT NULL CHECK (state IN ('pending','done','failed','skipped')),
    attempts    int    NOT NULL DEFAULT 0,
    reason      text   NOT NULL DEFAULT '',
    version_id  bigint REFERENCES versions,
    updated_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (job, page)
);

-- -- who may do what --------------------------------------------------------

CREATE FUNCTION is_admin() RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT pg_has_role(current_user, 'proofdesk_admin', 'MEMBER') $$;

CREATE FUNCTION may_read(doc bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT proofdesk.is_admin() OR EXISTS (
        SELECT 1 FROM proofdesk.members m WHERE m.document_id = doc AND m.person = current_user)
$$;

ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
CREATE POLICY read ON documents FOR SELECT USING (may_read(id));
CREATE POLICY admin_write ON documents FOR ALL USING (is_admin()) WITH CHECK (is_admin());

ALTER TABLE members ENABLE ROW LEVEL SECURITY;
CREATE POLICY own ON members FOR SELECT USING (person = current_user OR is_admin());
CREATE POLICY admin_write ON members FOR ALL USING (is_admin()) WITH CHECK (is_admin());

ALTER TABLE assignments ENABLE ROW LEVEL SECURITY;
CREATE POLICY read ON assignments FOR SELECT USING (may_read(document_id));
CREATE POLICY admin_write ON assignments FOR ALL USING (is_admin()) WITH CHECK (is_admin());

-- The per-document tables: read and written only on a document given to you.
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['meta','versions','pages','drafts','status_events',
                             'note_events','claims','jobs','job_pages'] LOOP
        EXECUTE format('ALTER TABLE proofdesk.%I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY given ON proofdesk.%I FOR ALL '
                       'USING (proofdesk.may_read(document_id)) '
                       'WITH CHECK (proofdesk.may_read(document_id))', t);
    END LOOP;
END $$;
-- A lease held by someone else is theirs until it lapses (an administrator may break it).
CREATE POLICY not_theirs ON claims AS RESTRICTIVE FOR UPDATE
    USING (holder = current_user OR expires_at < clock_timestamp() OR is_admin());
CREATE POLICY not_theirs_del ON claims AS RESTRICTIVE FOR DELETE
    USING (holder = current_user OR expires_at < clock_timestamp() OR is_admin());
CREATE POLICY own_drafts ON drafts AS RESTRICTIVE FOR UPDATE USING (author = current_user);
CREATE POLICY own_drafts_del ON drafts AS RESTRICTIVE FOR DELETE USING (author = current_user);

GRANT USAGE ON SCHEMA proofdesk TO proofdesk_reviewer;
GRANT SELECT ON ALL TABLES IN SCHEMA proofdesk TO proofdesk_reviewer;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA proofdesk TO proofdesk_reviewer;
GRANT INSERT ON versions, status_events, note_events TO proofdesk_reviewer;
GRANT INSERT, UPDATE ON pages, meta, jobs, job_pages TO proofdesk_reviewer;
GRANT INSERT, UPDATE, DELETE ON drafts, claims TO proofdesk_reviewer;
GRANT INSERT, UPDATE, DELETE ON documents, members, assignments TO proofdesk_admin;
REVOKE ALL ON schema_info FROM proofdesk_reviewer;
GRANT SELECT ON schema_info TO proofdesk_reviewer;

-- -- triggers: identity, append-only history, claims, approval, notify ----------

-- Who: the login. A member of a group role may SET ROLE to it, and current_user is
-- then the group's name: an administrator could approve her own edit as
-- "proofdesk_admin", and anyone could write history under no person's name.
CREATE FUNCTION as_oneself() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF current_user <> session_user THEN
        RAISE EXCEPTION 'write to ProofDesk as yourself (%), not as %', session_user,
            current_user USING ERRCODE = '42501';
    END IF;
END $$;

CREATE FUNCTION stamp_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM proofdesk.as_oneself();
    NEW.author := current_user;
    NEW.created_at := clock_timestamp();
    IF (NEW.origin_author IS NOT NULL OR NEW.origin_created_at IS NOT NULL) THEN
        IF NOT proofdesk.is_admin() THEN
            RAISE EXCEPTION 'only an administrator may bring in history recorded elsewhere'
                USING ERRCODE = '42501';
        END IF;
        -- Else an administrator could record anyone's approval of their own edit.
        IF EXISTS (SELECT 1 FROM proofdesk.versions v WHERE v.document_id = NEW.document_id
                      AND v.origin_author IS NULL)
           OR EXISTS (SELECT 1 FROM proofdesk.status_events s
                       WHERE s.document_id = NEW.document_id AND s.origin_author IS NULL)
           OR EXISTS (SELECT 1 FROM proofdesk.note_events n
                       WHERE n.document_id = NEW.document_id AND n.origin_author IS NULL) THEN
            RAISE EXCEPTION 'history recorded elsewhere is brought only into a document '
                            'with no history of its own' USING ERRCODE = '42501';
        END IF;
    END IF;
    RETURN NEW;
END $$;

CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '42501';
END $$;

CREATE FUNCTION refuse_if_claimed(doc bigint, pg int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE who text; since_ timestamptz;
BEGIN
    SELECT holder, since INTO who, since_ FROM proofdesk.claims
     WHERE document_id = doc AND page = pg AND holder <> current_user
       AND expires_at > clock_timestamp();
    IF FOUND THEN
        RAISE EXCEPTION 'page % is being edited by % since %', pg + 1, who, since_
            USING ERRCODE = 'PD001', DETAIL = who,
                  HINT = pg || ' ' || extract(epoch FROM since_);
    END IF;
END $$;

CREATE FUNCTION stamp_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.kind IN ('edit', 'restore') THEN
        PERFORM proofdesk.refuse_if_claimed(NEW.document_id, NEW.page);
    END IF;
    RETURN NEW;
END $$;

CREATE FUNCTION stamp_draft() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM proofdesk.as_oneself();
    NEW.author := current_user;
    NEW.updated_at := clock_timestamp();
    PERFORM proofdesk.refuse_if_claimed(NEW.document_id, NEW.page);
    RETURN NEW;
END $$;

CREATE FUNCTION stamp_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM proofdesk.as_oneself();
    IF TG_OP = 'INSERT' OR OLD.holder <> current_user OR OLD.expires_at < clock_timestamp() THEN
        NEW.since := clock_timestamp();
    ELSE
        NEW.since := OLD.since;
    END IF;
    NEW.holder := current_user;
    -- A lease lapses if the client dies: nobody may take one for longer than an hour.
    NEW.expires_at := least(NEW.expires_at, clock_timestamp() + interval '1 hour');
    RETURN NEW;
END $$;

-- The working version must be one of this page's versions, the search text is its
-- text, and it is replaced only by a version based on it (the conflict rule: a save
-- based on an older version is kept in the history, never made the working one).
CREATE FUNCTION check_page_pointer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE body text; based_on bigint;
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.current_version IS DISTINCT FROM OLD.current_version
       AND OLD.current_version IS NOT NULL THEN
        SELECT v.base_version INTO based_on FROM proofdesk.versions v
         WHERE v.id = NEW.current_version;
        IF based_on IS DISTINCT FROM OLD.current_version THEN
            RAISE EXCEPTION 'version % is not based on the working version % of page %',
                NEW.current_version, OLD.current_version, NEW.page + 1 USING ERRCODE = '23514';
        END IF;
    END IF;
    IF NEW.current_version IS NULL THEN
        NEW.text := '';
        RETURN NEW;
    END IF;
    SELECT v.text INTO body FROM proofdesk.versions v WHERE v.id = NEW.current_version
       AND v.document_id = NEW.document_id AND v.page = NEW.page;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'version % is not a version of this page', NEW.current_version
            USING ERRCODE = '23514';
    END IF;
    NEW.text := body;
    RETURN NEW;
END $$;

-- New working text needs a new review: a "reviewed" or "final" page goes back to
-- "in progress" (else "final" would stand for text nobody approved).
CREATE FUNCTION reopen_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.current_version IS DISTINCT FROM OLD.current_version
       AND (SELECT s.status FROM proofdesk.status_events s
             WHERE s.document_id = NEW.document_id AND s.page = NEW.page
             ORDER BY s.id DESC LIMIT 1) IN ('reviewed', 'final') THEN
        INSERT INTO proofdesk.status_events (document_id, page, status)
            VALUES (NEW.document_id, NEW.page, 'in_progress');
    END IF;
    RETURN NULL;
END $$;

-- Four eyes: the final approval needs a senior reviewer who did not edit the text last.
CREATE FUNCTION check_approval() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE last_editor text;
BEGIN
    IF NEW.status <> 'final' OR NEW.origin_author IS NOT NULL THEN
        RETURN NEW;  -- history brought in by an administrator (stamp_event) as it was
    END IF;
    IF NOT pg_has_role(current_user, 'proofdesk_senior', 'MEMBER') THEN
        RAISE EXCEPTION 'only a senior reviewer may give the final approval'
            USING ERRCODE = 'PD002';
    END IF;
    SELECT coalesce(v.origin_author, v.author) INTO last_editor FROM proofdesk.versions v
     WHERE v.document_id = NEW.document_id AND v.page = NEW.page
       AND v.kind IN ('edit', 'restore')
     ORDER BY v.id DESC LIMIT 1;
    -- The text approved is the working version's: its writer (whatever its kind: a
    -- reviewer may insert any) may not approve it either, e.g. after a stale save of
    -- someone else's became the page's latest edit.
    IF last_editor = current_user OR EXISTS (
        SELECT 1 FROM proofdesk.pages p JOIN proofdesk.versions v ON v.id = p.current_version
         WHERE p.document_id = NEW.document_id AND p.page = NEW.page
           AND coalesce(v.origin_author, v.author) = current_user) OR EXISTS (
        SELECT 1 FROM proofdesk.drafts d WHERE d.document_id = NEW.document_id
           AND d.page = NEW.page AND d.author = current_user) THEN
        RAISE EXCEPTION 'second-person approval: % edited the text of page % last and '
                        'cannot give it the final approval', current_user, NEW.page + 1
            USING ERRCODE = 'PD003';
    END IF;
    RETURN NEW;
END $$;

-- The autosave, the hot path: one call instead of a round trip per step. It runs as
-- the caller (row-level security, grants and the triggers above all apply).
-- base NULL: based on the working version, unless seen_empty (the writer opened the
-- page when it had no version yet: a version saved since is newer than what they saw).
CREATE FUNCTION save_draft(doc bigint, pg int, cl text, body text, base bigint,
                           lease double precision, seen_empty boolean DEFAULT false)
    RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE cur bigint;
BEGIN
    PERFORM proofdesk.refuse_if_claimed(doc, pg);
    INSERT INTO proofdesk.claims (document_id, page, expires_at)
        VALUES (doc, pg, clock_timestamp() + make_interval(secs => lease))
        ON CONFLICT (document_id, page) DO UPDATE SET expires_at = EXCLUDED.expires_at;
    -- The search text is the working version's: re-indexing a page's trigrams at every
    -- keystroke would make the autosave wait on the index.
    INSERT INTO proofdesk.pages (document_id, page) VALUES (doc, pg) ON CONFLICT DO NOTHING;
    SELECT current_version INTO cur FROM proofdesk.pages
     WHERE document_id = doc AND page = pg;
    INSERT INTO proofdesk.drafts (document_id, page, client, text, base_version)
        VALUES (doc, pg, cl, body, CASE WHEN seen_empty THEN NULL ELSE coalesce(base, cur) END)
        ON CONFLICT (document_id, page, client) DO UPDATE SET text = EXCLUDED.text;
    IF coalesce((SELECT status FROM proofdesk.status_events
                  WHERE document_id = doc AND page = pg ORDER BY id DESC LIMIT 1),
                'unreviewed') = 'unreviewed' THEN
        INSERT INTO proofdesk.status_events (document_id, page, status)
            VALUES (doc, pg, 'in_progress');
        RETURN true;  -- typing started the page's review
    END IF;
    RETURN false;
END $$;

CREATE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
    IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
    PERFORM pg_notify((SELECT d.channel FROM proofdesk.documents d WHERE d.id = r.document_id),
        json_build_object('page', r.page, 'what', TG_TABLE_NAME, 'by', current_user,
                          'client', current_setting('proofdesk.client', true))::text);
    RETURN NULL;
END $$;

CREATE TRIGGER a_stamp BEFORE INSERT ON versions FOR EACH ROW EXECUTE FUNCTION stamp_event();
CREATE TRIGGER b_claimed BEFORE INSERT ON versions FOR EACH ROW EXECUTE FUNCTION stamp_version();
CREATE TRIGGER a_stamp BEFORE INSERT ON status_events FOR EACH ROW EXECUTE FUNCTION stamp_event();
CREATE TRIGGER b_approval BEFORE INSERT ON status_events
    FOR EACH ROW EXECUTE FUNCTION check_approval();
CREATE TRIGGER a_stamp BEFORE INSERT ON note_events FOR EACH ROW EXECUTE FUNCTION stamp_event();
CREATE TRIGGER a_stamp BEFORE INSERT OR UPDATE ON drafts
    FOR EACH ROW EXECUTE FUNCTION stamp_draft();
CREATE TRIGGER a_stamp BEFORE INSERT OR UPDATE ON claims
    FOR EACH ROW EXECUTE FUNCTION stamp_claim();
CREATE TRIGGER a_pointer BEFORE INSERT OR UPDATE ON pages
    FOR EACH ROW EXECUTE FUNCTION check_page_pointer();
CREATE TRIGGER b_reopen AFTER UPDATE OF current_version ON pages
    FOR EACH ROW EXECUTE FUNCTION reopen_review();
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON versions
    FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON status_events
    FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON note_events
    FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER z_notify AFTER INSERT OR UPDATE ON pages
    FOR EACH ROW EXECUTE FUNCTION notify_change();
CREATE TRIGGER z_notify AFTER INSERT ON versions FOR EACH ROW EXECUTE FUNCTION notify_change();
CREATE TRIGGER z_notify AFTER INSERT ON status_events
    FOR EACH ROW EXECUTE FUNCTION notify_change();
CREATE TRIGGER z_notify AFTER INSERT ON note_events FOR EACH ROW EXECUTE FUNCTION notify_change();
CREATE TRIGGER z_notify AFTER INSERT OR UPDATE OR DELETE ON claims
    FOR EACH ROW EXECUTE FUNCTION notify_change();

-- Only the team runs the team's functions (PostgreSQL grants EXECUTE to PUBLIC by
-- default). None is SECURITY DEFINER: each runs as its caller, under the caller's
-- row-level security and grants, so a search_path of theirs can change nothing of ours.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk FROM PUBLIC;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA proofdesk TO proofdesk_reviewer;

RESET ROLE;
