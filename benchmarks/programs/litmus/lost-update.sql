-- lost-update.sql: LOST UPDATE (Berenson et al. P4; Adya G2-item with a
-- write-write conflict).
--
-- Two Increments of the same counter both read the old value and both write
-- old + 1; one increment disappears.
--
-- Interleaving (counter 7 starts at 0):
--   T1: r(cnt=0)            T2: r(cnt=0)
--   T1: w(cnt=1) commit     T2: w(cnt=1) commit      -- final 1, serially 2
-- Dependency cycle (k = 2): T1 -rw-> T2 -rw-> T1 (and T1 -ww-> T2).
--
-- Weakest level that forbids it: PSI (hence SI, SER).  Both transactions
-- write the same field, so PSI's axiom WW => vis makes the arbitration-earlier
-- one visible to the later one, contradicting the later one's rw edge (it read
-- the older value).  Allowed under EC/RC, RA, CC and PC: those constrain vis
-- only through vis edges that already exist, and two mutually invisible
-- transactions have none.
--
-- The write is `:cur + 1` (the value read), not `cnt + 1`: a real database at
-- READ COMMITTED re-reads the row for `cnt = cnt + 1` and would hide the
-- anomaly; the read-then-write form shows it on a real database too.

CREATE TABLE counter (counter_id INT PRIMARY KEY, cnt INT NOT NULL);

TRANSACTION Increment(id INT)
BEGIN
  SELECT cnt INTO cur FROM counter WHERE counter_id = :id;
  UPDATE counter SET cnt = :cur + 1 WHERE counter_id = :id;
END;
