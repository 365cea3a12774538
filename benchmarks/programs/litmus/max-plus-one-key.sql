-- max-plus-one-key.sql: a key drawn as COALESCE(MAX(id), 0) + 1 on one branch of an IF, as
-- BenchBase AuctionMark's NewBid names its new bid (`v_new_bid_id := 0; IF r.i_num_bids > 0 THEN
-- SELECT MAX(ib_id) INTO v_max_ib_id …; v_new_bid_id := COALESCE(v_max_ib_id, 0) + 1; …`).
--
-- Expected, at PostgreSQL's READ COMMITTED (bound 2, --all): 8 anomaly classes between two new_bids.
-- Five are executions of the two new_bids alone (a read of i_num_bids before the other's UPDATE, then
-- the other commits: a non-repeatable read), and each replays SER-violating on the server. Three
-- need a third new_bid: both MAX reads miss the other's bid, so alone they read one maximum, draw one
-- key, and the second INSERT fails on the primary key; with a third new_bid committing between the two
-- reads they draw two keys. isocheck marks those "Not shown by these 2 transactions alone"
-- (witness.AloneExecution, benchmarks/RESULTS.md stop 37). REPEATABLE READ and SERIALIZABLE: none
-- (first-updater-wins on item).
--
-- An item takes two bids at most (the brute-force explorer's keys are 1 and 2).
-- The MAX is read into a hidden local and copied (PL/pgSQL's SELECT INTO a scalar), so the key's
-- COALESCE is exact only through the copy's definition (encoding.Terms#exactNull).

CREATE TABLE item (
  i_id INT PRIMARY KEY,
  i_num_bids INT NOT NULL
);
CREATE TABLE item_bid (
  ib_id INT,
  ib_i_id INT,
  ib_buyer INT NOT NULL,
  PRIMARY KEY (ib_id, ib_i_id)
);

CREATE OR REPLACE FUNCTION new_bid(p_item_id int, p_buyer int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  v_max_ib_id bigint;
  v_new_bid_id bigint;
BEGIN
  SELECT i_num_bids INTO r FROM item WHERE i_id = p_item_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid item %', p_item_id;
  END IF;
  v_new_bid_id := 0;
  IF r.i_num_bids > 0 THEN
    SELECT MAX(ib_id) INTO v_max_ib_id FROM item_bid WHERE ib_i_id = p_item_id;
    v_new_bid_id := COALESCE(v_max_ib_id, 0) + 1;
    IF v_new_bid_id > 2 THEN
      RAISE EXCEPTION 'item % has its two bids', p_item_id;
    END IF;
  END IF;
  INSERT INTO item_bid (ib_id, ib_i_id, ib_buyer) VALUES (v_new_bid_id, p_item_id, p_buyer);
  UPDATE item SET i_num_bids = i_num_bids + 1 WHERE i_id = p_item_id;
END
$$;
