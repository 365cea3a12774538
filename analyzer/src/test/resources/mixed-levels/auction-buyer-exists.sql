/*
 * auction-buyer-exists.sql: benchmarks/programs/auction.sql with one change, PlaceBid bids only
 * for a buyer whose row exists (it reads buyer.calls after counting the call and stops if the row
 * is absent). Vandevoort et al.'s templates assume every bid belongs to an existing buyer; the
 * shipped transcription does not, and its READ COMMITTED cycles (PlaceBid x PlaceBid, FindBids x
 * PlaceBid) need a bids row whose buyer row is absent, so that the call counter takes no row lock
 * and orders nothing. With the guard, `weakest --db postgresql` proves READ COMMITTED
 * (benchmarks/RESULTS.md, branch mixed).
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
  SELECT calls INTO c FROM buyer WHERE id = :b;
  IF c IS NOT NULL THEN
    SELECT bid INTO cur FROM bids WHERE buyer_id = :b;
    IF v > cur THEN
      UPDATE bids SET bid = :v WHERE buyer_id = :b;
    END IF;
  END IF;
END;
