-- every-construct.sql: one PL/pgSQL file using every construct isocheck reads, loaded into
-- PostgreSQL unchanged by PlpgsqlPostgresTest, which also calls every routine.
DROP TABLE IF EXISTS item, stock, orders, order_line, customer;

CREATE TABLE item (i_id INT PRIMARY KEY, i_name VARCHAR(24) NOT NULL, i_price INT NOT NULL);
CREATE TABLE stock (s_i_id INT PRIMARY KEY, s_quantity INT NOT NULL, s_ytd INT NOT NULL);
CREATE TABLE orders (o_id INT PRIMARY KEY, o_count INT NOT NULL, o_note TEXT NOT NULL);
CREATE TABLE order_line (ol_o_id INT, ol_i_id INT, ol_amount INT NOT NULL, PRIMARY KEY (ol_o_id, ol_i_id));
CREATE INDEX stock_quantity ON stock (s_quantity);
-- the column types people write, NOT NULL, DEFAULT, UNIQUE, CHECK, REFERENCES, a unique index
CREATE TABLE customer (
  c_id BIGINT PRIMARY KEY,
  c_name TEXT NOT NULL UNIQUE,
  c_balance NUMERIC(12, 2) NOT NULL DEFAULT 0 CHECK (c_balance >= 0),
  c_active BOOLEAN NOT NULL DEFAULT TRUE,
  c_since TIMESTAMP,
  c_score DOUBLE PRECISION,
  c_code CHAR(2),
  c_email VARCHAR(64),
  c_level SMALLINT DEFAULT 1,
  c_referrer BIGINT REFERENCES customer (c_id),
  CONSTRAINT level_range CHECK (c_level >= 0 AND c_level <= 9 OR c_level IS NULL)
);
CREATE UNIQUE INDEX customer_email ON customer (c_email);

-- named and array parameters, DECLARE (scalar with init, CONSTANT, %TYPE, %ROWTYPE, RECORD),
-- SELECT INTO [STRICT], FOUND, FOREACH IN ARRAY, IF/ELSIF/ELSE, INSERT, UPDATE, RAISE, RETURN value
CREATE OR REPLACE FUNCTION new_order(p_o_id INT, p_items INT[], p_note VARCHAR(20)) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  lines INT := 0;
  step CONSTANT INT := 1;
  qty stock.s_quantity%TYPE;
  it item%ROWTYPE;
  existing RECORD;
  x INT;
BEGIN
  SELECT o_count INTO existing FROM orders WHERE o_id = p_o_id;
  IF FOUND THEN
    RAISE EXCEPTION 'order % exists', p_o_id;
  END IF;
  FOREACH x IN ARRAY p_items LOOP
    SELECT * INTO STRICT it FROM item WHERE i_id = x;
    SELECT s_quantity INTO qty FROM stock WHERE s_i_id = x;
    IF qty IS NULL THEN
      RAISE NOTICE 'no stock row for %', x;
    ELSIF qty > 10 THEN
      UPDATE stock SET s_quantity = qty - step, s_ytd = s_ytd + 1 WHERE s_i_id = x;
    ELSE
      UPDATE stock SET s_quantity = qty + 91 WHERE s_i_id = x;
    END IF;
    INSERT INTO order_line (ol_o_id, ol_i_id, ol_amount) VALUES (p_o_id, x, it.i_price);
    lines := lines + step;
  END LOOP;
  INSERT INTO orders (o_id, o_count, o_note) VALUES (p_o_id, lines, p_note);
  RETURN lines;
END
$$;

-- $n parameters, PERFORM, FOUND, ELSEIF, NULL;, FOR r IN SELECT, DELETE, RETURN without value,
-- SELECT … INTO a record from a join (with ORDER BY … LIMIT, its first table read second),
-- PERFORM of a join with ORDER BY … LIMIT
CREATE OR REPLACE FUNCTION cancel_order(INT) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  j RECORD;
  k RECORD;
  n INT := 0;
BEGIN
  PERFORM o_count FROM orders WHERE o_id = $1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM ol.ol_amount, i.i_name FROM order_line ol JOIN item i ON ol.ol_i_id = i.i_id
    WHERE ol.ol_o_id = $1 ORDER BY i.i_price DESC LIMIT 5;
  SELECT ol.ol_amount, i.i_price INTO j
    FROM order_line ol JOIN item i ON ol.ol_i_id = i.i_id WHERE ol.ol_o_id = $1;
  IF FOUND AND j.ol_amount < 0 AND j.i_price < 0 THEN
    RAISE EXCEPTION 'negative amount and price';
  END IF;
  SELECT i.i_price, ol.ol_amount INTO k FROM item i, order_line ol
    WHERE ol.ol_o_id = $1 AND ol.ol_i_id = i.i_id ORDER BY ol.ol_amount DESC LIMIT 1;
  IF FOUND AND k.i_price < 0 THEN
    RAISE EXCEPTION 'negative price';
  END IF;
  FOR r IN SELECT ol_i_id, ol_amount FROM order_line WHERE ol_o_id = $1 LOOP
    IF r.ol_amount > 1000 THEN
      n := n + 1;
    ELSEIF r.ol_amount < 0 THEN
      RAISE EXCEPTION 'negative amount';
    ELSE
      NULL;
    END IF;
    DELETE FROM order_line WHERE ol_o_id = $1 AND ol_i_id = r.ol_i_id;
  END LOOP;
  DELETE FROM orders WHERE o_id = $1;
END
$$;

-- a PROCEDURE: ROLLBACK ends its path; aggregates (MAX over a VARCHAR column too); an aliased
-- expression in a SELECT list
CREATE OR REPLACE PROCEDURE restock(p_i_id INT, p_min INT)
LANGUAGE plpgsql AS $$
DECLARE
  cnt INT;
  q INT;
  top_name VARCHAR(24);
  sr RECORD;
BEGIN
  SELECT COUNT(*) INTO cnt FROM order_line WHERE ol_i_id = p_i_id;
  SELECT MAX(i_name) INTO top_name FROM item WHERE i_price >= p_min;
  SELECT s_quantity, s_ytd + p_min AS ytd_target INTO sr FROM stock WHERE s_i_id = p_i_id;
  IF sr.ytd_target < 0 THEN
    RAISE EXCEPTION 'negative year-to-date target';
  END IF;
  SELECT s_quantity INTO q FROM stock WHERE s_i_id = p_i_id;
  IF q IS NULL THEN
    ROLLBACK;
  ELSIF q < p_min THEN
    UPDATE stock SET s_quantity = q + p_min + cnt WHERE s_i_id = p_i_id;
  END IF;
END
$$;

-- BOOLEAN, NUMERIC, TIMESTAMP parameters and variables, TRUE/FALSE, a boolean standing alone as a
-- condition, DEFAULTs filled in, NULL in VALUES and SET, comparisons with NULL (never true)
CREATE OR REPLACE FUNCTION open_customer(p_id BIGINT, p_name TEXT, p_active BOOLEAN, p_since TIMESTAMP, p_referrer BIGINT)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  active_now BOOLEAN := TRUE;
  total NUMERIC(14, 2);
BEGIN
  IF p_active AND active_now THEN
    INSERT INTO customer (c_id, c_name, c_since, c_referrer) VALUES (p_id, p_name, p_since, p_referrer);
  ELSE
    INSERT INTO customer (c_id, c_name, c_active, c_since, c_referrer) VALUES (p_id, p_name, FALSE, NULL, NULL);
  END IF;
  SELECT c_balance INTO total FROM customer WHERE c_id = p_id AND c_active;
  UPDATE customer SET c_score = NULL, c_code = 'ok' WHERE c_id = p_id AND NOT (c_score = NULL) OR c_id = p_id AND c_active = TRUE;
END
$$;

-- IS [NOT] NULL on a parameter (a NULL argument: no referrer, or every customer), CASE in a
-- SELECT list
CREATE OR REPLACE FUNCTION refer(p_id BIGINT, p_referrer BIGINT)
RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
  lvl INT;
BEGIN
  IF p_referrer IS NULL THEN
    RETURN 0;
  END IF;
  SELECT CASE WHEN c_active THEN 2 ELSE 1 END INTO lvl FROM customer WHERE c_id = p_referrer;
  UPDATE customer SET c_level = lvl WHERE (p_id IS NULL OR c_id = p_id);
  RETURN lvl;
END
$$;
