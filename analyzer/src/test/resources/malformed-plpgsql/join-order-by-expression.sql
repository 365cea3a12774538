CREATE TABLE page (page_id INT PRIMARY KEY, page_latest INT NOT NULL);
CREATE TABLE revision (rev_id INT PRIMARY KEY, rev_page INT NOT NULL, rev_len INT NOT NULL);
CREATE FUNCTION f(p INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r RECORD;
BEGIN
  SELECT * INTO r FROM page, revision WHERE page_id = rev_page AND page_id = p ORDER BY rev_len + 1 DESC LIMIT 1;
END
$$;
