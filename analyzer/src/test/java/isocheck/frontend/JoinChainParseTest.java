package isocheck.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.program.OrderKey;
import isocheck.program.Stmt;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The join shapes BenchBase writes that issue 13 still refused (branch sql8): a join on two column
 * pairs with ORDER BY … LIMIT into a record (Wikipedia's selectPageRevision), and joins whose
 * tables are read in an order other than FROM's (SEATS' GetCustomerReservation and
 * GetCustomerByFFNumber).
 */
class JoinChainParseTest {

    private static final String SCHEMA =
            """
            CREATE TABLE page (page_id INT PRIMARY KEY, page_latest INT NOT NULL, page_len INT NOT NULL);
            CREATE TABLE revision (rev_id INT PRIMARY KEY, rev_page INT NOT NULL, rev_len INT NOT NULL);
            CREATE TABLE customer (c_id INT PRIMARY KEY, c_balance INT NOT NULL);
            CREATE TABLE flight (f_id INT PRIMARY KEY, f_seats_left INT NOT NULL);
            CREATE TABLE reservation (r_id INT PRIMARY KEY, r_c_id INT NOT NULL, r_f_id INT NOT NULL,
                                      r_price INT NOT NULL);
            CREATE TABLE frequent_flyer (ff_c_id INT, ff_al_id INT, ff_c_id_str VARCHAR(20) NOT NULL,
                                         PRIMARY KEY (ff_c_id, ff_al_id));
            """;

    private static List<Stmt> body(String statements) {
        return ProgramLoader.parse(
                        "j.sql",
                        SCHEMA
                                + "CREATE FUNCTION f(p INT, q INT, s VARCHAR) RETURNS void"
                                + " LANGUAGE plpgsql AS $$\nDECLARE r RECORD;\nBEGIN\n"
                                + statements
                                + "\nEND\n$$;\n")
                .transactions()
                .get(0)
                .body();
    }

    private static String error(String statements) {
        return assertThrows(ProgramError.class, () -> body(statements)).getMessage();
    }

    /** Wikipedia's selectPageRevision: two column pairs, the page's key fixed, LIMIT 1. */
    @Test
    void joinOnTwoColumnPairsWithOrderByLimitIntoARecord() {
        List<Stmt> body =
                body(
                        "  SELECT * INTO r FROM page, revision WHERE page_id = rev_page AND rev_page = p"
                                + " AND page_id = p AND rev_id = page_latest ORDER BY rev_len DESC LIMIT 1;\n"
                                + "  IF NOT FOUND THEN RAISE EXCEPTION 'none'; END IF;\n"
                                + "  UPDATE page SET page_len = r.rev_len WHERE page_id = r.page_id;");
        Stmt.Select page = (Stmt.Select) body.get(0);
        Stmt.Select revision = (Stmt.Select) body.get(1);
        assertEquals("r$page", page.target());
        assertEquals("page_id = :p", page.where().text());
        assertEquals("r", revision.target());
        // both pairs are tested against the one page row the key equality leaves
        assertEquals(
                "rev_page = :p AND rev_page = ANY(:r$page.page_id) AND rev_id ="
                        + " ANY(:r$page.page_latest)",
                revision.where().text());
        assertEquals(List.of(page), revision.joinedFrom());
        // ORDER BY picks the record's row at run time; LIMIT 1 changes neither it nor FOUND
        assertEquals(List.of(new OrderKey("revision.rev_len", true)), revision.orderBy());
        assertEquals(Optional.empty(), revision.limit());
        Stmt.Update u = (Stmt.Update) body.get(body.size() - 1);
        assertEquals("page_id = :r$page.page_id", u.where().text());
        assertEquals(":r.rev_len", u.assignments().get(0).value().text());
    }

    @Test
    void twoColumnPairsWithoutAFixedKeyAndOrderByExpressionsAreRefused() {
        assertTrue(
                error(
                                "  SELECT * INTO r FROM page, revision WHERE page_id = rev_page"
                                        + " AND page_len = p AND rev_id = page_latest;")
                        .contains("unless the earlier table's key is fixed"));
        assertTrue(
                error(
                                "  SELECT * INTO r FROM page, revision WHERE page_id = rev_page"
                                        + " AND page_id = p ORDER BY rev_len + 1 LIMIT 1;")
                        .contains("ORDER BY on a join takes columns"));
        assertTrue(
                error(
                                "  SELECT * INTO r FROM page, revision WHERE page_id = rev_page"
                                        + " AND page_id = p LIMIT 1 OFFSET 1;")
                        .contains("OFFSET/FETCH on a join is not supported"));
    }

    /**
     * SEATS' GetCustomerReservation: FROM customer, flight, reservation with reservation joined to
     * both is read customer, reservation, flight; f_id = ? AND f_id = r_f_id gives reservation
     * r_f_id = ?.
     */
    @Test
    void tablesAreReadInTheOrderTheirEqualitiesChain() {
        List<Stmt> body =
                body(
                        "  SELECT c_balance, f_seats_left, r_id, r_price INTO r FROM customer, flight,"
                                + " reservation WHERE c_id = p AND c_id = r_c_id AND f_id = q AND f_id = r_f_id;\n"
                                + "  UPDATE customer SET c_balance = r.r_price + r.f_seats_left + r.c_balance"
                                + " WHERE c_id = p;");
        Stmt.Select customer = (Stmt.Select) body.get(0);
        Stmt.Select reservation = (Stmt.Select) body.get(1);
        Stmt.Select flight = (Stmt.Select) body.get(2);
        assertEquals("customer", customer.table());
        assertEquals("c_id = :p", customer.where().text());
        assertEquals("reservation", reservation.table());
        assertEquals(
                "r_c_id = :p AND r_f_id = :q AND r_c_id = ANY(:r$customer.c_id)",
                reservation.where().text());
        assertEquals("flight", flight.table());
        assertEquals("r", flight.target());
        assertEquals("f_id = :q AND f_id = ANY(:r$reservation.r_f_id)", flight.where().text());
        assertEquals(List.of(customer, reservation), flight.joinedFrom());
        Stmt.Update u = (Stmt.Update) body.get(3);
        assertEquals(
                "((:r$reservation.r_price + :r.f_seats_left) + :r$customer.c_balance)",
                u.assignments().get(0).value().text());
    }

    /**
     * SEATS' GetCustomerByFFNumber: customer, listed first, has no condition of its own, so
     * frequent_flyer is read first.
     */
    @Test
    void aTableWithoutConditionsOfItsOwnIsNotReadFirst() {
        List<Stmt> body =
                body(
                        "  SELECT c_id, ff_al_id INTO r FROM customer, frequent_flyer WHERE ff_c_id_str = s"
                                + " AND ff_c_id = c_id;\n"
                                + "  UPDATE customer SET c_balance = r.ff_al_id WHERE c_id = r.c_id;");
        Stmt.Select ff = (Stmt.Select) body.get(0);
        Stmt.Select customer = (Stmt.Select) body.get(1);
        assertEquals("frequent_flyer", ff.table());
        assertEquals("ff_c_id_str = :s", ff.where().text());
        assertEquals("customer", customer.table());
        assertEquals("c_id = ANY(:r$frequent_flyer.ff_c_id)", customer.where().text());
    }

    /**
     * AuctionMark NewPurchase's getItemInfo: four tables, several column pairs between item and
     * item_max_bid and between item_max_bid and item_bid; item's key is fixed by its equalities and
     * item_max_bid's by the ones they imply, so each multi-pair link is exact.
     */
    @Test
    void aFourTableJoinOnSeveralColumnPairsIsAChain() {
        List<Stmt> body =
                ProgramLoader.parse(
                                "a.sql",
                                """
                        CREATE TABLE item (i_id INT, i_u_id INT, i_price INT NOT NULL, PRIMARY KEY (i_id, i_u_id));
                        CREATE TABLE item_max_bid (imb_i_id INT, imb_u_id INT, imb_ib_id INT NOT NULL,
                          imb_ib_i_id INT NOT NULL, imb_ib_u_id INT NOT NULL, PRIMARY KEY (imb_i_id, imb_u_id));
                        CREATE TABLE item_bid (ib_id INT, ib_i_id INT, ib_u_id INT, ib_buyer_id INT NOT NULL,
                          PRIMARY KEY (ib_id, ib_i_id, ib_u_id));
                        CREATE TABLE useracct (u_id INT PRIMARY KEY, u_balance INT NOT NULL);
                        CREATE FUNCTION f(p_i INT, p_u INT) RETURNS void LANGUAGE plpgsql AS $$
                        DECLARE r RECORD;
                        BEGIN
                          SELECT i_price, ib_id, ib_buyer_id, u_balance INTO r FROM item, item_max_bid, item_bid, useracct
                           WHERE i_id = p_i AND i_u_id = p_u AND imb_i_id = i_id AND imb_u_id = i_u_id
                             AND imb_ib_id = ib_id AND imb_ib_i_id = ib_i_id AND imb_ib_u_id = ib_u_id
                             AND ib_buyer_id = u_id;
                          IF NOT FOUND THEN RAISE EXCEPTION 'none'; END IF;
                          UPDATE useracct SET u_balance = r.u_balance - r.i_price WHERE u_id = r.ib_buyer_id;
                        END
                        $$;
                        """)
                        .transactions()
                        .get(0)
                        .body();
        List<String> tables =
                body.stream()
                        .filter(x -> x instanceof Stmt.Select)
                        .map(x -> ((Stmt.Select) x).table())
                        .toList();
        assertEquals(List.of("item", "item_max_bid", "item_bid", "useracct"), tables);
        Stmt.Select imb = (Stmt.Select) body.get(1);
        assertEquals(
                "imb_i_id = :p_i AND imb_u_id = :p_u AND imb_i_id = ANY(:r$item.i_id) AND imb_u_id"
                        + " = ANY(:r$item.i_u_id)",
                imb.where().text());
        Stmt.Select last = (Stmt.Select) body.get(3);
        assertEquals("r", last.target());
        assertEquals(3, last.joinedFrom().size());
        assertTrue(
                error(
                                "  SELECT * INTO r FROM page, revision, customer, flight, reservation WHERE"
                                        + " page_id = rev_page AND c_id = rev_id AND f_id = c_id AND r_f_id = f_id;")
                        .contains("more than four tables"));
    }

    @Test
    void joinsThatAreNoChainAreRefused() {
        assertTrue(
                error(
                                "  SELECT c_balance, r_id INTO r FROM customer, flight, reservation"
                                        + " WHERE c_id = p AND c_id = r_c_id AND f_id = r_f_id AND f_id = c_id;")
                        .contains("must form a chain of equalities"),
                "a cycle of joins");
        assertTrue(
                error(
                                "  SELECT c_balance, f_seats_left INTO r FROM customer, flight, reservation"
                                        + " WHERE c_id = p AND c_id = r_c_id;")
                        .contains("flight is not joined to another table"),
                "a cross product");
    }
}
