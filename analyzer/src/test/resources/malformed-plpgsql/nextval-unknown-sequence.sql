CREATE TABLE item (id INT PRIMARY KEY, x INT NOT NULL);
CREATE FUNCTION add(p INT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item (id, x) VALUES (nextval('item_seq'), p);
END
$$;
