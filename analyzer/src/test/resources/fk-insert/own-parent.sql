-- A transaction that inserts a parent and then its child (ForeignKeyRules#parentsOfInserts states
-- no parent rule for it: its statement views are the state before its own writes, which do not hold
-- the parent it inserted itself). OpenWithCard and Review write-skew on the flags at every
-- PostgreSQL level below SERIALIZABLE; the explorer and the encoder must agree.
CREATE TABLE account (a_id INT PRIMARY KEY, bal INT NOT NULL);
CREATE TABLE card (c_id INT PRIMARY KEY, c_acc INT NOT NULL REFERENCES account (a_id));
CREATE TABLE flag (f_id INT PRIMARY KEY, v INT NOT NULL);

CREATE FUNCTION open_with_card(p_a INT, p_c INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_seen INT;
BEGIN
  SELECT v INTO v_seen FROM flag WHERE f_id = 1;
  INSERT INTO account (a_id, bal) VALUES (p_a, 0);
  INSERT INTO card (c_id, c_acc) VALUES (p_c, p_a);
  UPDATE flag SET v = v + 1 WHERE f_id = 2;
END
$$;

CREATE FUNCTION review() RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_n INT;
BEGIN
  SELECT v INTO v_n FROM flag WHERE f_id = 2;
  UPDATE flag SET v = 1 WHERE f_id = 1;
END
$$;
