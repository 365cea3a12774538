-- constraints.sql: UNIQUE, CHECK and REFERENCES (FOREIGN KEY). A statement that would violate one
-- fails and, uncaught, aborts its transaction (PostgreSQL manual §5.5, "Constraints").
--
-- Withdraw takes 1 from an account whose balance may not go negative (CHECK): two Withdraws that
-- read the same balance both write balance - 1, the lost update under ec, cc, pc; a Withdraw from
-- an empty account aborts. Open creates an account owned by its id, and owners must be unique; Log records a
-- transfer of an account that must exist.
--
-- The encoder does not encode UNIQUE and CHECK: a violating write aborts, and an aborted
-- transaction is in no dependency, so leaving them out only adds executions (sound). At --db levels
-- REFERENCES is parent_in_view (fk-parent.sql), which the explorers enforce there; they abort on a
-- failed CHECK and leave UNIQUE unenforced. Runs on H2 and PostgreSQL enforce all three.

CREATE TABLE account (
  acc_id INT PRIMARY KEY,
  owner INT NOT NULL UNIQUE,
  balance INT NOT NULL CHECK (balance >= 0)
);
CREATE TABLE transfer (
  t_id INT PRIMARY KEY,
  acc INT NOT NULL REFERENCES account (acc_id),
  amount INT NOT NULL,
  CONSTRAINT positive CHECK (amount > 0)
);

TRANSACTION Withdraw(id INT)
BEGIN
  SELECT balance INTO b FROM account WHERE acc_id = :id;
  UPDATE account SET balance = :b - 1 WHERE acc_id = :id;
END;

TRANSACTION Open(id INT)
BEGIN
  INSERT INTO account (acc_id, owner, balance) VALUES (:id, :id, 0);
END;

TRANSACTION Log(id INT)
BEGIN
  INSERT INTO transfer (t_id, acc, amount) VALUES (:id, :id, 1);
END;
