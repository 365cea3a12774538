-- fk-parent.sql: a FOREIGN KEY holds in every snapshot a statement reads (parent_in_view,
-- encoder ForeignKeyRules; docs/postgresql-levels.md §2). PL/pgSQL, loadable into PostgreSQL
-- unchanged.
--
-- Audit reads flag 1, then a card and its account; a card whose account it cannot find is counted
-- in flag 2. Review reads the count of such cards and sets flag 1. Audit and Review would be a
-- write skew (Audit -rw-> Review on flag 1, Review -rw-> Audit on flag 2) if Audit could find the
-- card but not its account. The FOREIGN KEY forbids that in every
-- database state, and no program deletes an account: at the databases' levels there is no cycle.
-- The paper's models (geo-replicated stores, no FOREIGN KEY enforcement) keep the write skew.

CREATE TABLE account (a_id INT PRIMARY KEY, bal INT NOT NULL);
CREATE TABLE card (c_id INT PRIMARY KEY, c_acc INT NOT NULL REFERENCES account (a_id));
CREATE TABLE flag (f_id INT PRIMARY KEY, v INT NOT NULL);

CREATE FUNCTION audit(p_c INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_seen INT;
  v_a INT;
  v_bal INT;
BEGIN
  SELECT v INTO v_seen FROM flag WHERE f_id = 1;
  SELECT c_acc INTO v_a FROM card WHERE c_id = p_c;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no card %', p_c;
  END IF;
  SELECT bal INTO v_bal FROM account WHERE a_id = v_a;
  IF NOT FOUND THEN
    UPDATE flag SET v = v + 1 WHERE f_id = 2;
  END IF;
END
$$;

CREATE FUNCTION review() RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_orphans INT;
BEGIN
  SELECT v INTO v_orphans FROM flag WHERE f_id = 2;
  UPDATE flag SET v = 1 WHERE f_id = 1;
END
$$;

CREATE FUNCTION reopen(p_c INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_seen INT;
  v_a INT;
BEGIN
  SELECT v INTO v_seen FROM flag WHERE f_id = 1;
  SELECT c_acc INTO v_a FROM card WHERE c_id = p_c;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no card %', p_c;
  END IF;
  INSERT INTO account (a_id, bal) VALUES (v_a, 0);
  UPDATE flag SET v = v + 1 WHERE f_id = 2;
END
$$;
