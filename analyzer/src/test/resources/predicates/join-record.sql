-- join-record.sql: a join into a record (SELECT … INTO r FROM flight JOIN airline) records a
-- predicate read per table like an aggregate join (RunContract.aJoinIntoARecordRecordsEachTablesPredicate):
-- Quote reads flight 1 and its airline if its fee is below 10, then writes the mark Discount reads;
-- Discount lowers airline 1's fee into Quote's predicate.
CREATE TABLE airline (al_id INT PRIMARY KEY, fee INT NOT NULL);
CREATE TABLE flight (f_id INT PRIMARY KEY, f_al_id INT NOT NULL, seats_left INT NOT NULL);
CREATE TABLE mark (m_id INT PRIMARY KEY, m INT NOT NULL);

CREATE FUNCTION quote(p_f INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT f.seats_left, a.fee INTO r
    FROM flight f JOIN airline a ON f.f_al_id = a.al_id
   WHERE f.f_id = p_f AND a.fee < 10;
  UPDATE mark SET m = 1 WHERE m_id = 1;
END
$$;

CREATE FUNCTION discount(p_a INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v INT;
BEGIN
  SELECT m INTO v FROM mark WHERE m_id = 1;
  UPDATE airline SET fee = 5 WHERE al_id = p_a;
END
$$;
