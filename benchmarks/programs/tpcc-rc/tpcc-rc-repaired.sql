/*
 * tpcc.sql: the five TPC-C transactions over its nine tables.
 *
 * Source: TPC Benchmark C, Standard Specification, Revision 5.11 (TPC, 2010):
 * §1.3 (tables), §2.4 New-Order, §2.5 Payment, §2.6 Order-Status,
 * §2.7 Delivery, §2.8 Stock-Level.  Nagar & Jagannathan (CONCUR 2018) §6 use
 * TPC-C as their main case study; their §6 gives the results this file
 * must reproduce (lost updates under EC; long forks under PSI at k = 4;
 * serializable under SI).
 *
 * Transaction names: NewOrder, Payment, OrderStatus, Delivery, StockLevel
 * (the spec's New-Order, ... without the hyphen, which is not an identifier).
 * The table ORDER is named `orders` (ORDER is a reserved word).
 *
 * ---------------------------------------------------------------------------
 * Schema simplifications (§1.3)
 * ---------------------------------------------------------------------------
 * Money is INT in cents (spec: DECIMAL).  Tax and discount rates (W_TAX,
 * D_TAX, C_DISCOUNT, spec DECIMAL(4,4)) are INT in units of 1/10000.
 * Dates/timestamps (O_ENTRY_D, OL_DELIVERY_D, H_DATE) are INT and come in as
 * transaction parameters (the language has no clock).
 * Dropped columns (purely descriptive: only displayed on the terminal, never
 * used by any transaction's logic and never written after loading):
 *   warehouse:  W_STREET_1, W_STREET_2, W_CITY, W_STATE, W_ZIP
 *   district:   D_STREET_1, D_STREET_2, D_CITY, D_STATE, D_ZIP
 *   customer:   C_MIDDLE, C_STREET_1, C_STREET_2, C_CITY, C_STATE, C_ZIP,
 *               C_PHONE, C_SINCE
 *   item:       I_IM_ID, I_DATA (I_DATA only feeds the "brand-generic"
 *               display flag, which needs LIKE '%ORIGINAL%')
 *   stock:      S_DATA (same brand-generic flag)
 *   history:    H_DATA (the spec fills it with W_NAME || '    ' || D_NAME; the
 *               language has no string concatenation and nothing reads it)
 * Merged columns: stock's ten S_DIST_01 .. S_DIST_10 are one column
 *   s_dist_info.  New-Order copies S_DIST_xx for xx = D_ID into OL_DIST_INFO;
 *   the language cannot pick a column by a runtime value, and these columns
 *   are written only at load time, so reading one column instead of the
 *   D_ID-th changes no dependency.
 * Kept descriptive columns W_NAME, D_NAME, C_FIRST, C_LAST, I_NAME,
 *   C_CREDIT_LIM: small, and Payment / Order-Status / New-Order retrieve them.
 * NULL columns: O_CARRIER_ID and OL_DELIVERY_D are NULL until Delivery in the
 *   spec; the language has no NULL literal, so they are NOT NULL and 0 means
 *   "not delivered yet" (real carrier ids are 1..10, real dates positive).
 * Primary keys are the spec's (§1.3), column order warehouse-first.  HISTORY
 *   has no primary key in the spec; every table here needs one, so it gets
 *   (h_c_w_id, h_c_d_id, h_c_id, h_w_id, h_d_id, h_date): the payment
 *   timestamp is assumed unique per customer and paying district.  Nothing
 *   reads HISTORY, so the key only matters for duplicate inserts.
 * Foreign keys and CHECK constraints of the spec are not expressible; the
 *   load and the parameters are assumed to respect them.
 *
 * ---------------------------------------------------------------------------
 * Transaction simplifications
 * ---------------------------------------------------------------------------
 * General: the language has no ROLLBACK.  Where the spec rolls back, the
 *   program tests the condition before any write and otherwise does nothing:
 *   the transaction then commits having only read, which is how an aborted
 *   transaction is modelled (it writes nothing).  Outputs that the spec only
 *   displays on the terminal are read (so the reads are analysed) but not
 *   computed further.
 * "Increased/decreased by X" in the spec is written `SET f = f + :x`;
 *   the S_QUANTITY rule, which depends on the retrieved value, computes the
 *   new value in a variable.
 *
 * NewOrder (§2.4):
 *   - The order lines are the SET OF parameter `items`, one row per line with
 *     the line number ol_number (1..ol_cnt), OL_I_ID, OL_SUPPLY_W_ID and
 *     OL_QUANTITY.  O_OL_CNT (ol_cnt) and O_ALL_LOCAL (all_local) are passed
 *     by the client, which derives them from the lines: the language can
 *     neither count a SET OF parameter nor test "every row" of it.
 *   - The item ids of one order are assumed distinct (so that no stock row is
 *     updated twice in one transaction; the paper also assumes each field is
 *     written at most once per transaction).
 *   - Rollback on an unused item id (§2.4.1.4, §2.4.2.3: 1% of New-Orders)
 *     is modelled by counting the known items first (COUNT over item with
 *     i_id = ANY(items)) and doing the whole transaction only if all ol_cnt
 *     are known.  ITEM is read-only, so this extra read adds no dependency.
 *   - TOTAL_AMOUNT = sum(OL_AMOUNT) * (1 - C_DISCOUNT) * (1 + W_TAX + D_TAX)
 *     is display-only and is not computed; W_TAX, D_TAX, C_DISCOUNT, C_LAST,
 *     C_CREDIT, I_NAME are still read as in the spec.
 *   - The brand-generic flag is dropped (see I_DATA / S_DATA above).
 * Payment (§2.5):
 *   - One transaction covers both cases: by_name = 1 selects the customer by
 *     C_LAST (60% in the spec), otherwise by C_ID.
 *   - By last name, the spec sorts the matching rows by C_FIRST and takes the
 *     row at position ceil(n/2).  The language has no ORDER BY, so the program
 *     takes an arbitrary matching row (CHOOSE): every execution of the spec's
 *     program is an execution of this one (sound over-approximation).
 *   - The candidates SELECT reads only C_ID and C_FIRST (what the spec's sort
 *     needs); the chosen customer's columns are then read by primary key, as
 *     §2.5.2.2 retrieves them for the selected row only.  (An earlier version
 *     read C_BALANCE of every same-name customer; the static analysis then
 *     reported a write skew between two by-name Payments under SI that the
 *     spec's program does not have.)
 *   - If no customer matches (the spec's input generation makes this
 *     impossible) the customer part is skipped.
 *   - Bad credit (C_CREDIT = 'BC'): the spec writes C_DATA := (C_ID, C_D_ID,
 *     C_W_ID, D_ID, W_ID, H_AMOUNT) || old C_DATA, truncated to 500 chars.
 *     The language has no string operations, so the new value is the
 *     parameter bc_data; the old C_DATA is still read (only in the 'BC'
 *     branch, as in the spec) and C_DATA is still written, so the
 *     dependencies are the spec's.
 *   - H_DATA is dropped (see above).
 * OrderStatus (§2.6):
 *   - Customer by id or by last name as in Payment (CHOOSE instead of the
 *     middle row by C_FIRST); as in Payment, only C_ID and C_FIRST of the
 *     matching rows are read, the balance only of the chosen customer.
 *   - "The row in ORDER with the largest O_ID for the customer" is
 *     SELECT MAX(o_id), then the order row and its order lines by that O_ID.
 * Delivery (§2.7):
 *   - One database transaction per district: Delivery(w_id, d_id, ...)
 *     delivers the oldest undelivered order of one district.  The spec's
 *     business transaction covers the ten districts of a warehouse "using one
 *     or more (up to 10) database transactions" (§2.7.4.1), and §2.7.4.2
 *     starts a database transaction per district unless one is already
 *     active, so both one transaction per district and one for all ten are
 *     conforming.  This file takes one per district: with it TPC-C is
 *     serializable under SI, as the paper reports (§6).  One transaction for
 *     all ten districts is tpcc-batch-delivery.sql; under SI it has a real
 *     read-only anomaly (Fekete, O'Neil & O'Neil, SIGMOD Record 2004) with
 *     Delivery as the pivot: it finds one district empty, missing a
 *     concurrent New-Order there, while it delivers in another district an
 *     order whose customer balance an Order-Status read before
 *     (benchmarks/RESULTS.md, "TPC-C: Delivery per district").
 *   - The oldest undelivered order is SELECT MIN(no_o_id) on new_order; if
 *     there is none the district is skipped, as in the spec.
 *   - SUM(OL_AMOUNT) is computed with a FOREACH over the order's lines and an
 *     accumulator (no SUM in the language).
 *   - The deferred execution and the delivery result file (§2.7.2) are not
 *     modelled; the transaction is the "business transaction" of §2.7.4.
 * StockLevel (§2.8):
 *   - The spec's join of ORDER_LINE and STOCK with COUNT(DISTINCT S_I_ID)
 *     becomes two statements: the item ids of the last 20 orders
 *     (ol_o_id >= d_next_o_id - 20 AND ol_o_id < d_next_o_id), then
 *     COUNT(s_i_id) over the stock rows of this warehouse whose s_i_id is
 *     one of them and whose s_quantity is below the threshold.  s_i_id is
 *     unique within a warehouse, so this COUNT equals the spec's
 *     COUNT(DISTINCT S_I_ID).
 */

-- TPC-C's consistency condition 3 (§3.3.2.3: D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)), which the
-- population establishes and every transaction keeps: order ids are below their district's
-- counter. Stated here for the analysis (which assumes it of the initial database) and checked by
-- `isocheck run` against the database it populates (README, "Program-declared invariants").
-- @isocheck invariant orders.o_id < district.d_next_o_id
-- @isocheck invariant new_order.no_o_id < district.d_next_o_id
-- @isocheck invariant order_line.ol_o_id < district.d_next_o_id

CREATE TABLE warehouse (
  w_id        INT NOT NULL,
  w_name      VARCHAR(10) NOT NULL,
  w_tax       INT NOT NULL,            -- 1/10000
  w_ytd       INT NOT NULL,            -- cents
  PRIMARY KEY (w_id)
);

CREATE TABLE district (
  d_w_id      INT NOT NULL,
  d_id        INT NOT NULL,
  d_name      VARCHAR(10) NOT NULL,
  d_tax       INT NOT NULL,            -- 1/10000
  d_ytd       INT NOT NULL,            -- cents
  d_next_o_id INT NOT NULL,
  PRIMARY KEY (d_w_id, d_id)
);

CREATE TABLE customer (
  c_w_id         INT NOT NULL,
  c_d_id         INT NOT NULL,
  c_id           INT NOT NULL,
  c_first        VARCHAR(16) NOT NULL,
  c_last         VARCHAR(16) NOT NULL,
  c_credit       CHAR(2) NOT NULL,     -- 'GC' or 'BC'
  c_credit_lim   INT NOT NULL,         -- cents
  c_discount     INT NOT NULL,         -- 1/10000
  c_balance      INT NOT NULL,         -- cents
  c_ytd_payment  INT NOT NULL,         -- cents
  c_payment_cnt  INT NOT NULL,
  c_delivery_cnt INT NOT NULL,
  c_data         VARCHAR(500) NOT NULL,
  PRIMARY KEY (c_w_id, c_d_id, c_id)
);

CREATE TABLE history (
  h_c_w_id    INT NOT NULL,
  h_c_d_id    INT NOT NULL,
  h_c_id      INT NOT NULL,
  h_w_id      INT NOT NULL,
  h_d_id      INT NOT NULL,
  h_date      INT NOT NULL,
  h_amount    INT NOT NULL,            -- cents
  PRIMARY KEY (h_c_w_id, h_c_d_id, h_c_id, h_w_id, h_d_id, h_date)
);

CREATE TABLE new_order (
  no_w_id     INT NOT NULL,
  no_d_id     INT NOT NULL,
  no_o_id     INT NOT NULL,
  PRIMARY KEY (no_w_id, no_d_id, no_o_id)
);

CREATE TABLE orders (
  o_w_id       INT NOT NULL,
  o_d_id       INT NOT NULL,
  o_id         INT NOT NULL,
  o_c_id       INT NOT NULL,
  o_entry_d    INT NOT NULL,
  o_carrier_id INT NOT NULL,           -- 0 = not delivered (spec: NULL)
  o_ol_cnt     INT NOT NULL,
  o_all_local  INT NOT NULL,           -- 1 if every line is supplied by o_w_id
  PRIMARY KEY (o_w_id, o_d_id, o_id)
);

CREATE TABLE order_line (
  ol_w_id        INT NOT NULL,
  ol_d_id        INT NOT NULL,
  ol_o_id        INT NOT NULL,
  ol_number      INT NOT NULL,
  ol_i_id        INT NOT NULL,
  ol_supply_w_id INT NOT NULL,
  ol_delivery_d  INT NOT NULL,         -- 0 = not delivered (spec: NULL)
  ol_quantity    INT NOT NULL,
  ol_amount      INT NOT NULL,         -- cents
  ol_dist_info   CHAR(24) NOT NULL,
  PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)
);

CREATE TABLE item (
  i_id        INT NOT NULL,
  i_name      VARCHAR(24) NOT NULL,
  i_price     INT NOT NULL,            -- cents
  PRIMARY KEY (i_id)
);

CREATE TABLE stock (
  s_w_id       INT NOT NULL,
  s_i_id       INT NOT NULL,
  s_quantity   INT NOT NULL,
  s_dist_info  CHAR(24) NOT NULL,      -- stands for S_DIST_01 .. S_DIST_10
  s_ytd        INT NOT NULL,
  s_order_cnt  INT NOT NULL,
  s_remote_cnt INT NOT NULL,
  PRIMARY KEY (s_w_id, s_i_id)
);

-- §2.4 New-Order: enter a new order of ol_cnt lines for customer c_id of
-- district (w_id, d_id).
TRANSACTION NewOrder(w_id INT, d_id INT, c_id INT, o_entry_d INT,
                     ol_cnt INT, all_local INT,
                     items SET OF (ol_number INT, ol_i_id INT,
                                   ol_supply_w_id INT, ol_quantity INT))
BEGIN
  -- §2.4.1.4: an unused item id rolls the whole transaction back; test first.
  SELECT COUNT(i_id) INTO n_known FROM item WHERE i_id = ANY(:items.ol_i_id);
  IF n_known = ol_cnt THEN
    SELECT w_tax INTO wh FROM warehouse WHERE w_id = :w_id;

    SELECT d_tax, d_next_o_id INTO dist FROM district
      WHERE d_w_id = :w_id AND d_id = :d_id FOR UPDATE;
    o_id := dist.d_next_o_id;
    UPDATE district SET d_next_o_id = d_next_o_id + 1
      WHERE d_w_id = :w_id AND d_id = :d_id;

    SELECT c_discount, c_last, c_credit INTO cust FROM customer
      WHERE c_w_id = :w_id AND c_d_id = :d_id AND c_id = :c_id;

    INSERT INTO orders (o_w_id, o_d_id, o_id, o_c_id, o_entry_d,
                        o_carrier_id, o_ol_cnt, o_all_local)
      VALUES (:w_id, :d_id, :o_id, :c_id, :o_entry_d, 0, :ol_cnt, :all_local);
    INSERT INTO new_order (no_w_id, no_d_id, no_o_id)
      VALUES (:w_id, :d_id, :o_id);

    FOREACH ol IN items LOOP
      SELECT i_price, i_name INTO it FROM item WHERE i_id = :ol.ol_i_id;

      SELECT s_quantity, s_dist_info INTO st FROM stock
        WHERE s_w_id = :ol.ol_supply_w_id AND s_i_id = :ol.ol_i_id FOR UPDATE;
      IF st.s_quantity >= ol.ol_quantity + 10 THEN
        new_quantity := st.s_quantity - ol.ol_quantity;
      ELSE
        new_quantity := st.s_quantity - ol.ol_quantity + 91;
      END IF;
      IF ol.ol_supply_w_id = w_id THEN
        UPDATE stock
          SET s_quantity = :new_quantity,
              s_ytd = s_ytd + :ol.ol_quantity,
              s_order_cnt = s_order_cnt + 1
          WHERE s_w_id = :ol.ol_supply_w_id AND s_i_id = :ol.ol_i_id;
      ELSE
        UPDATE stock
          SET s_quantity = :new_quantity,
              s_ytd = s_ytd + :ol.ol_quantity,
              s_order_cnt = s_order_cnt + 1,
              s_remote_cnt = s_remote_cnt + 1
          WHERE s_w_id = :ol.ol_supply_w_id AND s_i_id = :ol.ol_i_id;
      END IF;

      ol_amount := ol.ol_quantity * it.i_price;
      INSERT INTO order_line (ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id,
                              ol_supply_w_id, ol_delivery_d, ol_quantity,
                              ol_amount, ol_dist_info)
        VALUES (:w_id, :d_id, :o_id, :ol.ol_number, :ol.ol_i_id,
                :ol.ol_supply_w_id, 0, :ol.ol_quantity,
                :ol_amount, :st.s_dist_info);
    END LOOP;
  END IF;
END;

-- §2.5 Payment: customer (c_w_id, c_d_id, by id or by last name) pays h_amount
-- at district (w_id, d_id).
TRANSACTION Payment(w_id INT, d_id INT, c_w_id INT, c_d_id INT,
                    c_id INT, c_last VARCHAR(16), by_name INT,
                    h_amount INT, h_date INT, bc_data VARCHAR(500))
BEGIN
  SELECT w_name INTO wh FROM warehouse WHERE w_id = :w_id;
  UPDATE warehouse SET w_ytd = w_ytd + :h_amount WHERE w_id = :w_id;

  SELECT d_name INTO dist FROM district WHERE d_w_id = :w_id AND d_id = :d_id;
  UPDATE district SET d_ytd = d_ytd + :h_amount
    WHERE d_w_id = :w_id AND d_id = :d_id;

  -- §2.5.2.2: by last name, every matching row's C_ID and C_FIRST are read (to
  -- sort by C_FIRST); only the chosen customer's other columns are retrieved.
  IF by_name = 1 THEN
    SELECT c_id, c_first INTO cands FROM customer
      WHERE c_w_id = :c_w_id AND c_d_id = :c_d_id AND c_last = :c_last;
  ELSE
    SELECT c_id, c_first INTO cands FROM customer
      WHERE c_w_id = :c_w_id AND c_d_id = :c_d_id AND c_id = :c_id;
  END IF;

  IF cands IS NOT NULL THEN
    -- spec: the middle row by c_first; here any matching row
    picked := CHOOSE cands;
    SELECT c_first, c_last, c_credit, c_credit_lim, c_discount, c_balance
      INTO cust FROM customer
      WHERE c_w_id = :c_w_id AND c_d_id = :c_d_id AND c_id = :picked.c_id FOR UPDATE;
    UPDATE customer
      SET c_balance = c_balance - :h_amount,
          c_ytd_payment = c_ytd_payment + :h_amount,
          c_payment_cnt = c_payment_cnt + 1
      WHERE c_w_id = :c_w_id AND c_d_id = :c_d_id AND c_id = :picked.c_id;
    IF cust.c_credit = 'BC' THEN
      SELECT c_data INTO old_data FROM customer
        WHERE c_w_id = :c_w_id AND c_d_id = :c_d_id AND c_id = :picked.c_id;
      -- spec: new C_DATA = (ids, H_AMOUNT) || old C_DATA, first 500 chars
      UPDATE customer SET c_data = :bc_data
        WHERE c_w_id = :c_w_id AND c_d_id = :c_d_id AND c_id = :picked.c_id;
    END IF;
    INSERT INTO history (h_c_w_id, h_c_d_id, h_c_id, h_w_id, h_d_id,
                         h_date, h_amount)
      VALUES (:c_w_id, :c_d_id, :picked.c_id, :w_id, :d_id, :h_date, :h_amount);
  END IF;
END;

-- §2.6 Order-Status: the customer's balance and its last order with its lines.
TRANSACTION OrderStatus(w_id INT, d_id INT, c_id INT, c_last VARCHAR(16),
                        by_name INT)
BEGIN SELECT d_next_o_id INTO district_lock FROM district WHERE d_w_id = :w_id AND d_id = :d_id FOR SHARE;
  -- §2.6.2.2: as in Payment, by last name only C_ID and C_FIRST of the
  -- matching rows are read; the chosen customer's balance is retrieved by key.
  IF by_name = 1 THEN
    SELECT c_id, c_first INTO cands FROM customer
      WHERE c_w_id = :w_id AND c_d_id = :d_id AND c_last = :c_last;
  ELSE
    SELECT c_id, c_first INTO cands FROM customer
      WHERE c_w_id = :w_id AND c_d_id = :d_id AND c_id = :c_id;
  END IF;

  IF cands IS NOT NULL THEN
    -- spec: the middle row by c_first; here any matching row
    cust := CHOOSE cands;
    SELECT c_first, c_last, c_balance INTO cinfo FROM customer
      WHERE c_w_id = :w_id AND c_d_id = :d_id AND c_id = :cust.c_id FOR SHARE;
    SELECT MAX(o_id) INTO last_o_id FROM orders
      WHERE o_w_id = :w_id AND o_d_id = :d_id AND o_c_id = :cust.c_id;
    IF last_o_id IS NOT NULL THEN
      SELECT o_entry_d, o_carrier_id INTO ord FROM orders
        WHERE o_w_id = :w_id AND o_d_id = :d_id AND o_id = :last_o_id FOR SHARE;
      SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d
        INTO lines FROM order_line
        WHERE ol_w_id = :w_id AND ol_d_id = :d_id AND ol_o_id = :last_o_id;
    END IF;
  END IF;
END;

-- §2.7 Delivery: deliver the oldest undelivered order of district (w_id, d_id),
-- one database transaction per district (§2.7.4.1).
TRANSACTION Delivery(w_id INT, d_id INT, carrier_id INT, delivery_d INT)
BEGIN SELECT d_next_o_id INTO district_lock FROM district WHERE d_w_id = :w_id AND d_id = :d_id FOR SHARE;
  SELECT no_o_id INTO oldest FROM new_order
    WHERE no_w_id = :w_id AND no_d_id = :d_id ORDER BY no_o_id LIMIT 1 FOR UPDATE;
  IF oldest IS NOT NULL THEN
    DELETE FROM new_order
      WHERE no_w_id = :w_id AND no_d_id = :d_id AND no_o_id = :oldest;

    SELECT o_c_id INTO ord_c_id FROM orders
      WHERE o_w_id = :w_id AND o_d_id = :d_id AND o_id = :oldest;
    UPDATE orders SET o_carrier_id = :carrier_id
      WHERE o_w_id = :w_id AND o_d_id = :d_id AND o_id = :oldest;

    SELECT ol_amount INTO lines FROM order_line
      WHERE ol_w_id = :w_id AND ol_d_id = :d_id AND ol_o_id = :oldest;
    UPDATE order_line SET ol_delivery_d = :delivery_d
      WHERE ol_w_id = :w_id AND ol_d_id = :d_id AND ol_o_id = :oldest;
    total := 0;
    FOREACH line IN lines LOOP
      total := total + line.ol_amount;
    END LOOP;

    UPDATE customer
      SET c_balance = c_balance + :total,
          c_delivery_cnt = c_delivery_cnt + 1
      WHERE c_w_id = :w_id AND c_d_id = :d_id AND c_id = :ord_c_id;
  END IF;
END;

-- §2.8 Stock-Level: how many items of the district's last 20 orders are
-- below the stock threshold.
TRANSACTION StockLevel(w_id INT, d_id INT, threshold INT)
BEGIN
  SELECT d_next_o_id INTO next_o_id FROM district
    WHERE d_w_id = :w_id AND d_id = :d_id FOR SHARE;
  SELECT ol_i_id INTO recent FROM order_line
    WHERE ol_w_id = :w_id AND ol_d_id = :d_id
      AND ol_o_id >= :next_o_id - 20 AND ol_o_id < :next_o_id FOR SHARE;
  SELECT COUNT(s_i_id) INTO low_stock FROM stock
    WHERE s_w_id = :w_id AND s_i_id = ANY(:recent.ol_i_id)
      AND s_quantity < :threshold;
END;
