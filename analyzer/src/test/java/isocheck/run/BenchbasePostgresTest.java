package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The BenchBase transcriptions (benchmarks/programs/benchbase/) load into PostgreSQL unchanged, and
 * every function runs there once with valid arguments, doing what the BenchBase procedure does
 * (issue 13 §3). PostgreSQL: ISOCHECK_TEST_PG (unset: skipped; set but unreachable: failed).
 */
class BenchbasePostgresTest {

    static final Path DIR = Path.of("../benchmarks/programs/benchbase");

    @BeforeAll
    static void serverIsThereWhenConfigured() {
        String url = PostgresRunTest.url();
        if (url == null || url.isBlank()) {
            return;
        }
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(5);
        } catch (SQLException e) {
            fail(
                    PostgresRunTest.ENV
                            + " is set but the server is unreachable: "
                            + Db.redact(url)
                            + ": "
                            + e.getMessage());
        }
    }

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
}
