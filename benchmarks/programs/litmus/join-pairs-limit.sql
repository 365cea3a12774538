-- join-pairs-limit.sql: SELECT … INTO a record from a join on two column pairs with ORDER BY …
-- LIMIT 1, the shape of BenchBase Wikipedia's selectPageRevision (`SELECT * FROM page, revision
-- WHERE page_id = rev_page AND rev_page = ? AND page_id = ? AND rev_id = page_latest LIMIT 1`)
-- (PL/pgSQL, loadable into PostgreSQL unchanged).
--
-- Publish copies the length of a page's longest revision in the page's namespace into the page;
-- Trim cuts a revision to its page's length. The page's key is fixed (page_id = p_page), so both
-- column pairs are tested against the one page row. Publish reads every matching revision (LIMIT
-- 1 returns one of them, the database reads them all to find it) and the page; Trim reads the
-- page and writes a revision: a write skew below SERIALIZABLE (each reads what the other writes),
-- and two Publishes of one page lose an update below SNAPSHOT ISOLATION / PSI.

CREATE TABLE page (page_id INT PRIMARY KEY, page_ns INT NOT NULL, page_len INT NOT NULL);
CREATE TABLE revision (rev_id INT PRIMARY KEY, rev_page INT NOT NULL, rev_ns INT NOT NULL,
                       rev_len INT NOT NULL);

CREATE FUNCTION publish(p_page INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT * INTO r FROM page, revision
   WHERE page_id = rev_page AND rev_page = p_page AND page_id = p_page AND rev_ns = page_ns
   ORDER BY rev_len DESC LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no revision of page %', p_page;
  END IF;
  UPDATE page SET page_len = r.rev_len WHERE page_id = p_page;
END
$$;

CREATE FUNCTION trim_revision(p_rev INT, p_page INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_len INT;
BEGIN
  SELECT page_len INTO v_len FROM page WHERE page_id = p_page;
  UPDATE revision SET rev_len = v_len WHERE rev_id = p_rev;
END
$$;
