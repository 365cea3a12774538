-- foreach-twice.sql: a FOREACH over an array parameter runs its SELECT once per element, and at READ
-- COMMITTED each execution takes its own snapshot (PostgreSQL manual §13.2.1). Given one account
-- twice, Audit's first iteration can miss a Deposit that commits before its second iteration reads
-- the same row (a non-repeatable read, Adya G-single). Its schedule needs a slot per iteration
-- (bridge.StatementSchedule, steps NAME@LINE#I). Kept out of benchmarks/programs/litmus/ because
-- the READ COMMITTED explorer, which every litmus program goes through, has no loops.

CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);
CREATE TABLE audit_log (id INT PRIMARY KEY, balance INT NOT NULL);

CREATE FUNCTION deposit(p_id INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account SET balance = balance + 1 WHERE id = p_id;
END
$$;

CREATE FUNCTION audit(p_ids INT[]) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_id INT;
  v_balance INT;
BEGIN
  FOREACH v_id IN ARRAY p_ids LOOP
    SELECT balance INTO v_balance FROM account WHERE id = v_id;
  END LOOP;
END
$$;
