-- benchbase/twitter.sql: BenchBase's Twitter (cmu-db/benchbase, benchmarks/twitter) as PostgreSQL
-- stored procedures: the DDL of ddl-postgres.sql unchanged and one function per procedure class
-- (procedures/*.java), each statement as the procedure issues it, its Java control flow as PL/pgSQL
-- control flow. Loads unchanged with `psql -f`.
--
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * `ON DELETE CASCADE` is left off the FOREIGN KEYs (isocheck refuses referential actions). No
--     procedure deletes a referenced row, so the action never fires.
--   * A query whose rows the procedure only opens is PERFORM (PL/pgSQL has no SELECT without INTO).
--   * GetFollowers and GetTweetsFromFollowing: BenchBase reads up to 20 ids, then issues one query
--     `… WHERE uid IN (?, …, ?)` with the ids (the last one repeated to fill 20 places). PL/pgSQL
--     has no list to collect them in here, so the FOR loop over the ids issues the second query
--     once per id (`WHERE uid = r.f2`): the same rows are read, by up to 20 statements instead of
--     one (at READ COMMITTED they may see different snapshots; at the snapshot levels they see one).
--   * The parameters named like a column (uid, text) are p_uid, p_text: PL/pgSQL names are
--     case-insensitive, and PostgreSQL rejects a name that is both a variable and a column of the
--     statement when the function runs.
--   * InsertTweet's `time` argument is unused by BenchBase (it writes the current date); here
--     CURRENT_DATE, the same value.
DROP TABLE IF EXISTS followers CASCADE;
DROP TABLE IF EXISTS follows CASCADE;
DROP TABLE IF EXISTS tweets CASCADE;
DROP TABLE IF EXISTS added_tweets CASCADE;
DROP TABLE IF EXISTS user_profiles CASCADE;

CREATE TABLE user_profiles (
    uid          int NOT NULL,
    name         varchar(255) DEFAULT NULL,
    email        varchar(255) DEFAULT NULL,
    partitionid  int          DEFAULT NULL,
    partitionid2 smallint     DEFAULT NULL,
    followers    int          DEFAULT NULL,
    PRIMARY KEY (uid)
);
CREATE INDEX idx_user_followers ON user_profiles (followers);
CREATE INDEX idx_user_partition ON user_profiles (partitionid);

CREATE TABLE followers (
    f1 int NOT NULL,
    f2 int NOT NULL,
    FOREIGN KEY (f1) REFERENCES user_profiles (uid),
    FOREIGN KEY (f2) REFERENCES user_profiles (uid),
    PRIMARY KEY (f1, f2)
);

CREATE TABLE follows (
    f1 int NOT NULL,
    f2 int NOT NULL,
    FOREIGN KEY (f1) REFERENCES user_profiles (uid),
    FOREIGN KEY (f2) REFERENCES user_profiles (uid),
    PRIMARY KEY (f1, f2)
);

CREATE TABLE tweets (
    id         bigint    NOT NULL,
    uid        int       NOT NULL,
    text       char(140) NOT NULL,
    createdate timestamp DEFAULT NULL,
    FOREIGN KEY (uid) REFERENCES user_profiles (uid),
    PRIMARY KEY (id)
);
CREATE INDEX idx_tweets_uid ON tweets (uid);

CREATE TABLE added_tweets (
    id         serial,
    uid        int       NOT NULL,
    text       char(140) NOT NULL,
    createdate timestamp DEFAULT NULL,
    FOREIGN KEY (uid) REFERENCES user_profiles (uid),
    PRIMARY KEY (id)
);
CREATE INDEX idx_added_tweets_uid ON added_tweets (uid);

-- GetFollowers: up to 20 followers of a user, then their names.
CREATE OR REPLACE FUNCTION get_followers(p_uid bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  FOR r IN SELECT f2 FROM followers WHERE f1 = p_uid LIMIT 20 LOOP
    PERFORM uid, name FROM user_profiles WHERE uid = r.f2;
  END LOOP;
END
$$;

-- GetTweet: one tweet.
CREATE OR REPLACE FUNCTION get_tweet(tweet_id bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM * FROM tweets WHERE id = tweet_id;
END
$$;

-- GetTweetsFromFollowing: up to 20 users a user follows, then their tweets.
CREATE OR REPLACE FUNCTION get_tweets_from_following(p_uid int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  FOR r IN SELECT f2 FROM follows WHERE f1 = p_uid LIMIT 20 LOOP
    PERFORM * FROM tweets WHERE uid = r.f2;
  END LOOP;
END
$$;

-- GetUserTweets: up to 10 tweets of a user.
CREATE OR REPLACE FUNCTION get_user_tweets(p_uid bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM * FROM tweets WHERE uid = p_uid LIMIT 10;
END
$$;

-- InsertTweet: a new tweet (its id from the serial column).
CREATE OR REPLACE FUNCTION insert_tweet(p_uid bigint, p_text varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO added_tweets (uid,text,createdate) VALUES (p_uid, p_text, CURRENT_DATE);
END
$$;
