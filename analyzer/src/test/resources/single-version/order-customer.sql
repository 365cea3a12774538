-- TPC-C's Delivery and OrderStatus in miniature, around an order's customer, a field only its
-- INSERT writes: Place inserts an order of customer c and records it as the latest; Deliver reads
-- the latest order id, the order's customer, marks it done and charges that customer; Status locks
-- customer c's row FOR SHARE, then finds c's last order with MAX and reads whether it is done.
-- Precision of the one-value rule for insert-only fields (Encoder#singleVersionFields,
-- AuxRules#insertOnceValues): orders is never deleted from and o_c never updated, so every
-- statement reads one customer per order, the one its INSERT wrote (PostgreSQL manual §13.2.1, the
-- primary key). Then a Deliver that charges Status's customer conflicts with Status's lock: it
-- committed before Status's MAX began, so did the Place it read, and MAX sees that Place's order.
-- Without the rule the encoder let Deliver's SELECT and Status's MAX read the customer of one
-- order differently (and a phantom match a customer its inserter did not write): a 3-cycle
-- Status -rw(orders.@alive)-> Place -wr-> Deliver -wr-> Status that no database produces.

CREATE TABLE orders (
  o_id   INT NOT NULL,
  o_c    INT NOT NULL,
  o_done INT NOT NULL,
  PRIMARY KEY (o_id)
);

CREATE TABLE latest (
  l_id INT NOT NULL,
  l_o  INT NOT NULL,
  PRIMARY KEY (l_id)
);

CREATE TABLE cust (
  c_id  INT NOT NULL,
  c_bal INT NOT NULL,
  PRIMARY KEY (c_id)
);

TRANSACTION Place(o INT, c INT)
BEGIN
  UPDATE latest SET l_o = :o WHERE l_id = 1;
  INSERT INTO orders (o_id, o_c, o_done) VALUES (:o, :c, 0);
END;

TRANSACTION Deliver(o INT)
BEGIN
  SELECT l_o INTO last FROM latest WHERE l_id = 1 FOR SHARE;
  SELECT o_c INTO oc FROM orders WHERE o_id = :o;
  IF oc IS NOT NULL THEN
    UPDATE cust SET c_bal = c_bal + 1 WHERE c_id = :oc.o_c;
  END IF;
END;

TRANSACTION Status(c INT)
BEGIN
  SELECT c_bal INTO b FROM cust WHERE c_id = :c FOR SHARE;
  SELECT MAX(o_id) INTO m FROM orders WHERE o_c = :c;
END;
