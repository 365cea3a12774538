-- benchbase/auctionmark.sql: BenchBase's AuctionMark (cmu-db/benchbase, benchmarks/auctionmark) as
-- PostgreSQL stored procedures: the DDL of ddl-postgres.sql and one function per procedure class
-- of the transaction mix (procedures/*.java: CloseAuctions, GetItem, GetUserInfo, NewBid,
-- NewComment, NewCommentResponse, NewFeedback, NewItem, NewPurchase, UpdateItem; LoadConfig and
-- ResetDatabase run at start-up only), each statement as the procedure issues it, its Java control
-- flow as PL/pgSQL control flow. Loads unchanged with `psql -f`.
--
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * `ON DELETE CASCADE` is left off the FOREIGN KEYs (isocheck refuses referential actions). The
--     only DELETE of the mix (UpdateItem's, of an item_attribute row) deletes a row nothing
--     references, so the action never fires.
--   * AuctionMarkUtil.getProcTimestamp(benchmarkTimes) (the client's clock, shifted) is the
--     parameter p_current_time; NewItem's end date (currentTime + duration days) is p_end_date.
--   * A UserAbortException, or a Java exception that aborts the transaction, is RAISE EXCEPTION.
--   * A query whose rows only go back to the client (GetItem, GetUserInfo, CloseAuctions' output
--     rows, NewItem's description text) is PERFORM or SELECT … INTO a RECORD that is not used.
--   * (Undone: CloseAuctions' and NewBid's item_max_bid/item_bid joins and NewPurchase's four-table
--     getItemInfo are the joins BenchBase writes, INTO a record. isocheck reads them table by
--     table in the order their equalities chain them, several column pairs between two tables
--     where the earlier one's key is fixed (frontend.JoinParts#chain).)
--   * (Undone: GetUserInfo's joins now keep BenchBase's `ORDER BY … LIMIT 25`. isocheck reads a
--     PERFORM of a join with ORDER BY/LIMIT as reading every matching row, a superset of the first
--     25: more behaviours, never fewer.)
--   * float amounts: Math.min is CASE; ITEM_BID_PERCENT_STEP (0.025f) is `/ 40` (isocheck refuses
--     decimal literals; PostgreSQL divides the float exactly). isocheck reads float columns as
--     whole numbers (README).
--   * NewItem: BenchBase passes parallel arrays gag_ids[i]/gav_ids[i] and images[i] and makes each
--     element's id with getUniqueElementId(item_id, i) (Java). isocheck has no array subscript or
--     string functions, so the element ids are array parameters (p_ia_ids, p_ii_ids), FOREACH runs
--     over them, and every attribute uses one (p_gag_id, p_gav_id) and every image one p_image.
--     An item with attributes from two groups is not among the behaviours. `description +=` (the
--     attribute and category names appended in Java) is left out: i_description is p_description.
--     i_num_images / i_num_global_attrs (the arrays' lengths) are parameters.
--   * NewPurchase: when item_max_bid has no row, BenchBase issues `SELECT * FROM item_bid WHERE
--     imb_i_id = ? …`, columns item_bid does not have: PostgreSQL fails the statement (and Java's
--     getLong on the closed result would too), so that branch is RAISE EXCEPTION with the error.
--     BenchBase reads ib_buyer_id (a varchar) with getLong and binds it with setLong; here the
--     varchar as read. ip_id (a String in run(), a bigint column) is a bigint parameter.
--   * UpdateItem: getMaxItemAttributeId's result is read with `getString(0)`, which always throws
--     (JDBC columns start at 1): that branch is the SELECT then RAISE EXCEPTION, and its INSERT is
--     never reached (left out). add_attribute (a String[2] or {"-1"}) is p_gag_id, p_gav_id, with
--     p_gag_id = '-1' for "none"; getUniqueElementId(item_id, 0) is the parameter p_ia_id.
--     getMaxItemAttributeId, `SELECT MAX(ia_id) …`, goes INTO the local v_max_ia_id (a VARCHAR),
--     which nothing uses (Java's getString(0) throws before reading it).
--   * CloseAuctions: CLOSE_AUCTIONS_ROUNDS is 1, so one round. BenchBase consumes the first due
--     item with `adv = next()` and then loops `while (next())`, so the first row is skipped: kept
--     (a counter skips it). ItemStatus ordinals are written as numbers (OPEN 0, WAITING_FOR_PURCHASE
--     2, CLOSED 3).
--   * Parameters named like a column carry a p_ prefix, locals a v_ prefix: PL/pgSQL names are
--     case-insensitive, and PostgreSQL rejects a name that is both a variable and a column of the
--     statement.
/***************************************************************************
 *  Copyright (C) 2010 by H-Store Project                                  *
 *  Brown University                                                       *
 *  Massachusetts Institute of Technology                                  *
 *  Yale University                                                        *
 *                                                                         *
 *  Andy Pavlo (pavlo@cs.brown.edu)                                        *
 *  http://www.cs.brown.edu/~pavlo/                                        *
 *                                                                         *
 *  Visawee Angkanawaraphan (visawee@cs.brown.edu)                         *
 *  http://www.cs.brown.edu/~visawee/                                      *
 *                                                                         *
 *  Permission is hereby granted, free of charge, to any person obtaining  *
 *  a copy of this software and associated documentation files (the        *
 *  "Software"), to deal in the Software without restriction, including    *
 *  without limitation the rights to use, copy, modify, merge, publish,    *
 *  distribute, sublicense, and/or sell copies of the Software, and to     *
 *  permit persons to whom the Software is furnished to do so, subject to  *
 *  the following conditions:                                              *
 *                                                                         *
 *  The above copyright notice and this permission notice shall be         *
 *  included in all copies or substantial portions of the Software.        *
 *                                                                         *
 *  THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,        *
 *  EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF     *
 *  MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. *
 *  IN NO EVENT SHALL THE AUTHORS BE LIABLE FOR ANY CLAIM, DAMAGES OR      *
 *  OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE,  *
 *  ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR  *
 *  OTHER DEALINGS IN THE SOFTWARE.                                        *
 ***************************************************************************/

DROP TABLE IF EXISTS item_attribute CASCADE;
DROP TABLE IF EXISTS item_image CASCADE;
DROP TABLE IF EXISTS item_comment CASCADE;
DROP TABLE IF EXISTS item_max_bid CASCADE;
DROP TABLE IF EXISTS useracct_item CASCADE;
DROP TABLE IF EXISTS item_purchase CASCADE;
DROP TABLE IF EXISTS item_bid CASCADE;
DROP TABLE IF EXISTS global_attribute_value CASCADE;
DROP TABLE IF EXISTS global_attribute_group CASCADE;
DROP TABLE IF EXISTS config_profile CASCADE;
DROP TABLE IF EXISTS useracct_feedback CASCADE;
DROP TABLE IF EXISTS useracct_watch CASCADE;
DROP TABLE IF EXISTS item CASCADE;
DROP TABLE IF EXISTS useracct_attributes CASCADE;
DROP TABLE IF EXISTS useracct CASCADE;
DROP TABLE IF EXISTS region CASCADE;
DROP TABLE IF EXISTS category CASCADE;

-- ================================================================
-- CONFIG_PROFILE
-- ================================================================

CREATE TABLE config_profile (
    cfp_scale_factor        float          NOT NULL,
    cfp_loader_start        timestamp DEFAULT CURRENT_TIMESTAMP,
    cfp_loader_stop         timestamp DEFAULT CURRENT_TIMESTAMP,
    cfp_user_item_histogram text NOT NULL
);

-- ================================================================
-- REGION
-- Represents regions of users
-- r_id             Region's ID
-- r_name           Region's name
-- ================================================================

CREATE TABLE region (
    r_id   bigint NOT NULL,
    r_name varchar(32),
    PRIMARY KEY (r_id)
);

-- ================================================================
-- USERACCT
-- Represents user accounts 
-- u_id             User ID
-- u_firstname      User's first name
-- u_lastname       User's last name
-- u_password       User's password
-- u_email          User's email
-- u_rating         User's rating as a seller
-- u_balance        User's balance
-- u_created        User's create date
-- u_r_id           User's region ID
-- ================================================================

CREATE TABLE useracct (
    u_id       varchar(128) NOT NULL,
    u_rating   bigint NOT NULL,
    u_balance  float  NOT NULL,
    u_comments integer   DEFAULT 0,
    u_r_id     bigint NOT NULL,
    u_created  timestamp DEFAULT CURRENT_TIMESTAMP,
    u_updated  timestamp DEFAULT CURRENT_TIMESTAMP,
    u_sattr0   varchar(64),
    u_sattr1   varchar(64),
    u_sattr2   varchar(64),
    u_sattr3   varchar(64),
    u_sattr4   varchar(64),
    u_sattr5   varchar(64),
    u_sattr6   varchar(64),
    u_sattr7   varchar(64),
    u_iattr0   bigint    DEFAULT NULL,
    u_iattr1   bigint    DEFAULT NULL,
    u_iattr2   bigint    DEFAULT NULL,
    u_iattr3   bigint    DEFAULT NULL,
    u_iattr4   bigint    DEFAULT NULL,
    u_iattr5   bigint    DEFAULT NULL,
    u_iattr6   bigint    DEFAULT NULL,
    u_iattr7   bigint    DEFAULT NULL,
    FOREIGN KEY (u_r_id) REFERENCES region (r_id),
    PRIMARY KEY (u_id)
);
CREATE INDEX idx_useracct_region ON useracct (u_id, u_r_id);

-- ================================================================
-- USERACCT_ATTRIBUTES
-- Represents user's attributes 
-- ================================================================

CREATE TABLE useracct_attributes (
    ua_id     bigint      NOT NULL,
    ua_u_id   varchar(128)      NOT NULL,
    ua_name   varchar(32) NOT NULL,
    ua_value  varchar(32) NOT NULL,
    u_created timestamp,
    FOREIGN KEY (ua_u_id) REFERENCES useracct (u_id),
    PRIMARY KEY (ua_id, ua_u_id)
);

-- ================================================================
-- CATEGORY
-- Represents merchandises' categories. Category can be hierarchical aligned using c_parent_id.
-- c_id                Category's ID
-- c_name            Category's name
-- c_parent_id        Parent category's ID
-- ================================================================

CREATE TABLE category (
    c_id        bigint NOT NULL,
    c_name      varchar(50),
    c_parent_id bigint,
    PRIMARY KEY (c_id),
    FOREIGN KEY (c_parent_id) REFERENCES category (c_id)
);
CREATE INDEX idx_category_parent ON category (c_parent_id);

-- ================================================================
-- GLOBAL_ATTRIBUTE_GROUP
-- Represents merchandises' global attribute groups (for example, brand, material, feature etc.).
-- gag_id            Global attribute group's ID
-- gag_c_id            Associated Category's ID
-- gag_name            Global attribute group's name
-- ================================================================

CREATE TABLE global_attribute_group (
    gag_id   varchar(128)       NOT NULL,
    gag_c_id bigint       NOT NULL,
    gag_name varchar(100) NOT NULL,
    FOREIGN KEY (gag_c_id) REFERENCES category (c_id),
    PRIMARY KEY (gag_id)
);

-- ================================================================
-- GLOBAL_ATTRIBUTE_VALUE
-- Represents merchandises' global attributes within each attribute
-- groups (for example, Rolex, Casio, Seiko within brand)
-- gav_id            Global attribute value's ID
-- gav_gag_id        Associated Global attribute group's ID
-- gav_name            Global attribute value's name
-- ================================================================

CREATE TABLE global_attribute_value (
    gav_id     varchar(128)       NOT NULL,
    gav_gag_id varchar(128)       NOT NULL,
    gav_name   varchar(100) NOT NULL,
    FOREIGN KEY (gav_gag_id) REFERENCES global_attribute_group (gag_id),
    PRIMARY KEY (gav_id, gav_gag_id)
);

-- ================================================================
-- ITEM
-- Represents merchandises
-- i_id                  Item's ID
-- i_u_id                Seller's ID
-- i_c_id                Category's ID
-- i_name                Item's name
-- i_description      Item's description
-- i_initial_price    Item's initial price
-- i_reserve_price    Item's reserve price
-- i_buy_now            Item's buy now price
-- i_nb_of_bids        Item's number of bids
-- i_max_bid            Item's max bid price
-- i_user_attributes Text field for attributes defined just for this item
-- i_start_date        Item's bid start date
-- i_end_date          Item's bid end date
-- i_status            Items' status (0 = open, 1 = wait for purchase, 2 = close)
-- ================================================================

CREATE TABLE item (
    i_id               varchar(128) NOT NULL,
    i_u_id             varchar(128) NOT NULL,
    i_c_id             bigint NOT NULL,
    i_name             varchar(100),
    i_description      varchar(1024),
    i_user_attributes  varchar(255) DEFAULT NULL,
    i_initial_price    float  NOT NULL,
    i_current_price    float  NOT NULL,
    i_num_bids         bigint,
    i_num_images       bigint,
    i_num_global_attrs bigint,
    i_num_comments     bigint,
    i_start_date       timestamp    DEFAULT '1970-01-01 00:00:01',
    i_end_date         timestamp    DEFAULT '1970-01-01 00:00:01',
    i_status           int          DEFAULT 0,
    i_created          timestamp    DEFAULT CURRENT_TIMESTAMP,
    i_updated          timestamp    DEFAULT CURRENT_TIMESTAMP,
    i_iattr0           bigint       DEFAULT NULL,
    i_iattr1           bigint       DEFAULT NULL,
    i_iattr2           bigint       DEFAULT NULL,
    i_iattr3           bigint       DEFAULT NULL,
    i_iattr4           bigint       DEFAULT NULL,
    i_iattr5           bigint       DEFAULT NULL,
    i_iattr6           bigint       DEFAULT NULL,
    i_iattr7           bigint       DEFAULT NULL,
    FOREIGN KEY (i_u_id) REFERENCES useracct (u_id),
    FOREIGN KEY (i_c_id) REFERENCES category (c_id),
    PRIMARY KEY (i_id, i_u_id)
);
CREATE INDEX idx_item_seller ON item (i_u_id);

-- ================================================================
-- ITEM_ATTRIBUTE
-- Represents mappings between attribute values and items
-- ia_id            Item attribute's ID
-- ia_i_id            Item's ID
-- ia_gav_id        Global attribute value's ID
-- ================================================================

CREATE TABLE item_attribute (
    ia_id     varchar(128) NOT NULL,
    ia_i_id   varchar(128) NOT NULL,
    ia_u_id   varchar(128) NOT NULL,
    ia_gav_id varchar(128) NOT NULL,
    ia_gag_id varchar(128) NOT NULL,
    ia_sattr0 varchar(64) DEFAULT NULL,
    FOREIGN KEY (ia_i_id, ia_u_id) REFERENCES item (i_id, i_u_id),
    FOREIGN KEY (ia_gav_id, ia_gag_id) REFERENCES global_attribute_value (gav_id, gav_gag_id),
    PRIMARY KEY (ia_id, ia_i_id, ia_u_id)
);

-- ================================================================
-- ITEM_IMAGE
-- Represents images of items
-- ii_id            Image's ID
-- ii_i_id            Item's ID
-- ii_path            Image's path
-- ================================================================

CREATE TABLE item_image (
    ii_id     varchar(128)       NOT NULL,
    ii_i_id   varchar(128)       NOT NULL,
    ii_u_id   varchar(128)       NOT NULL,
    ii_sattr0 varchar(128) NOT NULL,
    FOREIGN KEY (ii_i_id, ii_u_id) REFERENCES item (i_id, i_u_id),
    PRIMARY KEY (ii_id, ii_i_id, ii_u_id)
);

-- ================================================================
-- ITEM_COMMENT
-- Represents comments provided by buyers
-- ic_id            Comment's ID
-- ic_i_id            Item's ID
-- ic_u_id            Buyer's ID
-- ic_date            Comment's create date
-- ic_question        Comment by buyer
-- ic_response        Response from seller
-- ================================================================

CREATE TABLE item_comment (
    ic_id       bigint       NOT NULL,
    ic_i_id     varchar(128)       NOT NULL,
    ic_u_id     varchar(128)       NOT NULL,
    ic_buyer_id varchar(128)       NOT NULL,
    ic_question varchar(128) NOT NULL,
    ic_response varchar(128) DEFAULT NULL,
    ic_created  timestamp    DEFAULT CURRENT_TIMESTAMP,
    ic_updated  timestamp    DEFAULT CURRENT_TIMESTAMP,
    FOREIGN KEY (ic_i_id, ic_u_id) REFERENCES item (i_id, i_u_id),
    FOREIGN KEY (ic_buyer_id) REFERENCES useracct (u_id),
    PRIMARY KEY (ic_id, ic_i_id, ic_u_id)
);
-- CREATE INDEX IDX_ITEM_COMMENT ON ITEM_COMMENT (ic_i_id, ic_u_id);

-- ================================================================
-- ITEM_BID
-- Represents merchandises' bids
-- ib_id            Bid's ID
-- ib_i_id            Item's ID
-- ib_u_id            Buyer's ID
-- ib_type            Type of transaction (bid or buy_now)
-- ib_bid            Bid's price
-- ib_max_bid        ???
-- ib_date            Bid's date
-- ================================================================

CREATE TABLE item_bid (
    ib_id       bigint NOT NULL,
    ib_i_id     varchar(128) NOT NULL,
    ib_u_id     varchar(128) NOT NULL,
    ib_buyer_id varchar(128) NOT NULL,
    ib_bid      float  NOT NULL,
    ib_max_bid  float  NOT NULL,
    ib_created  timestamp DEFAULT CURRENT_TIMESTAMP,
    ib_updated  timestamp DEFAULT CURRENT_TIMESTAMP,
    FOREIGN KEY (ib_i_id, ib_u_id) REFERENCES item (i_id, i_u_id),
    FOREIGN KEY (ib_buyer_id) REFERENCES useracct (u_id),
    PRIMARY KEY (ib_id, ib_i_id, ib_u_id)
);

-- ================================================================
-- ITEM_MAX_BID
-- Cross-reference table to the current max bid for an auction
-- ================================================================

CREATE TABLE item_max_bid (
    imb_i_id    varchar(128) NOT NULL,
    imb_u_id    varchar(128) NOT NULL,
    imb_ib_id   bigint NOT NULL,
    imb_ib_i_id varchar(128) NOT NULL,
    imb_ib_u_id varchar(128) NOT NULL,
    imb_created timestamp DEFAULT CURRENT_TIMESTAMP,
    imb_updated timestamp DEFAULT CURRENT_TIMESTAMP,
    FOREIGN KEY (imb_i_id, imb_u_id) REFERENCES item (i_id, i_u_id),
    FOREIGN KEY (imb_ib_id, imb_ib_i_id, imb_ib_u_id) REFERENCES item_bid (ib_id, ib_i_id, ib_u_id),
    PRIMARY KEY (imb_i_id, imb_u_id)
);

-- ================================================================
-- ITEM_PURCHASE
-- Represents purchase transaction (buy_now bid or win bid)
-- ip_id               Purchase's ID
-- ip_ib_id            Bid's ID
-- ip_date             Purchase's date
-- ================================================================

CREATE TABLE item_purchase (
    ip_id      bigint NOT NULL,
    ip_ib_id   bigint NOT NULL,
    ip_ib_i_id varchar(128) NOT NULL,
    ip_ib_u_id varchar(128) NOT NULL,
    ip_date    timestamp DEFAULT CURRENT_TIMESTAMP,
    FOREIGN KEY (ip_ib_id, ip_ib_i_id, ip_ib_u_id) REFERENCES item_bid (ib_id, ib_i_id, ib_u_id),
    PRIMARY KEY (ip_id, ip_ib_id, ip_ib_i_id, ip_ib_u_id)
);

-- ================================================================
-- USERACCT_FEEDBACK
-- Represents feedbacks between buyers and sellers for a transaction
-- uf_id             Feedback's ID
-- uf_u_id           The user receiving the feedback
-- uf_i_id           Item's ID
-- uf_i_u_id         Item's seller id
-- uf_from_id        The other user writing the feedback
-- uf_date           Feedback's create date
-- uf_comment        Feedback by other user
-- ================================================================

CREATE TABLE useracct_feedback (
    uf_u_id    varchar(128)      NOT NULL,
    uf_i_id    varchar(128)      NOT NULL,
    uf_i_u_id  varchar(128)      NOT NULL,
    uf_from_id varchar(128)      NOT NULL,
    uf_rating  smallint     NOT NULL,
    uf_date    timestamp DEFAULT CURRENT_TIMESTAMP,
    uf_sattr0  varchar(80) NOT NULL,
    FOREIGN KEY (uf_i_id, uf_i_u_id) REFERENCES item (i_id, i_u_id),
    FOREIGN KEY (uf_u_id) REFERENCES useracct (u_id),
    FOREIGN KEY (uf_from_id) REFERENCES useracct (u_id),
    PRIMARY KEY (uf_u_id, uf_i_id, uf_i_u_id, uf_from_id),
    CHECK (uf_u_id <> uf_from_id)
);

-- ================================================================
-- USERACCT_ITEM
-- The items that a user has recently purchased
-- ================================================================

CREATE TABLE useracct_item (
    ui_u_id       varchar(128) NOT NULL,
    ui_i_id       varchar(128) NOT NULL,
    ui_i_u_id     varchar(128) NOT NULL,
    ui_ip_id      bigint,
    ui_ip_ib_id   bigint,
    ui_ip_ib_i_id varchar(128),
    ui_ip_ib_u_id varchar(128),
    ui_created    timestamp DEFAULT CURRENT_TIMESTAMP,
    FOREIGN KEY (ui_u_id) REFERENCES useracct (u_id),
    FOREIGN KEY (ui_i_id, ui_i_u_id) REFERENCES item (i_id, i_u_id),
    FOREIGN KEY (ui_ip_id, ui_ip_ib_id, ui_ip_ib_i_id, ui_ip_ib_u_id) REFERENCES item_purchase (ip_id, ip_ib_id, ip_ib_i_id, ip_ib_u_id),
    PRIMARY KEY (ui_u_id, ui_i_id, ui_i_u_id)
);
-- CREATE INDEX IDX_USERACCT_ITEM_ID ON USERACCT_ITEM (ui_i_id);

-- ================================================================
-- USERACCT_WATCH
-- The items that a user is watching
-- ================================================================

CREATE TABLE useracct_watch (
    uw_u_id    varchar(128) NOT NULL,
    uw_i_id    varchar(128) NOT NULL,
    uw_i_u_id  varchar(128) NOT NULL,
    uw_created timestamp DEFAULT CURRENT_TIMESTAMP,
    FOREIGN KEY (uw_i_id, uw_i_u_id) REFERENCES item (i_id, i_u_id),
    FOREIGN KEY (uw_u_id) REFERENCES useracct (u_id),
    PRIMARY KEY (uw_u_id, uw_i_id, uw_i_u_id)
);

-- CloseAuctions: the open items whose start date falls in the window (up to 100): each with bids
-- goes to its highest bidder and waits for purchase, each without is closed.
CREATE OR REPLACE FUNCTION close_auctions(p_current_time timestamp, p_start_time timestamp,
                                          p_end_time timestamp) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  r_imb RECORD;
  n int;
  v_status int;
BEGIN
  n := 0;
  FOR r IN SELECT i_id, i_u_id, i_name, i_current_price, i_num_bids, i_end_date, i_status FROM item WHERE (i_start_date BETWEEN p_start_time AND p_end_time) AND i_status = 0 ORDER BY i_id ASC LIMIT 100 LOOP
    n := n + 1;
    IF n > 1 THEN
      IF r.i_num_bids > 0 THEN
        SELECT imb_ib_id, ib_buyer_id INTO r_imb FROM item_max_bid, item_bid WHERE imb_i_id = r.i_id AND imb_u_id = r.i_u_id AND ib_id = imb_ib_id AND ib_i_id = imb_i_id AND ib_u_id = imb_u_id;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'ResultSet not positioned properly';
        END IF;
        INSERT INTO useracct_item(ui_u_id, ui_i_id, ui_i_u_id, ui_created) VALUES(r_imb.ib_buyer_id, r.i_id, r.i_u_id, p_current_time);
        v_status := 2;
      ELSE
        v_status := 3;
      END IF;
      UPDATE item SET i_status = v_status,     i_updated = p_current_time WHERE i_id = r.i_id AND i_u_id = r.i_u_id ;
    END IF;
  END LOOP;
END
$$;

-- GetItem: an item and its seller.
CREATE OR REPLACE FUNCTION get_item(p_item_id varchar, p_seller_id varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM i_id, i_u_id, i_name, i_current_price, i_num_bids, i_end_date, i_status FROM item WHERE i_id = p_item_id AND i_u_id = p_seller_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid item %', p_item_id;
  END IF;
  PERFORM u_id, u_rating, u_created, u_sattr0, u_sattr1, u_sattr2, u_sattr3, u_sattr4, r_name   FROM useracct, region WHERE u_id = p_seller_id AND u_r_id = r_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid user id %', p_seller_id;
  END IF;
END
$$;

-- GetUserInfo: a user, and on request its feedback, the open items' unanswered comments, and the
-- items it sells, bought and watches.
CREATE OR REPLACE FUNCTION get_user_info(p_user_id varchar, p_get_feedback boolean,
                                         p_get_comments boolean, p_get_seller_items boolean,
                                         p_get_buyer_items boolean,
                                         p_get_watched_items boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM u_id, u_rating, u_created, u_balance, u_sattr0, u_sattr1, u_sattr2, u_sattr3, u_sattr4, r_name FROM useracct, region WHERE u_id = p_user_id AND u_r_id = r_id;
  IF p_get_feedback THEN
    PERFORM u_id, u_rating, u_sattr0, u_sattr1, uf_rating, uf_date, uf_sattr0   FROM useracct, useracct_feedback WHERE u_id = p_user_id AND uf_u_id = u_id ORDER BY uf_date DESC LIMIT 25;
  END IF;
  IF p_get_comments THEN
    PERFORM i_id, i_u_id, i_name, i_current_price, i_num_bids, i_end_date, i_status,        ic_id, ic_i_id, ic_u_id, ic_buyer_id, ic_question, ic_created   FROM item, item_comment WHERE i_u_id = p_user_id AND i_status = 0    AND i_id = ic_i_id AND i_u_id = ic_u_id AND ic_response IS NULL ORDER BY ic_created DESC LIMIT 25;
  END IF;
  IF p_get_seller_items THEN
    PERFORM i_id, i_u_id, i_name, i_current_price, i_num_bids, i_end_date, i_status FROM item WHERE i_u_id = p_user_id ORDER BY i_end_date DESC LIMIT 25 ;
  END IF;
  IF p_get_buyer_items THEN
    PERFORM i_id, i_u_id, i_name, i_current_price, i_num_bids, i_end_date, i_status FROM useracct_item, item WHERE ui_u_id = p_user_id AND ui_i_id = i_id AND ui_i_u_id = i_u_id ORDER BY i_end_date DESC LIMIT 25;
  END IF;
  IF p_get_watched_items THEN
    PERFORM i_id, i_u_id, i_name, i_current_price, i_num_bids, i_end_date, i_status, uw_u_id, uw_created FROM useracct_watch, item WHERE uw_u_id = p_user_id    AND uw_i_id = i_id AND uw_i_u_id = i_u_id ORDER BY i_end_date DESC LIMIT 25;
  END IF;
END
$$;

-- NewBid: a bid on an item: the first bid, a higher max bid of the current leader, a bid that
-- takes the lead, or one that only raises the leader's price.
CREATE OR REPLACE FUNCTION new_bid(p_current_time timestamp, p_item_id varchar,
                                   p_seller_id varchar, p_buyer_id varchar, p_new_bid float,
                                   p_estimated_end_date timestamp) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  r_imb RECORD;
  v_max_ib_id bigint;
  v_new_bid_id bigint;
  v_i_current_price float;
  v_update_max_bid boolean;
BEGIN
  SELECT i_initial_price, i_current_price, i_num_bids, i_end_date, i_status INTO r FROM item WHERE i_id = p_item_id AND i_u_id = p_seller_id ;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Invalid item %', p_item_id;
  END IF;
  v_i_current_price := r.i_current_price;
  v_new_bid_id := 0;
  IF r.i_num_bids > 0 THEN
    SELECT MAX(ib_id) INTO v_max_ib_id   FROM item_bid WHERE ib_i_id = p_item_id AND ib_u_id = p_seller_id ;
    v_new_bid_id := COALESCE(v_max_ib_id, 0) + 1;
    SELECT imb_ib_id, ib_bid, ib_max_bid, ib_buyer_id INTO r_imb FROM item_max_bid, item_bid WHERE imb_i_id = p_item_id AND imb_u_id = p_seller_id AND imb_ib_id = ib_id AND imb_ib_i_id = ib_i_id AND imb_ib_u_id = ib_u_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ResultSet not positioned properly';
    END IF;
    v_update_max_bid := false;
    IF p_buyer_id = r_imb.ib_buyer_id THEN
      IF p_new_bid < r_imb.ib_max_bid THEN
        RAISE EXCEPTION '% is already the highest bidder for Item %', p_buyer_id, p_item_id;
      END IF;
      UPDATE item_bid   SET ib_bid = v_i_current_price,        ib_max_bid = p_new_bid,        ib_updated = p_current_time  WHERE ib_id = r_imb.imb_ib_id    AND ib_i_id = p_item_id    AND ib_u_id = p_seller_id ;
    ELSE
      IF p_new_bid > r_imb.ib_max_bid THEN
        v_i_current_price := CASE WHEN p_new_bid <= r_imb.ib_max_bid + r.i_initial_price / 40 THEN p_new_bid ELSE r_imb.ib_max_bid + r.i_initial_price / 40 END;
        v_update_max_bid := true;
      ELSE
        v_i_current_price := CASE WHEN r_imb.ib_max_bid <= p_new_bid + r.i_initial_price / 40 THEN r_imb.ib_max_bid ELSE p_new_bid + r.i_initial_price / 40 END;
        UPDATE item_bid   SET ib_bid = v_i_current_price,        ib_max_bid = v_i_current_price,        ib_updated = p_current_time  WHERE ib_id = r_imb.imb_ib_id    AND ib_i_id = p_item_id    AND ib_u_id = p_seller_id ;
      END IF;
      INSERT INTO item_bid (ib_id, ib_i_id, ib_u_id, ib_buyer_id, ib_bid, ib_max_bid, ib_created, ib_updated ) VALUES (v_new_bid_id, p_item_id, p_seller_id, p_buyer_id, v_i_current_price, p_new_bid, p_current_time, p_current_time );
      UPDATE item   SET i_num_bids = i_num_bids + 1,        i_current_price = v_i_current_price,        i_updated = p_current_time  WHERE i_id = p_item_id AND i_u_id = p_seller_id ;
      IF v_update_max_bid THEN
        UPDATE item_max_bid   SET imb_ib_id = v_new_bid_id,        imb_ib_i_id = p_item_id,        imb_ib_u_id = p_seller_id,        imb_updated = p_current_time  WHERE imb_i_id = p_item_id    AND imb_u_id = p_seller_id;
      END IF;
    END IF;
  ELSE
    INSERT INTO item_bid (ib_id, ib_i_id, ib_u_id, ib_buyer_id, ib_bid, ib_max_bid, ib_created, ib_updated ) VALUES (v_new_bid_id, p_item_id, p_seller_id, p_buyer_id, r.i_initial_price, p_new_bid, p_current_time, p_current_time );
    INSERT INTO item_max_bid (imb_i_id, imb_u_id, imb_ib_id, imb_ib_i_id, imb_ib_u_id, imb_created, imb_updated ) VALUES (p_item_id, p_seller_id, v_new_bid_id, p_item_id, p_seller_id, p_current_time, p_current_time );
    UPDATE item   SET i_num_bids = i_num_bids + 1,        i_current_price = v_i_current_price,        i_updated = p_current_time  WHERE i_id = p_item_id AND i_u_id = p_seller_id ;
  END IF;
END
$$;

-- NewComment: a buyer's question on an item (its id one above the item's comment count).
CREATE OR REPLACE FUNCTION new_comment(p_current_time timestamp, p_item_id varchar,
                                       p_seller_id varchar, p_buyer_id varchar,
                                       p_question varchar) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_num_comments bigint;
  v_ic_id bigint;
BEGIN
  v_ic_id := 0;
  SELECT i_num_comments INTO v_num_comments   FROM item WHERE i_id = p_item_id AND i_u_id = p_seller_id;
  IF FOUND THEN
    v_ic_id := COALESCE(v_num_comments, 0) + 1;
  END IF;
  INSERT INTO item_comment(ic_id,ic_i_id,ic_u_id,ic_buyer_id,ic_question, ic_created,ic_updated ) VALUES (v_ic_id,p_item_id,p_seller_id,p_buyer_id,p_question,p_current_time,p_current_time);
  UPDATE item   SET i_num_comments = i_num_comments + 1  WHERE i_id = p_item_id AND i_u_id = p_seller_id;
  UPDATE useracct SET u_comments = u_comments + 1,     u_updated = p_current_time  WHERE u_id = p_seller_id;
END
$$;

-- NewCommentResponse: the seller answers a comment.
CREATE OR REPLACE FUNCTION new_comment_response(p_current_time timestamp, p_item_id varchar,
                                                p_seller_id varchar, p_comment_id bigint,
                                                p_response varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_comment SET ic_response = p_response,     ic_updated = p_current_time WHERE ic_id = p_comment_id AND ic_i_id = p_item_id AND ic_u_id = p_seller_id ;
  UPDATE useracct SET u_comments = u_comments - 1,     u_updated = p_current_time  WHERE u_id = p_seller_id;
END
$$;

-- NewFeedback: feedback from one user to another on an item, once.
CREATE OR REPLACE FUNCTION new_feedback(p_current_time timestamp, p_user_id varchar,
                                        p_i_id varchar, p_seller_id varchar, p_from_id varchar,
                                        p_rating bigint, p_comment varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM uf_i_id, uf_i_u_id, uf_from_id   FROM useracct_feedback   WHERE uf_u_id = p_user_id AND uf_i_id = p_i_id AND uf_i_u_id = p_seller_id AND uf_from_id = p_from_id;
  IF FOUND THEN
    RAISE EXCEPTION 'Trying to add feedback for item % twice', p_i_id;
  END IF;
  INSERT INTO useracct_feedback( uf_u_id, uf_i_id,uf_i_u_id,uf_from_id,uf_rating,uf_date,uf_sattr0) VALUES (p_user_id,p_i_id,p_seller_id,p_from_id,p_rating,p_current_time,p_comment);
  UPDATE useracct SET u_rating = u_rating + p_rating,     u_updated = p_current_time  WHERE u_id = p_user_id;
END
$$;

-- NewItem: a new item with its attributes and images; the seller pays the listing fee.
CREATE OR REPLACE FUNCTION new_item(p_current_time timestamp, p_item_id varchar,
                                    p_seller_id varchar, p_category_id bigint, p_name varchar,
                                    p_description varchar, p_end_date timestamp,
                                    p_initial_price float, p_attributes varchar,
                                    p_ia_ids varchar[], p_gag_id varchar, p_gav_id varchar,
                                    p_ii_ids varchar[], p_image varchar,
                                    p_num_global_attrs bigint, p_num_images bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_ia_id varchar;
  v_ii_id varchar;
  r_cat RECORD;
  v_seller_item_count bigint;
BEGIN
  FOREACH v_ia_id IN ARRAY p_ia_ids LOOP
    PERFORM gag_name, gav_name, gag_c_id FROM global_attribute_group, global_attribute_value WHERE gav_id = p_gav_id AND gav_gag_id = p_gag_id AND gav_gag_id = gag_id;
  END LOOP;
  SELECT * INTO r_cat FROM category WHERE c_id = p_category_id ;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ResultSet not positioned properly';
  END IF;
  PERFORM * FROM category WHERE c_parent_id = p_category_id ;
  SELECT COUNT(*) INTO v_seller_item_count FROM item WHERE i_u_id = p_seller_id;
  INSERT INTO item(i_id,i_u_id,i_c_id,i_name,i_description,i_user_attributes,i_initial_price,i_current_price,i_num_bids,i_num_images,i_num_global_attrs,i_start_date,i_end_date,i_status, i_created,i_updated,i_iattr0) VALUES (p_item_id,p_seller_id,p_category_id,p_name,p_description,p_attributes,p_initial_price,p_initial_price,0,p_num_images,p_num_global_attrs,p_current_time,p_end_date,0,p_current_time,p_current_time,1);
  FOREACH v_ia_id IN ARRAY p_ia_ids LOOP
    INSERT INTO item_attribute(ia_id,ia_i_id,ia_u_id,ia_gav_id,ia_gag_id) VALUES(v_ia_id, p_item_id, p_seller_id, p_gav_id, p_gag_id);
  END LOOP;
  FOREACH v_ii_id IN ARRAY p_ii_ids LOOP
    INSERT INTO item_image(ii_id,ii_i_id,ii_u_id,ii_sattr0) VALUES(v_ii_id, p_item_id, p_seller_id, p_image);
  END LOOP;
  UPDATE useracct SET u_balance = u_balance - 1,     u_updated = p_current_time  WHERE u_id = p_seller_id;
END
$$;

-- NewPurchase: the winning bidder buys the item: the purchase, the item closed, the buyer's item
-- row, and both balances.
CREATE OR REPLACE FUNCTION new_purchase(p_current_time timestamp, p_item_id varchar,
                                        p_seller_id varchar, p_ip_id bigint,
                                        p_buyer_credit float) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r_i RECORD;
BEGIN
  PERFORM * FROM item_max_bid WHERE imb_i_id = p_item_id AND imb_u_id = p_seller_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'column "imb_i_id" does not exist';
  END IF;
  SELECT i_num_bids, i_current_price, i_end_date, ib_id, ib_buyer_id, u_balance INTO r_i FROM item, item_max_bid, item_bid, useracct WHERE i_id = p_item_id AND i_u_id = p_seller_id AND imb_i_id = i_id AND imb_u_id = i_u_id AND imb_ib_id = ib_id AND imb_ib_i_id = ib_i_id AND imb_ib_u_id = ib_u_id AND ib_buyer_id = u_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No ITEM_MAX_BID is available record for item %', p_item_id;
  END IF;
  IF r_i.i_current_price > (p_buyer_credit + r_i.u_balance) THEN
    RAISE EXCEPTION 'Buyer #% does not have enough money in account to purchase Item #%', r_i.ib_buyer_id, p_item_id;
  END IF;
  INSERT INTO item_purchase (ip_id,ip_ib_id,ip_ib_i_id,ip_ib_u_id,ip_date) VALUES(p_ip_id,r_i.ib_id,p_item_id,p_seller_id,p_current_time);
  UPDATE item SET i_status = 3, i_updated = p_current_time  WHERE i_id = p_item_id AND i_u_id = p_seller_id ;
  UPDATE useracct_item SET ui_ip_id = p_ip_id,     ui_ip_ib_id = r_i.ib_id,     ui_ip_ib_i_id = p_item_id,     ui_ip_ib_u_id = p_seller_id WHERE ui_u_id = r_i.ib_buyer_id AND ui_i_id = p_item_id AND ui_i_u_id = p_seller_id;
  IF NOT FOUND THEN
    INSERT INTO useracct_item(ui_u_id, ui_i_id, ui_i_u_id, ui_ip_id, ui_ip_ib_id, ui_ip_ib_i_id, ui_ip_ib_u_id, ui_created) VALUES (r_i.ib_buyer_id, p_item_id, p_seller_id, p_ip_id, r_i.ib_id, p_item_id, p_seller_id, p_current_time);
  END IF;
  UPDATE useracct SET u_balance = u_balance + (-1 * (r_i.i_current_price) + p_buyer_credit)  WHERE u_id = r_i.ib_buyer_id;
  UPDATE useracct SET u_balance = u_balance + r_i.i_current_price  WHERE u_id = p_seller_id;
END
$$;

-- UpdateItem: the seller changes an open item's description, and may delete or add an attribute.
CREATE OR REPLACE FUNCTION update_item(p_current_time timestamp, p_item_id varchar,
                                       p_seller_id varchar, p_description varchar,
                                       p_delete_attribute boolean, p_ia_id varchar,
                                       p_gag_id varchar, p_gav_id varchar) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_max_ia_id varchar;
BEGIN
  UPDATE item   SET i_description = p_description,        i_updated = p_current_time  WHERE i_id = p_item_id AND i_u_id = p_seller_id ;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Unable to update closed auction';
  END IF;
  IF p_delete_attribute THEN
    DELETE FROM item_attribute WHERE ia_id = p_ia_id AND ia_i_id = p_item_id AND ia_u_id = p_seller_id;
  END IF;
  IF p_gag_id <> '-1' THEN
    SELECT MAX(ia_id) INTO v_max_ia_id FROM item_attribute WHERE ia_i_id = p_item_id AND ia_u_id = p_seller_id;
    RAISE EXCEPTION 'The column index is out of range: 0, number of columns: 1.';
  END IF;
END
$$;
