-- update-found.sql: FOUND and GET DIAGNOSTICS ROW_COUNT after UPDATE, as BenchBase's TPC-C and
-- TATP test them (PL/pgSQL, loadable into PostgreSQL unchanged).
--
-- Debit takes one from an account and aborts when there is none (NOT FOUND after the UPDATE);
-- Credit adds one and logs how many rows it changed (ROW_COUNT). isocheck reads each status
-- through a probe of the statement's rows just before it. Two debits of one account lose an
-- update under ec, cc and pc; psi, si and ser forbid it.

CREATE TABLE account (id INT PRIMARY KEY, bal INT NOT NULL);
CREATE TABLE credits (id INT PRIMARY KEY, changed INT NOT NULL);

CREATE FUNCTION debit(p_id INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account SET bal = bal - 1 WHERE id = p_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no account %', p_id;
  END IF;
END
$$;

CREATE FUNCTION credit(p_id INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  k INT;
BEGIN
  UPDATE account SET bal = bal + 1 WHERE id = p_id;
  GET DIAGNOSTICS k = ROW_COUNT;
  UPDATE credits SET changed = changed + k WHERE id = p_id;
END
$$;
