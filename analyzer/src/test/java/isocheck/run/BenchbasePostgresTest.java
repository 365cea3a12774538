package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The BenchBase transcriptions (benchmarks/programs/benchbase/) load into PostgreSQL unchanged, and
 * every function runs there once with valid arguments, doing what the BenchBase procedure does
 * (issue 13 §3). PostgreSQL: ISOCHECK_TEST_PG (unset: skipped; set but unreachable: failed).
 */
@ExtendWith(PostgresConfigured.class)
class BenchbasePostgresTest {

    static final Path DIR = Path.of("../benchmarks/programs/benchbase");

    /**
     * Runs {@code body} on a fresh schema (first on the search path) holding the loaded file, then
     * drops it.
     */
    private static void withFile(String file, SqlBody body) throws Exception {
        String url = PostgresRunTest.url();
        Assumptions.assumeTrue(
                url != null && !url.isBlank(),
                PostgresRunTest.ENV + " is not set: PostgreSQL test skipped");
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            String schema = "benchbase_" + Long.toHexString(System.nanoTime());
            s.execute("CREATE SCHEMA " + schema);
            s.execute("SET search_path TO " + schema);
            try {
                s.execute(Files.readString(DIR.resolve(file)));
                body.run(s);
            } finally {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    private interface SqlBody {
        void run(Statement s) throws Exception;
    }

    private static long scalar(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getLong(1);
        }
    }

    private static String text(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }

    /** The SQLSTATE of a call that must fail (P0001: RAISE EXCEPTION). */
    private static String state(Statement s, String sql) {
        return assertThrows(SQLException.class, () -> s.execute(sql), sql).getSQLState();
    }

    @Test
    void smallBank() throws Exception {
        withFile(
                "smallbank.sql",
                s -> {
                    s.execute("INSERT INTO accounts VALUES (1, 'ann'), (2, 'bob')");
                    s.execute("INSERT INTO savings VALUES (1, 100), (2, 50)");
                    s.execute("INSERT INTO checking VALUES (1, 10), (2, 20)");
                    assertEquals(110, scalar(s, "SELECT balance('ann')"));
                    s.execute("SELECT deposit_checking('ann', 5)");
                    assertEquals(15, scalar(s, "SELECT bal FROM checking WHERE custid = 1"));
                    s.execute("SELECT send_payment(1, 2, 5)");
                    assertEquals(10, scalar(s, "SELECT bal FROM checking WHERE custid = 1"));
                    assertEquals(
                            "P0001",
                            state(s, "SELECT send_payment(1, 2, 500)")); // insufficient funds
                    s.execute("SELECT transact_savings('bob', 20)");
                    assertEquals(30, scalar(s, "SELECT bal FROM savings WHERE custid = 2"));
                    assertEquals(
                            "P0001",
                            state(s, "SELECT transact_savings('bob', 31)")); // negative balance
                    s.execute("SELECT write_check('ann', 500)"); // overdraft: BenchBase subtracts
                    // amount - 1
                    assertEquals(10 - 499, scalar(s, "SELECT bal FROM checking WHERE custid = 1"));
                    s.execute("SELECT amalgamate(2, 1)"); // 2's checking zeroed, 1's savings minus
                    // (1's checking + 2's savings)
                    assertEquals(0, scalar(s, "SELECT bal FROM checking WHERE custid = 2"));
                    assertEquals(
                            100 - (10 - 499 + 30),
                            scalar(s, "SELECT bal FROM savings WHERE custid = 1"));
                    assertEquals("P0001", state(s, "SELECT balance('nobody')"));
                });
    }

    @Test
    void tpcc() throws Exception {
        withFile(
                "tpcc.sql",
                s -> {
                    s.execute(
                            "INSERT INTO warehouse VALUES (1, 0, 0.1, 'w1', 's', 's', 'c', 'st', 'z')");
                    s.execute(
                            "INSERT INTO item VALUES (1, 'i1', 2.50, 'd', 1), (2, 'i2', 3.00, 'd', 1)");
                    s.execute(
                            "INSERT INTO stock VALUES (1, 1, 50, 0, 0, 0, 'd', 'a','b','c','d','e','f','g','h','i','j'),"
                                    + " (1, 2, 12, 0, 0, 0, 'd', 'a','b','c','d','e','f','g','h','i','j')");
                    s.execute(
                            "INSERT INTO district VALUES (1, 1, 0, 0.1, 3001, 'd1', 's', 's', 'c', 'st', 'z')");
                    s.execute(
                            "INSERT INTO customer (c_w_id, c_d_id, c_id, c_discount, c_credit, c_last, c_first, c_credit_lim, c_balance,"
                                    + " c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_middle, c_data)"
                                    + " VALUES (1, 1, 1, 0.1, 'GC', 'BAR', 'A', 50000, -10, 10, 1, 0, 's', 's', 'c', 'st', 'z', 'p', 'OE', 'data'),"
                                    + " (1, 1, 2, 0.1, 'BC', 'BAR', 'B', 50000, -10, 10, 1, 0, 's', 's', 'c', 'st', 'z', 'p', 'OE', 'data'),"
                                    + " (1, 1, 3, 0.1, 'BC', 'FOO', 'C', 50000, -10, 10, 1, 0, 's', 's', 'c', 'st', 'z', 'p', 'OE', 'data')");
                    s.execute("SELECT new_order(1, 1, 1, 2, 1, ARRAY[1, 2], 1, 5)");
                    assertEquals(3002, scalar(s, "SELECT d_next_o_id FROM district"));
                    assertEquals(
                            2, scalar(s, "SELECT COUNT(*) FROM order_line WHERE ol_o_id = 3001"));
                    assertEquals(45, scalar(s, "SELECT s_quantity FROM stock WHERE s_i_id = 1"));
                    assertEquals(
                            12 - 5 + 91,
                            scalar(
                                    s,
                                    "SELECT s_quantity FROM stock WHERE s_i_id = 2")); // below 10:
                    // restocked
                    assertEquals(
                            "P0001",
                            state(
                                    s,
                                    "SELECT new_order(1, 1, 1, 1, 1, ARRAY[99], 1, 5)")); // unknown
                    // item:
                    // rollback
                    assertEquals(3002, scalar(s, "SELECT d_next_o_id FROM district"));
                    s.execute(
                            "SELECT payment(1, 1, 1, 1, 12.5, 30, 'BAR', 0)"); // by name: two BARs,
                    // the first (A) is
                    // the middle one
                    assertEquals(2, scalar(s, "SELECT c_payment_cnt FROM customer WHERE c_id = 1"));
                    s.execute("SELECT payment(1, 1, 1, 1, 12.5, 90, '', 3)"); // by id, bad credit
                    assertEquals(2, scalar(s, "SELECT c_payment_cnt FROM customer WHERE c_id = 3"));
                    assertEquals(2, scalar(s, "SELECT COUNT(*) FROM history"));
                    s.execute("SELECT order_status(1, 1, 30, 'BAR', 0)");
                    s.execute("SELECT order_status(1, 1, 90, '', 1)");
                    assertEquals(
                            0,
                            scalar(
                                    s,
                                    "SELECT stock_level(1, 1, 15)")); // both items' stock is above
                    // 15 now
                    s.execute("SELECT delivery(1, 7, ARRAY[1, 2])");
                    assertEquals(7, scalar(s, "SELECT o_carrier_id FROM oorder WHERE o_id = 3001"));
                    assertEquals(0, scalar(s, "SELECT COUNT(*) FROM new_order"));
                    assertEquals(
                            1, scalar(s, "SELECT c_delivery_cnt FROM customer WHERE c_id = 1"));
                });
    }

    @Test
    void voter() throws Exception {
        withFile(
                "voter.sql",
                s -> {
                    s.execute("INSERT INTO contestants VALUES (1, 'a')");
                    s.execute("INSERT INTO area_code_state VALUES (415, 'CA')");
                    assertEquals(0, scalar(s, "SELECT vote(1, 4155550000, 1, 2)"));
                    assertEquals(0, scalar(s, "SELECT vote(2, 4155550000, 1, 2)"));
                    assertEquals(
                            2, scalar(s, "SELECT vote(3, 4155550000, 1, 2)")); // over the limit
                    assertEquals(1, scalar(s, "SELECT vote(4, 1, 7, 2)")); // no such contestant
                    assertEquals(0, scalar(s, "SELECT vote(5, 9995550000, 1, 2)"));
                    assertEquals("XX", text(s, "SELECT state FROM votes WHERE vote_id = 5"));
                    assertEquals(3, scalar(s, "SELECT COUNT(*) FROM votes"));
                    assertEquals(
                            2,
                            scalar(
                                    s,
                                    "SELECT num_votes FROM v_votes_by_phone_number WHERE phone_number = 4155550000"));
                });
    }

    @Test
    void tatp() throws Exception {
        withFile(
                "tatp.sql",
                s -> {
                    s.execute("INSERT INTO subscriber (s_id, sub_nbr) VALUES (1, '001')");
                    s.execute("INSERT INTO special_facility VALUES (1, 1, 1, 0, 0, 'x')");
                    s.execute("INSERT INTO access_info VALUES (1, 1, 0, 0, 'a', 'b')");
                    assertEquals(
                            1,
                            scalar(
                                    s,
                                    "SELECT insert_call_forwarding('001', 1::smallint, 0::smallint, 8::smallint, '555')"));
                    assertEquals(
                            "23505",
                            state(
                                    s,
                                    "SELECT insert_call_forwarding('001', 1::smallint, 0::smallint, 8::smallint, '555')"));
                    s.execute(
                            "SELECT get_access_data(1, 1::smallint), get_new_destination(1, 1::smallint, 0::smallint, 4::smallint),"
                                    + " get_subscriber_data(1)");
                    assertEquals(1, scalar(s, "SELECT update_location(7, '001')"));
                    assertEquals(7, scalar(s, "SELECT vlr_location FROM subscriber"));
                    assertEquals(
                            1,
                            scalar(
                                    s,
                                    "SELECT delete_call_forwarding('001', 1::smallint, 0::smallint)"));
                    assertEquals(
                            "P0001",
                            state(
                                    s,
                                    "SELECT delete_call_forwarding('001', 1::smallint, 0::smallint)"));
                    assertEquals(
                            0,
                            scalar(
                                    s,
                                    "SELECT update_subscriber_data(1, 1::smallint, 2::smallint, 2::smallint)"));
                    assertEquals(
                            "P0001",
                            state(
                                    s,
                                    "SELECT update_subscriber_data(1, 1::smallint, 2::smallint, 1::smallint)"));
                });
    }

    @Test
    void twitter() throws Exception {
        withFile(
                "twitter.sql",
                s -> {
                    s.execute("INSERT INTO user_profiles (uid, name) VALUES (1, 'a'), (2, 'b')");
                    s.execute("INSERT INTO followers VALUES (1, 2)");
                    s.execute("INSERT INTO follows VALUES (1, 2)");
                    s.execute("INSERT INTO tweets VALUES (1, 2, 'hi', now())");
                    s.execute(
                            "SELECT get_followers(1), get_tweet(1), get_tweets_from_following(1), get_user_tweets(2)");
                    s.execute("SELECT insert_tweet(1, 'yo')");
                    assertEquals(1, scalar(s, "SELECT uid FROM added_tweets WHERE id = 1"));
                    // the serial id: the next call gets the next value
                    s.execute("SELECT insert_tweet(2, 'yo')");
                    assertEquals(2, scalar(s, "SELECT uid FROM added_tweets WHERE id = 2"));
                });
    }

    @Test
    void resourcestresser() throws Exception {
        withFile(
                "resourcestresser.sql",
                s -> {
                    s.execute(
                            "INSERT INTO cputable SELECT i, 'p' || i FROM generate_series(0, 149) i");
                    s.execute(
                            "INSERT INTO iotable SELECT i, 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'"
                                    + " FROM generate_series(1, 30) i");
                    s.execute(
                            "INSERT INTO iotablesmallrow SELECT i, 0 FROM generate_series(1, 30) i");
                    s.execute("INSERT INTO locktable SELECT i, 0 FROM generate_series(1, 30) i");
                    assertEquals(100, scalar(s, "SELECT cpu1()"));
                    assertEquals(100, scalar(s, "SELECT cpu2()"));
                    s.execute("SELECT contention1(ARRAY[3, 5], 7)");
                    assertEquals(2, scalar(s, "SELECT count(*) FROM locktable WHERE salary = 7"));
                    s.execute("SELECT contention2(ARRAY[10, 20], 4, 8)");
                    assertEquals(8, scalar(s, "SELECT count(*) FROM locktable WHERE salary = 8"));
                    s.execute("SELECT io1(ARRAY[1], 10, 'z')");
                    assertEquals(
                            10,
                            scalar(
                                    s,
                                    "SELECT count(*) FROM iotable WHERE data1 = 'z' AND data16 = 'z'"));
                    s.execute("SELECT io2(ARRAY[1, 2, 2], 9)");
                    assertEquals(
                            2, scalar(s, "SELECT count(*) FROM iotablesmallrow WHERE flag1 = 9"));
                });
    }

    @Test
    void epinions() throws Exception {
        withFile(
                "epinions.sql",
                s -> {
                    s.execute("INSERT INTO useracct VALUES (1, 'a', 'e'), (2, 'b', 'e')");
                    s.execute("INSERT INTO item VALUES (1, 't')");
                    s.execute("INSERT INTO review VALUES (1, 1, 1, 3, 1, 'c', now())");
                    s.execute("INSERT INTO trust VALUES (2, 1, 1)");
                    s.execute(
                            "SELECT get_average_rating_by_trusted_user(1, 2), get_item_average_rating(1), get_item_reviews_by_trusted_user(1, 2),"
                                    + " get_review_item_by_id(1), get_reviews_by_user(1)");
                    s.execute(
                            "SELECT update_item_title(1, 'x'), update_review_rating(1, 1, 5), update_trust_rating(2, 1, 0), update_user_name(1, 'z')");
                    assertEquals("x", text(s, "SELECT title FROM item"));
                    assertEquals(5, scalar(s, "SELECT rating FROM review"));
                    assertEquals(0, scalar(s, "SELECT trust FROM trust"));
                    assertEquals("z", text(s, "SELECT name FROM useracct WHERE u_id = 1"));
                });
    }

    @Test
    void wikipedia() throws Exception {
        withFile(
                "wikipedia.sql",
                s -> {
                    // user_touched, user_token, page_touched and rev_timestamp given: their DDL
                    // defaults ('\0' × 14 in a standard string, 28 characters) overflow varchar(14)
                    s.execute(
                            "INSERT INTO useracct (user_id, user_name, user_password, user_newpassword, user_email,"
                                    + " user_options, user_touched, user_token, user_editcount)"
                                    + " VALUES (1, 'alice', 'p', 'p', 'e', 'o', '0', '0', 0), (2, 'bob', 'p', 'p', 'e', 'o', '0', '0', 0)");
                    s.execute("INSERT INTO user_groups VALUES (1, 'sysop')");
                    s.execute(
                            "INSERT INTO text (old_id, old_text, old_flags, old_page) VALUES (10, 'hello', 'utf-8', 100)");
                    s.execute(
                            "INSERT INTO page (page_id, page_namespace, page_title, page_restrictions, page_random,"
                                    + " page_touched, page_latest, page_len) VALUES (100, 0, 'Main', '', 0.5, '0', 20, 5)");
                    s.execute(
                            "INSERT INTO revision (rev_id, rev_page, rev_text_id, rev_comment, rev_user, rev_timestamp)"
                                    + " VALUES (20, 100, 10, 'c', 1, '0')");
                    s.execute("SELECT setval('text_old_id_seq', 1000)");
                    s.execute("SELECT setval('revision_rev_id_seq', 1000)");
                    s.execute("SELECT add_watch_list(2, 0, 'Main', '20261126000000')");
                    // a regular page (namespace 0) also puts its talk page (namespace 1) on the
                    // list
                    assertEquals(2, scalar(s, "SELECT count(*) FROM watchlist WHERE wl_user = 2"));
                    s.execute(
                            "SELECT get_page_anonymous(true, '1.2.3.4', 0, 'Main'),"
                                    + " get_page_authenticated(true, '1.2.3.4', 1, 0, 'Main')");
                    SQLException missing =
                            assertThrows(
                                    SQLException.class,
                                    () ->
                                            s.execute(
                                                    "SELECT get_page_anonymous(true, 'ip', 0, 'Nope')"));
                    assertTrue(missing.getMessage().contains("Invalid Page"), missing.getMessage());
                    s.execute(
                            "SELECT update_page(10, 100, 'Main', 'hello2', 0, 1, '1.2.3.4', 'alice', 20, 'edit', 0,"
                                    + " 6, '20261126000001', '1001 20 1')");
                    // the new revision (from the serial) is the page's latest; bob is notified
                    assertEquals(1001, scalar(s, "SELECT page_latest FROM page"));
                    assertEquals(
                            "20261126000001",
                            text(
                                    s,
                                    "SELECT wl_notificationtimestamp FROM watchlist WHERE wl_namespace = 0"));
                    assertEquals(
                            1, scalar(s, "SELECT user_editcount FROM useracct WHERE user_id = 1"));
                    assertEquals(1, scalar(s, "SELECT count(*) FROM logging"));
                    assertEquals(1, scalar(s, "SELECT count(*) FROM recentchanges"));
                    s.execute("SELECT remove_watch_list(2, 0, 'Main', '20261126000002')");
                    assertEquals(0, scalar(s, "SELECT count(*) FROM watchlist"));
                });
    }

    @Test
    void seats() throws Exception {
        withFile(
                "seats.sql",
                s -> {
                    s.execute("INSERT INTO country VALUES (1, 'C', 'CC', 'CCC')");
                    s.execute(
                            "INSERT INTO airport (ap_id, ap_code, ap_name, ap_city, ap_co_id)"
                                    + " VALUES (1, 'AAA', 'A', 'a', 1), (2, 'BBB', 'B', 'b', 1)");
                    s.execute("INSERT INTO airport_distance VALUES (1, 2, 100)");
                    s.execute(
                            "INSERT INTO airline (al_id, al_name, al_co_id) VALUES (7, 'Air', 1)");
                    s.execute(
                            "INSERT INTO customer (c_id, c_id_str, c_base_ap_id, c_balance, c_iattr00, c_iattr10, c_iattr11)"
                                    + " VALUES ('c1', 's1', 1, 1000, 0, 0, 0)");
                    s.execute(
                            "INSERT INTO frequent_flyer (ff_c_id, ff_al_id, ff_c_id_str, ff_iattr10) VALUES ('c1', 7, 's1', 0)");
                    s.execute(
                            "INSERT INTO flight (f_id, f_al_id, f_depart_ap_id, f_depart_time, f_arrive_ap_id, f_arrive_time,"
                                    + " f_status, f_base_price, f_seats_total, f_seats_left)"
                                    + " VALUES ('f1', 7, 1, '2026-11-27', 2, '2026-11-27', 0, 100, 150, 150)");
                    s.execute(
                            "SELECT find_flights(1, 2, '2026-11-26', '2026-11-28', 200), find_open_seats('f1')");
                    s.execute(
                            "SELECT new_reservation(1, 'c1', 'f1', 5, 120, 0, 1, 2, 3, 4, 5, 6, 7, 8)");
                    assertEquals(149, scalar(s, "SELECT f_seats_left FROM flight"));
                    assertEquals(5, scalar(s, "SELECT r_seat FROM reservation"));
                    assertEquals(4, scalar(s, "SELECT ff_iattr11 FROM frequent_flyer"));
                    // the seat is taken now: a second reservation of it returns without writing
                    s.execute(
                            "SELECT new_reservation(2, 'c1', 'f1', 5, 120, 0, 1, 2, 3, 4, 5, 6, 7, 8)");
                    assertEquals(1, scalar(s, "SELECT count(*) FROM reservation"));
                    s.execute("SELECT update_reservation(1, 'f1', 'c1', 6, 2, 42)");
                    assertEquals(
                            42, scalar(s, "SELECT r_iattr02 FROM reservation WHERE r_seat = 6"));
                    SQLException index =
                            assertThrows(
                                    SQLException.class,
                                    () ->
                                            s.execute(
                                                    "SELECT update_reservation(1, 'f1', 'c1', 7, 4, 42)"));
                    assertTrue(index.getMessage().contains("out of bounds"), index.getMessage());
                    // BenchBase's null arguments are NULL (seats.sql tests them with IS NULL)
                    s.execute("SELECT update_customer(NULL, 's1', 1, 11, 12)");
                    assertEquals(12, scalar(s, "SELECT ff_iattr01 FROM frequent_flyer"));
                    assertEquals(11, scalar(s, "SELECT c_iattr00 FROM customer"));
                    // by frequent-flyer number: the airline id comes from the frequent_flyer row
                    s.execute("SELECT delete_reservation('f1', NULL, NULL, 's1', NULL)");
                    assertEquals(0, scalar(s, "SELECT count(*) FROM reservation"));
                    assertEquals(150, scalar(s, "SELECT f_seats_left FROM flight"));
                    assertEquals(880, scalar(s, "SELECT c_balance FROM customer"));
                    assertEquals(0, scalar(s, "SELECT ff_iattr10 FROM frequent_flyer"));
                });
    }

    @Test
    void auctionmark() throws Exception {
        withFile(
                "auctionmark.sql",
                s -> {
                    s.execute("INSERT INTO region VALUES (1, 'r')");
                    s.execute(
                            "INSERT INTO useracct (u_id, u_rating, u_balance, u_comments, u_r_id)"
                                    + " VALUES ('s', 0, 100, 0, 1), ('b1', 0, 100, 0, 1), ('b2', 0, 100, 0, 1)");
                    s.execute("INSERT INTO category VALUES (1, 'cat', NULL), (2, 'sub', 1)");
                    s.execute("INSERT INTO global_attribute_group VALUES ('g', 1, 'G')");
                    s.execute("INSERT INTO global_attribute_value VALUES ('v', 'g', 'V')");
                    s.execute(
                            "SELECT new_item('2026-11-26 10:00', 'i1', 's', 1, 'n', 'd', '2026-11-27 10:00', 10, 'a',"
                                    + " ARRAY['ia0', 'ia1'], 'g', 'v', ARRAY['ii0'], 'img', 2, 1)");
                    assertEquals(2, scalar(s, "SELECT count(*) FROM item_attribute"));
                    assertEquals(99, scalar(s, "SELECT u_balance FROM useracct WHERE u_id = 's'"));
                    s.execute(
                            "SELECT get_item('i1', 's'), get_user_info('s', true, true, true, true, true)");
                    // first bid, a bid that takes the lead, a bid that only raises the leader's
                    // price
                    s.execute(
                            "SELECT new_bid('2026-11-26 11:00', 'i1', 's', 'b1', 20, '2026-11-27')");
                    s.execute(
                            "SELECT new_bid('2026-11-26 12:00', 'i1', 's', 'b2', 40, '2026-11-27')");
                    s.execute(
                            "SELECT new_bid('2026-11-26 12:30', 'i1', 's', 'b1', 30, '2026-11-27')");
                    assertEquals(3, scalar(s, "SELECT i_num_bids FROM item WHERE i_id = 'i1'"));
                    assertEquals(1, scalar(s, "SELECT imb_ib_id FROM item_max_bid"));
                    assertEquals(
                            "30.25",
                            text(s, "SELECT i_current_price::text FROM item WHERE i_id = 'i1'"));
                    s.execute("SELECT new_comment('2026-11-26 13:00', 'i1', 's', 'b1', 'q?')");
                    s.execute(
                            "SELECT new_comment_response('2026-11-26 14:00', 'i1', 's', 1, 'a!')");
                    assertEquals("a!", text(s, "SELECT ic_response FROM item_comment"));
                    s.execute(
                            "SELECT new_feedback('2026-11-26 15:00', 's', 'i1', 's', 'b1', 1, 'ok')");
                    assertEquals(1, scalar(s, "SELECT u_rating FROM useracct WHERE u_id = 's'"));
                    SQLException twice =
                            assertThrows(
                                    SQLException.class,
                                    () ->
                                            s.execute(
                                                    "SELECT new_feedback('2026-11-26 15:00', 's', 'i1', 's', 'b1', 1, 'ok')"));
                    assertTrue(twice.getMessage().contains("twice"), twice.getMessage());
                    s.execute(
                            "SELECT update_item('2026-11-26 16:00', 'i1', 's', 'd2', true, 'ia0', '-1', '')");
                    assertEquals(1, scalar(s, "SELECT count(*) FROM item_attribute"));
                    // CloseAuctions skips the first due item (BenchBase's `adv = next()`): i0 stays
                    // open
                    s.execute(
                            "SELECT new_item('2026-11-26 10:00', 'i0', 's', 1, 'n', 'd', '2026-11-27 10:00', 10, 'a',"
                                    + " ARRAY[]::varchar[], 'g', 'v', ARRAY[]::varchar[], 'img', 0, 0)");
                    s.execute(
                            "SELECT close_auctions('2026-11-28 00:00', '2026-11-26 00:00', '2026-11-26 23:00')");
                    assertEquals(0, scalar(s, "SELECT i_status FROM item WHERE i_id = 'i0'"));
                    assertEquals(2, scalar(s, "SELECT i_status FROM item WHERE i_id = 'i1'"));
                    assertEquals("b2", text(s, "SELECT ui_u_id FROM useracct_item"));
                    s.execute("SELECT new_purchase('2026-11-28 01:00', 'i1', 's', 7, 100)");
                    assertEquals(3, scalar(s, "SELECT i_status FROM item WHERE i_id = 'i1'"));
                    assertEquals(7, scalar(s, "SELECT ui_ip_id FROM useracct_item"));
                    assertEquals(
                            "169.75",
                            text(s, "SELECT u_balance::text FROM useracct WHERE u_id = 'b2'"));
                });
    }
}
