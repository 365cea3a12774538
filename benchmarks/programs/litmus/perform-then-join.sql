-- perform-then-join.sql: a PERFORM that only tests a row's existence, then a join through the same
-- row, as BenchBase AuctionMark's NewPurchase writes them (PL/pgSQL, loadable into PostgreSQL
-- unchanged).
--
-- Buy checks that the item has a best bid (PERFORM), then reads the item's price and its best bid
-- through a join on best_bid.bid_id, and records the purchase; Outbid points best_bid at another
-- bid and raises the price. At READ COMMITTED the PERFORM can miss Outbid and the join see it. Two
-- things a replay needs here: the PERFORM's columns are unused, so the seed takes best_bid.bid_id
-- from the join (else the join finds no bid and Buy aborts); and the join is one statement with
-- one snapshot, though isocheck reads it as one SELECT per table (no read skew between the item's
-- price and the bid inside it).

CREATE TABLE item (i_id INT PRIMARY KEY, price INT NOT NULL);
CREATE TABLE bid (b_id INT PRIMARY KEY, amount INT NOT NULL);
CREATE TABLE best_bid (i_id INT PRIMARY KEY, bid_id INT NOT NULL REFERENCES bid (b_id));
CREATE TABLE purchase (p_id INT PRIMARY KEY, bid_id INT NOT NULL REFERENCES bid (b_id));

CREATE FUNCTION buy(p_item INT, p_purchase INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  PERFORM * FROM best_bid WHERE i_id = p_item;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'item % has no bid', p_item;
  END IF;
  SELECT price, b_id, amount INTO r FROM item, best_bid, bid WHERE item.i_id = p_item AND best_bid.i_id = item.i_id AND best_bid.bid_id = bid.b_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'item % has no best bid', p_item;
  END IF;
  INSERT INTO purchase (p_id, bid_id) VALUES (p_purchase, r.b_id);
END
$$;

CREATE FUNCTION outbid(p_item INT, p_bid INT, p_amount INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE best_bid SET bid_id = p_bid WHERE i_id = p_item;
  UPDATE item SET price = p_amount WHERE i_id = p_item;
END
$$;
