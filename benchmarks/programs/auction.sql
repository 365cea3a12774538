/*
 * auction.sql: the Auction workload of Vandevoort, Ketsman, Koch, Neven's
 * robustness-against-READ-COMMITTED experiments (two transaction templates,
 * FindBids and PlaceBid), transcribed for issue 14's program x level table.
 * (benchbase/auctionmark.sql is a different, larger benchmark.)
 *
 * Schema: buyer(id, calls) counts each buyer's calls; bids(buyer_id, bid)
 * holds each buyer's current bid.
 *
 * FindBids(b, threshold): count b's call, then read every bid at or above
 * the threshold (a predicate read over the whole bids table).
 * PlaceBid(b, v): count b's call, read b's current bid and raise it to v if
 * v is higher.
 *
 * Transcription choices (ours, from the templates' description; the paper's
 * own text was not available in this session, see benchmarks/RESULTS.md):
 *   * The call counter is `SET calls = calls + 1`, the first statement of
 *     both templates: at READ COMMITTED it takes buyer b's row lock before
 *     anything else is read, which is what serialises two PlaceBids of one
 *     buyer (PostgreSQL manual, chapter "Concurrency Control", §13.2.1).
 *   * The predicate read returns a count into a local; which bids it returns
 *     is not modelled beyond the rows its WHERE selects.
 *   * A bid row exists for every buyer (the loader's job); PlaceBid on a
 *     missing row reads nothing and writes nothing.
 */

CREATE TABLE buyer (id INT PRIMARY KEY, calls INT NOT NULL);
CREATE TABLE bids (buyer_id INT PRIMARY KEY, bid INT NOT NULL);

TRANSACTION FindBids(b INT, threshold INT)
BEGIN
  UPDATE buyer SET calls = calls + 1 WHERE id = :b;
  SELECT COUNT(*) INTO n FROM bids WHERE bid >= :threshold;
END;

TRANSACTION PlaceBid(b INT, v INT)
BEGIN
  UPDATE buyer SET calls = calls + 1 WHERE id = :b;
  SELECT bid INTO cur FROM bids WHERE buyer_id = :b;
  IF v > cur THEN
    UPDATE bids SET bid = :v WHERE buyer_id = :b;
  END IF;
END;
