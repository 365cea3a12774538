-- join-order.sql: SELECT … INTO a record from joins whose tables are read in an order other than
-- FROM's, the shapes of BenchBase SEATS' DeleteReservation (PL/pgSQL, loadable into PostgreSQL
-- unchanged): GetCustomerReservation lists customer, flight, reservation with reservation joined to
-- both (read customer, reservation, flight), GetCustomerByFFNumber lists customer first with no
-- condition of its own (read reservation first here).
--
-- Cancel deletes a customer's reservation on a flight, frees the seat and refunds the price;
-- Charge bills the customer of a reservation on a flight. Two Cancels of one reservation both
-- refund it below SNAPSHOT ISOLATION / PSI (lost update); a Cancel and a Charge of one customer
-- lose the refund or the charge the same way.

CREATE TABLE customer (c_id INT PRIMARY KEY, c_balance INT NOT NULL);
CREATE TABLE flight (f_id INT PRIMARY KEY, f_seats_left INT NOT NULL);
CREATE TABLE reservation (r_id INT PRIMARY KEY, r_c_id INT NOT NULL, r_f_id INT NOT NULL,
                          r_price INT NOT NULL);

CREATE FUNCTION cancel(p_c INT, p_f INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT c_balance, f_seats_left, r_id, r_price INTO r FROM customer, flight, reservation
   WHERE c_id = p_c AND c_id = r_c_id AND f_id = p_f AND f_id = r_f_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  DELETE FROM reservation WHERE r_id = r.r_id;
  UPDATE flight SET f_seats_left = r.f_seats_left + 1 WHERE f_id = p_f;
  UPDATE customer SET c_balance = r.c_balance + r.r_price WHERE c_id = p_c;
END
$$;

CREATE FUNCTION charge(p_f INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT c_id, c_balance, r_price INTO r FROM customer, reservation
   WHERE r_f_id = p_f AND r_c_id = c_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE customer SET c_balance = r.c_balance - r.r_price WHERE c_id = r.c_id;
END
$$;
