-- join-record.sql: SELECT … INTO a record from an inner join, reading columns of both tables, as
-- BenchBase's SEATS (NewReservation's GetFlight) and AuctionMark (getItemInfo) write it, and FOR
-- r IN SELECT over a join (SEATS' FindFlights) (PL/pgSQL, loadable into PostgreSQL unchanged).
--
-- Book reads a flight's free seats and its airline's fee in one statement, takes a seat and records
-- the booking at that fee; Reprice changes an airline's fee. Two Books of one flight lose an update
-- of seats_left below SNAPSHOT ISOLATION; a Book and a Reprice order each other both ways through
-- the fee only when the Book also writes what Reprice reads (it does not): the anomalies are Book's.
-- Compensate loops over an airline's flights (the join's rows) and frees a seat on each while the
-- airline charges a fee.

CREATE TABLE airline (al_id INT PRIMARY KEY, fee INT NOT NULL);
CREATE TABLE flight (f_id INT PRIMARY KEY, f_al_id INT NOT NULL REFERENCES airline (al_id), seats_left INT NOT NULL);
CREATE TABLE booking (b_id INT PRIMARY KEY, b_f_id INT NOT NULL, price INT NOT NULL);

CREATE FUNCTION book(p_f INT, p_b INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT f.seats_left, a.fee INTO r
    FROM flight f JOIN airline a ON f.f_al_id = a.al_id
   WHERE f.f_id = p_f;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no flight %', p_f;
  END IF;
  IF r.seats_left > 0 THEN
    UPDATE flight SET seats_left = r.seats_left - 1 WHERE f_id = p_f;
    INSERT INTO booking (b_id, b_f_id, price) VALUES (p_b, p_f, r.fee);
  END IF;
END
$$;

CREATE FUNCTION reprice(p_a INT, p_fee INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE airline SET fee = p_fee WHERE al_id = p_a;
END
$$;

CREATE FUNCTION compensate(p_a INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  FOR r IN SELECT a.fee, f.f_id FROM airline a JOIN flight f ON f.f_al_id = a.al_id WHERE a.al_id = p_a LOOP
    IF r.fee > 0 THEN
      UPDATE flight SET seats_left = seats_left + 1 WHERE f_id = r.f_id;
    END IF;
  END LOOP;
END
$$;
