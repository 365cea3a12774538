-- keyless-insert.sql: a table without a primary key and CURRENT_TIMESTAMP, as BenchBase's Voter
-- writes them (PL/pgSQL, loadable into PostgreSQL unchanged).
--
-- Vote counts the caller's votes and inserts one when under the limit of one. The table has no
-- key: isocheck gives it a hidden one (isocheck_row), each INSERT a fresh hidden parameter
-- (votes_row$n), and CURRENT_TIMESTAMP is the transaction's start time (now$). Two votes of one
-- phone both see no vote and both insert: a phantom write skew under ec … si, none under ser.

CREATE TABLE votes (phone INT NOT NULL, created TIMESTAMP NOT NULL);

CREATE FUNCTION vote(p_phone INT) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  n INT;
BEGIN
  SELECT COUNT(*) INTO n FROM votes WHERE phone = p_phone;
  IF n >= 1 THEN
    RETURN 1;
  END IF;
  INSERT INTO votes (phone, created) VALUES (p_phone, CURRENT_TIMESTAMP);
  RETURN 0;
END
$$;
