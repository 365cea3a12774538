-- watch.sql: Wikipedia's watch list in small (BenchBase AddWatchList, RemoveWatchList and
-- UpdatePage's notification loop, PL/pgSQL, loadable into PostgreSQL unchanged).
--
-- watchlist has a surrogate key and a UNIQUE (user, namespace, title): AddWatchList's INSERT of a
-- (user, namespace, title) that an initial row holds fails unless a RemoveWatchList deleted that
-- row and committed first, and then every later statement of AddWatchList sees that commit
-- (query.ClosedWorldViews#insertAfterDelete, #insertOnInitialRow). A view that sees the
-- RemoveWatchList reads the row deleted (#lastWriterValues), and an initial watch list row names a
-- user that exists (#initialForeignKeys). Each of these, left free, gave a Wikipedia witness whose
-- replay was SER-consistent or whose seed the server refused (benchmarks/RESULTS.md stop 42).

CREATE TABLE useracct (user_id INT PRIMARY KEY, user_touched INT NOT NULL);
CREATE TABLE watchlist (
    wl_id INT PRIMARY KEY,
    wl_user INT NOT NULL REFERENCES useracct (user_id),
    wl_namespace INT NOT NULL,
    wl_title INT NOT NULL,
    wl_notified INT,
    UNIQUE (wl_user, wl_namespace, wl_title)
);

CREATE FUNCTION add_watch(p_id INT, p_talk_id INT, p_user INT, p_namespace INT, p_title INT, p_now INT)
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO watchlist (wl_id, wl_user, wl_namespace, wl_title, wl_notified) VALUES (p_id, p_user, p_namespace, p_title, NULL);
  IF p_namespace = 0 THEN
    INSERT INTO watchlist (wl_id, wl_user, wl_namespace, wl_title, wl_notified) VALUES (p_talk_id, p_user, 1, p_title, NULL);
  END IF;
  UPDATE useracct SET user_touched = p_now WHERE user_id = p_user;
END
$$;

CREATE FUNCTION remove_watch(p_user INT, p_namespace INT, p_title INT, p_now INT)
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM watchlist WHERE wl_user = p_user AND wl_namespace = p_namespace AND wl_title = p_title;
  IF p_namespace = 0 THEN
    DELETE FROM watchlist WHERE wl_user = p_user AND wl_namespace = 1 AND wl_title = p_title;
  END IF;
  UPDATE useracct SET user_touched = p_now WHERE user_id = p_user;
END
$$;

CREATE FUNCTION notify(p_user INT, p_namespace INT, p_title INT, p_now INT)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  FOR r IN SELECT wl_user FROM watchlist WHERE wl_title = p_title AND wl_namespace = p_namespace AND wl_user != p_user AND wl_notified IS NULL LOOP
    UPDATE watchlist SET wl_notified = p_now WHERE wl_title = p_title AND wl_namespace = p_namespace AND wl_user = r.wl_user;
    PERFORM * FROM useracct WHERE user_id = r.wl_user;
  END LOOP;
  UPDATE useracct SET user_touched = p_now WHERE user_id = p_user;
END
$$;
