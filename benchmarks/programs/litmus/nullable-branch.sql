-- nullable-branch.sql: the two branches of one IF never both run, even when the IF's condition
-- has no exact encoding. `r.i_num_bids > 1` compares a nullable column (UNKNOWN on NULL, which
-- takes the ELSE: PostgreSQL manual, PL/pgSQL "Conditionals"), so the encoding cannot state it
-- exactly; it takes the IF by a boolean of its own, the THEN when it is true and the ELSE when it
-- is not (Terms#guard). BenchBase AuctionMark's NewBid has this shape: a first bid INSERTs, a later
-- one UPDATEs the item. A cycle needing new_bid's UPDATE of the item and its INSERT of the bid is
-- not an execution: with the IF taken by polarity alone (true on both sides) the encoder reported
-- one at bound 2 at every level below serializable, and on AuctionMark 31 such witnesses replayed
-- SER-consistent on PostgreSQL (the server took one branch and aborted on a duplicate key).
-- (`> 1` where NewBid has `> 0`: the explorers' values are 1 and 2, so both branches are reachable
-- there too.) Loadable into PostgreSQL unchanged.

CREATE TABLE item (i_id INT PRIMARY KEY, i_num_bids INT, i_updated INT NOT NULL);
CREATE TABLE bid (b_i_id INT NOT NULL, b_id INT NOT NULL, PRIMARY KEY (b_i_id, b_id));

CREATE FUNCTION new_bid(p_item INT, p_bid INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT i_num_bids INTO r FROM item WHERE i_id = p_item;
  IF r.i_num_bids > 1 THEN
    UPDATE item SET i_updated = 1 WHERE i_id = p_item;
  ELSE
    INSERT INTO bid (b_i_id, b_id) VALUES (p_item, p_bid);
  END IF;
END
$$;

CREATE FUNCTION close_auction(p_item INT, p_bid INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  x RECORD;
BEGIN
  SELECT b_id INTO x FROM bid WHERE b_i_id = p_item AND b_id = p_bid;
  UPDATE item SET i_updated = 2 WHERE i_id = p_item;
END
$$;
