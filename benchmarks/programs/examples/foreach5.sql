-- foreach5.sql: five nested FOREACH loops, each over the rows the loop around it selects. Its
-- encoding grows with every level; the README's --timeout example (the deadline covers building
-- the queries, not only solving them).
CREATE TABLE account (acc_id INT PRIMARY KEY, balance INT NOT NULL);
TRANSACTION w(id INT)
BEGIN
  SELECT acc_id, balance INTO r0 FROM account WHERE balance > 0;
FOREACH x0 IN r0 LOOP
  SELECT acc_id, balance INTO r1 FROM account WHERE balance > :x0.balance;
  FOREACH x1 IN r1 LOOP
    SELECT acc_id, balance INTO r2 FROM account WHERE balance > :x1.balance;
    FOREACH x2 IN r2 LOOP
      SELECT acc_id, balance INTO r3 FROM account WHERE balance > :x2.balance;
      FOREACH x3 IN r3 LOOP
        SELECT acc_id, balance INTO r4 FROM account WHERE balance > :x3.balance;
        FOREACH x4 IN r4 LOOP
          SELECT acc_id, balance INTO r5 FROM account WHERE balance > :x4.balance;
          UPDATE account SET balance = 1 WHERE acc_id = :x4.acc_id;
        END LOOP;
      END LOOP;
    END LOOP;
  END LOOP;
END LOOP;
END;
