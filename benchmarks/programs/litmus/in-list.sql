-- in-list.sql: IN (…) lists, including the shape JSqlParser 5.3 mis-parses
-- (`k IN (1, 2) AND j = 3` read as `k IN ((1, 2) AND j = 3)`; the front-end re-associates it).
--
-- Pair takes two doctors off call if both are on call and at least one other stays: the write skew
-- of write-skew.sql over a set of records. Each Pair reads `on_call` of the doctors in its list and
-- writes those it names, so two Pairs with overlapping lists conflict. `x IN (a, b)` is
-- `x = a OR x = b` (NOT IN its negation); the key is not pinned by an OR, so the encoder treats the
-- statement as a predicate read over the key (an over-approximation where the list has one value).

CREATE TABLE oncall (doctor_id INT PRIMARY KEY, on_call INT NOT NULL);

TRANSACTION Relieve(a INT, b INT)
BEGIN
  SELECT COUNT(*) INTO others FROM oncall WHERE doctor_id NOT IN (:a, :b) AND on_call = 1;
  IF others >= 1 THEN
    UPDATE oncall SET on_call = 0 WHERE doctor_id IN (:a, :b) AND on_call = 1;
  END IF;
END;
