-- join.sql: an inner join with COUNT(DISTINCT c), the shape of BenchBase TPC-C's StockLevel
-- (`SELECT COUNT(DISTINCT (S_I_ID)) FROM ORDER_LINE, STOCK WHERE OL_W_ID = ? … AND S_I_ID = OL_I_ID
-- AND S_QUANTITY < ?`).
--
-- LowStock counts the distinct items of order lines whose stock is low (below 2); Restock fills
-- an item up; Reorder points an order line at item 2. The join reads
-- both sides: the order lines (their item) and the stock rows they join with (their quantity).
-- LowStock is read-only, so its cycles need two writers it sees in different orders (4 instances:
-- a Restock and a Reorder, two LowStocks seeing them in opposite orders) — the long fork,
-- allowed under ec, cc, psi and forbidden under pc, si, ser.
--
-- The encoder and the explorer read the join as one SELECT per table (JoinTranslator): order lines
-- by their own conditions, then the stock rows whose key is among their items.

CREATE TABLE line (l_id INT PRIMARY KEY, item INT NOT NULL);
CREATE TABLE stock (s_id INT PRIMARY KEY, qty INT NOT NULL);

TRANSACTION LowStock()
BEGIN
  SELECT COUNT(DISTINCT s_id) INTO low FROM line, stock WHERE l_id >= 1 AND s_id = item AND qty < 2;
END;

TRANSACTION Restock(id INT)
BEGIN
  UPDATE stock SET qty = 2 WHERE s_id = :id;
END;

TRANSACTION Reorder(id INT)
BEGIN
  UPDATE line SET item = 2 WHERE l_id = :id;
END;
