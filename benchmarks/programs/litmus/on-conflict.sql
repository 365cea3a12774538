-- on-conflict.sql: INSERT … ON CONFLICT, FOUND, GET DIAGNOSTICS and RETURNING … INTO, as
-- PL/pgSQL functions (loadable into PostgreSQL unchanged).
--
-- Claim registers a name for a user unless it is taken (DO NOTHING; FOUND says whether it was
-- inserted) and then counts the claim on the user; Bump counts a visit (DO UPDATE with
-- EXCLUDED) and returns the new count. Under SQL's key uniqueness two Claims of one name
-- never both insert it; two Bumps of one page read and write its count: a lost update under
-- ec, cc and pc, forbidden by psi, si and ser (as lost-update.sql).

CREATE TABLE names (name VARCHAR(20) PRIMARY KEY, owner INT NOT NULL);
CREATE TABLE users (uid INT PRIMARY KEY, claims INT NOT NULL);
CREATE TABLE hits (page INT PRIMARY KEY, n INT NOT NULL);

CREATE FUNCTION claim(p_name VARCHAR(20), p_uid INT) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  c INT;
  k INT;
BEGIN
  INSERT INTO names (name, owner) VALUES (p_name, p_uid) ON CONFLICT (name) DO NOTHING;
  GET DIAGNOSTICS k = ROW_COUNT;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  UPDATE users SET claims = claims + k WHERE uid = p_uid RETURNING claims INTO c;
  RETURN c;
END
$$;

CREATE FUNCTION bump(p_page INT) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  seen INT;
BEGIN
  SELECT n INTO seen FROM hits WHERE page = p_page;
  IF seen IS NULL THEN
    seen := 0;
  END IF;
  INSERT INTO hits (page, n) VALUES (p_page, 1) ON CONFLICT (page) DO UPDATE SET n = seen + EXCLUDED.n;
  RETURN seen + 1;
END
$$;
