-- causality-violation.sql: CAUSALITY VIOLATION (Lloyd et al., COPS, SOSP 2011;
-- "the reply without the question").
--
-- Alice publishes a post; Bob reads it and answers; Carol sees Bob's reply
-- but not Alice's post, although the reply causally depends on it.
--
-- Interleaving (post 1 absent):
--   P = Publish(1, 'q'): w(post[1]) commit                      (replica A)
--   A = Answer(1, 10, 'a'): r(post[1] present) w(reply[10]) commit   (A)
--   T = ReadThread(1): r(replies of post 1 = {10}) r(post[1] absent) (replica
--       B, where A's reply has arrived and P's post has not)
-- Dependency cycle (k = 3): P -wr-> A -wr-> T -rw-> P.
--
-- Weakest level that forbids it: CC (hence PC, SI, SER).  CC makes vis
-- transitive: vis(P, A) and vis(A, T) give vis(P, T), contradicting T -rw-> P.
-- Allowed under EC/RC and RA (T sees A atomically, just not P), and under the
-- paper's PSI axiom taken alone (WW => vis; no write-write edge is on the
-- cycle); the PSI of Sovran et al. / Cerone et al. includes causality and
-- forbids it.
--
-- Caveat: the abstract model lets a second Publish of the same post id
-- overwrite the post (a real database rejects the duplicate primary key).
-- That allows a different 3-cycle, A -rw-> P' -wr-> T -rw-> A (Answer read
-- the first version of the post, T sees the re-publication P' but not the
-- reply), which is not a causality violation and which CC, PC and even SI
-- allow (it has SI's dangerous structure of two consecutive rw edges).  Only
-- the cycle above is the anomaly this litmus test is about.

CREATE TABLE post (
  post_id INT PRIMARY KEY,
  body    VARCHAR(140) NOT NULL
);

CREATE TABLE reply (
  reply_id INT PRIMARY KEY,
  post_id  INT NOT NULL,
  body     VARCHAR(140) NOT NULL
);

TRANSACTION Publish(pid INT, body VARCHAR(140))
BEGIN
  INSERT INTO post (post_id, body) VALUES (:pid, :body);
END;

TRANSACTION Answer(pid INT, rid INT, body VARCHAR(140))
BEGIN
  SELECT body INTO question FROM post WHERE post_id = :pid;
  IF question IS NOT NULL THEN
    INSERT INTO reply (reply_id, post_id, body) VALUES (:rid, :pid, :body);
  END IF;
END;

TRANSACTION ReadThread(pid INT)
BEGIN
  SELECT reply_id INTO replies FROM reply WHERE post_id = :pid;
  SELECT body INTO question FROM post WHERE post_id = :pid;
END;
