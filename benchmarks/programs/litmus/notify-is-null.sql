-- notify-is-null.sql: a loop over the rows a nullable column marks as not yet done, as BenchBase
-- Wikipedia's UpdatePage notifies a page's watchers (`FOR r IN SELECT wl_user FROM watchlist
-- WHERE … AND wl_notificationtimestamp IS NULL LOOP UPDATE watchlist SET
-- wl_notificationtimestamp = …`); PL/pgSQL, loadable into PostgreSQL unchanged.
--
-- Edit visits the watchers of a page that have not been notified and notifies each. Two Edits of
-- one page at READ COMMITTED both find a watcher unnotified (each loop's SELECT takes its snapshot
-- before the other commits) and both write its timestamp: a lost update on notified (the UPDATE's
-- WHERE does not test notified again, so re-evaluation on the newest version keeps the row).
--
-- The encoder does not model NULL values of fields: `notified IS NULL` is taken by polarity, so the
-- model's loop may hold any watcher. A witness's seed must then give the watchers it visits NULL
-- (query.InitialState#nullTested): seeded with the model's string, the loop found no watcher on the
-- server and the history was serializable (benchmarks/RESULTS.md stop 32).

CREATE TABLE watch (w_id INT PRIMARY KEY, w_page INT NOT NULL, notified VARCHAR(20));

CREATE FUNCTION edit(p_page INT, p_ts VARCHAR) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  FOR r IN SELECT w_id FROM watch WHERE w_page = p_page AND notified IS NULL LOOP
    UPDATE watch SET notified = p_ts WHERE w_id = r.w_id;
  END LOOP;
END
$$;
