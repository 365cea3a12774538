-- between.sql: `x [NOT] BETWEEN a AND b` (BenchBase AuctionMark CloseAuctions' `i_start_date
-- BETWEEN ? AND ?`), which the front-end reads as `x >= a AND x <= b` (SQL's definition).
--
-- Leave takes a doctor off call if another doctor whose shift starts in the window stays on call:
-- the write skew of write-skew.sql with the others chosen by a range. Two Leaves over one window
-- each count the other as staying, and both leave.

CREATE TABLE shift (id INT PRIMARY KEY, start_at INT NOT NULL, on_call INT NOT NULL);

TRANSACTION Leave(me INT, lo INT, hi INT)
BEGIN
  SELECT COUNT(*) INTO others FROM shift WHERE start_at BETWEEN :lo AND :hi AND on_call = 1 AND id <> :me;
  IF others >= 1 THEN
    UPDATE shift SET on_call = 0 WHERE id = :me;
  END IF;
END;
