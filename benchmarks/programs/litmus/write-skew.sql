-- write-skew.sql: WRITE SKEW (Berenson et al. A5B; Adya G2-item with
-- anti-dependencies only).  The on-call doctors example.
--
-- Invariant: at least one of two doctors stays on call.  GoOffCall(me, other)
-- lets `me` go off call if `other` is on call.  Two doctors, each checking the
-- other, both go off call.
--
-- Interleaving (doctors 1 and 2 both on call):
--   T1 = GoOffCall(1, 2): r(on_call[2]=1)
--   T2 = GoOffCall(2, 1): r(on_call[1]=1)
--   T1: w(on_call[1]=0) commit     T2: w(on_call[2]=0) commit  -- nobody on call
-- Dependency cycle (k = 2): T1 -rw-> T2 (doctor 2) -rw-> T1 (doctor 1); no ww.
--
-- Weakest level that forbids it: SER.  Allowed under SI: no record is written
-- by both, so PSI's WW => vis has nothing to act on, and PC holds because
-- neither transaction sees the other; only vis = ar (SER) makes the later one
-- see the earlier one's write, breaking its rw edge.

CREATE TABLE oncall (doctor_id INT PRIMARY KEY, on_call INT NOT NULL);

TRANSACTION GoOffCall(me INT, other INT)
BEGIN
  SELECT on_call INTO other_on FROM oncall WHERE doctor_id = :other;
  IF other_on = 1 THEN
    UPDATE oncall SET on_call = 0 WHERE doctor_id = :me;
  END IF;
END;
