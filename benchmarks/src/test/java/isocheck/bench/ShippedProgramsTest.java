package isocheck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Cond;
import isocheck.program.FactExtractor;
import isocheck.program.Program;
import isocheck.program.StatementFacts;
import isocheck.program.TransactionFacts;
import isocheck.report.ParseReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The benchmark programs under benchmarks/programs: all parse, bank is golden, TPC-C has the
 * paper's shape.
 */
class ShippedProgramsTest {

    /**
     * Tests run in the module directory; programs are named relative to the repository root, as in
     * the README.
     */
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    static Program load(String relative) throws IOException {
        return ProgramLoader.parse(relative, Files.readString(ROOT.resolve(relative)));
    }

    @TestFactory
    Stream<DynamicTest> everyShippedProgramParses() throws IOException {
        List<Path> programs;
        try (Stream<Path> files = Files.walk(ROOT.resolve("benchmarks/programs"))) {
            programs = files.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
        }
        assertTrue(
                programs.size() >= 12,
                "bank, tpcc, tpcc-batch-delivery, courseware, smallbank and 7 litmus programs: "
                        + programs);
        // benchmarks/programs/rejected/ holds the README's examples of refused programs: each must
        // be
        // refused with a file:line:col message, every other shipped program must load
        return programs.stream()
                .map(
                        p ->
                                DynamicTest.dynamicTest(
                                        ROOT.relativize(p).toString(),
                                        () -> {
                                            String name = ROOT.relativize(p).toString();
                                            if (name.startsWith("benchmarks/programs/rejected/")) {
                                                isocheck.frontend.ProgramError e =
                                                        org.junit.jupiter.api.Assertions
                                                                .assertThrows(
                                                                        isocheck.frontend
                                                                                .ProgramError.class,
                                                                        () -> load(name));
                                                assertTrue(
                                                        e.getMessage()
                                                                .matches(
                                                                        "\\Q"
                                                                                + name
                                                                                + "\\E:\\d+:\\d+: .+"),
                                                        e.getMessage());
                                                return;
                                            }
                                            Program program = load(name);
                                            assertFalse(program.transactions().isEmpty());
                                            if (name.equals(
                                                    "benchmarks/programs/benchbase/twitter.sql")) {
                                                // its SERIAL key is a sequence draw (issue 13):
                                                // InsertTweet's id is a fresh hidden parameter
                                                assertTrue(
                                                        program
                                                                .transaction("insert_tweet")
                                                                .orElseThrow()
                                                                .parameters()
                                                                .stream()
                                                                .anyMatch(
                                                                        v ->
                                                                                v.name()
                                                                                        .startsWith(
                                                                                                "nextval$added_tweets_id_seq$")),
                                                        program.toString());
                                            }
                                        }));
    }

    @Test
    void litmusHasOneProgramPerClassicAnomaly() {
        for (String name :
                List.of(
                        "lost-update",
                        "write-skew",
                        "read-skew",
                        "long-fork",
                        "fractured-read",
                        "causality-violation",
                        "duplicate-insert")) {
            assertTrue(
                    Files.isRegularFile(
                            ROOT.resolve("benchmarks/programs/litmus/" + name + ".sql")),
                    name);
        }
    }

    @Test
    void bankParseOutputIsGolden() throws IOException {
        Program bank = load("benchmarks/programs/bank.sql");
        String expected = Files.readString(Path.of("src/test/resources/golden/bank.parse.txt"));
        assertEquals(expected, ParseReport.text(bank, FactExtractor.of(bank)));
    }

    @Test
    void tpccHasNineTablesAndTheFiveTransactions() throws IOException {
        Program tpcc = load("benchmarks/programs/tpcc.sql");
        assertEquals(
                List.of(
                        "warehouse",
                        "district",
                        "customer",
                        "history",
                        "new_order",
                        "orders",
                        "order_line",
                        "item",
                        "stock"),
                tpcc.schema().tables().stream().map(t -> t.name()).toList());
        assertEquals(
                List.of("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel"),
                tpcc.transactions().stream().map(t -> t.name()).toList());
        Map<String, TransactionFacts> txns =
                FactExtractor.of(tpcc).stream()
                        .collect(
                                Collectors.toMap(t -> t.transaction().name(), Function.identity()));
        assertTrue(txns.get("OrderStatus").isReadOnly());
        assertTrue(txns.get("StockLevel").isReadOnly());
        assertFalse(txns.get("NewOrder").isReadOnly());
        assertFalse(txns.get("Payment").isReadOnly());
        assertFalse(txns.get("Delivery").isReadOnly());
    }

    @Test
    void newOrderUpdatesStockInsideItsLoopUnderTheSupplyWarehouseGuard() throws IOException {
        TransactionFacts newOrder = facts("NewOrder");
        StatementFacts districtUpdate = only(newOrder, "UPDATE", "district");
        assertEquals(List.of("d_next_o_id"), List.copyOf(districtUpdate.writes()));
        assertTrue(districtUpdate.reads().contains("d_next_o_id"), "d_next_o_id + 1 reads it");
        assertTrue(districtUpdate.loops().isEmpty());
        List<StatementFacts> stockUpdates = all(newOrder, "UPDATE", "stock");
        assertEquals(2, stockUpdates.size());
        for (StatementFacts s : stockUpdates) {
            assertEquals(List.of("ol"), s.loops().stream().map(l -> l.variable()).toList());
            assertTrue(s.pinsWholeKey());
            assertEquals(":ol.ol_i_id", s.keyPins().get("s_i_id").text());
            assertTrue(s.writes().containsAll(List.of("s_quantity", "s_ytd", "s_order_cnt")));
        }
        assertTrue(
                guard(stockUpdates.get(0)).endsWith(":ol.ol_supply_w_id = :w_id"),
                guard(stockUpdates.get(0)));
        assertTrue(
                guard(stockUpdates.get(1)).endsWith("(:ol.ol_supply_w_id = :w_id) IS NOT TRUE"),
                guard(stockUpdates.get(1)));
        assertTrue(stockUpdates.get(1).writes().contains("s_remote_cnt"));
        for (String table : List.of("orders", "new_order", "order_line")) {
            StatementFacts insert = only(newOrder, "INSERT", table);
            assertTrue(insert.writes().contains(StatementFacts.ALIVE));
            assertTrue(insert.pinsWholeKey());
        }
        assertEquals(1, only(newOrder, "INSERT", "order_line").loops().size());
    }

    @Test
    void paymentChoosesTheCustomerByIdOrByLastName() throws IOException {
        TransactionFacts payment = facts("Payment");
        List<StatementFacts> customerReads = all(payment, "SELECT", "customer");
        StatementFacts byName = customerReads.get(0);
        assertEquals(":by_name = 1", guard(byName));
        assertFalse(
                byName.pinsWholeKey(), "by last name: the key is not pinned, CHOOSE picks the row");
        assertTrue(byName.reads().contains("c_last"));
        assertEquals("(:by_name = 1) IS NOT TRUE", guard(customerReads.get(1)));
        assertTrue(customerReads.get(1).pinsWholeKey());
        assertTrue(only(payment, "UPDATE", "warehouse").writes().contains("w_ytd"));
        assertTrue(only(payment, "UPDATE", "district").writes().contains("d_ytd"));
        assertTrue(
                all(payment, "UPDATE", "customer").stream()
                        .anyMatch(s -> s.writes().contains("c_balance")));
        assertTrue(
                all(payment, "UPDATE", "customer").stream()
                        .anyMatch(s -> s.writes().contains("c_data") && guard(s).contains("'BC'")));
        assertTrue(only(payment, "INSERT", "history").pinsWholeKey());
    }

    /**
     * Delivery is one database transaction per district (TPC-C §2.7.4.1 allows one to ten per
     * warehouse).
     */
    @Test
    void deliveryTakesTheOldestNewOrderOfItsDistrict() throws IOException {
        TransactionFacts delivery = facts("Delivery");
        assertEquals(
                List.of("w_id", "d_id", "carrier_id", "delivery_d"),
                delivery.transaction().parameters().stream().map(v -> v.name()).toList());
        StatementFacts oldest = all(delivery, "SELECT", "new_order").get(0);
        assertTrue(
                ((isocheck.program.Stmt.Select) oldest.statement())
                        .aggregate()
                        .orElseThrow()
                        .text()
                        .startsWith("MIN("));
        StatementFacts delete = only(delivery, "DELETE", "new_order");
        assertEquals(List.of(StatementFacts.ALIVE), List.copyOf(delete.writes()));
        assertTrue(delete.loops().isEmpty(), "one district, no loop over districts");
        assertTrue(delete.pinsWholeKey());
        assertTrue(all(delivery, "UPDATE", "orders").get(0).writes().contains("o_carrier_id"));
        assertTrue(all(delivery, "UPDATE", "order_line").get(0).writes().contains("ol_delivery_d"));
        assertTrue(
                all(delivery, "UPDATE", "customer")
                        .get(0)
                        .writes()
                        .containsAll(List.of("c_balance", "c_delivery_cnt")));
    }

    /**
     * tpcc-batch-delivery.sql is tpcc.sql with Delivery as one transaction for every district of
     * the warehouse: outside their header comments and their Delivery transactions the two files
     * are the same text, so a change to one that is not made to the other fails here.
     */
    @Test
    void batchDeliveryDiffersFromTpccOnlyInDelivery() throws IOException {
        String tpcc = Files.readString(ROOT.resolve("benchmarks/programs/tpcc.sql"));
        String batch =
                Files.readString(ROOT.resolve("benchmarks/programs/tpcc-batch-delivery.sql"));
        assertEquals(withoutHeaderAndDelivery(tpcc), withoutHeaderAndDelivery(batch));
        StatementFacts delete =
                only(
                        FactExtractor.of(load("benchmarks/programs/tpcc-batch-delivery.sql"))
                                .stream()
                                .filter(t -> t.transaction().name().equals("Delivery"))
                                .findFirst()
                                .orElseThrow(),
                        "DELETE",
                        "new_order");
        assertEquals(
                1,
                delete.loops().size(),
                "the batch Delivery loops over the warehouse's districts");
    }

    private static String withoutHeaderAndDelivery(String program) {
        String body = program.substring(program.indexOf("*/") + 2);
        int start = body.indexOf("-- §2.7 Delivery");
        int end = body.indexOf("END;", body.indexOf("TRANSACTION Delivery(")) + "END;".length();
        assertTrue(start > 0 && end > start, "a Delivery transaction");
        return body.substring(0, start) + body.substring(end);
    }

    @Test
    void stockLevelCountsLowStockAmongRecentOrderLines() throws IOException {
        TransactionFacts stockLevel = facts("StockLevel");
        StatementFacts count = only(stockLevel, "SELECT", "stock");
        var select = (isocheck.program.Stmt.Select) count.statement();
        assertEquals("COUNT", select.aggregate().orElseThrow().function().name());
        assertTrue(select.where().text().contains("ANY(:recent.ol_i_id)"), select.where().text());
        assertTrue(count.reads().contains("s_quantity"));
        assertTrue(only(stockLevel, "SELECT", "order_line").reads().contains("ol_o_id"));
    }

    private static TransactionFacts facts(String name) throws IOException {
        return FactExtractor.of(load("benchmarks/programs/tpcc.sql")).stream()
                .filter(t -> t.transaction().name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static List<StatementFacts> all(TransactionFacts txn, String kind, String table) {
        return txn.statements().stream()
                .filter(s -> s.kind().equals(kind) && s.table().equals(table))
                .toList();
    }

    private static StatementFacts only(TransactionFacts txn, String kind, String table) {
        List<StatementFacts> found = all(txn, kind, table);
        assertEquals(1, found.size(), kind + " " + table + " in " + txn.transaction().name());
        return found.get(0);
    }

    private static String guard(StatementFacts s) {
        return s.guard().stream().map(Cond::text).collect(Collectors.joining(" AND "));
    }
}
