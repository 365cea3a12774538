-- duplicate-insert.sql: DUPLICATE INSERT ("insert if absent" run twice; a
-- phantom: write skew over a predicate, Adya G2 with predicate
-- anti-dependencies).
--
-- Register(uid, email) creates a user unless one with that e-mail address
-- exists.  Two registrations with the same address and different user ids
-- both find none and both insert: two users share an address.
--
-- Interleaving (no user with 'a@x'):
--   T1 = Register(1, 'a@x'): r(users with email 'a@x' = none)
--   T2 = Register(2, 'a@x'): r(users with email 'a@x' = none)
--   T1: insert users[1] commit      T2: insert users[2] commit
-- Dependency cycle (k = 2): T1 -rw-> T2 -rw-> T1 (each one's predicate read
-- misses the other's new row); the two inserts create different records, so
-- there is no ww edge.
--
-- Weakest level that forbids it: SER.  Allowed under SI for the same reason
-- as write skew: no record is written by both, so PSI's WW => vis does not
-- apply, and PC holds because neither sees the other.  (If the "absent" test
-- were on the primary key itself, both would insert the same record, the ww
-- edge would make it a lost update, and PSI would forbid it; a real database
-- also rejects the second insert by its primary key.  The paper's Courseware
-- duplicate student/course names, §6, are this non-key case.)

CREATE TABLE users (
  user_id INT PRIMARY KEY,
  email   VARCHAR(64) NOT NULL
);

TRANSACTION Register(uid INT, email VARCHAR(64))
BEGIN
  SELECT user_id INTO same_email FROM users WHERE email = :email;
  IF same_email IS NULL THEN
    INSERT INTO users (user_id, email) VALUES (:uid, :email);
  END IF;
END;
