-- case-coalesce.sql: CASE and COALESCE in SQL expressions.
--
-- Withdraw takes amt from an account if it holds enough, in one UPDATE (CASE reads the balance it
-- overwrites: a read-modify-write); Mirror copies one account's balance into another, 0 when the
-- first does not exist (COALESCE over an empty MAX). Two Withdraws of one account are the lost
-- update (a 2-cycle under ec, cc, pc); two Mirrors copying accounts 1 and 2 into each other are a
-- write skew, so a 2-cycle remains under psi and si; SER forbids every cycle (explorer and encoder
-- agree: SoundnessOracleTest).
--
-- Encoding (Terms): CASE is an if-then-else where its conditions and values are encoded exactly,
-- otherwise unconstrained; COALESCE is unconstrained (NULL-ness of values is not encoded): sound.

CREATE TABLE acct (acc_id INT PRIMARY KEY, bal INT NOT NULL);

TRANSACTION Withdraw(id INT, amt INT)
BEGIN
  UPDATE acct SET bal = CASE WHEN bal >= :amt THEN bal - :amt ELSE bal END WHERE acc_id = :id;
END;

TRANSACTION Mirror(src INT, dst INT)
BEGIN
  SELECT MAX(bal) INTO b FROM acct WHERE acc_id = :src;
  UPDATE acct SET bal = COALESCE(:b, 0) WHERE acc_id = :dst;
END;
