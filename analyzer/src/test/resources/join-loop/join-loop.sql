-- join-loop.sql: FOR r IN SELECT over an inner join, r holding columns of both tables, as BenchBase's
-- SEATS FindFlights writes it (`FROM flight, airline … AND F_AL_ID = AL_ID`) (PL/pgSQL, loadable
-- into PostgreSQL unchanged). Kept out of benchmarks/programs/litmus/ because the READ COMMITTED
-- explorer (ReadCommittedExplorer), which every litmus program goes through, has no loops; the
-- transaction-level explorer (SoundnessOracleTest) runs it (BenchbaseConstructsOracleTest).
--
-- Compensate loops over an airline's flights (the join's rows) and frees a seat on each while the
-- airline charges a fee; Reprice changes the fee; Book takes a seat of one flight.

CREATE TABLE airline (al_id INT PRIMARY KEY, fee INT NOT NULL);
CREATE TABLE flight (f_id INT PRIMARY KEY, f_al_id INT NOT NULL REFERENCES airline (al_id), seats_left INT NOT NULL);

CREATE FUNCTION book(p_f INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE flight SET seats_left = seats_left - 1 WHERE f_id = p_f AND seats_left > 0;
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
