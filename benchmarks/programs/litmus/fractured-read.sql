-- fractured-read.sql: FRACTURED READ (Bailis et al., "Scalable Atomic
-- Visibility with RAMP Transactions", SIGMOD 2014).
--
-- Friendship is symmetric: Befriend(u, v) inserts both (u, v) and (v, u) in
-- one transaction.  AreFriends(u, v) reads both rows; finding exactly one of
-- them means it observed part of a Befriend.
--
-- Interleaving (u, v not yet friends; the two rows live on different
-- partitions/replicas, and B's writes reach them at different times):
--   B = Befriend(1, 2): w(friendship[1,2]) w(friendship[2,1]) commit
--   F = AreFriends(1, 2): r(friendship[1,2] = present)   -- B's write arrived
--                         r(friendship[2,1] = absent)    -- not yet here
-- Dependency cycle (k = 2): B -wr-> F ([1,2]) and F -rw-> B ([2,1]).
-- Unlike read skew, the reader sees the new row first and an old one after,
-- which a single-node database whose commits are atomic never shows even at
-- READ COMMITTED, but a sharded or replicated store without atomic visibility
-- does.
--
-- Weakest level that forbids it: RA (read atomic: F sees all of B's writes or
-- none).  Allowed under RC.  In the paper's model atomic visibility always
-- holds (vis relates whole transactions), so the static analysis must find no
-- cycle even at EC; the dynamic checker must flag such histories as RA
-- violations.
--
-- Befriend writes both rows of its pair blindly and AreFriends reads exactly
-- those rows, so the program has no other anomaly.

CREATE TABLE friendship (
  user_id   INT NOT NULL,
  friend_id INT NOT NULL,
  PRIMARY KEY (user_id, friend_id)
);

TRANSACTION Befriend(u INT, v INT)
BEGIN
  INSERT INTO friendship (user_id, friend_id) VALUES (:u, :v);
  INSERT INTO friendship (user_id, friend_id) VALUES (:v, :u);
END;

TRANSACTION AreFriends(u INT, v INT)
BEGIN
  SELECT friend_id INTO uv FROM friendship WHERE user_id = :u AND friend_id = :v;
  SELECT friend_id INTO vu FROM friendship WHERE user_id = :v AND friend_id = :u;
END;
