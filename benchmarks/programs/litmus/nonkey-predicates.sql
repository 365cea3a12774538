-- nonkey-predicates.sql: UPDATE and DELETE selecting rows by non-key fields.
--
-- Charge takes 1 from every account of an owner that holds at least 2; Close deletes the owner's
-- accounts holding exactly 1. Which rows they touch depends on values other transactions write,
-- so each reads `owner` and `balance` of the rows it visits (AccessRules: the fields the WHERE
-- mentions, on records alive in its view), and Charge also writes `balance`. Two Charges of one
-- owner are the lost update: a 2-cycle under ec, cc, pc. Under psi, si and ser the explorer finds
-- no cycle of up to 4 instances; the encoder reports a 3-cycle under psi (a precision loss of the
-- polarity approximation below, reported by SoundnessOracleTest, not a missed anomaly).
--
-- The encoder tests non-key atoms by polarity (paper Fig. 4 encodes key atoms only): a statement
-- may touch every key-matching record, an over-approximation.

CREATE TABLE account (acc_id INT PRIMARY KEY, owner INT NOT NULL, balance INT NOT NULL);

TRANSACTION Charge(o INT)
BEGIN
  UPDATE account SET balance = balance - 1 WHERE owner = :o AND balance >= 2;
END;

TRANSACTION Close(o INT)
BEGIN
  DELETE FROM account WHERE owner = :o AND balance = 1;
END;
