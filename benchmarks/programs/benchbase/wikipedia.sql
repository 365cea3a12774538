-- benchbase/wikipedia.sql: BenchBase's Wikipedia (cmu-db/benchbase, benchmarks/wikipedia) as
-- PostgreSQL stored procedures: the DDL of ddl-postgres.sql and one function per procedure class
-- (procedures/*.java), each statement as the procedure issues it, its Java control flow as PL/pgSQL
-- control flow. Loads unchanged with `psql -f`.
--
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * `ON DELETE CASCADE` is left off the FOREIGN KEYs (isocheck refuses referential actions). No
--     procedure deletes a referenced row (RemoveWatchList deletes watchlist rows, which nothing
--     references), so the action never fires.
--   * A UserAbortException (BenchBase rolls back) is RAISE EXCEPTION. AddWatchList turns a
--     duplicate-key error of its first INSERT into one; here the unique violation itself aborts
--     the function, the same outcome.
--   * TimeUtil.getCurrentTimeString14() (the client's clock as 'YYYYMMDDHHMMSS') is a parameter,
--     p_timestamp: isocheck has no string functions (to_char) yet. UpdatePage draws it once and
--     uses it for every statement, as BenchBase does.
--   * A query whose rows the procedure only steps through (`while (rs.next()) rs.getBytes(…)`) is
--     PERFORM: PL/pgSQL has no SELECT without INTO, and the rows are not used.
--   * GetPageAuthenticated prepares selectGroup but executes `st` (its selectUser statement) a second
--     time (a BenchBase bug, the statement it issues): here the user SELECT is issued again.
--   * (Undone: GetPage*'s selectPageRevision is the join BenchBase writes, `SELECT * FROM page,
--     revision WHERE page_id = rev_page AND rev_page = ? AND page_id = ? AND rev_id = page_latest
--     LIMIT 1`, INTO a record. isocheck reads it as the page row (its key fixed by page_id = ?)
--     and the revisions joining it on both column pairs, every matching row (a superset of the one
--     LIMIT 1 returns); frontend.JoinRecord, JoinParts#chain.)
--   * UpdatePage reads generated keys (getGeneratedKeys) after its text and revision INSERTs: here
--     `RETURNING old_id INTO` / `RETURNING rev_id INTO` (the same generated value).
--   * UpdatePage's pageText.length() (rev_len, page_len, rc_old_len, rc_new_len) is the parameter
--     p_page_text_length (no string functions yet). Its revComment cut to 254 characters is
--     p_rev_comment as given. insertLogging writes the page title into log_user_text and the
--     user text into log_title: BenchBase's parameter order, kept.
--   * UpdatePage collects the watching users in a list, then issues one batched UPDATE per user and
--     one SELECT per user; here a FOR loop over the watchlist query issues each user's UPDATE and
--     SELECT together (the same statements, interleaved per user instead of all UPDATEs first).
--   * UpdatePage's log_params is String.format("%d\n%d\n%d", nextRevId, revisionId, 1): here the
--     parameter p_log_params (no string functions yet); no statement tests it.
--   * Parameters named like a column carry a p_ prefix: PL/pgSQL names are case-insensitive, and
--     PostgreSQL rejects a name that is both a variable and a column of the statement.
DROP TABLE IF EXISTS ipblocks CASCADE;
DROP TABLE IF EXISTS logging CASCADE;
DROP TABLE IF EXISTS recentchanges CASCADE;
DROP TABLE IF EXISTS revision CASCADE;
DROP TABLE IF EXISTS page_restrictions CASCADE;
DROP TABLE IF EXISTS page CASCADE;
DROP TABLE IF EXISTS text CASCADE;
DROP TABLE IF EXISTS watchlist CASCADE;
DROP TABLE IF EXISTS user_groups CASCADE;
DROP TABLE IF EXISTS useracct CASCADE;

CREATE TABLE useracct (
    user_id                  serial,
    user_name                varchar(255) NOT NULL DEFAULT '',
    user_real_name           varchar(255) NOT NULL DEFAULT '',
    user_password            varchar(255) NOT NULL,
    user_newpassword         varchar(255) NOT NULL,
    user_newpass_time        varchar(14)           DEFAULT NULL,
    user_email               varchar(255) NOT NULL,
    user_options             varchar(255) NOT NULL,
    user_touched             varchar(14)  NOT NULL DEFAULT '\0\0\0\0\0\0\0\0\0\0\0\0\0\0',
    user_token               varchar(32)  NOT NULL DEFAULT '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0',
    user_email_authenticated varchar(14)           DEFAULT NULL,
    user_email_token         varchar(32)           DEFAULT NULL,
    user_email_token_expires varchar(14)           DEFAULT NULL,
    user_registration        varchar(14)           DEFAULT NULL,
    user_editcount           int                   DEFAULT NULL,
    PRIMARY KEY (user_id),
    UNIQUE (user_name)
);
CREATE INDEX idx_user_email_token ON useracct (user_email_token);

CREATE TABLE user_groups (
    ug_user  int         NOT NULL DEFAULT '0',
    ug_group varchar(16) NOT NULL DEFAULT '',
    FOREIGN KEY (ug_user) REFERENCES useracct (user_id),
    UNIQUE (ug_user, ug_group)
);
CREATE INDEX idx_ug_group ON user_groups (ug_group);


CREATE TABLE ipblocks (
    ipb_id               serial,
    ipb_address          varchar     NOT NULL,
    ipb_user             int         NOT NULL DEFAULT '0',
    ipb_by               int         NOT NULL DEFAULT '0',
    ipb_by_text          varchar     NOT NULL DEFAULT '',
    ipb_reason           varchar     NOT NULL,
    ipb_timestamp        varchar(14) NOT NULL DEFAULT '\0\0\0\0\0\0\0\0\0\0\0\0\0\0',
    ipb_auto             smallint    NOT NULL DEFAULT '0',
    ipb_anon_only        smallint    NOT NULL DEFAULT '0',
    ipb_create_account   smallint    NOT NULL DEFAULT '1',
    ipb_enable_autoblock smallint    NOT NULL DEFAULT '1',
    ipb_expiry           varchar(14) NOT NULL DEFAULT '',
    ipb_range_start      varchar     NOT NULL,
    ipb_range_end        varchar     NOT NULL,
    ipb_deleted          smallint    NOT NULL DEFAULT '0',
    ipb_block_email      smallint    NOT NULL DEFAULT '0',
    ipb_allow_usertalk   smallint    NOT NULL DEFAULT '0',
    PRIMARY KEY (ipb_id),
    FOREIGN KEY (ipb_user) REFERENCES useracct (user_id),
    FOREIGN KEY (ipb_by) REFERENCES useracct (user_id),
    UNIQUE (ipb_address, ipb_user, ipb_auto, ipb_anon_only)
);
CREATE INDEX idx_ipb_user ON ipblocks (ipb_user);
CREATE INDEX idx_ipb_range ON ipblocks (ipb_range_start, ipb_range_end);
CREATE INDEX idx_ipb_timestamp ON ipblocks (ipb_timestamp);
CREATE INDEX idx_ipb_expiry ON ipblocks (ipb_expiry);

CREATE TABLE logging (
    log_id        serial,
    log_type      varchar(32)  NOT NULL,
    log_action    varchar(32)  NOT NULL,
    log_timestamp varchar(14)  NOT NULL DEFAULT '19700101000000',
    log_user      int          NOT NULL DEFAULT '0',
    log_namespace int          NOT NULL DEFAULT '0',
    log_title     varchar(255) NOT NULL DEFAULT '',
    log_comment   varchar(255) NOT NULL DEFAULT '',
    log_params    varchar(255) NOT NULL,
    log_deleted   smallint     NOT NULL DEFAULT '0',
    log_user_text varchar(255) NOT NULL DEFAULT '',
    log_page      int                   DEFAULT NULL,
    FOREIGN KEY (log_user) REFERENCES useracct (user_id),
    PRIMARY KEY (log_id)
);
CREATE INDEX idx_log_type_time ON logging (log_type, log_timestamp);
CREATE INDEX idx_log_user_time ON logging (log_user, log_timestamp);
CREATE INDEX idx_log_page_time ON logging (log_namespace, log_title, log_timestamp);
CREATE INDEX idx_log_times ON logging (log_timestamp);
CREATE INDEX idx_log_user_type_time ON logging (log_user, log_type, log_timestamp);
CREATE INDEX idx_log_page_id_time ON logging (log_page, log_timestamp);

CREATE TABLE page (
    page_id           serial,
    page_namespace    int              NOT NULL,
    page_title        varchar          NOT NULL,
    page_restrictions varchar(255)     NOT NULL,
    page_counter      bigint           NOT NULL DEFAULT '0',
    page_is_redirect  smallint         NOT NULL DEFAULT '0',
    page_is_new       smallint         NOT NULL DEFAULT '0',
    page_random       double precision NOT NULL,
    page_touched      varchar(14)      NOT NULL DEFAULT '\0\0\0\0\0\0\0\0\0\0\0\0\0\0',
    page_latest       int              NOT NULL,
    page_len          int              NOT NULL,
    PRIMARY KEY (page_id),
    UNIQUE (page_namespace, page_title)
);
CREATE INDEX idx_page_random ON page (page_random);
CREATE INDEX idx_page_len ON page (page_len);

CREATE TABLE page_restrictions (
    pr_id      int         NOT NULL,
    pr_page    int         NOT NULL,
    pr_type    varchar(60) NOT NULL,
    pr_level   varchar(60) NOT NULL,
    pr_cascade smallint    NOT NULL,
    pr_user    int         DEFAULT NULL,
    pr_expiry  varchar(14) DEFAULT NULL,
    PRIMARY KEY (pr_id),
    FOREIGN KEY (pr_page) REFERENCES page (page_id),
    UNIQUE (pr_page, pr_type)
);
CREATE INDEX idx_pr_typelevel ON page_restrictions (pr_type, pr_level);
CREATE INDEX idx_pr_level ON page_restrictions (pr_level);
CREATE INDEX idx_pr_cascade ON page_restrictions (pr_cascade);

CREATE TABLE recentchanges (
    rc_id             serial,
    rc_timestamp      varchar(14)  NOT NULL DEFAULT '',
    rc_cur_time       varchar(14)  NOT NULL DEFAULT '',
    rc_user           int          NOT NULL DEFAULT '0',
    rc_user_text      varchar(255) NOT NULL,
    rc_namespace      int          NOT NULL DEFAULT '0',
    rc_title          varchar(255) NOT NULL DEFAULT '',
    rc_comment        varchar(255) NOT NULL DEFAULT '',
    rc_minor          smallint     NOT NULL DEFAULT '0',
    rc_bot            smallint     NOT NULL DEFAULT '0',
    rc_new            smallint     NOT NULL DEFAULT '0',
    rc_cur_id         int          NOT NULL DEFAULT '0',
    rc_this_oldid     int          NOT NULL DEFAULT '0',
    rc_last_oldid     int          NOT NULL DEFAULT '0',
    rc_type           smallint     NOT NULL DEFAULT '0',
    rc_moved_to_ns    smallint     NOT NULL DEFAULT '0',
    rc_moved_to_title varchar(255) NOT NULL DEFAULT '',
    rc_patrolled      smallint     NOT NULL DEFAULT '0',
    rc_ip             varchar(40)  NOT NULL DEFAULT '',
    rc_old_len        int                   DEFAULT NULL,
    rc_new_len        int                   DEFAULT NULL,
    rc_deleted        smallint     NOT NULL DEFAULT '0',
    rc_logid          int          NOT NULL DEFAULT '0',
    rc_log_type       varchar(255)          DEFAULT NULL,
    rc_log_action     varchar(255)          DEFAULT NULL,
    rc_params         varchar(255),
    FOREIGN KEY (rc_user) REFERENCES useracct (user_id),
    FOREIGN KEY (rc_cur_id) REFERENCES page (page_id),
    PRIMARY KEY (rc_id)
);
CREATE INDEX idx_rc_timestamp ON recentchanges (rc_timestamp);
CREATE INDEX idx_rc_namespace_title ON recentchanges (rc_namespace, rc_title);
CREATE INDEX idx_rc_cur_id ON recentchanges (rc_cur_id);
CREATE INDEX idx_new_name_timestamp ON recentchanges (rc_new, rc_namespace, rc_timestamp);
CREATE INDEX idx_rc_ip ON recentchanges (rc_ip);
CREATE INDEX idx_rc_ns_usertext ON recentchanges (rc_namespace, rc_user_text);
CREATE INDEX idx_rc_user_text ON recentchanges (rc_user_text, rc_timestamp);

CREATE TABLE revision (
    rev_id         serial,
    rev_page       int          NOT NULL,
    rev_text_id    int          NOT NULL,
    rev_comment    text         NOT NULL,
    rev_user       int          NOT NULL DEFAULT '0',
    rev_user_text  varchar(255) NOT NULL DEFAULT '',
    rev_timestamp  varchar(14)  NOT NULL DEFAULT '\0\0\0\0\0\0\0\0\0\0\0\0\0\0',
    rev_minor_edit smallint     NOT NULL DEFAULT '0',
    rev_deleted    smallint     NOT NULL DEFAULT '0',
    rev_len        int                   DEFAULT NULL,
    rev_parent_id  int                   DEFAULT NULL,
    PRIMARY KEY (rev_id),
    UNIQUE (rev_page, rev_id),
    FOREIGN KEY (rev_user) REFERENCES useracct (user_id),
    FOREIGN KEY (rev_page) REFERENCES page (page_id)
);
CREATE INDEX idx_rev_timestamp ON revision (rev_timestamp);
CREATE INDEX idx_page_timestamp ON revision (rev_page, rev_timestamp);
CREATE INDEX idx_user_timestamp ON revision (rev_user, rev_timestamp);
CREATE INDEX idx_usertext_timestamp ON revision (rev_user_text, rev_timestamp);

CREATE TABLE text (
    old_id    serial,
    old_text  text         NOT NULL,
    old_flags varchar(255) NOT NULL,
    old_page  int DEFAULT NULL,
    PRIMARY KEY (old_id)
);

CREATE TABLE watchlist (
    wl_user                  int          NOT NULL,
    wl_namespace             int          NOT NULL DEFAULT '0',
    wl_title                 varchar(255) NOT NULL DEFAULT '',
    wl_notificationtimestamp varchar(14)           DEFAULT NULL,
    FOREIGN KEY (wl_user) REFERENCES useracct (user_id),
    UNIQUE (wl_user, wl_namespace, wl_title)
);
CREATE INDEX idx_wl_namespace_title ON watchlist (wl_namespace, wl_title);

-- AddWatchList: a page (and, for a regular page, its talk page) onto a user's watchlist.
CREATE OR REPLACE FUNCTION add_watch_list(p_user_id int, p_namespace int, p_page_title varchar,
                                          p_timestamp varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_user_id > 0 THEN
    INSERT INTO watchlist (wl_user, wl_namespace, wl_title, wl_notificationtimestamp) VALUES (p_user_id,p_namespace,p_page_title,NULL);
    IF p_namespace = 0 THEN
      INSERT INTO watchlist (wl_user, wl_namespace, wl_title, wl_notificationtimestamp) VALUES (p_user_id,1,p_page_title,NULL);
    END IF;
    UPDATE useracct   SET user_touched = p_timestamp WHERE user_id = p_user_id;
  END IF;
END
$$;

-- GetPageAnonymous: a page, its restrictions, the blocks on the reader's IP, its latest revision
-- and that revision's text.
CREATE OR REPLACE FUNCTION get_page_anonymous(p_for_select boolean, p_user_ip varchar,
                                              p_page_namespace int, p_page_title varchar) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r_page RECORD;
  r_rev RECORD;
  r_text RECORD;
  v_page_id int;
BEGIN
  SELECT * INTO r_page FROM page WHERE page_namespace = p_page_namespace AND page_title = p_page_title LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid Page: Namespace:% / Title:"%"', p_page_namespace, p_page_title;
  END IF;
  v_page_id := r_page.page_id;
  PERFORM * FROM page_restrictions WHERE pr_page = v_page_id;
  PERFORM * FROM ipblocks WHERE ipb_address = p_user_ip;
  SELECT * INTO r_rev FROM page, revision WHERE page_id = rev_page AND rev_page = v_page_id AND page_id = v_page_id AND rev_id = page_latest LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid Page: Namespace:% / Title:"%" / PageId:%', p_page_namespace, p_page_title, v_page_id;
  END IF;
  SELECT old_text, old_flags INTO r_text FROM text WHERE old_id = r_rev.rev_text_id LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No such text: % for page_id:%', r_rev.rev_text_id, v_page_id;
  END IF;
END
$$;

-- GetPageAuthenticated: GetPageAnonymous for a logged-in user (its name and groups read first,
-- the blocks looked up by user id).
CREATE OR REPLACE FUNCTION get_page_authenticated(p_for_select boolean, p_user_ip varchar,
                                                  p_user_id int, p_namespace int,
                                                  p_page_title varchar) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r_user RECORD;
  r_page RECORD;
  r_rev RECORD;
  r_text RECORD;
  v_page_id int;
BEGIN
  IF p_user_id > 0 THEN
    SELECT * INTO r_user FROM useracct WHERE user_id = p_user_id LIMIT 1;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Invalid UserId: %', p_user_id;
    END IF;
    PERFORM * FROM useracct WHERE user_id = p_user_id LIMIT 1;
  END IF;
  SELECT * INTO r_page FROM page WHERE page_namespace = p_namespace AND page_title = p_page_title LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'INVALID page namespace/title:%/%', p_namespace, p_page_title;
  END IF;
  v_page_id := r_page.page_id;
  PERFORM * FROM page_restrictions WHERE pr_page = v_page_id;
  PERFORM * FROM ipblocks WHERE ipb_user = p_user_id;
  SELECT * INTO r_rev FROM page, revision WHERE page_id = rev_page AND rev_page = v_page_id AND page_id = v_page_id AND rev_id = page_latest LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such revision: page_id:% page_namespace: % page_title:%', v_page_id, p_namespace, p_page_title;
  END IF;
  SELECT old_text,old_flags INTO r_text FROM text WHERE old_id = r_rev.rev_text_id LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such text: % for page_id:%', r_rev.rev_text_id, v_page_id;
  END IF;
END
$$;

-- RemoveWatchList: a page (and, for a regular page, its talk page) off a user's watchlist.
CREATE OR REPLACE FUNCTION remove_watch_list(p_user_id int, p_namespace int, p_page_title varchar,
                                             p_timestamp varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_user_id > 0 THEN
    DELETE FROM watchlist WHERE wl_user = p_user_id AND wl_namespace = p_namespace AND wl_title = p_page_title;
    IF p_namespace = 0 THEN
      DELETE FROM watchlist WHERE wl_user = p_user_id AND wl_namespace = 1 AND wl_title = p_page_title;
    END IF;
    UPDATE useracct   SET user_touched = p_timestamp  WHERE user_id =  p_user_id ;
  END IF;
END
$$;

-- UpdatePage: a new text and revision of a page, the page pointed at it, a recent change, the
-- watchers notified, a log entry, and the editor's counters.
CREATE OR REPLACE FUNCTION update_page(p_text_id bigint, p_page_id int, p_page_title varchar,
                                       p_page_text varchar, p_page_namespace int, p_user_id int,
                                       p_user_ip varchar, p_user_text varchar, p_revision_id bigint,
                                       p_rev_comment varchar, p_rev_minor_edit int,
                                       p_page_text_length int, p_timestamp varchar,
                                       p_log_params varchar) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_next_text_id int;
  v_next_rev_id int;
  r RECORD;
BEGIN
  INSERT INTO text (old_page,old_text,old_flags) VALUES (p_page_id,p_page_text,'utf-8') RETURNING old_id INTO v_next_text_id;
  INSERT INTO revision (rev_page, rev_text_id, rev_comment, rev_minor_edit, rev_user, rev_user_text, rev_timestamp, rev_deleted, rev_len, rev_parent_id) VALUES (p_page_id, v_next_text_id, p_rev_comment, p_rev_minor_edit, p_user_id, p_user_text, p_timestamp, 0, p_page_text_length, p_revision_id) RETURNING rev_id INTO v_next_rev_id;
  UPDATE page   SET page_latest = v_next_rev_id, page_touched = p_timestamp, page_is_new = 0, page_is_redirect = 0, page_len = p_page_text_length  WHERE page_id = p_page_id;
  INSERT INTO recentchanges (rc_timestamp, rc_cur_time, rc_namespace, rc_title, rc_type, rc_minor, rc_cur_id, rc_user, rc_user_text, rc_comment, rc_this_oldid, rc_last_oldid, rc_bot, rc_moved_to_ns, rc_moved_to_title, rc_ip, rc_old_len, rc_new_len ) VALUES (p_timestamp, p_timestamp, p_page_namespace, p_page_title, 0, 0, p_page_id, p_user_id, p_user_text, p_rev_comment, v_next_text_id, p_text_id, 0, 0, '', p_user_ip, p_page_text_length, p_page_text_length);
  FOR r IN SELECT wl_user FROM watchlist WHERE wl_title = p_page_title   AND wl_namespace = p_page_namespace   AND wl_user != p_user_id   AND wl_notificationtimestamp IS NULL LOOP
    UPDATE watchlist   SET wl_notificationtimestamp = p_timestamp  WHERE wl_title = p_page_title   AND wl_namespace = p_page_namespace   AND wl_user = r.wl_user;
    PERFORM * FROM useracct WHERE user_id = r.wl_user;
  END LOOP;
  INSERT INTO logging (log_type, log_action, log_timestamp, log_user, log_user_text, log_namespace, log_title, log_page, log_comment, log_params) VALUES ('patrol','patrol',p_timestamp,p_user_id,p_page_title,p_page_namespace,p_user_text,p_page_id,'',p_log_params);
  UPDATE useracct   SET user_editcount=user_editcount+1 WHERE user_id = p_user_id;
  UPDATE useracct   SET user_touched = p_timestamp WHERE user_id = p_user_id;
END
$$;
