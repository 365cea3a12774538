package isocheck.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.witness.Witness;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A witness's seed completed to satisfy UNIQUE and FOREIGN KEY (litmus constraints.sql). */
class SeedConstraintsTest {

    private static final Program P = load();

    private static Program load() {
        try {
            return ProgramLoader.load(Path.of("../benchmarks/programs/litmus/constraints.sql"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aRepeatedUniqueValueIsMadeFreshInTheLaterRowOnly() {
        List<Witness.InitialRow> seed =
                List.of(
                        new Witness.InitialRow(
                                "account",
                                Map.of("acc_id", "1"),
                                true,
                                Map.of("owner", "7", "balance", "5")),
                        new Witness.InitialRow(
                                "account",
                                Map.of("acc_id", "2"),
                                true,
                                Map.of("owner", "7", "balance", "5")));
        SeedConstraints.Completed c = SeedConstraints.complete(P, seed);
        assertEquals("7", c.rows().get(0).values().get("owner"));
        assertNotEquals("7", c.rows().get(1).values().get("owner"));
        assertEquals("5", c.rows().get(1).values().get("balance"));
        assertEquals(1, c.notes().size(), c.notes().toString());
    }

    @Test
    void aMissingParentIsAddedAndAnAbsentOneIsNot() {
        Witness.InitialRow child =
                new Witness.InitialRow(
                        "transfer", Map.of("t_id", "3"), true, Map.of("acc", "4", "amount", "1"));
        SeedConstraints.Completed added = SeedConstraints.complete(P, List.of(child));
        assertEquals(2, added.rows().size());
        Witness.InitialRow parent = added.rows().get(1);
        assertEquals("account", parent.table());
        assertEquals(Map.of("acc_id", "4"), parent.key());
        assertTrue(parent.alive());

        Witness.InitialRow absent =
                new Witness.InitialRow("account", Map.of("acc_id", "4"), false, Map.of());
        SeedConstraints.Completed kept = SeedConstraints.complete(P, List.of(child, absent));
        assertEquals(2, kept.rows().size(), "an absent parent stays absent");
        assertTrue(kept.notes().get(0).contains("absent initially"), kept.notes().toString());
    }

    /**
     * An added parent's columns outside its key: NULL where the column allows it, so that no
     * predicate of the cycle's transactions matches a row the model never named, 0 where it is NOT
     * NULL.
     */
    @Test
    void anAddedParentIsNullWhereItsColumnsAllowIt(@org.junit.jupiter.api.io.TempDir Path dir)
            throws java.io.IOException {
        Path file = dir.resolve("items.sql");
        java.nio.file.Files.writeString(
                file,
                "CREATE TABLE item (i_id INT PRIMARY KEY, status INT DEFAULT 0, price INT NOT"
                        + " NULL);\n"
                        + "CREATE TABLE bid (b_id INT PRIMARY KEY, b_item INT NOT NULL REFERENCES"
                        + " item (i_id), b_prev INT REFERENCES bid (b_id));\n"
                        + "CREATE FUNCTION close_all() RETURNS void LANGUAGE plpgsql AS $$\n"
                        + "BEGIN UPDATE item SET status = 1 WHERE status = 0; END $$;\n");
        Program items = ProgramLoader.load(file);
        Witness.InitialRow child =
                new Witness.InitialRow("bid", Map.of("b_id", "1"), true, Map.of("b_item", "5"));
        Witness.InitialRow parent = SeedConstraints.complete(items, List.of(child)).rows().get(1);
        assertEquals(Map.of("i_id", "5"), parent.key());
        assertEquals(Witness.InitialRow.NULL, parent.values().get("status"));
        assertEquals("0", parent.values().get("price"));

        // bid 2 needs item 5 and bid 3; bid 3 (added) needs item 0 (its NOT NULL b_item) and,
        // its b_prev NULL, no other bid: a NULL referencing column references no row
        Witness.InitialRow next =
                new Witness.InitialRow(
                        "bid", Map.of("b_id", "2"), true, Map.of("b_item", "5", "b_prev", "3"));
        List<Witness.InitialRow> rows = SeedConstraints.complete(items, List.of(next)).rows();
        assertEquals(4, rows.size(), rows.toString());
        assertEquals(Map.of("b_id", "3"), rows.get(2).key(), rows.toString());
        assertEquals(Witness.InitialRow.NULL, rows.get(2).values().get("b_prev"), rows.toString());
        assertEquals(Map.of("i_id", "0"), rows.get(3).key(), rows.toString());
    }

    private static Witness.Txn txn(String id, String type, String param) {
        return new Witness.Txn(
                id, type, Map.of("id", param), new isocheck.program.SourcePos("t", 1, 1));
    }

    /**
     * Log's INSERT writes transfer.acc = :id, which REFERENCES account: the account the parameter
     * names is seeded (AuctionMark's item_bid.ib_buyer_id = p_buyer_id aborted on the FOREIGN KEY
     * before), unless the model has it absent or a witness transaction inserts it itself.
     */
    @Test
    void theParentAnInsertReferencesFromAParameterIsSeeded() {
        SeedConstraints.Completed added =
                SeedConstraints.complete(P, List.of(), List.of(txn("T1", "Log", "4")), Map.of());
        assertEquals(1, added.rows().size(), added.notes().toString());
        Witness.InitialRow parent = added.rows().get(0);
        assertEquals("account", parent.table());
        assertEquals(Map.of("acc_id", "4"), parent.key());
        assertTrue(parent.alive());
        assertTrue(
                added.notes().get(0).contains("T1's INSERT INTO transfer"),
                added.notes().toString());

        Witness.InitialRow absent =
                new Witness.InitialRow("account", Map.of("acc_id", "4"), false, Map.of());
        SeedConstraints.Completed kept =
                SeedConstraints.complete(
                        P, List.of(absent), List.of(txn("T1", "Log", "4")), Map.of());
        assertEquals(List.of(absent), kept.rows(), "an absent parent stays absent");

        SeedConstraints.Completed inserted =
                SeedConstraints.complete(
                        P,
                        List.of(),
                        List.of(txn("T1", "Log", "4"), txn("T2", "Open", "4")),
                        Map.of());
        assertEquals(List.of(), inserted.rows(), "T2 inserts account 4 itself");

        SeedConstraints.Completed other =
                SeedConstraints.complete(
                        P,
                        List.of(),
                        List.of(txn("T1", "Log", "4"), txn("T2", "Open", "5")),
                        Map.of());
        assertEquals(1, other.rows().size(), other.notes().toString());
        assertEquals(Map.of("acc_id", "4"), other.rows().get(0).key());
    }

    /**
     * perform-then-join.sql's Outbid sets best_bid.bid_id = :p_bid, which REFERENCES bid: the bid
     * the parameter names is seeded (its replay's UPDATE aborted on the FOREIGN KEY before), not
     * the item the UPDATE's WHERE names (a WHERE column is no reference).
     */
    @Test
    void theParentAnUpdateSetsFromAParameterIsSeeded() throws java.io.IOException {
        Program p =
                ProgramLoader.load(Path.of("../benchmarks/programs/litmus/perform-then-join.sql"));
        Witness.Txn outbid =
                new Witness.Txn(
                        "T2",
                        "outbid",
                        Map.of("p_item", "8", "p_bid", "3", "p_amount", "1"),
                        new isocheck.program.SourcePos("t", 1, 1));
        SeedConstraints.Completed added =
                SeedConstraints.complete(p, List.of(), List.of(outbid), Map.of());
        assertEquals(1, added.rows().size(), added.notes().toString());
        assertEquals("bid", added.rows().get(0).table());
        assertEquals(Map.of("b_id", "3"), added.rows().get(0).key());
        assertTrue(
                added.notes().get(0).contains("T2's UPDATE of best_bid"), added.notes().toString());
    }
}
