-- unique-visit-free.sql: benchmarks/programs/litmus/unique-visit.sql without UNIQUE (page, watcher).
-- Two watch rows of one page may then name one account, and at READ COMMITTED a Notify's two visits
-- of it may read it before and after a Touch commits: a read skew of 2 transactions, which
-- PostgreSQL produces (PostgresLevelsReplayTest; its seed needs both watch rows, which the edges'
-- iteration elements name: query.InitialState#rowSetMembers, benchmarks/RESULTS.md stop 33).

CREATE TABLE account (acc_id INT PRIMARY KEY, touched INT NOT NULL);
CREATE TABLE watch (w_id INT PRIMARY KEY, page INT NOT NULL, watcher INT NOT NULL);

CREATE FUNCTION notify(p_page INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  v INT;
BEGIN
  FOR r IN SELECT watcher FROM watch WHERE page = p_page LOOP
    SELECT touched INTO v FROM account WHERE acc_id = r.watcher;
  END LOOP;
END
$$;

CREATE FUNCTION touch(p_acc INT, p_t INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account SET touched = p_t WHERE acc_id = p_acc;
END
$$;
