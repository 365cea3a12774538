-- issue-card.sql: a committed INSERT has its FOREIGN KEY's parent (parent_of_insert, encoder
-- ForeignKeyRules#parentsOfInserts; docs/postgresql-levels.md §2). PL/pgSQL, loadable into
-- PostgreSQL unchanged.
--
-- Issue looks its account up and, when it finds none, reads flag 1, counts in flag 2 and inserts a
-- card for that account. Review reads flag 2 and sets flag 1. Issue and Review would be a write
-- skew (Issue -rw-> Review on flag 1, Review -rw-> Issue on flag 2), but only on Issue's path that
-- inserts a card for an account it did not find: no program writes account, so the account is
-- missing in every state and the card's FOREIGN KEY fails the INSERT. At the databases' levels
-- there is no cycle; the paper's models (no FOREIGN KEY enforcement) keep the write skew.

CREATE TABLE account (a_id INT PRIMARY KEY, bal INT NOT NULL);
CREATE TABLE card (c_id INT PRIMARY KEY, c_acc INT NOT NULL REFERENCES account (a_id));
CREATE TABLE flag (f_id INT PRIMARY KEY, v INT NOT NULL);

CREATE FUNCTION issue(p_c INT, p_a INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_bal INT;
  v_seen INT;
BEGIN
  SELECT bal INTO v_bal FROM account WHERE a_id = p_a;
  IF NOT FOUND THEN
    SELECT v INTO v_seen FROM flag WHERE f_id = 1;
    UPDATE flag SET v = v + 1 WHERE f_id = 2;
    INSERT INTO card (c_id, c_acc) VALUES (p_c, p_a);
  END IF;
END
$$;

CREATE FUNCTION review() RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_n INT;
BEGIN
  SELECT v INTO v_n FROM flag WHERE f_id = 2;
  UPDATE flag SET v = 1 WHERE f_id = 1;
END
$$;
