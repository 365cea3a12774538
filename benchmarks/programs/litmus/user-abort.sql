-- user-abort.sql: USER ABORTS AND EARLY EXIT (ROLLBACK, RAISE EXCEPTION, RETURN).
--
-- Withdraw reads a balance, writes it, and then aborts when the balance did not
-- cover the amount: an aborted instance's write never happens and it is in no
-- dependency (issue 13, §1). It returns early, committing nothing, for an
-- unknown account. Discard always aborts: it is in no execution at all, so the
-- lost update two Discards would otherwise have (read, then write old - 1) is
-- not there.
--
-- Dependency cycle (k = 2) of two committed Withdraws of one account with
-- enough money: T1 -rw-> T2 -rw-> T1 (a lost update) under EC, CC and PC;
-- PSI, SI and SER forbid it (as for lost-update.sql). No cycle involves a
-- Discard, nor a Withdraw whose amount exceeds the balance it read.

CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);

TRANSACTION Withdraw(a INT, amount INT)
BEGIN
  SELECT balance INTO acc FROM account WHERE id = :a;
  IF acc IS NULL THEN
    RETURN;
  END IF;
  UPDATE account SET balance = :acc.balance - :amount WHERE id = :a;
  IF acc.balance < amount THEN
    RAISE EXCEPTION 'insufficient funds';
  END IF;
END;

TRANSACTION Discard(a INT)
BEGIN
  SELECT balance INTO acc FROM account WHERE id = :a;
  UPDATE account SET balance = :acc.balance - 1 WHERE id = :a;
  ROLLBACK;
END;
