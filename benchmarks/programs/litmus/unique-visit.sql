-- unique-visit.sql: a loop over the rows of one page, each visit reading the account the row
-- names, where a UNIQUE constraint makes the named accounts distinct, as BenchBase Wikipedia's
-- UpdatePage visits a page's watchers (`UNIQUE (wl_user, wl_namespace, wl_title)`) and reads
-- each watcher's useracct row; PL/pgSQL, loadable into PostgreSQL unchanged.
--
-- At READ COMMITTED each visit's SELECT takes its own snapshot (manual §13.2.1), so a visit may
-- miss a Touch that a later visit sees. That is a read skew only if two visits read the same
-- account: two watch rows of one page with one watcher, which UNIQUE (page, watcher) forbids in
-- every snapshot. The encoder states it (AuxRules#uniqueMembers, under a database's rules); before
-- stop 33 it let the loop visit two rows with one watcher, and this program had a READ COMMITTED
-- read skew that no server can produce (3 such Wikipedia witnesses, benchmarks/RESULTS.md stop
-- 33). Without the constraint the read skew is real: analyzer/src/test/resources/loop-snapshots/
-- unique-visit-free.sql replays it on PostgreSQL (PostgresLevelsReplayTest, WholeLoopScheduleTest).

CREATE TABLE account (acc_id INT PRIMARY KEY, touched INT NOT NULL);
CREATE TABLE watch (w_id INT PRIMARY KEY, page INT NOT NULL, watcher INT NOT NULL,
                    UNIQUE (page, watcher));

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
