-- loop-skip-first.sql: a loop that skips its first row through a counter, as BenchBase
-- AuctionMark's CloseAuctions does (`n := 0; FOR r IN … LOOP n := n + 1; IF n > 1 THEN …`);
-- PL/pgSQL, loadable into PostgreSQL unchanged.
--
-- Close visits the lowest open item of a seller that has bids (ORDER BY i_id LIMIT 1) and, as
-- CloseAuctions, closes the items after the first one: with one row it closes nothing, so it only
-- reads. Bid reads an open item's status and adds a bid. Close reads i_bids and Bid writes it;
-- Bid reads i_status and nothing writes it: no cycle under any level.
--
-- Encoder (encoding.LoopCounter): inside the loop n is 0 + 1 · (the row's position), positions are
-- injective and the first member has position 1, so the only row's n is 1. Without the rule n was
-- unconstrained in the loop, the model's Close could close its one item, and Close and Bid made a
-- write skew (Close -rw-> Bid on i_bids, Bid -rw-> Close on i_status) that no database produces.

CREATE TABLE item (i_id INT PRIMARY KEY, i_seller INT NOT NULL, i_bids INT NOT NULL,
                   i_status INT NOT NULL);

CREATE FUNCTION close(p_seller INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  n INT := 0;
BEGIN
  FOR r IN SELECT i_id, i_bids FROM item WHERE i_seller = p_seller AND i_bids > 0
           ORDER BY i_id LIMIT 1 LOOP
    n := n + 1;
    IF n > 1 THEN
      UPDATE item SET i_status = 1 WHERE i_id = r.i_id;
    END IF;
  END LOOP;
END
$$;

CREATE FUNCTION bid(p_item INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  s INT;
BEGIN
  SELECT i_status INTO s FROM item WHERE i_id = p_item;
  IF s = 0 THEN
    UPDATE item SET i_bids = i_bids + 1 WHERE i_id = p_item;
  END IF;
END
$$;
