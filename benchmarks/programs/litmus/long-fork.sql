-- long-fork.sql: LONG FORK (Sovran et al., Walter, SOSP 2011; Cerone et al.
-- CONCUR 2015).
--
-- Two independent writes W1 (register x) and W2 (register y); two readers of
-- both registers observe them in opposite orders: R1 sees W1 but not W2, R2
-- sees W2 but not W1.  No serial order explains both.
--
-- Interleaving (x = y = 0; W1 = Write(1, 1), W2 = Write(2, 1)):
--   W1 commits at replica A, W2 at replica B
--   R1 at A: r(x=1) r(y=0)        R2 at B: r(x=0) r(y=1)
--   then A and B exchange the writes
-- Dependency cycle (k = 4): W1 -wr-> R1 -rw-> W2 -wr-> R2 -rw-> W1.
--
-- Weakest level that forbids it: PC (hence SI, SER).  If ar orders W1 before
-- W2, then R2 seeing W2 forces, by PC's ar;vis => vis, R2 to see W1,
-- contradicting R2 -rw-> W1 (symmetrically for W2 before W1).  Allowed under
-- PSI (W1 and W2 write different registers, so WW => vis says nothing) and
-- under CC (no chain of vis edges is involved).  The paper finds this shape in
-- TPC-C under PSI (§6, Fig. 5).
--
-- Writers write blindly and readers only read, so the program has no other
-- anomaly.

CREATE TABLE register (reg_id INT PRIMARY KEY, val INT NOT NULL);

TRANSACTION Write(id INT, v INT)
BEGIN
  UPDATE register SET val = :v WHERE reg_id = :id;
END;

TRANSACTION ReadPair(id1 INT, id2 INT)
BEGIN
  SELECT val INTO v1 FROM register WHERE reg_id = :id1;
  SELECT val INTO v2 FROM register WHERE reg_id = :id2;
END;
