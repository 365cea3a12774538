-- benchbase/tpcc.sql: BenchBase's TPC-C (cmu-db/benchbase, benchmarks/tpcc) as PostgreSQL stored
-- procedures: the DDL of ddl-postgres.sql unchanged, and one function per procedure class
-- (procedures/*.java), each statement as the procedure issues it, its Java control flow as PL/pgSQL
-- control flow. Loads unchanged with `psql -f`.
--
-- The random draws of each run() (district, customer, items, amounts, by-name or by-id) are the
-- functions' parameters; what BenchBase computes from them is computed here the same way.
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * FOREIGN KEY … REFERENCES and UNIQUE constraints are comments ("not read by isocheck yet"):
--     isocheck refuses them until the schema work on constraints lands; restore them then. No
--     procedure deletes a referenced row, so ON DELETE CASCADE never acts; a violating write would
--     abort, which the analysis without them over-approximates (more committed executions).
--   * A RuntimeException or UserAbortException (BenchBase rolls back) is RAISE EXCEPTION.
--   * NewOrder: BenchBase passes three parallel arrays (item, supplying warehouse, quantity per
--     line) and indexes them by ol_number; isocheck has no integer FOR loop or array subscript
--     yet, so the lines are FOREACH over itemIDs with one supplying warehouse and one quantity
--     for every line (BenchBase: the home warehouse for 99% of lines, a random one otherwise).
--     An order whose lines come from two warehouses is therefore not among the behaviours.
--   * NewOrder: BenchBase collects the order lines' INSERTs and the stock UPDATEs in two JDBC
--     batches run after the loop (all INSERTs, then all UPDATEs); here each line's INSERT and
--     UPDATE run in the loop body, in that order.
--   * Payment and OrderStatus by last name: BenchBase reads every matching customer
--     (ORDER BY c_first) into a list and takes the middle one. PL/pgSQL has no list here, so the
--     matching rows are counted first (SELECT COUNT(*) with the same WHERE) and the FOR loop over
--     BenchBase's query keeps the row at position (n + 1) / 2 (the same row BenchBase takes).
--   * The customer fields the by-name loop sets start at 0 ('' for c_credit), as a Java Customer's
--     fields do: PL/pgSQL would leave them NULL, and isocheck wants a value on every path (the
--     loop may run zero times when the COUNT and the loop see different rows at READ COMMITTED).
--   * Payment: BenchBase builds the new c_data in Java as "c_id d_id w_id … amount | old c_data" cut
--     to 500 characters, and h_data as "w_name    d_name". isocheck has no string functions (|| and
--     substr) yet, so the UPDATE writes back the c_data it read and h_data is w_name: the same
--     statements reading and writing the same fields, with other strings (no statement tests them).
--   * NewOrder's getDistInfo returns null for a district id outside 1..10 (never drawn); isocheck
--     has no NULL literal, so the CASE's ELSE is s_dist_10 (unreachable either way).
--   * Delivery: BenchBase loops d_id = 1..terminalDistrictUpperID; here FOREACH over an array
--     of district ids (no integer FOR loop yet); the printed report is left out.
--   * Parameters and locals named like a column (w_id, d_id, c_id, d_next_o_id, i_price, s_quantity, o_carrier_id, no_o_id) are p_w_id,
--     p_d_id, p_c_id, v_d_next_o_id, v_i_price, s_quantity_new, p_o_carrier_id, v_no_o_id: PL/pgSQL names are case-insensitive, and PostgreSQL rejects a name that
--     is both a variable and a column of the statement as ambiguous when the function runs.
--   * Delivery tests BenchBase's `result == 0` after the order_line UPDATE (which may change many
--     rows) as NOT FOUND, the same condition (isocheck knows ROW_COUNT only for one-row statements).
--   * Added: three `-- @isocheck invariant` comments after the DDL (TPC-C's consistency condition 3:
--     order ids are below d_next_o_id), which PostgreSQL ignores.
--   * OrderStatus and StockLevel return nothing (BenchBase prints a report).
DROP TABLE IF EXISTS history CASCADE;
DROP TABLE IF EXISTS new_order CASCADE;
DROP TABLE IF EXISTS order_line CASCADE;
DROP TABLE IF EXISTS oorder CASCADE;
DROP TABLE IF EXISTS customer CASCADE;
DROP TABLE IF EXISTS district CASCADE;
DROP TABLE IF EXISTS stock CASCADE;
DROP TABLE IF EXISTS item CASCADE;
DROP TABLE IF EXISTS warehouse CASCADE;

CREATE TABLE warehouse (
    w_id       int            NOT NULL,
    w_ytd      decimal(12, 2) NOT NULL,
    w_tax      decimal(4, 4)  NOT NULL,
    w_name     varchar(10)    NOT NULL,
    w_street_1 varchar(20)    NOT NULL,
    w_street_2 varchar(20)    NOT NULL,
    w_city     varchar(20)    NOT NULL,
    w_state    char(2)        NOT NULL,
    w_zip      char(9)        NOT NULL,
    PRIMARY KEY (w_id)
);

CREATE TABLE item (
    i_id    int           NOT NULL,
    i_name  varchar(24)   NOT NULL,
    i_price decimal(5, 2) NOT NULL,
    i_data  varchar(50)   NOT NULL,
    i_im_id int           NOT NULL,
    PRIMARY KEY (i_id)
);

CREATE TABLE stock (
    s_w_id       int           NOT NULL,
    s_i_id       int           NOT NULL,
    s_quantity   int           NOT NULL,
    s_ytd        decimal(8, 2) NOT NULL,
    s_order_cnt  int           NOT NULL,
    s_remote_cnt int           NOT NULL,
    s_data       varchar(50)   NOT NULL,
    s_dist_01    char(24)      NOT NULL,
    s_dist_02    char(24)      NOT NULL,
    s_dist_03    char(24)      NOT NULL,
    s_dist_04    char(24)      NOT NULL,
    s_dist_05    char(24)      NOT NULL,
    s_dist_06    char(24)      NOT NULL,
    s_dist_07    char(24)      NOT NULL,
    s_dist_08    char(24)      NOT NULL,
    s_dist_09    char(24)      NOT NULL,
    s_dist_10    char(24)      NOT NULL,
    -- FOREIGN KEY (s_w_id) REFERENCES warehouse (w_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    -- FOREIGN KEY (s_i_id) REFERENCES item (i_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    PRIMARY KEY (s_w_id, s_i_id)
);

CREATE TABLE district (
    d_w_id      int            NOT NULL,
    d_id        int            NOT NULL,
    d_ytd       decimal(12, 2) NOT NULL,
    d_tax       decimal(4, 4)  NOT NULL,
    d_next_o_id int            NOT NULL,
    d_name      varchar(10)    NOT NULL,
    d_street_1  varchar(20)    NOT NULL,
    d_street_2  varchar(20)    NOT NULL,
    d_city      varchar(20)    NOT NULL,
    d_state     char(2)        NOT NULL,
    d_zip       char(9)        NOT NULL,
    -- FOREIGN KEY (d_w_id) REFERENCES warehouse (w_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    PRIMARY KEY (d_w_id, d_id)
);

CREATE TABLE customer (
    c_w_id         int            NOT NULL,
    c_d_id         int            NOT NULL,
    c_id           int            NOT NULL,
    c_discount     decimal(4, 4)  NOT NULL,
    c_credit       char(2)        NOT NULL,
    c_last         varchar(16)    NOT NULL,
    c_first        varchar(16)    NOT NULL,
    c_credit_lim   decimal(12, 2) NOT NULL,
    c_balance      decimal(12, 2) NOT NULL,
    c_ytd_payment  float          NOT NULL,
    c_payment_cnt  int            NOT NULL,
    c_delivery_cnt int            NOT NULL,
    c_street_1     varchar(20)    NOT NULL,
    c_street_2     varchar(20)    NOT NULL,
    c_city         varchar(20)    NOT NULL,
    c_state        char(2)        NOT NULL,
    c_zip          char(9)        NOT NULL,
    c_phone        char(16)       NOT NULL,
    c_since        timestamp      NOT NULL DEFAULT CURRENT_TIMESTAMP,
    c_middle       char(2)        NOT NULL,
    c_data         varchar(500)   NOT NULL,
    -- FOREIGN KEY (c_w_id, c_d_id) REFERENCES district (d_w_id, d_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    PRIMARY KEY (c_w_id, c_d_id, c_id)
);

CREATE TABLE history (
    h_c_id   int           NOT NULL,
    h_c_d_id int           NOT NULL,
    h_c_w_id int           NOT NULL,
    h_d_id   int           NOT NULL,
    h_w_id   int           NOT NULL,
    h_date   timestamp     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    h_amount decimal(6, 2) NOT NULL,
    h_data   varchar(24)   NOT NULL
    -- FOREIGN KEY (h_c_w_id, h_c_d_id, h_c_id) REFERENCES customer (c_w_id, c_d_id, c_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    -- FOREIGN KEY (h_w_id, h_d_id) REFERENCES district (d_w_id, d_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
);

CREATE TABLE oorder (
    o_w_id       int       NOT NULL,
    o_d_id       int       NOT NULL,
    o_id         int       NOT NULL,
    o_c_id       int       NOT NULL,
    o_carrier_id int                DEFAULT NULL,
    o_ol_cnt     int       NOT NULL,
    o_all_local  int       NOT NULL,
    o_entry_d    timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (o_w_id, o_d_id, o_id)
    -- FOREIGN KEY (o_w_id, o_d_id, o_c_id) REFERENCES customer (c_w_id, c_d_id, c_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    -- UNIQUE (o_w_id, o_d_id, o_c_id, o_id)  [not read by isocheck yet: see the top of the file]
);

CREATE TABLE new_order (
    no_w_id int NOT NULL,
    no_d_id int NOT NULL,
    no_o_id int NOT NULL,
    -- FOREIGN KEY (no_w_id, no_d_id, no_o_id) REFERENCES oorder (o_w_id, o_d_id, o_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    PRIMARY KEY (no_w_id, no_d_id, no_o_id)
);

CREATE TABLE order_line (
    ol_w_id        int           NOT NULL,
    ol_d_id        int           NOT NULL,
    ol_o_id        int           NOT NULL,
    ol_number      int           NOT NULL,
    ol_i_id        int           NOT NULL,
    ol_delivery_d  timestamp     NULL DEFAULT NULL,
    ol_amount      decimal(6, 2) NOT NULL,
    ol_supply_w_id int           NOT NULL,
    ol_quantity    decimal(6,2)  NOT NULL,
    ol_dist_info   char(24)      NOT NULL,
    -- FOREIGN KEY (ol_w_id, ol_d_id, ol_o_id) REFERENCES oorder (o_w_id, o_d_id, o_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    -- FOREIGN KEY (ol_supply_w_id, ol_i_id) REFERENCES stock (s_w_id, s_i_id) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
    PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)
);

CREATE INDEX idx_customer_name ON customer (c_w_id, c_d_id, c_last, c_first);

-- TPC-C's consistency condition 3 (§3.3.2.3) of the initial database, for isocheck (a comment to
-- PostgreSQL; README "Program-declared invariants"): order ids are below their district's counter.
-- @isocheck invariant oorder.o_id < district.d_next_o_id
-- @isocheck invariant new_order.no_o_id < district.d_next_o_id
-- @isocheck invariant order_line.ol_o_id < district.d_next_o_id
-- NewOrder (TPC-C 2.4).
CREATE OR REPLACE FUNCTION new_order(p_w_id int, p_d_id int, p_c_id int, o_ol_cnt int, o_all_local int,
    itemIDs int[], ol_supply_w_id int, ol_quantity int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
  w RECORD;
  d RECORD;
  v_d_next_o_id int;
  ol_number int := 0;
  ol_i_id int;
  i RECORD;
  v_i_price float;
  ol_amount float;
  s RECORD;
  s_quantity_new int;
  ol_dist_info varchar(24);
  s_remote_cnt_increment int;
BEGIN
  SELECT C_DISCOUNT, C_LAST, C_CREDIT INTO c
    FROM customer
   WHERE C_W_ID = p_w_id
     AND C_D_ID = p_d_id
     AND C_ID = p_c_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'C_D_ID=% C_ID=% not found!', p_d_id, p_c_id;
  END IF;
  SELECT W_TAX INTO w
    FROM warehouse
   WHERE W_ID = p_w_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'W_ID=% not found!', p_w_id;
  END IF;
  SELECT D_NEXT_O_ID, D_TAX INTO d
    FROM district
   WHERE D_W_ID = p_w_id AND D_ID = p_d_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'D_ID=% D_W_ID=% not found!', p_d_id, p_w_id;
  END IF;
  v_d_next_o_id := d.D_NEXT_O_ID;
  UPDATE district
     SET D_NEXT_O_ID = D_NEXT_O_ID + 1
   WHERE D_W_ID = p_w_id
     AND D_ID = p_d_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Error!! Cannot update next_order_id on district for D_ID=% D_W_ID=%', p_d_id, p_w_id;
  END IF;
  INSERT INTO oorder
   (O_ID, O_D_ID, O_W_ID, O_C_ID, O_ENTRY_D, O_OL_CNT, O_ALL_LOCAL)
   VALUES (v_d_next_o_id, p_d_id, p_w_id, p_c_id, CURRENT_TIMESTAMP, o_ol_cnt, o_all_local);
  INSERT INTO new_order
   (NO_O_ID, NO_D_ID, NO_W_ID)
   VALUES ( v_d_next_o_id, p_d_id, p_w_id);
  FOREACH ol_i_id IN ARRAY itemIDs LOOP
    ol_number := ol_number + 1;
    SELECT I_PRICE, I_NAME , I_DATA INTO i
      FROM item
     WHERE I_ID = ol_i_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'EXPECTED new order rollback: I_ID=% not found!', ol_i_id;
    END IF;
    v_i_price := i.I_PRICE;
    ol_amount := ol_quantity * v_i_price;
    SELECT S_QUANTITY, S_DATA, S_DIST_01, S_DIST_02, S_DIST_03, S_DIST_04, S_DIST_05,
           S_DIST_06, S_DIST_07, S_DIST_08, S_DIST_09, S_DIST_10 INTO s
      FROM stock
     WHERE S_I_ID = ol_i_id
       AND S_W_ID = ol_supply_w_id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'S_I_ID=% not found!', ol_i_id;
    END IF;
    s_quantity_new := s.S_QUANTITY;
    IF s_quantity_new - ol_quantity >= 10 THEN
      s_quantity_new := s_quantity_new - ol_quantity;
    ELSE
      s_quantity_new := s_quantity_new + -ol_quantity + 91;
    END IF;
    ol_dist_info := CASE p_d_id WHEN 1 THEN s.S_DIST_01 WHEN 2 THEN s.S_DIST_02 WHEN 3 THEN s.S_DIST_03
        WHEN 4 THEN s.S_DIST_04 WHEN 5 THEN s.S_DIST_05 WHEN 6 THEN s.S_DIST_06 WHEN 7 THEN s.S_DIST_07
        WHEN 8 THEN s.S_DIST_08 WHEN 9 THEN s.S_DIST_09 WHEN 10 THEN s.S_DIST_10 ELSE s.S_DIST_10 END;
    INSERT INTO order_line
     (OL_O_ID, OL_D_ID, OL_W_ID, OL_NUMBER, OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DIST_INFO)
     VALUES (v_d_next_o_id, p_d_id, p_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info);
    IF ol_supply_w_id = p_w_id THEN
      s_remote_cnt_increment := 0;
    ELSE
      s_remote_cnt_increment := 1;
    END IF;
    UPDATE stock
       SET S_QUANTITY = s_quantity_new ,
           S_YTD = S_YTD + ol_quantity,
           S_ORDER_CNT = S_ORDER_CNT + 1,
           S_REMOTE_CNT = S_REMOTE_CNT + s_remote_cnt_increment
     WHERE S_I_ID = ol_i_id
       AND S_W_ID = ol_supply_w_id;
  END LOOP;
END
$$;

-- Payment (TPC-C 2.5). y <= 60: the customer by last name, else by id (BenchBase draws y).
CREATE OR REPLACE FUNCTION payment(p_w_id int, districtID int, customerDistrictID int,
    customerWarehouseID int, paymentAmount float, y int, customerLastName varchar, customerID int)
    RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  w RECORD;
  d RECORD;
  r RECORD;
  c RECORD;
  namecnt int;
  pos int := 0;
  v_c_id int := 0;
  v_c_credit char(2) := '';
  v_c_balance float := 0;
  v_c_ytd_payment float := 0;
  v_c_payment_cnt int := 0;
  v_c_data varchar(500);
  h_data varchar(24);
BEGIN
  UPDATE warehouse
     SET W_YTD = W_YTD + paymentAmount
   WHERE W_ID = p_w_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'W_ID=% not found!', p_w_id;
  END IF;
  SELECT W_STREET_1, W_STREET_2, W_CITY, W_STATE, W_ZIP, W_NAME INTO w
    FROM warehouse
   WHERE W_ID = p_w_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'W_ID=% not found!', p_w_id;
  END IF;
  UPDATE district
     SET D_YTD = D_YTD + paymentAmount
   WHERE D_W_ID = p_w_id
     AND D_ID = districtID;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'D_ID=% D_W_ID=% not found!', districtID, p_w_id;
  END IF;
  SELECT D_STREET_1, D_STREET_2, D_CITY, D_STATE, D_ZIP, D_NAME INTO d
    FROM district
   WHERE D_W_ID = p_w_id
     AND D_ID = districtID;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'D_ID=% D_W_ID=% not found!', districtID, p_w_id;
  END IF;
  IF y <= 60 THEN
    SELECT COUNT(*) INTO namecnt
      FROM customer
     WHERE C_W_ID = customerWarehouseID
       AND C_D_ID = customerDistrictID
       AND C_LAST = customerLastName;
    IF namecnt = 0 THEN
      RAISE EXCEPTION 'C_LAST=% C_D_ID=% C_W_ID=% not found!', customerLastName, customerDistrictID, customerWarehouseID;
    END IF;
    FOR r IN SELECT C_FIRST, C_MIDDLE, C_ID, C_STREET_1, C_STREET_2, C_CITY,
                    C_STATE, C_ZIP, C_PHONE, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT,
                    C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_SINCE
               FROM customer
              WHERE C_W_ID = customerWarehouseID
                AND C_D_ID = customerDistrictID
                AND C_LAST = customerLastName
              ORDER BY C_FIRST LOOP
      pos := pos + 1;
      IF pos = (namecnt + 1) / 2 THEN
        v_c_id := r.C_ID;
        v_c_credit := r.C_CREDIT;
        v_c_balance := r.C_BALANCE;
        v_c_ytd_payment := r.C_YTD_PAYMENT;
        v_c_payment_cnt := r.C_PAYMENT_CNT;
      END IF;
    END LOOP;
  ELSE
    SELECT C_FIRST, C_MIDDLE, C_LAST, C_STREET_1, C_STREET_2,
           C_CITY, C_STATE, C_ZIP, C_PHONE, C_CREDIT, C_CREDIT_LIM,
           C_DISCOUNT, C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_SINCE INTO c
      FROM customer
     WHERE C_W_ID = customerWarehouseID
       AND C_D_ID = customerDistrictID
       AND C_ID = customerID;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'C_ID=% C_D_ID=% C_W_ID=% not found!', customerID, customerDistrictID, customerWarehouseID;
    END IF;
    v_c_id := customerID;
    v_c_credit := c.C_CREDIT;
    v_c_balance := c.C_BALANCE;
    v_c_ytd_payment := c.C_YTD_PAYMENT;
    v_c_payment_cnt := c.C_PAYMENT_CNT;
  END IF;
  v_c_balance := v_c_balance - paymentAmount;
  v_c_ytd_payment := v_c_ytd_payment + paymentAmount;
  v_c_payment_cnt := v_c_payment_cnt + 1;
  IF v_c_credit = 'BC' THEN
    SELECT C_DATA INTO v_c_data
      FROM customer
     WHERE C_W_ID = customerWarehouseID
       AND C_D_ID = customerDistrictID
       AND C_ID = v_c_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'C_ID=% C_W_ID=% C_D_ID=% not found!', v_c_id, customerWarehouseID, customerDistrictID;
    END IF;
    UPDATE customer
       SET C_BALANCE = v_c_balance,
           C_YTD_PAYMENT = v_c_ytd_payment,
           C_PAYMENT_CNT = v_c_payment_cnt,
           C_DATA = v_c_data
     WHERE C_W_ID = customerWarehouseID
       AND C_D_ID = customerDistrictID
       AND C_ID = v_c_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Error in PYMNT Txn updating Customer C_ID=% C_W_ID=% C_D_ID=%', v_c_id, customerWarehouseID, customerDistrictID;
    END IF;
  ELSE
    UPDATE customer
       SET C_BALANCE = v_c_balance,
           C_YTD_PAYMENT = v_c_ytd_payment,
           C_PAYMENT_CNT = v_c_payment_cnt
     WHERE C_W_ID = customerWarehouseID
       AND C_D_ID = customerDistrictID
       AND C_ID = v_c_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'C_ID=% C_W_ID=% C_D_ID=% not found!', v_c_id, customerWarehouseID, customerDistrictID;
    END IF;
  END IF;
  h_data := w.W_NAME;
  INSERT INTO history
   (H_C_D_ID, H_C_W_ID, H_C_ID, H_D_ID, H_W_ID, H_DATE, H_AMOUNT, H_DATA)
   VALUES (customerDistrictID, customerWarehouseID, v_c_id, districtID, p_w_id, CURRENT_TIMESTAMP, paymentAmount, h_data);
END
$$;

-- OrderStatus (TPC-C 2.6). y <= 60: the customer by last name, else by id.
CREATE OR REPLACE FUNCTION order_status(p_w_id int, p_d_id int, y int, p_c_last varchar, p_c_id int)
    RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  c RECORD;
  namecnt int;
  pos int := 0;
  v_c_id int := 0;
  o RECORD;
  ol RECORD;
BEGIN
  IF y <= 60 THEN
    SELECT COUNT(*) INTO namecnt
      FROM customer
     WHERE C_W_ID = p_w_id
       AND C_D_ID = p_d_id
       AND C_LAST = p_c_last;
    IF namecnt = 0 THEN
      RAISE EXCEPTION 'Failed to get CUSTOMER [C_W_ID=%, C_D_ID=%, C_LAST=%]', p_w_id, p_d_id, p_c_last;
    END IF;
    FOR r IN SELECT C_FIRST, C_MIDDLE, C_ID, C_STREET_1, C_STREET_2, C_CITY,
                    C_STATE, C_ZIP, C_PHONE, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT,
                    C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_SINCE
               FROM customer
              WHERE C_W_ID = p_w_id
                AND C_D_ID = p_d_id
                AND C_LAST = p_c_last
              ORDER BY C_FIRST LOOP
      pos := pos + 1;
      IF pos = (namecnt + 1) / 2 THEN
        v_c_id := r.C_ID;
      END IF;
    END LOOP;
  ELSE
    SELECT C_FIRST, C_MIDDLE, C_LAST, C_STREET_1, C_STREET_2,
           C_CITY, C_STATE, C_ZIP, C_PHONE, C_CREDIT, C_CREDIT_LIM,
           C_DISCOUNT, C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_SINCE INTO c
      FROM customer
     WHERE C_W_ID = p_w_id
       AND C_D_ID = p_d_id
       AND C_ID = p_c_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Failed to get CUSTOMER [C_W_ID=%, C_D_ID=%, C_ID=%]', p_w_id, p_d_id, p_c_id;
    END IF;
    v_c_id := p_c_id;
  END IF;
  SELECT O_ID, O_CARRIER_ID, O_ENTRY_D INTO o
    FROM oorder
   WHERE O_W_ID = p_w_id
     AND O_D_ID = p_d_id
     AND O_C_ID = v_c_id
   ORDER BY O_ID DESC LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No order records for CUSTOMER [C_W_ID=%, C_D_ID=%, C_ID=%]', p_w_id, p_d_id, v_c_id;
  END IF;
  FOR ol IN SELECT OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D
              FROM order_line
             WHERE OL_O_ID = o.O_ID
               AND OL_D_ID = p_d_id
               AND OL_W_ID = p_w_id LOOP
    NULL;
  END LOOP;
END
$$;

-- Delivery (TPC-C 2.7): one new order per district, oldest first.
CREATE OR REPLACE FUNCTION delivery(p_w_id int, p_o_carrier_id int, districtIDs int[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_d_id int;
  no RECORD;
  v_no_o_id int;
  v_o_c_id int;
  orderLineTotal float;
  result int;
BEGIN
  FOREACH v_d_id IN ARRAY districtIDs LOOP
    SELECT NO_O_ID INTO no FROM new_order
     WHERE NO_D_ID = v_d_id
       AND NO_W_ID = p_w_id
     ORDER BY NO_O_ID ASC
     LIMIT 1;
    IF FOUND THEN
      v_no_o_id := no.NO_O_ID;
      DELETE FROM new_order
      WHERE NO_O_ID = v_no_o_id
      AND NO_D_ID = v_d_id
      AND NO_W_ID = p_w_id;
      GET DIAGNOSTICS result = ROW_COUNT;
      IF result <> 1 THEN
        RAISE EXCEPTION 'NewOrder delete failed. Not running with SERIALIZABLE isolation? [w_id=%, d_id=%, no_o_id=%]', p_w_id, v_d_id, v_no_o_id;
      END IF;
      SELECT O_C_ID INTO v_o_c_id FROM oorder
      WHERE O_ID = v_no_o_id
      AND O_D_ID = v_d_id
      AND O_W_ID = p_w_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'Failed to retrieve ORDER record [W_ID=%, D_ID=%, O_ID=%]', p_w_id, v_d_id, v_no_o_id;
      END IF;
      UPDATE oorder
         SET O_CARRIER_ID = p_o_carrier_id
       WHERE O_ID = v_no_o_id
         AND O_D_ID = v_d_id
         AND O_W_ID = p_w_id;
      GET DIAGNOSTICS result = ROW_COUNT;
      IF result <> 1 THEN
        RAISE EXCEPTION 'Failed to update ORDER record [W_ID=%, D_ID=%, O_ID=%]', p_w_id, v_d_id, v_no_o_id;
      END IF;
      UPDATE order_line
         SET OL_DELIVERY_D = CURRENT_TIMESTAMP
       WHERE OL_O_ID = v_no_o_id
         AND OL_D_ID = v_d_id
         AND OL_W_ID = p_w_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'Failed to update ORDER_LINE records [W_ID=%, D_ID=%, O_ID=%]', p_w_id, v_d_id, v_no_o_id;
      END IF;
      SELECT SUM(OL_AMOUNT) AS OL_TOTAL INTO orderLineTotal
        FROM order_line
       WHERE OL_O_ID = v_no_o_id
         AND OL_D_ID = v_d_id
         AND OL_W_ID = p_w_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'Failed to retrieve ORDER_LINE records [W_ID=%, D_ID=%, O_ID=%]', p_w_id, v_d_id, v_no_o_id;
      END IF;
      UPDATE customer
         SET C_BALANCE = C_BALANCE + orderLineTotal,
             C_DELIVERY_CNT = C_DELIVERY_CNT + 1
       WHERE C_W_ID = p_w_id
         AND C_D_ID = v_d_id
         AND C_ID = v_o_c_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'Failed to update CUSTOMER record [W_ID=%, D_ID=%, C_ID=%]', p_w_id, v_d_id, v_o_c_id;
      END IF;
    END IF;
  END LOOP;
END
$$;

-- StockLevel (TPC-C 2.8): distinct items of the last 20 orders below the threshold.
CREATE OR REPLACE FUNCTION stock_level(p_w_id int, p_d_id int, threshold int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  o_id int;
  stock_count int;
BEGIN
  SELECT D_NEXT_O_ID INTO o_id
    FROM district
   WHERE D_W_ID = p_w_id
     AND D_ID = p_d_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'D_W_ID=% D_ID=% not found!', p_w_id, p_d_id;
  END IF;
  SELECT COUNT(DISTINCT (S_I_ID)) AS STOCK_COUNT INTO stock_count
   FROM order_line, stock
   WHERE OL_W_ID = p_w_id
   AND OL_D_ID = p_d_id
   AND OL_O_ID < o_id
   AND OL_O_ID >= o_id - 20
   AND S_W_ID = p_w_id
   AND S_I_ID = OL_I_ID
   AND S_QUANTITY < threshold;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Failed to get StockLevel result for COUNT query [W_ID=%, D_ID=%, O_ID=%]', p_w_id, p_d_id, o_id;
  END IF;
  RETURN stock_count;
END
$$;
