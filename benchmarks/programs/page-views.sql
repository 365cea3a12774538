-- page-views.sql: a page-view counter whose only read-modify-write is inside the UPDATE
-- (SET views = views + 1). At PostgreSQL READ COMMITTED the UPDATE waits for the row lock and
-- re-reads the newest version (manual, chapter "Concurrency Control", §13.2.1), so no update is
-- lost: `weakest --db postgresql` answers read-committed (docs/postgresql-levels.md §2), while the
-- paper's EC has the lost update. Generator: page-views.gen.
CREATE TABLE page (page_id INT PRIMARY KEY, views INT NOT NULL);

TRANSACTION View(id INT)
BEGIN
  UPDATE page SET views = views + 1 WHERE page_id = :id;
END;

TRANSACTION Reset(id INT)
BEGIN
  UPDATE page SET views = 0 WHERE page_id = :id;
END;

TRANSACTION Read(id INT)
BEGIN
  SELECT views INTO v FROM page WHERE page_id = :id;
END;
