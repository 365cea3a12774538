-- close-auctions.sql: BenchBase AuctionMark's CloseAuctions, reduced: a loop over the open items
-- in key order that skips the first (`n := n + 1; IF n > 1`), closes each other item, and, for an
-- item with bids, inserts a row for its buyer after a SELECT INTO that must find the item's
-- maximum bid; PL/pgSQL, loadable into PostgreSQL unchanged.
--
-- Two CloseAuctions running together at READ COMMITTED make a read-write skew (each reads
-- i_status = 0 of an item the other closes) that PostgreSQL produces. Replaying the witness needs
-- the schedule's seed to take the model's path on the server: every item the server's loop
-- visits must be one the model constrains, read with one initial value by both transactions.
-- Until stop 27 the replays aborted on 'ResultSet not positioned properly' (an item with bids and
-- no maximum bid, which the model had never visited) or on a duplicate useracct_item (two
-- CloseAuctions inserting one buyer's row, which the model let both commit):
-- encoding.LoopCounter, query.ClosedWorldViews, InitialState's loop members, and
-- UniqueInsertRules' pinned pairs (benchmarks/RESULTS.md stop 27).

CREATE TABLE item (i_id INT PRIMARY KEY, i_num_bids INT NOT NULL, i_status INT NOT NULL, i_updated INT NOT NULL);
CREATE TABLE item_max_bid (imb_i_id INT PRIMARY KEY, imb_buyer INT NOT NULL);
CREATE TABLE useracct_item (ui_u_id INT, ui_i_id INT, PRIMARY KEY (ui_u_id, ui_i_id));

CREATE FUNCTION close_auctions(p_time INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  r_imb RECORD;
  n INT;
  v_status INT;
BEGIN
  n := 0;
  FOR r IN SELECT i_id, i_num_bids FROM item WHERE i_status = 0 ORDER BY i_id ASC LIMIT 100 LOOP
    n := n + 1;
    IF n > 1 THEN
      IF r.i_num_bids > 0 THEN
        SELECT imb_buyer INTO r_imb FROM item_max_bid WHERE imb_i_id = r.i_id;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'ResultSet not positioned properly';
        END IF;
        INSERT INTO useracct_item(ui_u_id, ui_i_id) VALUES (r_imb.imb_buyer, r.i_id);
        v_status := 2;
      ELSE
        v_status := 3;
      END IF;
      UPDATE item SET i_status = v_status, i_updated = p_time WHERE i_id = r.i_id;
    END IF;
  END LOOP;
END
$$;
