-- else-unknown.sql: an IF whose condition is UNKNOWN (a comparison with a NULL argument) takes its
-- ELSE branch, and the code after an IF whose THEN returns still runs (PostgreSQL manual, PL/pgSQL
-- "Conditionals": the THEN statements run only if the condition is true; UNKNOWN is not true,
-- SQL:2016 §8.2). Loadable into PostgreSQL unchanged.
--
-- pay with a NULL amount reaches its read-modify-write of `bal` only through the ELSE of
-- `p_amt > 0`; skip with a NULL limit does not return and then reads and writes `bal`. Two such
-- calls on one account both read the old balance and one increment is lost: the lost update at every
-- level below snapshot isolation, PostgreSQL's READ COMMITTED included. An encoding that took ELSE
-- only when the condition is FALSE (Kleene's NOT) would never run these paths with a NULL argument
-- and would miss every cycle here.

CREATE TABLE account (acct INT PRIMARY KEY, bal INT NOT NULL);

CREATE FUNCTION pay(p_id INT, p_amt INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  cur INT;
BEGIN
  IF p_amt > 0 THEN
    RETURN;
  ELSE
    IF p_amt IS NULL THEN
      SELECT bal INTO cur FROM account WHERE acct = p_id;
      UPDATE account SET bal = cur + 1 WHERE acct = p_id;
    END IF;
  END IF;
END
$$;

CREATE FUNCTION skip(p_id INT, p_lim INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  old INT;
BEGIN
  IF p_lim > 0 THEN
    RETURN;
  END IF;
  IF p_lim IS NULL THEN
    SELECT bal INTO old FROM account WHERE acct = p_id;
    UPDATE account SET bal = old - 1 WHERE acct = p_id;
  END IF;
END
$$;
