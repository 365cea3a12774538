-- benchbase/epinions.sql: BenchBase's Epinions (cmu-db/benchbase, benchmarks/epinions) as
-- PostgreSQL stored procedures: the DDL of ddl-postgres.sql unchanged and one function per procedure
-- class (procedures/*.java), each statement as the procedure issues it. Loads unchanged with
-- `psql -f`.
--
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * `ON DELETE CASCADE` is left off the FOREIGN KEYs (isocheck refuses referential actions). No
--     procedure deletes a referenced row, so the action never fires.
--   * A query whose rows the procedure only iterates over (`while (r.next()) continue;`) is
--     PERFORM: PL/pgSQL has no SELECT without INTO, and the rows are not used.
--   * Parameters are named after run()'s arguments (iid, uid, title, name, rating, trust, …) with
--     a p_ prefix: PL/pgSQL names are case-insensitive, and PostgreSQL rejects a name that is both a
--     variable and a column of the statement when the function runs.
--   * GetReviewItemById and GetReviewsByUser end their SQL with `;` inside the string; a PL/pgSQL
--     statement ends there anyway.
DROP TABLE IF EXISTS review CASCADE;
DROP TABLE IF EXISTS review_rating CASCADE;
DROP TABLE IF EXISTS trust CASCADE;
DROP TABLE IF EXISTS useracct CASCADE;
DROP TABLE IF EXISTS item CASCADE;

CREATE TABLE useracct (
    u_id int NOT NULL,
    name varchar(128) NOT NULL,
    email varchar(128) NOT NULL,
    creation_date timestamp DEFAULT NULL,
    PRIMARY KEY (u_id)
);

CREATE TABLE item (
    i_id  int NOT NULL,
    title varchar(128) NOT NULL,
    description varchar(512) DEFAULT NULL,
    creation_date timestamp DEFAULT NULL,
    PRIMARY KEY (i_id)
);

CREATE TABLE review (
    a_id   int NOT NULL,
    u_id   int NOT NULL,
    i_id   int NOT NULL,
    rating int DEFAULT NULL,
    rank   int DEFAULT NULL,
    comment varchar(256) DEFAULT NULL,
    creation_date timestamp DEFAULT NULL,
    FOREIGN KEY (u_id) REFERENCES useracct (u_id),
    FOREIGN KEY (i_id) REFERENCES item (i_id)
);
CREATE INDEX idx_rating_uid ON review (u_id);
CREATE INDEX idx_rating_aid ON review (a_id);
CREATE INDEX idx_rating_iid ON review (i_id);

CREATE TABLE review_rating (
    u_id          int NOT NULL,
    a_id          int NOT NULL,
    rating        int NOT NULL,
    status        int NOT NULL,
    creation_date timestamp DEFAULT NULL,
    last_mod_date timestamp DEFAULT NULL,
    type          int       DEFAULT NULL,
    vertical_id   int       DEFAULT NULL,
    FOREIGN KEY (u_id) REFERENCES useracct (u_id)
);
CREATE INDEX idx_review_rating_uid ON review_rating (u_id);
CREATE INDEX idx_review_rating_aid ON review_rating (a_id);

CREATE TABLE trust (
    source_u_id   int NOT NULL,
    target_u_id   int NOT NULL,
    trust         int NOT NULL,
    creation_date timestamp DEFAULT NULL
);
CREATE INDEX idx_trust_sid ON trust (source_u_id);
CREATE INDEX idx_trust_tid ON trust (target_u_id);

CREATE OR REPLACE FUNCTION get_average_rating_by_trusted_user(p_iid bigint, p_uid bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM avg(rating) FROM review r, trust t WHERE r.u_id=t.target_u_id AND r.i_id=p_iid AND t.source_u_id=p_uid;
END
$$;

CREATE OR REPLACE FUNCTION get_item_average_rating(p_iid bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM avg(rating) FROM review r WHERE r.i_id=p_iid;
END
$$;

CREATE OR REPLACE FUNCTION get_item_reviews_by_trusted_user(p_iid bigint, p_uid bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM * FROM review r WHERE r.i_id=p_iid ORDER BY creation_date DESC;
  PERFORM * FROM trust t WHERE t.source_u_id=p_uid;
END
$$;

CREATE OR REPLACE FUNCTION get_review_item_by_id(p_iid bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM * FROM review r, item i WHERE i.i_id = r.i_id and r.i_id=p_iid ORDER BY rating DESC, r.creation_date DESC LIMIT 10;
END
$$;

CREATE OR REPLACE FUNCTION get_reviews_by_user(p_uid bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM * FROM review r, useracct u WHERE u.u_id = r.u_id AND r.u_id=p_uid ORDER BY rating DESC, r.creation_date DESC LIMIT 10;
END
$$;

CREATE OR REPLACE FUNCTION update_item_title(p_iid bigint, p_title varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item SET title = p_title WHERE i_id=p_iid;
END
$$;

CREATE OR REPLACE FUNCTION update_review_rating(p_iid bigint, p_uid bigint, p_rating int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review SET rating = p_rating WHERE i_id=p_iid AND u_id=p_uid;
END
$$;

CREATE OR REPLACE FUNCTION update_trust_rating(p_source_uid bigint, p_target_uid bigint, p_trust int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trust SET trust = p_trust WHERE source_u_id=p_source_uid AND target_u_id=p_target_uid;
END
$$;

CREATE OR REPLACE FUNCTION update_user_name(p_uid bigint, p_name varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE useracct SET name = p_name WHERE u_id=p_uid;
END
$$;
