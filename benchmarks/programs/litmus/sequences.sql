-- sequences.sql: sequences as PostgreSQL programs draw them (PL/pgSQL, loadable into PostgreSQL
-- unchanged): a SERIAL key, an IDENTITY key, CREATE SEQUENCE with nextval in a variable and in a
-- column DEFAULT.
--
-- A sequence is not transactional (PostgreSQL manual §9.17): every call gets a fresh value and
-- none rolls back. isocheck makes each call a fresh hidden parameter (nextval$s$n), drawn freely
-- (Sequences). place counts the customer's orders and inserts one when there is none: two places
-- of one customer both see none and both insert, each under its own fresh id (no duplicate key to
-- stop the second), a phantom write skew under ec … si, none under ser. ticket draws twice and
-- log inserts into an identity table: neither reads, so neither is in a cycle.

CREATE SEQUENCE ticket_seq START 100;

CREATE TABLE orders (id SERIAL PRIMARY KEY, customer INT NOT NULL);

CREATE TABLE tickets (
  id BIGINT NOT NULL DEFAULT nextval('ticket_seq'),
  order_id INT NOT NULL,
  PRIMARY KEY (id)
);

CREATE TABLE events (id INT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, what INT NOT NULL);

CREATE FUNCTION place(p_customer INT) RETURNS INT
LANGUAGE plpgsql AS $$
DECLARE
  n INT;
BEGIN
  SELECT COUNT(*) INTO n FROM orders WHERE customer = p_customer;
  IF n >= 1 THEN
    RETURN 1;
  END IF;
  INSERT INTO orders (customer) VALUES (p_customer);
  RETURN 0;
END
$$;

CREATE FUNCTION ticket(p_order INT) RETURNS BIGINT
LANGUAGE plpgsql AS $$
DECLARE
  v BIGINT;
BEGIN
  v := nextval('ticket_seq');
  INSERT INTO tickets (id, order_id) VALUES (v, p_order);
  INSERT INTO tickets (order_id) VALUES (p_order);
  RETURN v;
END
$$;

CREATE FUNCTION log_event(p_what INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (what) VALUES (p_what);
END
$$;
