-- seat-reservation.sql: A PHANTOM (Adya G2 with predicate anti-dependencies):
-- the insert each reservation checks for is a row the other's count did not see.
--
-- Invariant: a flight's seats taken never exceed its capacity.  Reserve(f,
-- seat, who) counts the seats taken on flight f and takes one if fewer than
-- the capacity are.  Two reservations for the last seat both find one free.
--
-- Interleaving (flight 1, capacity 1, no seat taken):
--   T1 = Reserve(1, 1, 'ann'): capacity 1; COUNT(*) WHERE flight_id = 1 -> 0
--   T2 = Reserve(1, 2, 'bob'): capacity 1; the same count -> 0
--   T1: insert seats[1] commit      T2: insert seats[2] commit  -- overbooked
-- Dependency cycle (k = 2): T1 -rw-> T2 -rw-> T1, each an insert of a row the
-- other's predicate `flight_id = 1` would have matched; the inserts create
-- different rows, so no ww edge and no write conflict.
--
-- Weakest level that forbids it: SER (allowed under SI).

CREATE TABLE flights (
  flight_id INT PRIMARY KEY,
  capacity  INT NOT NULL
);

CREATE TABLE seats (
  seat_id   INT PRIMARY KEY,
  flight_id INT NOT NULL,
  passenger VARCHAR(64) NOT NULL
);

TRANSACTION Reserve(f INT, seat INT, who VARCHAR(64))
BEGIN
  SELECT capacity INTO cap FROM flights WHERE flight_id = :f;
  SELECT COUNT(*) INTO taken FROM seats WHERE flight_id = :f;
  IF taken < cap THEN
    INSERT INTO seats (seat_id, flight_id, passenger) VALUES (:seat, :f, :who);
  END IF;
END;
