-- keyless-watch.sql: a watch list without a primary key, rows added, removed and notified, as
-- BenchBase Wikipedia's AddWatchList, RemoveWatchList and UpdatePage do (PL/pgSQL, loadable into
-- PostgreSQL unchanged).
--
-- The table has no key: isocheck gives it a hidden one (isocheck_row) and each INSERT a fresh
-- hidden parameter (watch_row$n). PostgreSQL adds a new tuple for every INSERT, so no row is
-- inserted twice and none exists before its INSERT, even though rows are deleted
-- (encoder Encoder#insertsNewRow, #insertsNewRows): nothing overwrites a version older than an
-- INSERT's, and a column only INSERTs write has one value per row. Before stop 39 the encoder let
-- a DELETE "read" the title of a row in a version older than its INSERT, and let the notifying
-- loop's UPDATE see another title than the one inserted (Wikipedia's witnesses replayed
-- SER-consistent on the server, benchmarks/RESULTS.md stop 39). Add and Remove still race on a
-- user's row (touched), and Notify's loop may miss an Add of its page: real anomalies at READ
-- COMMITTED, which the brute-force explorer and the encoder must agree on.

CREATE TABLE usr (u_id INT PRIMARY KEY, touched INT NOT NULL);
CREATE TABLE watch (w_user INT NOT NULL, w_page INT NOT NULL, notified INT,
                    UNIQUE (w_user, w_page));

CREATE FUNCTION add_watch(p_user INT, p_page INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO watch (w_user, w_page, notified) VALUES (p_user, p_page, NULL);
  UPDATE usr SET touched = touched + 1 WHERE u_id = p_user;
END
$$;

CREATE FUNCTION remove_watch(p_user INT, p_page INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM watch WHERE w_user = p_user AND w_page = p_page;
  UPDATE usr SET touched = touched + 1 WHERE u_id = p_user;
END
$$;

CREATE FUNCTION notify(p_page INT, p_editor INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  v_t INT;
BEGIN
  FOR r IN SELECT w_user FROM watch WHERE w_page = p_page AND w_user <> p_editor AND notified IS NULL LOOP
    UPDATE watch SET notified = 1 WHERE w_page = p_page AND w_user = r.w_user;
    SELECT touched INTO v_t FROM usr WHERE u_id = r.w_user;
  END LOOP;
END
$$;
