-- loop-insert-key.sql: an INSERT in a loop whose key has a loop-carried counter, as BenchBase
-- TPC-C's NewOrder inserts its order lines (`ol_number := ol_number + 1` in the FOREACH);
-- PL/pgSQL, loadable into PostgreSQL unchanged.
--
-- Place inserts an order and one line per item, numbered 1, 2, … in the loop. Status reads the
-- newest order and then its lines. A line Status reads is one of the order it read, inserted with
-- it by one Place (primary keys: an order is inserted once), so under read committed Status's
-- first statement saw that Place and its second sees it too: no cycle through Status there, nor
-- under any level with one snapshot per transaction.
--
-- Encoder (AccessRules#knownKeyColumns): the line number is not encodable (it is assigned in the
-- loop from itself), so the INSERT's record was free in every key column, and Place wrote lines
-- of any order: a read skew Place -wr-> Status on a line of order 1 with Status -rw-> Place on
-- order 2, which no database produces. Now the line agrees with the INSERT on the columns whose
-- values are known (the order id), and is free only in the line number. With one snapshot per
-- statement the encoder also needs UniqueInsertRules#insertersInSnapshot: an order Status's first
-- statement sees alive was inserted by a Place in that statement's snapshot.

CREATE TABLE item (i_id INT PRIMARY KEY);
CREATE TABLE orders (o_id INT PRIMARY KEY);
CREATE TABLE order_line (ol_o_id INT, ol_number INT, PRIMARY KEY (ol_o_id, ol_number));

CREATE FUNCTION place(p_o INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  n INT := 0;
BEGIN
  INSERT INTO orders (o_id) VALUES (p_o);
  FOR r IN SELECT i_id FROM item LOOP
    n := n + 1;
    INSERT INTO order_line (ol_o_id, ol_number) VALUES (p_o, n);
  END LOOP;
END
$$;

CREATE FUNCTION status() RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  o RECORD;
  l RECORD;
BEGIN
  SELECT o_id INTO o FROM orders ORDER BY o_id DESC LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no order';
  END IF;
  FOR l IN SELECT ol_number FROM order_line WHERE ol_o_id = o.o_id LOOP
    NULL;
  END LOOP;
END
$$;
