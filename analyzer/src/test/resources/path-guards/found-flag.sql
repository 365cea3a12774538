-- found-flag.sql: a local set on the path FOUND takes (encoding.PathAssignment, with the
-- emptiness of a row set one SELECT assigns as a stable IF condition, ProgramModel#isStableCondition).
-- PL/pgSQL, loadable into PostgreSQL unchanged.
--
-- Audit reads its account's balance and counts in flag 1 only when it found no account; Pay reads
-- flag 1 and changes the balance. A cycle needs Audit to read the balance (Audit -rw-> Pay) and to
-- write flag 1 (Pay -rw-> Audit), but Audit writes the flag only when it found no row: no cycle
-- under si. With FOUND taken by polarity, v_missing was free and the write skew was found.

CREATE TABLE account (a_id INT PRIMARY KEY, bal INT NOT NULL);
CREATE TABLE flag (f_id INT PRIMARY KEY, v INT NOT NULL);

CREATE FUNCTION audit(p_a INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_missing INT;
  r RECORD;
BEGIN
  v_missing := 1;
  SELECT bal INTO r FROM account WHERE a_id = p_a;
  IF FOUND THEN
    v_missing := 0;
  END IF;
  IF v_missing = 1 THEN
    UPDATE flag SET v = v + 1 WHERE f_id = 1;
  END IF;
END
$$;

CREATE FUNCTION pay(p_a INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_n INT;
BEGIN
  SELECT v INTO v_n FROM flag WHERE f_id = 1;
  UPDATE account SET bal = bal + 1 WHERE a_id = p_a;
END
$$;
