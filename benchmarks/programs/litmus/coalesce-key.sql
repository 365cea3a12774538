-- coalesce-key.sql: a key computed as COALESCE(MAX(…), 0) + 1, as AuctionMark's NewBid names its
-- new bid (`v_new_bid_id := COALESCE(v_max_ib_id, 0) + 1`).
--
-- Bump reads the largest bid id of an item and reads and rewrites the balance of the account that
-- id + 1 names (0 + 1 when the item has no bid). Its read and its write name one account, so two
-- Bumps of one account are the lost update (a 2-cycle under ec, cc, pc), and under psi, si and ser
-- there is no cycle: two Bumps write one account (ordered by their writes) or touch disjoint ones.
--
-- Encoder (Terms#coalesceValue): COALESCE is an if-then-else on its arguments' NULL-ness where that
-- is encoded exactly (an aggregate's T.v!null, a nullable parameter's flag, literals, keys). Before
-- it, COALESCE was unconstrained, so the read and the write could name two accounts and two Bumps
-- made a write skew under si that no run has.

CREATE TABLE acct (acc_id INT PRIMARY KEY, bal INT NOT NULL);
CREATE TABLE bid (b_id INT NOT NULL, b_item INT NOT NULL, PRIMARY KEY (b_id, b_item));

TRANSACTION Bump(item INT)
BEGIN
  SELECT MAX(b_id) INTO m FROM bid WHERE b_item = :item;
  SELECT bal INTO b FROM acct WHERE acc_id = COALESCE(:m, 0) + 1;
  UPDATE acct SET bal = :b + 1 WHERE acc_id = COALESCE(:m, 0) + 1;
END;
